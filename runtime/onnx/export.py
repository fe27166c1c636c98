"""`rt.onnx.export(concrete_function, path)`: a traced graph as an ONNX model (opset 18).

Graph inputs become model inputs (unknown dims as symbolic `d0`, `d1`, ...),
variables and constants become initializers, ops are lowered by
`runtime.onnx.table`, `cond` becomes ONNX `If` and `while` becomes `Loop`
(whose body computes the next state and then the loop test on it). Sub-graphs
refer to outer values by name, as ONNX scopes allow. An op with no mapping is
an `OnnxExportError` naming it and its line. onnx is an optional extra:
`pip install 'agconvert[onnx]'`.
"""
import itertools

import numpy as np

from ..errors import AgError
from .. import ops
from ..ir.core import Literal
from . import table

OPSET = 18
INSTALL = ("ONNX export needs the optional extra: pip install 'agconvert[onnx]' "
           '(the onnx package; onnxruntime to run the models)')


class OnnxExportError(AgError):
    """A graph that cannot be written as ONNX (the message names the op and its line)."""


def _onnx():
    try:
        import onnx
    except ImportError:
        raise OnnxExportError(INSTALL) from None
    return onnx


def export(function, path=None):
    """Write the ONNX model of a ConcreteFunction (or an rt.function with one trace) to `path`;
    the ModelProto."""
    onnx = _onnx()
    graph = _graph_of(function)
    lowering = Lowering(onnx)
    inputs = [lowering.value_info(lowering.bind(v, f'input_{i}'), v.aval, symbolic=True)
              for i, v in enumerate(graph.inputs)]
    for var, value in graph.consts:
        lowering.bind(var, lowering.constant(np.asarray(value)))
    for i, (var, variable) in enumerate(graph.resources):
        name = f'variable_{i}_{getattr(variable, "name", "")}'
        lowering.initializer(name, np.asarray(variable._value))
        lowering.bind(var, name)
    outputs = lowering.outputs(graph, _own_outputs(function, graph))
    body = onnx.helper.make_graph(lowering.nodes, getattr(function, 'name', 'graph'), inputs,
                                  outputs, lowering.initializers)
    model = onnx.helper.make_model(body, opset_imports=[onnx.helper.make_opsetid('', OPSET)],
                                   producer_name='agconvert')
    model.ir_version = min(model.ir_version, 9)  # readable by onnxruntime releases since 1.16
    onnx.checker.check_model(model, full_check=True)
    if path is not None:
        onnx.save(model, str(path))
    return model


def _own_outputs(function, graph):
    """The function's results among the graph's outputs (not arguments written back)."""
    mutations = getattr(function, 'mutations', None)
    if mutations is None:
        return graph.outputs
    updated = [mutations.names[k] for k, j, _ in mutations.inputs
               if graph.outputs[j] is not graph.inputs[k]]  # not the argument as it came
    if updated:
        raise OnnxExportError(f'{function.name} updates its argument(s) {updated} in place, '
                              'which an ONNX model cannot do')
    return graph.outputs[:mutations.nout]


def _graph_of(function):
    if hasattr(function, 'graph'):
        return function.graph
    traces = function.concrete_functions()
    if len(traces) != 1:
        raise TypeError(f'export needs a ConcreteFunction; {function!r} has {len(traces)} '
                        'traces: pick one with get_concrete_function(...)')
    return traces[0].graph


