"""TracedArray's behaviour: each operation runs numpy's on the plain array, or stages it (`traced_array`)."""
import numpy as np

from ... import graph_ops
from ...graph_ops.indexing import split_index
from .. import numpy_api
from ..trace_state import current_builder
from . import made_arrays, updates, views
from .traced_array import TracedArray

# ndarray methods with no op that update the array itself
_UPDATING_UNSTAGED = ('resize', 'setfield')
# Methods that update the array itself (the ops' `in_place_method` and those); those that may
# return a view of it.
UPDATING = graph_ops.in_place_methods() | frozenset(_UPDATING_UNSTAGED)
_VIEWING = frozenset(('reshape', 'transpose', 'swapaxes', 'squeeze', 'ravel', 'view', 'diagonal'))
# Methods run on the tensor once the array is promoted: the ops' (`Op.methods`), the updating
# ones and these, which the tensor defines itself (their signatures differ from numpy's function,
# as `x.reshape(2, 3)`) or refuses with its own message.
_OTHER_METHODS = ('astype', 'byteswap', 'choose', 'compress', 'diagonal', 'dump',
                  'dumps', 'flatten', 'getfield', 'item', 'repeat', 'reshape',
                  'tobytes', 'tofile', 'tolist', 'trace', 'transpose', 'view')
# numpy functions returning a view of their first argument (`Op.view`)
_VIEW_FUNCTIONS = frozenset(f for f, op in graph_ops.numpy_functions().items() if op.view)


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    return _ufunc(ufunc, method, inputs, kwargs)


def _array_function(self, func, types, args, kwargs):
    if not _involves_graph(func, args, kwargs):
        writes = made_arrays.NumpyWrites.of(args, kwargs, f'numpy.{func.__name__}')
        result = np.ndarray.__array_function__(self, func, types, args, kwargs)
        if writes is not None:
            writes.check()
        return result
    if args and args[0].__class__ is TracedArray and (
            func in updates.UPDATERS or func in _VIEW_FUNCTIONS and _promotable(args[0])):
        args = (made_arrays.promote(args[0], f'numpy.{func.__name__}'), *args[1:])
    return numpy_api.array_function(func, types, made_arrays.resolve(args),
                                    made_arrays.resolve(kwargs))


def _getitem(self, index):
    t = made_arrays.tensor_of(self)
    if t is None:
        if not made_arrays.holds_graph(index):
            return np.ndarray.__getitem__(self, index)
        index = made_arrays.resolve(index)
        if not (_makes_view(self, index) and _promotable(self)):
            return numpy_api.getitem(self, index)  # a copy: this array's value now
        t = made_arrays.promote(self)
    return t[made_arrays.resolve(index)]


def _setitem(self, index, value):
    if made_arrays.holds_graph(index) or made_arrays.holds_graph(value) or \
            made_arrays.stages_writes(self):
        t = made_arrays.promote(self, 'an item assignment')
        t[made_arrays.resolve(index)] = made_arrays.resolve(value)
    else:
        np.ndarray.__setitem__(self, index, value)


def _repr(self):
    t = made_arrays.tensor_of(self)
    return repr(np.ndarray.view(self, np.ndarray)) if t is None else repr(t)


def _str(self):
    t = made_arrays.tensor_of(self)
    return str(np.ndarray.view(self, np.ndarray)) if t is None else str(t)


def _method(name):
    plain = getattr(np.ndarray, name)

    def method(self, *args, **kwargs):
        t = _method_target(self, name, args, kwargs)
        if t is None:
            return plain(self, *args, **kwargs)
        return on_tensor(t, name, made_arrays.resolve(args), made_arrays.resolve(kwargs))
    method.__name__ = name
    return method


def on_tensor(t, name, args, kwargs):
    """Method `name` of tensor `t`; else numpy's function of that name (which stages its op or
    says it has none), unless the method updates the array or the function differs."""
    method = getattr(t, name, None)
    if method is not None:
        return method(*args, **kwargs)
    function = getattr(np, name, None)
    if function is None or name in UPDATING or name == 'compress':
        raise TypeError(f'x.{name}() is not supported on an array a graph value was written into '
                        'while tracing: its value is only known when the graph runs')
    return function(t, *args, **kwargs)


def _method_target(x, name, args, kwargs):
    """The tensor method `name` runs on instead of numpy's, or None."""
    t = made_arrays.tensor_of(x)
    if t is not None:
        return t
    graph = made_arrays.holds_graph(args) or made_arrays.holds_graph(kwargs)
    if name in UPDATING:
        return made_arrays.promote(x, f'x.{name}()') if graph or made_arrays.stages_writes(x) \
            else None
    if not graph:
        return None
    if name in _VIEWING and _promotable(x):
        return made_arrays.promote(x)
    return current_builder().capture_constant(x)  # a copy: this array's value now


