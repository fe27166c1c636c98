"""Pictures of graphs: Graphviz DOT text (`to_dot`) and rendering through the `dot` program.

Ops are boxes labelled with their op, params and output types and the user's
`file:line`; inputs, outputs, constants and variables are distinct shapes;
the sub-graphs of `cond`, `while` and `call` are clusters inside the graph,
with dashed edges from the values the equation passes them.
"""
import os
import shutil
import subprocess

from ..ir.core import Graph, Literal, shows
from ..ir.printing import graph_namer, pp_param, pp_type

_STYLE = {
    'input': 'shape=invhouse style=filled fillcolor="#d9ead3"',
    'output': 'shape=house style=filled fillcolor="#fce5cd"',
    'constant': 'shape=note style=filled fillcolor="#eeeeee"',
    'variable': 'shape=cylinder style=filled fillcolor="#cfe2f3"',
    'op': 'shape=box style="rounded,filled" fillcolor="#ffffff"',
}
_MAX_PARAM = 40


@shows('dot')
def to_dot(graph, name='graph'):
    """The DOT text of a Graph, a ConcreteFunction, or an rt.function with one trace."""
    graph = _graph_of(graph)
    writer = _Writer()
    writer.lines.append(f'digraph {_quote(name)} {{')
    writer.lines.append('  rankdir=TB; node [fontname="monospace" fontsize=10]; '
                        'edge [fontsize=9];')
    writer.graph(graph, 'g', '  ')
    writer.lines.append('}')
    return '\n'.join(writer.lines) + '\n'


def _graph_of(value):
    if isinstance(value, Graph):
        return value
    if hasattr(value, 'graph'):
        return value.graph
    traces = value.concrete_functions() if hasattr(value, 'concrete_functions') else []
    if len(traces) != 1:
        raise TypeError(f'to_dot needs a graph or a ConcreteFunction; {value!r} has '
                        f'{len(traces)} traces: pick one with get_concrete_function(...)')
    return traces[0].graph


class _Writer:
    def __init__(self):
        self.lines, self.count = [], 0

    def node(self, prefix, indent, kind, label):
        self.count += 1
        name = f'{prefix}_{self.count}'
        self.lines.append(f'{indent}{name} [{_STYLE[kind]} label={_quote(label)}];')
        return name

    def graph(self, graph, prefix, indent):
        """Emit `graph`'s nodes; (input node names, output node names)."""
        namer, nodes = graph_namer(graph), {}
        for var, _ in graph.consts:
            nodes[var] = self.node(prefix, indent, 'constant', f'{namer.binder(var)}\nconstant')
        for var, obj in graph.resources:
            label = f"{getattr(obj, 'name', 'resource')}\n{pp_type(var.aval)}"
            nodes[var] = self.node(prefix, indent, 'variable', label)
        inputs = []
        for var in graph.inputs:
            nodes[var] = self.node(prefix, indent, 'input', namer.binder(var))
            inputs.append(nodes[var])
        for eq in graph.equations:
            self.equation(eq, namer, nodes, prefix, indent)
        outputs = []
        for i, atom in enumerate(graph.outputs):
            out = self.node(prefix, indent, 'output', f'out {i}')
            self.edge(indent, self.source(atom, nodes, prefix, indent), out, '')
            outputs.append(out)
        return inputs, outputs

    def equation(self, eq, namer, nodes, prefix, indent):
        params = [f'{k}={_short(pp_param(v))}' for k, v in sorted(eq.params.items())
                  if not isinstance(v, Graph)]
        types = ' '.join(namer.binder(v) for v in eq.outputs) or '(effect)'
        where = f'\n{eq.source.rsplit("/", 1)[-1]}' if eq.source else ''
        label = '\n'.join([eq.primitive, *params, types]) + where
        node = self.node(prefix, indent, 'op', label)
        for i, atom in enumerate(eq.inputs):
            self.edge(indent, self.source(atom, nodes, prefix, indent), node, str(i))
        for var in eq.outputs:
            nodes[var] = node
        for key, value in sorted(eq.params.items()):
            if isinstance(value, Graph):
                self.cluster(node, eq, key, value, indent)

    def cluster(self, node, eq, key, graph, indent):
        self.count += 1
        prefix = f'c{self.count}'
        self.lines.append(f'{indent}subgraph cluster_{prefix} {{')
        self.lines.append(f'{indent}  label={_quote(f"{eq.primitive}: {key}")}; style=dashed;')
        inputs, outputs = self.graph(graph, prefix, indent + '  ')
        self.lines.append(f'{indent}}}')
        for target in inputs:
            self.edge(indent, node, target, '', 'style=dashed')
        for source in outputs:
            self.edge(indent, source, node, '', 'style=dashed constraint=false')

    def source(self, atom, nodes, prefix, indent):
        if isinstance(atom, Literal):
            return self.node(prefix, indent, 'constant', repr(atom.value))
        return nodes[atom]

    def edge(self, indent, a, b, label, extra=''):
        attributes = ' '.join(p for p in (f'label={_quote(label)}' if label else '', extra) if p)
        self.lines.append(f'{indent}{a} -> {b}' + (f' [{attributes}]' if attributes else '') + ';')


def _short(text):
    text = ' '.join(text.split())
    return text if len(text) <= _MAX_PARAM else text[:_MAX_PARAM - 3] + '...'


def _quote(text):
    return '"' + str(text).replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


INSTALL = ('the Graphviz `dot` program is not installed: install Graphviz (Debian/Ubuntu: '
           '`apt-get install graphviz`; macOS: `brew install graphviz`), or write the DOT text '
           'with to_dot() and render it elsewhere')


def render(function, path, format=None):
    """Write a picture of a traced function's graph to `path` (SVG, PNG, PDF: by its suffix)."""
    text = to_dot(function, getattr(function, 'name', None) or getattr(
        function, '__name__', 'graph'))
    dot = shutil.which('dot')
    if dot is None:
        raise RuntimeError(INSTALL)
    format = format or os.path.splitext(str(path))[1].lstrip('.') or 'svg'
    result = subprocess.run([dot, f'-T{format}', '-o', str(path)], input=text.encode('utf-8'),
                            capture_output=True, check=False)
    if result.returncode:
        raise RuntimeError(f'dot failed to render {path}: '
                           f"{result.stderr.decode('utf-8', 'replace').strip()}")
    return str(path)


__all__ = ['INSTALL', 'render', 'to_dot']
