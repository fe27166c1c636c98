"""numpy functions whose arguments numpy's dispatch never hands a tensor: sizes and lists.

numpy calls `__array_function__` for the arrays a function takes, but not for
the sizes of `np.zeros(n)`, `np.arange(n)` or `np.eye(n)`, nor for the items of
`np.array([t, u])`, nor for a graph list (a list appended to in a graph loop,
whose length numpy cannot take). `converted_call` sees every call in converted
code and, while tracing, sends calls of these functions (`numpy_handlers.CALLS`)
here: they stage graph ops when an argument holds a tensor or a graph list,
and otherwise call numpy itself, which does what it does eagerly.
"""
import numpy as np

from . import builders, sizes
from .graph_lists import GraphList
from .joined_values import aval_of
from .numpy_handlers import HANDLERS, _reject_out, intercepts
from .tensor import Tensor

_ABSENT = object()  # an argument not given (None is a value: a dim that x.shape does not know)


def creation(op, shape, dtype, *fill_value, **params):
    """Stage creation op `op` if `shape` or the fill value holds a tensor (then a tensor),
    else None."""
    sized = sizes.split_sizes(shape, f'numpy.{op}')
    if sized is None:
        if not any(isinstance(f, Tensor) for f in fill_value):
            return None
        sized = sizes.static_shape(shape), []
    template, dims = sized
    dtype = dtype if dtype is None and fill_value else np.dtype(dtype)
    params = {k: v for k, v in params.items() if (k, v) != ('order', 'C')}
    return builders.bind(op, *fill_value, *dims, shape=template, dtype=dtype, **params)


def _plain(what, **extras):
    """Refuse numpy arguments graphs do not take (device=, like=, subok=, ...) when staging."""
    for key, (value, default) in extras.items():
        if value is not default and not (isinstance(value, (str, int)) and value == default):
            raise TypeError(f'{what}: argument {key}= is not supported on symbolic tensors')


def _overload(func, needs_graph):
    """Register the decorated function, numpy's signature, for calls where `needs_graph(...)`;
    other calls go to numpy's `func` as they are."""
    def decorate(stage):
        @intercepts(func)
        def overload(*args, **kwargs):
            return (stage if needs_graph(*args, **kwargs) else func)(*args, **kwargs)
        return stage
    return decorate


def _sized(*sizes_and_more, **kwargs):
    """True if a size argument (positional or keyword) holds a tensor or a None."""
    values = [*sizes_and_more, *kwargs.values()]
    items = [i for v in values for i in (v if isinstance(v, (tuple, list)) else (v,))]
    return any(i is None or isinstance(i, Tensor) for i in items)


def _shape_sized(shape, *args, **kwargs):
    return _sized(shape)


def _filled_with_a_constant(func):
    """The overload of np.zeros, np.ones or np.empty (whose dtype None is float64)."""
    def stage(shape, dtype=None, order='C', *, device=None, like=None):
        _plain(f'numpy.{func.__name__}', device=(device, None), like=(like, None))
        staged = creation(func.__name__, shape, dtype, order=order)
        return func(shape, dtype, order) if staged is None else staged
    return _overload(func, _shape_sized)(stage)


zeros, ones, empty = map(_filled_with_a_constant, (np.zeros, np.ones, np.empty))


def _full_sized(shape, fill_value=None, *args, **kwargs):
    return _sized(shape) or isinstance(fill_value, Tensor)


@_overload(np.full, _full_sized)
def full(shape, fill_value, dtype=None, order='C', *, device=None, like=None):
    _plain('numpy.full', device=(device, None), like=(like, None))
    staged = creation('full', shape, dtype, fill_value, order=order)
    return np.full(shape, fill_value, dtype, order) if staged is None else staged


def _eye_sized(N, M=None, k=0, *args, **kwargs):
    return _sized(N, M, k)


@_overload(np.eye, _eye_sized)
def eye(N, M=None, k=0, dtype=float, order='C', *, device=None, like=None):
    _plain('numpy.eye', device=(device, None), like=(like, None))
    if M is None:  # also its default: a None from x.shape is read just before the call
        sizes.raise_for_unknown_dim('numpy.eye', same_line=True)
    sized = sizes.split_sizes((N, -1 if M is None else M, k), 'numpy.eye')
    if sized is None:
        return np.eye(N, M, k, dtype, order)
    (n, m, k), dims = sized
    params = {} if order == 'C' else {'order': order}
    return builders.bind('eye', *dims, N=n, M=None if M is None else m, k=k,
                        dtype=np.dtype(dtype), **params)


def _arange_sized(*bounds, dtype=None, **kwargs):
    return _sized(*bounds, *(kwargs.get(k) for k in ('start', 'stop', 'step') if k in kwargs))


@_overload(np.arange, _arange_sized)
def arange(start_or_stop, /, stop=_ABSENT, step=_ABSENT, *, dtype=None, device=None, like=None):
    bounds = [b for b in (start_or_stop, stop, step) if b is not _ABSENT]
    if start_or_stop is None:
        sizes.raise_for_unknown_dim('numpy.arange')
    if stop is None or step is None:  # numpy takes them for absent: unless x.shape gave them
        sizes.raise_for_unknown_dim('numpy.arange', same_line=True)
    if not any(isinstance(b, Tensor) for b in bounds):
        return np.arange(*bounds, dtype=dtype, device=device, like=like)
    _plain('numpy.arange', device=(device, None), like=(like, None))
    start, stop = (0, start_or_stop) if stop is _ABSENT or stop is None else (start_or_stop, stop)
    return rt_range(start, stop, 1 if step is _ABSENT or step is None else step, dtype)