def _property(name):
    plain = getattr(np.ndarray, name)

    def get(self):
        t = made_arrays.tensor_of(self)
        return plain.__get__(self) if t is None else getattr(t, name)

    def set_(self, value):
        if made_arrays.holds_graph(value) or made_arrays.stages_writes(self):
            raise TypeError(f'setting .{name} of an array updated with graph values is not '
                            f'supported: assign x[...] = value instead')
        plain.__set__(self, value)
    return property(get, set_ if name in ('real', 'imag') else None)


def _inplace(name):
    plain = getattr(np.ndarray, name)

    def update(self, other):
        if not (made_arrays.holds_graph(other) or made_arrays.stages_writes(self)):
            return plain(self, other)
        t = made_arrays.promote(self, 'an augmented assignment')
        return self if getattr(t, name)(made_arrays.resolve(other)) is t else NotImplemented
    return update


def _scalar(name):
    plain = getattr(np.ndarray, name)

    def convert(self):
        t = made_arrays.tensor_of(self)
        return plain(self) if t is None else getattr(t, name)()
    return convert


def _ufunc(ufunc, method, inputs, kwargs):
    """A ufunc call with a TracedArray among its operands: numpy's, or staged."""
    outs = kwargs.get('out', ())
    targets = outs + (inputs[:1] if method == 'at' else ())
    if not (made_arrays.holds_graph(inputs) or made_arrays.holds_graph(outs) or
            made_arrays.holds_graph(kwargs.get('where')) or any(
                t.__class__ is TracedArray and made_arrays.stages_writes(t) for t in targets)):
        return _numpy_ufunc(ufunc, method, inputs, kwargs, outs)
    what = f'numpy.{ufunc.__name__}' + ('.at' if method == 'at' else '(out=...)')
    if outs:
        kwargs = dict(kwargs, out=tuple(_target(o, what) for o in outs))
    if method == 'at':
        inputs = (_target(inputs[0], what), *inputs[1:])
    result = numpy_api.array_ufunc(ufunc, method, made_arrays.resolve(inputs), kwargs)
    return _given_outs(outs, result)


def _numpy_ufunc(ufunc, method, inputs, kwargs, outs):
    """numpy's ufunc on the plain arrays; its new arrays are made arrays, as its inputs were."""
    if outs:
        kwargs = dict(kwargs, out=tuple(map(_plain, outs)))
    result = getattr(ufunc, method)(*map(_plain, inputs), **kwargs)
    return _given_outs(outs, result) if outs else _made(result)


def _plain(x):
    return np.ndarray.view(x, np.ndarray) if x.__class__ is TracedArray else x


def _made(result):
    if result.__class__ is tuple:
        return tuple(map(_made, result))
    return made_arrays.wrap(result) if result.__class__ is np.ndarray else result


def _given_outs(outs, result):
    """What numpy returns for a ufunc with `out=`: the arrays given, as given."""
    if not outs or result is None:
        return result
    results = result if isinstance(result, tuple) else (result,)
    final = tuple(o if o is not None else r for o, r in zip(outs, results))
    return final[0] if len(final) == 1 else final


def _target(value, what):
    return made_arrays.promote(value, what) if value.__class__ is TracedArray else value


def _involves_graph(func, args, kwargs):
    if made_arrays.holds_graph(args) or made_arrays.holds_graph(kwargs):
        return True
    target = args[0] if args else None
    return (func in updates.UPDATERS and target.__class__ is TracedArray
            and made_arrays.stages_writes(target))


def _promotable(x):
    return made_arrays.home_builder(made_arrays.root_of(x)) is not None


def _makes_view(x, index):
    """True if numpy makes a view of `x` for `index` (not a copy, nor a scalar)."""
    template, dynamic = split_index(index, made_arrays.holds_graph)
    kinds = [views.index_kind(item, dynamic) for item in template]
    if 'advanced' in kinds:
        return False
    return not (all(k == 'int' for k in kinds) and len(kinds) == x.ndim)


TracedArray.__array_ufunc__, TracedArray.__array_function__ = _array_ufunc, _array_function
TracedArray.__getitem__, TracedArray.__setitem__ = _getitem, _setitem
TracedArray.__repr__, TracedArray.__str__ = _repr, _str
TracedArray._graph_value = made_arrays.tensor_or_itself  # a graph's value for it (`builders`)
for _name in sorted({*graph_ops.method_names(), *UPDATING, *_OTHER_METHODS}):
    setattr(TracedArray, _name, _method(_name))
for _name in ('T', 'mT', 'real', 'imag', 'flat'):
    setattr(TracedArray, _name, _property(_name))
for _name in ('__bool__', '__int__', '__float__', '__complex__', '__index__'):
    setattr(TracedArray, _name, _scalar(_name))
for _name in ('add', 'sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow', 'and', 'or', 'xor',
              'lshift', 'rshift', 'matmul'):
    setattr(TracedArray, f'__i{_name}__', _inplace(f'__i{_name}__'))
