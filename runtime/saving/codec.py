"""Lossless JSON for the values a saved model holds: op params, constants, signatures, results.

    None, bool, int, str, finite float   as themselves
    tuple                                a JSON list
    list / dict                          {"list": [...]} / {"dict": [[key, value], ...]}
    namedtuple                           {"namedtuple": name, "fields": [...], "items": [...]}
    non-finite float, complex            {"float": "nan"|"inf"|"-inf"} / {"complex": [re, im]}
    slice, Ellipsis, Hole(i)             {"slice": [start, stop, step]} / {"ellipsis": true} / {"input": i}
    numpy dtype, Python number type      {"dtype": "<f4"} / {"type": "float"}
    numpy ufunc                          {"ufunc": "add"}
    numpy array or scalar                {"npy": "constants/3.npy", "dtype", "shape", "scalar"}
    rt.TensorSpec                        {"spec": {"dtype", "shape", "name"}}
    exception (a graph `raise`)          {"exception": "ValueError", "args": [...], "notes": [...]}
    graph                                {"graph": graph_def} (`runtime.saving.graphs`)

Decoding builds only these: a dtype from a checked string, a ufunc and an exception
class by name from fixed tables (numpy's ufuncs; the subclasses of `Exception` among Python's
and `rt.errors`' exceptions: never SystemExit, KeyboardInterrupt or GeneratorExit, which a
caller's `except Exception` would not stop), and namedtuple types through the reader's
`namedtuple(name, fields)`, which bounds how many it makes (`runtime.saving.reading`).
"""
import builtins
import math
import re

import numpy as np

from .. import errors
from ..graph_ops.elementwise import UFUNCS
from ..ir.core import Hole
from ..user_objects.tensor_spec import TensorSpec

_TYPES = {'bool': bool, 'int': int, 'float': float, 'complex': complex}
_DTYPE = re.compile(r'[<>|=]?(b1|[iu][1248]|f[248]|c(8|16)|[US]\d{1,6})')
# Only Exception's subclasses: a graph's `raise` never ends the process or escapes `except
# Exception` (a trace stages only those; anything else in a file is refused when it is read)
EXCEPTIONS = {name: cls for module in (builtins, errors) for name, cls in vars(module).items()
              if isinstance(cls, type) and issubclass(cls, Exception)}


class Unsaveable(TypeError):
    """A value the format cannot hold (its text says which); callers add where it is."""


class Malformed(ValueError):
    """JSON that is not a value of the format; the loader names the file."""


def encode(value, arrays, graph=None):
    """The JSON of `value`; arrays go to `arrays.add(array) -> file name`, graphs to `graph`."""
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        return value if math.isfinite(value) else {'float': repr(value)}
    if kind is tuple:
        return [encode(v, arrays, graph) for v in value]
    if kind is list:
        return {'list': [encode(v, arrays, graph) for v in value]}
    if kind is dict:
        return {'dict': [[encode(k, arrays, graph), encode(v, arrays, graph)]
                         for k, v in value.items()]}
    if isinstance(value, tuple) and hasattr(kind, '_fields'):
        return {'namedtuple': kind.__name__, 'fields': list(kind._fields),
                'items': [encode(v, arrays, graph) for v in value]}
    special = _encode_special(value, arrays, graph)
    if special is None:
        raise Unsaveable(_describe(value))
    return special


def _encode_special(value, arrays, graph):
    kind = type(value)
    if kind is complex:
        return {'complex': [encode(value.real, arrays), encode(value.imag, arrays)]}
    if kind is slice:
        return {'slice': [encode(p, arrays, graph) for p in (value.start, value.stop, value.step)]}
    if value is Ellipsis:
        return {'ellipsis': True}
    if kind is Hole:
        return {'input': value.index}
    if isinstance(value, np.dtype) and _DTYPE.fullmatch(value.str):
        return {'dtype': value.str}
    if isinstance(value, type) and _TYPES.get(value.__name__) is value:
        return {'type': value.__name__}
    if isinstance(value, np.ufunc) and UFUNCS.get(value.__name__) is value:
        return {'ufunc': value.__name__}
    if isinstance(value, (np.ndarray, np.generic)) and _DTYPE.fullmatch(value.dtype.str):
        return {'npy': arrays.add(np.asarray(value)), 'dtype': value.dtype.str,
                'shape': list(np.shape(value)), 'scalar': isinstance(value, np.generic)}
    if kind is TensorSpec:
        shape = None if value.shape is None else list(value.shape)
        return {'spec': {'dtype': value.dtype.str, 'shape': shape, 'name': value.name}}
    if isinstance(value, BaseException) and EXCEPTIONS.get(kind.__name__) is kind:
        return {'exception': kind.__name__, 'args': encode(value.args, arrays),
                'notes': list(getattr(value, '__notes__', ()))}
    if graph is not None and hasattr(value, 'equations'):
        return {'graph': graph(value)}
    return None


