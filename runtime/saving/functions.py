"""One traced function (a ConcreteFunction) to JSON and back, with its calling convention.

    {"name": "train", "parameters": [{"name", "kind", "default"?}], "values": [...],
     "outputs": tree, "mutations": {...} | null, "graph": graph_def}

`values` are the traced values of the parameters (rt.TensorSpecs where the
trace took arrays, Python values as traced); `outputs` is the result's tree with
`{"output": i}` at graph outputs. A loaded function is a ConcreteFunction built
from these, so a call binds, checks and runs exactly as the original's does.
"""
import inspect
import types

from ..ir import structure
from ..ir.core import AbstractValue
from ..ir.nesting import recursion_room
from ..rt_function import keys, writeback
from ..rt_function.binding import Binder
from ..rt_function.concrete import ConcreteFunction, Static
from ..rt_function.signatures import Described
from .codec import Malformed, Unsaveable, decode, encode
from .graphs import check_saveable, read_graph, type_texts, write_graph

_P = inspect.Parameter
_KINDS = {k.name: k for k in (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD, _P.VAR_POSITIONAL,
                              _P.KEYWORD_ONLY, _P.VAR_KEYWORD)}


class _Output:
    """A graph output's place in a result tree (only while writing or reading one)."""
    __slots__ = ('index',)

    def __init__(self, index):
        self.index = index


def write_function(concrete, skip, arrays, variable_index):
    """The JSON of `concrete` without its first `skip` parameters (a method's instance)."""
    # ConcreteFunction keeps its calling convention in these attributes (rt_function.concrete)
    parameters, values = concrete._parameters[skip:], concrete._spec_values[skip:]
    what = f'{concrete.name}'
    for param, value in zip(parameters, values):
        for leaf in _leaves(value):
            if isinstance(leaf, Described):
                raise Unsaveable(f'{what}: argument {param.name!r} was traced with an object '
                                 f'({leaf.text}), which a saved function cannot take')
    try:
        graph = concrete.standalone_graph()
    except ValueError as e:
        raise Unsaveable(str(e)) from None
    check_saveable(graph, what)
    tree = structure.unflatten(concrete._out_structure, [
        _Output(e) if e.__class__ is int else e.value for e in concrete._plan])
    try:
        return {
            'name': concrete.name,
            'parameters': [_parameter(p, arrays) for p in parameters],
            'values': [encode(v, arrays) for v in values],
            'outputs': _encode_tree(tree, arrays),
            'mutations': _mutations(concrete.mutations, skip),
            'graph': _written(graph, arrays, variable_index, what),
        }
    except Unsaveable as e:
        raise Unsaveable(f'{what}: its signature or result holds {e}, which cannot be saved') \
            from None


def _written(graph, arrays, variable_index, what):
    """`write_graph`, with the recursion a deeply nested (loaded) graph needs."""
    with recursion_room(graph, f'saving {what}'):
        return write_graph(graph, arrays, variable_index)


def _leaves(value):
    leaves = []
    structure.flatten(value, leaves)
    return leaves


def _parameter(param, arrays):
    entry = {'name': param.name, 'kind': param.kind.name}
    if param.default is not param.empty:
        entry['default'] = encode(param.default, arrays)
    return entry


def _encode_tree(tree, arrays):
    if isinstance(tree, _Output):
        return {'output': tree.index}
    kind = tree.__class__
    if kind in (list, tuple) or isinstance(tree, tuple) and hasattr(kind, '_fields'):
        items = [_encode_tree(item, arrays) for item in tree]
        if kind is tuple:
            return items
        if kind is list:
            return {'list': items}
        return {'namedtuple': kind.__name__, 'fields': list(kind._fields), 'items': items}
    if kind is dict:
        return {'dict': [[encode(k, arrays), _encode_tree(v, arrays)] for k, v in tree.items()]}
    return encode(tree, arrays)


def _mutations(mutations, skip):
    if mutations is None:
        return None
    return {'inputs': [[k, j, message] for k, j, message in mutations.inputs],
            'kinds': [[k, is_array] for k, is_array in mutations.kinds],
            'aliased': [list(pair) for pair in mutations.aliased],
            'names': list(mutations.names), 'nout': mutations.nout}


