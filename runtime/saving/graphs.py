"""Graphs to JSON and back: `as_graph_def()`'s schema with lossless params, checked when read.

A graph is written as `Graph.as_graph_def()` gives it (names as `str(graph)`
prints them), with params and constants in `runtime.saving.codec`'s lossless
form and each resource as `{"variable": i}`, an index into the saved variables.
Reading builds a Graph only from registered ops, then runs the graph checker
(every equation's type rule on its declared types) before anything runs it.
"""
import numpy as np

from .. import graph_ops
from ..converted_code.operator_table import AUGMENTED, PYTHON_NUMBER_BINARY, PYTHON_NUMBER_UNARY
from ..ir.check import GraphCheckError, check_graph
from ..ir.core import AbstractValue, Equation, Graph, Literal, ResourceType, Var
from ..ir.printing import pp_type
from ..ir.serialize import graph_def
from .codec import Malformed, Unsaveable, _dtype, decode, encode

# Params the compiled executor writes into its generated source as they are (not through
# repr): only these values may be read for them, so a file cannot smuggle code into it.
SOURCE_PARAMS = {
    ('py_binary', 'op'): frozenset(PYTHON_NUMBER_BINARY),
    ('py_unary', 'op'): frozenset(PYTHON_NUMBER_UNARY),
    ('inplace_op', 'op'): frozenset(AUGMENTED),
}
_INT_PARAMS = {('dim', 'axis')}  # written as they are too: an int (or None) only


def write_graph(graph, arrays, variable_index):
    """The JSON data of `graph`; arrays through `arrays`, variables by `variable_index(obj)`."""
    def encode_param(value):
        return encode(value, arrays, lambda g: write_graph(g, arrays, variable_index))
    return graph_def(graph, encode_param, lambda obj: {'variable': variable_index(obj)})


_GENERATOR = ("it draws from a numpy random generator of this program (a saved model holds no "
              "generator: its state would have to be saved, pickled, or a generator of the loading "
              "program chosen); draw outside the function and pass the numbers in")
UNSAVEABLE_OPS = {
    'py_function': 'rt.py_function runs Python code, which a saved model does not hold',
    'draw': _GENERATOR, 'rng_state': _GENERATOR, 'rng_restore': _GENERATOR}


def check_saveable(graph, what):
    """Raise Unsaveable naming the op and its line if some op of `graph` cannot be saved."""
    for eq in graph.equations:
        where = f'{what}: op {eq.primitive!r}' + (f' at {eq.source}' if eq.source else '')
        if eq.primitive in UNSAVEABLE_OPS:
            raise Unsaveable(f'{where} cannot be saved: {UNSAVEABLE_OPS[eq.primitive]}')
        for name, value in eq.params.items():
            try:
                encode(value, _NoArrays(), lambda g: check_saveable(g, what))
            except Unsaveable as e:
                if str(e).startswith(what):  # from a sub-graph: already says where
                    raise
                raise Unsaveable(f'{where} cannot be saved: its param {name!r} is {e}') from None


class _NoArrays:
    def add(self, array):
        return ''


def read_graph(data, arrays, variables):
    """The Graph of JSON `data` (Malformed, GraphCheckError: the caller names the file)."""
    graph = _build(data, arrays, variables)
    check_graph(graph)
    return graph


def _build(data, arrays, variables):
    names = {}

    def define(entry, aval):
        name = entry['name']
        if type(name) is not str or name in names:
            raise Malformed(f'variable name {name!r:.40} is defined twice or is not a string')
        var = names[name] = Var(aval)
        return var

    def atom(item):
        if type(item) is dict:
            return Literal(decode(item['literal'], arrays))
        if item not in names:
            raise Malformed(f'variable {item!r:.40} is used before it is defined')
        return names[item]

    consts = tuple((define(c, read_type(c)), decode(c['value'], arrays)) for c in data['constants'])
    resources = tuple(_resource(r, define, variables) for r in data['resources'])
    inputs = tuple(define(v, read_type(v)) for v in data['inputs'])
    equations = []
    for eq in data['equations']:
        equations.append(_equation(eq, atom, define, arrays, variables))
    return Graph(inputs, tuple(equations), tuple(atom(a) for a in data['outputs']), consts,
                 resources)