def _describe(value):
    name = getattr(value, '__qualname__', None)
    return f'{type(value).__name__} {name}' if name else f'{type(value).__name__} {value!r:.60}'


def decode(data, arrays, graph=None):
    """The value of JSON `data` (Malformed if it is not one); `arrays.get(entry)` loads a file."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return tuple(decode(v, arrays, graph) for v in data)
    if type(data) is not dict or len(data) == 0:
        raise Malformed(f'not a value: {data!r:.80}')
    tag = next(iter(data))
    decoder = _DECODERS.get(tag)
    if decoder is None:
        raise Malformed(f'unknown tag {tag!r}')
    return decoder(data, arrays, graph)


def _items(data, key, arrays, graph):
    items = data[key]
    if type(items) is not list:
        raise Malformed(f'{key}: expected a list')
    return [decode(v, arrays, graph) for v in items]


def _dict(data, arrays, graph):
    return {decode(k, arrays, graph): decode(v, arrays, graph) for k, v in data['dict']}


def _namedtuple(data, arrays, graph):
    kind = arrays.namedtuple(data['namedtuple'], data['fields'])
    return kind(*_items(data, 'items', arrays, graph))


def _float(data, arrays, graph):
    if data['float'] not in ('nan', 'inf', '-inf'):
        raise Malformed(f"not a float: {data['float']!r}")
    return float(data['float'])


def _dtype(text):
    if type(text) is not str or not _DTYPE.fullmatch(text):
        raise Malformed(f'not a dtype this format holds: {text!r:.40}')
    return np.dtype(text)


def _table(table, what):
    def decode_entry(data, arrays, graph):
        value = table.get(data[what])
        if value is None:
            raise Malformed(f'unknown {what} {data[what]!r:.40}')
        return value
    return decode_entry


def _exception(data, arrays, graph):
    cls = _table(EXCEPTIONS, 'exception')(data, arrays, graph)
    exc = cls(*_items(data, 'args', arrays, graph))
    for note in data.get('notes', ()):
        exc.add_note(str(note))
    return exc


def _spec(data, arrays, graph):
    spec = data['spec']
    shape = spec['shape']
    return TensorSpec(None if shape is None else tuple(shape), _dtype(spec['dtype']),
                      spec.get('name'))


def _graph(data, arrays, graph):
    if graph is None:
        raise Malformed('a graph where none may be')
    return graph(data['graph'])


def _index(data):
    if type(data['input']) is not int or data['input'] < 0:
        raise Malformed(f"not an input index: {data['input']!r:.40}")
    return Hole(data['input'])


_DECODERS = {
    'list': lambda d, a, g: list(_items(d, 'list', a, g)),
    'dict': _dict,
    'namedtuple': _namedtuple,
    'float': _float,
    'complex': lambda d, a, g: complex(*(float(p) for p in d['complex'])),
    'slice': lambda d, a, g: slice(*_items(d, 'slice', a, g)),
    'ellipsis': lambda d, a, g: Ellipsis,
    'input': lambda d, a, g: _index(d),
    'dtype': lambda d, a, g: _dtype(d['dtype']),
    'type': _table(_TYPES, 'type'),
    'ufunc': _table(UFUNCS, 'ufunc'),
    'npy': lambda d, a, g: a.get(d),
    'spec': _spec,
    'exception': _exception,
    'graph': _graph,
}