def read_function(data, arrays, variables):
    """The ConcreteFunction of JSON `data` (Malformed if it is not one)."""
    name = str(data['name'])
    parameters = [_read_parameter(p, arrays) for p in data['parameters']]
    signature = inspect.Signature(parameters)  # checks names and order as Python does
    values = [decode(v, arrays) for v in data['values']]
    if len(values) != len(parameters):
        raise Malformed(f'{len(values)} values for {len(parameters)} parameters')
    arguments = keys.Arguments(tuple(values))
    avals = [AbstractValue(leaf.dtype, leaf.shape) for leaf in arguments.tensors]
    graph = read_graph(data['graph'], arrays, variables)
    if len(avals) != len(graph.inputs):
        raise Malformed(f'the graph of {name} takes {len(graph.inputs)} inputs, its signature '
                        f'gives {len(avals)}')
    for i, (var, aval) in enumerate(zip(graph.inputs, avals)):
        if var.aval != aval:
            takes, gives = type_texts(var.aval, aval)
            raise Malformed(f'the graph of {name} takes {takes} as input {i}, its signature '
                            f'gives {gives}')
    mutations = _read_mutations(data['mutations'], len(graph.inputs), len(graph.outputs))
    nout = len(graph.outputs) if mutations is None else mutations.nout  # then updated arguments
    tree = _decode_tree(data['outputs'], arrays, nout)
    leaves = []
    out_structure = structure.flatten(tree, leaves)
    plan = [leaf.index if isinstance(leaf, _Output) else Static(leaf) for leaf in leaves]
    concrete = ConcreteFunction(name, Binder(_holder(name, signature)), arguments, avals, graph,
                                (out_structure, plan))
    concrete.mutations, concrete.nout = mutations, nout
    return concrete


def _read_parameter(entry, arrays):
    kind = _KINDS.get(entry['kind'])
    if kind is None:
        raise Malformed(f"unknown parameter kind {entry['kind']!r:.40}")
    default = decode(entry['default'], arrays) if 'default' in entry else inspect.Parameter.empty
    return inspect.Parameter(str(entry['name']), kind, default=default)  # a checked identifier


def _holder(name, signature):
    """A function with `signature` for the Binder (its stub binds calls as Python does)."""
    holder = types.FunctionType(_no_body.__code__, {}, 'f')
    holder.__signature__ = signature
    holder.__qualname__ = name if name.isidentifier() else 'f'
    return holder


def _no_body():
    """Never called: a code object for `_holder`."""


def _decode_tree(data, arrays, nout):
    if type(data) is dict and set(data) == {'output'}:
        index = data['output']
        if type(index) is not int or not 0 <= index < nout:
            raise Malformed(f'output {index!r:.40} is not one of the graph\'s {nout}')
        return _Output(index)
    if type(data) is list:
        return tuple(_decode_tree(item, arrays, nout) for item in data)
    if type(data) is dict and set(data) == {'list'}:
        return [_decode_tree(item, arrays, nout) for item in data['list']]
    if type(data) is dict and set(data) == {'dict'}:
        return {decode(k, arrays): _decode_tree(v, arrays, nout) for k, v in data['dict']}
    if type(data) is dict and 'namedtuple' in data:
        kind = arrays.namedtuple(data['namedtuple'], data['fields'])
        return kind(*(_decode_tree(item, arrays, nout) for item in data['items']))
    return decode(data, arrays)


def _read_mutations(data, nin, nout):
    """The Mutations of JSON `data`, every index checked against the graph's `nin` inputs and
    `nout` outputs (an argument written back from one of the function's extra outputs)."""
    if data is None:
        return None
    fields = ('inputs', 'kinds', 'aliased', 'names', 'nout')
    if type(data) is not dict or sorted(data) != sorted(fields):
        raise Malformed(f'mutations: expected a dict of {", ".join(fields)}')
    own = data['nout']
    if type(own) is not int or not 0 <= own <= nout:
        raise Malformed(f'mutations.nout: {own!r:.40} is not a count of the graph\'s {nout} '
                        'outputs')
    inputs = [(_index(k, nin, 'mutations.inputs', 'input'),
               _index(j, nout, 'mutations.inputs', 'output', start=own), _text(message))
              for k, j, message in _rows(data, 'inputs', 3)]
    kinds = [(_index(k, nin, 'mutations.kinds', 'input'), _flag(is_array))
             for k, is_array in _rows(data, 'kinds', 2)]
    aliased = tuple((_index(i, nin, 'mutations.aliased', 'input'),
                     _index(k, nin, 'mutations.aliased', 'input'))
                    for i, k in _rows(data, 'aliased', 2))
    names = data['names']
    if type(names) is not list or len(names) != nin or any(type(n) is not str for n in names):
        raise Malformed(f'mutations.names: expected the names of the graph\'s {nin} inputs')
    return writeback.Mutations(inputs, [], kinds, aliased, names, own)


def _rows(data, key, width):
    rows = data[key]
    if type(rows) is not list or any(type(r) is not list or len(r) != width for r in rows):
        raise Malformed(f'mutations.{key}: expected a list of lists of {width}')
    return rows


def _index(value, count, field, what, start=0):
    if type(value) is not int or not start <= value < count:
        raise Malformed(f'{field}: {value!r:.40} names no graph {what} '
                        f'(expected {start} to {count - 1})')
    return value


def _text(value):
    if type(value) is not str:
        raise Malformed(f'mutations.inputs: the message {value!r:.40} is not a string')
    return value


def _flag(value):
    if type(value) is not bool:
        raise Malformed(f'mutations.kinds: {value!r:.40} is not true or false')
    return value