class Lowering:
    """Nodes, initializers and names of one ONNX graph being built (sub-graphs share names)."""

    def __init__(self, onnx, names=None, parent=None):
        self.onnx, self.nodes, self.initializers = onnx, [], []
        self.names = dict(parent.names) if parent else {}
        self._counter = parent._counter if parent else itertools.count()
        self.root = parent.root if parent else self

    def fresh(self, hint='v'):
        return f'{hint}_{next(self._counter)}'

    def bind(self, var, name):
        self.names[var] = name
        return name

    def name(self, atom):
        if isinstance(atom, Literal):
            return self.constant(np.asarray(atom.value, atom.aval.dtype))
        return self.names[atom]

    def node(self, op, inputs, outputs=1, **attributes):
        names = [self.fresh(op.lower()) for _ in range(outputs)]
        self.nodes.append(self.onnx.helper.make_node(op, list(inputs), names, **attributes))
        return names[0] if outputs == 1 else names

    def initializer(self, name, array):
        self.root.initializers.append(self.onnx.numpy_helper.from_array(array, name))
        return name

    def constant(self, array):
        return self.initializer(self.fresh('const'), np.asarray(array))

    def cast(self, atom, name, dtype, force=False):
        """`name` as `dtype` (a Cast node only where the type differs)."""
        if atom.aval.dtype == dtype and not force:
            return name
        return self.node('Cast', [name], to=self.onnx.helper.np_dtype_to_tensor_dtype(dtype))

    def common_dtype(self, atoms):
        strong = [a.aval.dtype for a in atoms if not a.aval.weak]
        return np.result_type(*strong) if strong else np.result_type(*(a.aval.dtype for a in atoms))

    def value_info(self, name, aval, symbolic=False):
        shape = None if aval.shape is None else [
            self.fresh('d') if d is None and symbolic else d for d in aval.shape]
        elem = self.onnx.helper.np_dtype_to_tensor_dtype(aval.dtype)
        return self.onnx.helper.make_tensor_value_info(name, elem, shape)

    def unmappable(self, eq, why):
        where = f' at {eq.source}' if eq.source else ''
        return OnnxExportError(f'op {eq.primitive!r}{where} has no ONNX mapping: {why}')

    def equations(self, graph):
        for eq in graph.equations:
            inputs = [self.name(a) for a in eq.inputs]
            outputs = self.equation(eq, inputs)
            for var, name in zip(eq.outputs, outputs):
                self.bind(var, name)

    def equation(self, eq, inputs):
        if eq.primitive == 'read_variable':
            return [inputs[0]]
        if eq.primitive == 'cond':
            return self.cond(eq, inputs)
        if eq.primitive == 'while':
            return self.loop(eq, inputs)
        lower = table.LOWERINGS.get(eq.primitive)
        if lower is None:
            why = table.not_mapped([eq.primitive]).get(eq.primitive, 'no lowering')
            raise self.unmappable(eq, why)
        try:
            return lower(self, eq, inputs, **eq.params)
        except TypeError as e:  # a param the lowering does not take
            raise self.unmappable(eq, f'its params ({e})') from None

    def outputs(self, graph, atoms=None):
        """Lower `graph`'s equations; value infos of its outputs (each a fresh Identity)."""
        self.equations(graph)
        infos = []
        for atom in graph.outputs if atoms is None else atoms:
            name = self.node('Identity', [self.name(atom)])
            infos.append(self.value_info(name, atom.aval))
        return infos

    def subgraph(self, graph, bindings, name):
        """(Lowering of `graph`'s equations, its output infos); inputs bound to outer names."""
        inner = Lowering(self.onnx, parent=self)
        for var, outer in zip(graph.inputs, bindings):
            inner.bind(var, outer)
        outputs = inner.outputs(graph)
        return inner, outputs

    def cond(self, eq, inputs):
        params = eq.params
        branches = []
        for key in ('then_branch', 'else_branch'):
            graph = params['true_branch' if key == 'then_branch' else 'false_branch']
            inner, outputs = self.subgraph(graph, inputs[1:], key)
            branches.append(self.onnx.helper.make_graph(inner.nodes, self.fresh(key), [], outputs))
        return self.node('If', [inputs[0]], outputs=len(eq.outputs), then_branch=branches[0],
                         else_branch=branches[1]) if len(eq.outputs) > 1 else [
            self.node('If', [inputs[0]], then_branch=branches[0], else_branch=branches[1])]

    def loop(self, eq, inputs):
        cond, body, carried = eq.params['cond'], eq.params['body'], eq.params['carried']
        state, consts = inputs[:carried], inputs[carried:]
        first_test = self.subgraph(cond, inputs, 'test')
        self.nodes += first_test[0].nodes
        test = first_test[0].name(cond.outputs[0])
        iteration, cond_in = self.fresh('iteration'), self.fresh('cond_in')
        state_in = [self.fresh('state') for _ in range(carried)]
        inner = Lowering(self.onnx, parent=self)
        for var, name in zip(body.inputs, state_in + consts):
            inner.bind(var, name)
        inner.equations(body)
        new_state = [inner.name(a) for a in body.outputs]
        for var, name in zip(cond.inputs, new_state + consts):
            inner.bind(var, name)
        inner.equations(cond)
        outs = [inner.node('Identity', [inner.name(cond.outputs[0])])]
        outs += [inner.node('Identity', [name]) for name in new_state]
        avals = [cond.outputs[0].aval] + [v.aval for v in body.inputs[:carried]]
        scalar = self.onnx.helper.make_tensor_value_info
        loop_inputs = [scalar(iteration, self.onnx.TensorProto.INT64, []),
                       scalar(cond_in, self.onnx.TensorProto.BOOL, [])]
        loop_inputs += [inner.value_info(n, v.aval) for n, v in zip(state_in, body.inputs)]
        body_graph = self.onnx.helper.make_graph(
            inner.nodes, self.fresh('loop_body'), loop_inputs,
            [inner.value_info(n, a) for n, a in zip(outs, avals)])
        results = self.node('Loop', ['', test, *state], outputs=carried, body=body_graph)
        return [results] if carried == 1 else results


def unmapped_ops():
    """{op: why} of the registered ops that have no ONNX mapping."""
    return table.not_mapped(ops.names())
