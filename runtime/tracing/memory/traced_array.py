"""`TracedArray`: an ndarray made by traced code; numpy until its memory is promoted, then a proxy.

Each operation on one (operators and numpy functions through numpy's dispatch
protocols, indexing, methods, properties, bool, iteration, repr) asks first
whether it involves the graph (`made_arrays`): memory that is promoted, a
graph value among the operands, or a write that must run when the graph runs.
If not, numpy runs it on the plain array (a ufunc's results are made arrays
too). If so, the arrays it writes to are promoted and the operation is staged
on the tensors that stand for the arrays, so every name bound to one sees it.
"""
import numpy as np

from ... import ops
from ..trace_state import current_builder

# ndarray methods with no op that update the array itself
_UPDATING_UNSTAGED = ('partition', 'resize', 'setfield')
# Methods that update the array itself (the ops' `in_place_method` and those); those that may
# return a view of it.
UPDATING = ops.in_place_methods() | frozenset(_UPDATING_UNSTAGED)
_VIEWING = frozenset(('reshape', 'transpose', 'swapaxes', 'squeeze', 'ravel', 'view', 'diagonal'))
# Methods run on the tensor once the array is promoted: the ops' (`Op.methods`), the updating
# ones and these, which the tensor defines itself (their signatures differ from numpy's function,
# as `x.reshape(2, 3)`) or refuses with its own message.
_OTHER_METHODS = ('argpartition', 'astype', 'byteswap', 'choose', 'compress', 'diagonal', 'dump',
                  'dumps', 'flatten', 'getfield', 'item', 'repeat', 'reshape', 'searchsorted',
                  'tobytes', 'tofile', 'tolist', 'trace', 'transpose', 'view')


class TracedArray(np.ndarray):
    """An array made by traced code (see `made_arrays`): `_tensor` stands for it once promoted
    (for a view: once its root is), `_home` is the graph it was made in."""
    __slots__ = ('_tensor', '_home')

    def __array_finalize__(self, obj):
        self._tensor = None
        self._home = current_builder()

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return _ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        if not _involves_graph(func, args, kwargs):
            writes = made_arrays.NumpyWrites.of(args, kwargs, f'numpy.{func.__name__}')
            result = super().__array_function__(func, types, args, kwargs)
            if writes is not None:
                writes.check()
            return result
        if args and args[0].__class__ is TracedArray and (
                func in updates.UPDATERS or func in _VIEW_FUNCTIONS and _promotable(args[0])):
            args = (made_arrays.promote(args[0], f'numpy.{func.__name__}'), *args[1:])
        return numpy_api.array_function(func, types, made_arrays.resolve(args),
                                        made_arrays.resolve(kwargs))

    def __getitem__(self, index):
        t = made_arrays.tensor_of(self)
        if t is None:
            if not made_arrays.holds_graph(index):
                return np.ndarray.__getitem__(self, index)
            index = made_arrays.resolve(index)
            if not (_makes_view(self, index) and _promotable(self)):
                return numpy_api.getitem(self, index)  # a copy: this array's value now
            t = made_arrays.promote(self)
        return t[made_arrays.resolve(index)]

    def __setitem__(self, index, value):
        if made_arrays.holds_graph(index) or made_arrays.holds_graph(value) or \
                made_arrays.stages_writes(self):
            t = made_arrays.promote(self, 'an item assignment')
            t[made_arrays.resolve(index)] = made_arrays.resolve(value)
        else:
            np.ndarray.__setitem__(self, index, value)

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError('iteration over a 0-d array')
        return (self[i] for i in range(len(self)))  # indexed as it goes, as numpy does

    def __repr__(self):
        t = made_arrays.tensor_of(self)
        return repr(np.ndarray.view(self, np.ndarray)) if t is None else repr(t)

    def __str__(self):
        t = made_arrays.tensor_of(self)
        return str(np.ndarray.view(self, np.ndarray)) if t is None else str(t)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()


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


for _name in sorted({*ops.method_names(), *UPDATING, *_OTHER_METHODS}):
    setattr(TracedArray, _name, _method(_name))
for _name in ('T', 'mT', 'real', 'imag', 'flat'):
    setattr(TracedArray, _name, _property(_name))
for _name in ('__bool__', '__int__', '__float__', '__complex__', '__index__'):
    setattr(TracedArray, _name, _scalar(_name))
for _name in ('add', 'sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow', 'and', 'or', 'xor',
              'lshift', 'rshift', 'matmul'):
    setattr(TracedArray, f'__i{_name}__', _inplace(f'__i{_name}__'))


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


from ...ops.indexing import split_index  # noqa: E402
from .. import numpy_api  # noqa: E402  (they need the class)
from . import made_arrays, updates, views  # noqa: E402  (they need the class)

# numpy functions returning a view of their first argument (`Op.view`)
_VIEW_FUNCTIONS = frozenset(f for f, op in ops.numpy_functions().items() if op.view)