def _resource(entry, define, variables):
    index = entry['resource']['variable']
    if type(index) is not int or not 0 <= index < len(variables):
        raise Malformed(f'resource {entry["name"]!r:.40} names no saved variable ({index!r:.40})')
    variable = variables[index]
    aval = read_type(entry)
    if aval != variable.resource_type:
        declared, held = type_texts(aval, variable.resource_type)
        raise Malformed(f'resource {entry["name"]!r:.40} is declared {declared}, but variable '
                        f'{index} holds {held}')
    return define(entry, aval), variable


def type_texts(a, b):
    """Texts of two different types that differ: `f32[3]` unless that is the text of both,
    then spelled out with what it leaves out (`ref{<f4[3] weak}`: byte order, the weak flag)."""
    if str(a) != str(b):
        return str(a), str(b)
    return _spelled_out(a), _spelled_out(b)


def _spelled_out(aval):
    value = aval.value if isinstance(aval, ResourceType) else aval
    text = pp_type(value, dtype_text=lambda dtype: dtype.str) + (' weak' if value.weak else '')
    return f'ref{{{text}}}' if isinstance(aval, ResourceType) else text


def _equation(data, atom, define, arrays, variables):
    primitive = data['op']
    if type(primitive) is not str or not graph_ops.is_registered(primitive) or \
            primitive in UNSAVEABLE_OPS:
        raise Malformed(f'unknown op {primitive!r:.60}: only registered ops can be loaded')
    params = {}
    for name, value in data['params'].items():
        params[name] = decode(value, arrays, lambda g: read_graph(g, arrays, variables))
        _check_source_param(primitive, name, params[name])
    inputs = tuple(atom(a) for a in data['inputs'])
    outputs = tuple(define(v, read_type(v)) for v in data['outputs'])
    source = data.get('source')
    return Equation(primitive, inputs, params, outputs, source if type(source) is str else None)


def _check_source_param(primitive, name, value):
    if (primitive, name) == ('raise', 'exception') and not isinstance(value, Exception):
        raise Malformed(f"op 'raise': exception={value!r:.60} is not an exception")
    allowed = SOURCE_PARAMS.get((primitive, name))
    if allowed is not None and (type(value) is not str or value not in allowed):
        raise Malformed(f'op {primitive!r}: {name}={value!r:.60} is not one of {sorted(allowed)}')
    if (primitive, name) in _INT_PARAMS and value is not None and type(value) is not int:
        raise Malformed(f'op {primitive!r}: {name}={value!r:.60} is not an int')


def read_type(entry):
    """The AbstractValue (or ResourceType) of a var entry: dtype and shape checked."""
    if 'ref' in entry:
        return ResourceType(read_type(entry['ref']))
    shape = entry['shape']
    if shape is not None and (type(shape) is not list or any(
            d is not None and (type(d) is not int or d < 0) for d in shape)):
        raise Malformed(f'not a shape: {shape!r:.60}')
    aval = AbstractValue(_dtype(_dtype_text(entry['dtype'])), shape)
    return AbstractValue(aval.dtype, aval.shape, weak=bool(entry.get('weak', False)))


def _dtype_text(name):
    """`as_graph_def` writes dtype names (`float32`, `str160`): the dtype's str form."""
    if type(name) is not str:
        raise Malformed(f'not a dtype name: {name!r:.40}')
    for prefix, code, bits in (('str', 'U', 32), ('bytes', 'S', 8)):
        count = name[len(prefix):]
        if name.startswith(prefix) and count.isdigit() and int(count) % bits == 0:
            return f'{code}{int(count) // bits}'
    if name not in _DTYPE_NAMES:
        raise Malformed(f'not a dtype this format holds: {name!r:.40}')
    return np.dtype(name).str


_DTYPE_NAMES = frozenset(('bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
                          'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128'))

__all__ = ['GraphCheckError', 'Unsaveable', 'check_saveable', 'read_graph', 'type_texts',
           'write_graph']