def _holds_staged(value, *args, **kwargs):
    """True for a tensor, a graph list, or a (nested) list or tuple holding one."""
    if isinstance(value, (Tensor, GraphList)):
        return True
    return isinstance(value, (list, tuple)) and any(map(_holds_staged, value))


def as_array(value, dtype=None):
    """`np.array(value, dtype)` of a tensor, graph list or (nested) list of them, as a tensor."""
    if isinstance(value, Tensor):
        return value if dtype is None or np.dtype(dtype) == value.dtype else value.astype(dtype)
    cast = {} if dtype is None else {'dtype': np.dtype(dtype), 'casting': 'unsafe'}
    if isinstance(value, GraphList):
        if value.elem is None:  # never appended to: an empty list, as numpy sees it
            return np.array([], dtype)
        return builders.bind('stack_rows', value.stack(), axis=0, **cast)
    if isinstance(value, (list, tuple)):
        # np.array casts each element to `dtype` (then stacks): the items are cast first
        return np.stack([as_array(v, dtype) for v in value], **cast)
    return np.asarray(value, dtype)


def taking_lists_as_arrays(f):
    """numpy's `f` (a function with a graph op, or a ufunc) taking a Python list of tensors where
    it takes an array, as numpy takes any list: as np.array(list); else None.

    numpy's dispatch sees the tensors in the list only for functions taking a
    sequence of arrays (np.stack, np.concatenate, ...); others convert the list
    with np.asarray, which a tensor refuses. Only those array arguments are
    converted: the first of a function, every input of a ufunc.
    """
    if isinstance(f, np.ufunc):
        arrays = None
    elif f in HANDLERS and f not in _SEQUENCES:
        arrays = 1
    else:
        return None

    def call(*args, **kwargs):
        count = len(args) if arrays is None else arrays
        converted = [as_array(a) if isinstance(a, (list, tuple)) and _holds_staged(a) else a
                     for a in args[:count]]
        return f(*converted, *args[count:], **kwargs)
    return call


_SEQUENCES = frozenset((np.concatenate, np.stack, np.hstack, np.vstack, np.einsum))


@_overload(np.array, _holds_staged)
def array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None):
    _plain('numpy.array', order=(order, 'K'), subok=(subok, False), ndmin=(ndmin, 0),
           like=(like, None))
    result = as_array(object, dtype)
    return np.copy(result) if result is object and copy else result


@_overload(np.asarray, _holds_staged)
def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    _plain('numpy.asarray', order=(order, None), device=(device, None), like=(like, None))
    result = as_array(a, dtype)
    return np.copy(result) if result is a and copy else result


def _rows(join, arrays, out, **params):
    """numpy's `join` of a graph list's elements (or a tensor's rows), as op `{join}_rows`."""
    _reject_out(out)
    if isinstance(arrays, GraphList):
        if arrays.elem is None:
            return getattr(np, join)([], **params)  # numpy's error for no arrays
        arrays = arrays.stack()
    params = {k: v for k, v in params.items() if v != _JOIN_DEFAULTS.get(k, _ABSENT)}
    if params.get('dtype') is not None:
        params['dtype'] = np.dtype(params['dtype'])
    return builders.bind(f'{join}_rows', arrays, **params)


_JOIN_DEFAULTS = {'dtype': None, 'casting': 'same_kind'}


def _rows_given(arrays, *args, **kwargs):
    return isinstance(arrays, (Tensor, GraphList))


@_overload(np.stack, _rows_given)
def stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    return _rows('stack', arrays, out, axis=axis, dtype=dtype, casting=casting)


@_overload(np.concatenate, _rows_given)
def concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting='same_kind'):
    return _rows('concatenate', arrays, out, axis=axis, dtype=dtype, casting=casting)


@_overload(np.hstack, _rows_given)
def hstack(tup, *, dtype=None, casting='same_kind'):
    return _rows('hstack', tup, None, dtype=dtype, casting=casting)


@_overload(np.vstack, _rows_given)
def vstack(tup, *, dtype=None, casting='same_kind'):
    return _rows('vstack', tup, None, dtype=dtype, casting=casting)


def rt_range(start, limit=None, delta=1, dtype=None):
    """`rt.range`: np.arange eagerly; while tracing, an `arange` op (a for loop over it is a
    graph loop, even for Python bounds, as over `tf.range`)."""
    if builders.current_builder() is None:
        return np.arange(start, limit, delta, dtype=dtype)
    if start is None or delta is None:
        sizes.raise_for_unknown_dim('rt.range')
        return np.arange(start, limit, delta, dtype=dtype)  # numpy's error
    if limit is None:
        sizes.raise_for_unknown_dim('rt.range', same_line=True)
        start, limit = 0, start
    if dtype is None:  # numpy's choice for these operand types (an empty range of ones)
        dtype = np.arange(*(_one(aval_of(v)) for v in (start, limit, delta))).dtype
    return builders.bind('arange', start, limit, delta, dtype=np.dtype(dtype))


def _one(aval):
    return aval.dtype.type(1).item() if aval.weak else np.ones((), aval.dtype)
