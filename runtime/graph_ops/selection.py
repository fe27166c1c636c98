"""Selecting and ordering: np.where, nonzero, clip, take, sort, argsort."""
import numpy as np

from ..ir.core import AbstractValue, Hole
from ..ir.registry import defop, defvjp, no_gradient
from ..ir.shapes import broadcast_shapes, normalize_axis, probe_dtype, size
from .binding import apply_op
from .gradient_helpers import scatter_add, static_shape


@defop('where', np.where, numpy=(np.where,), numpy_inputs=None, fresh=True, array_result=True,
       layout='operands')
def _where_rule(condition, x, y):
    dtype = probe_dtype(np.where, condition, x, y)
    return AbstractValue(dtype, broadcast_shapes(condition.shape, x.shape, y.shape))


@defop('nonzero', np.nonzero, multiple_results=True, numpy=(np.nonzero,), numpy_inputs=None,
       methods=('nonzero',), fresh=True)
def _nonzero_rule(a):
    if a.shape is None:
        raise ValueError('np.nonzero of a tensor of unknown rank: the number of results is unknown')
    if not a.shape:
        raise ValueError('Calling nonzero on 0d arrays is not allowed. '
                         'Use np.atleast_1d(scalar).nonzero() instead.')
    return [AbstractValue(np.intp, (None,))] * len(a.shape)


@defop('clip', np.clip, numpy=(np.clip,), numpy_inputs=None, methods=('clip',), fresh=True,
       layout='operands')
def _clip_rule(a, a_min, a_max, **params):
    dtype = probe_dtype(np.clip, a, a_min, a_max, **params)
    shapes = [v.shape for v in (a, a_min, a_max) if v is not None]
    return AbstractValue(dtype, broadcast_shapes(*shapes))


@defop('take', np.take, numpy=(np.take,), numpy_inputs=2, methods=('take',), fresh=True)
def _take_rule(a, indices, axis=None, mode='raise'):
    if indices.dtype.kind not in 'iub':
        raise TypeError(f'Cannot cast array data from {indices.dtype!r} to '
                        f"{np.dtype(np.intp)!r} according to the rule 'safe'")
    if axis is None or indices.shape is None:
        return AbstractValue(a.dtype, indices.shape)
    if a.shape is None:
        return AbstractValue(a.dtype, None)
    shape = a.shape or (1,)  # numpy takes along an axis of a 0-d array as of a 1-d one
    axis = normalize_axis(axis, len(shape))
    return AbstractValue(a.dtype, shape[:axis] + indices.shape + shape[axis + 1:])


def _sorted_shape(a, axis):
    if axis is None or a.shape == ():  # (np.sort rejects 0-d arrays; np.argsort makes them 1-d)
        return (size(a.shape),)
    if a.shape is not None:
        normalize_axis(axis, len(a.shape))
    return a.shape


@defop('sort', np.sort, numpy=(np.sort,), fresh=True, layout='first', in_place_method='sort')
def _sort_rule(a, axis=-1, **params):
    return AbstractValue(probe_dtype(np.sort, a, axis=axis, **params), _sorted_shape(a, axis))


@defop('argsort', np.argsort, numpy=(np.argsort,), methods=('argsort',), fresh=True)
def _argsort_rule(a, axis=-1, **params):
    return AbstractValue(probe_dtype(np.argsort, a, axis=axis, **params), _sorted_shape(a, axis))


defvjp('where', None, lambda g, out, c, x, y: np.where(c, g, 0), lambda g, out, c, x, y: np.where(c, 0, g))
defvjp('clip', lambda g, out, a, lo, hi, **params: np.where(out == a, g, 0),
       lambda g, out, a, lo, hi, **params: np.where((out == lo) & (out != a), g, 0),
       lambda g, out, a, lo, hi, **params: np.where((out == hi) & (out != a) & (out != lo), g, 0))
no_gradient('its outputs are integers', 'nonzero', 'argsort')


def _take_vjp(g, out, a, indices, axis=None, mode='raise'):
    if axis is None:
        indices = _taken(np.ravel(indices), np.size(a), mode)
        flat = scatter_add(np.ravel(a), np.ravel(g), (Hole(0),), [indices])
        return np.reshape(flat, np.shape(a))
    axis %= max(np.ndim(a), 1)
    indices = _taken(indices, np.shape(a)[axis] if np.ndim(a) else 1, mode)
    return scatter_add(a, g, (slice(None),) * axis + (Hole(0),), [indices])


def _taken(indices, n, mode):
    """The places np.take read for `indices` in a line of `n`: out of range ones clipped or
    wrapped, as its `mode` says ('raise': they are in range, negative ones count from the end)."""
    if mode == 'clip':
        return np.clip(indices, 0, n - 1)
    return np.mod(indices, n) if mode == 'wrap' else indices


defvjp('take', _take_vjp)


def _sort_vjp(g, out, a, axis=-1, **params):
    """Each element's cotangent is that of the place sorting moved it to."""
    if axis is None:
        return np.reshape(_sort_vjp(g, out, np.ravel(a)), np.shape(a))
    places = np.argsort(np.argsort(a, axis=axis, kind='stable'), axis=axis, kind='stable')
    return np.take_along_axis(g, places, axis=axis)


defvjp('sort', _sort_vjp)


@defop('take_along_axis', np.take_along_axis, numpy=(np.take_along_axis,), numpy_inputs=2)
def _take_along_axis_rule(arr, indices, axis=-1):
    if indices.dtype.kind not in 'iu':
        raise IndexError('`indices` must be an integer array')
    if axis is None:
        return AbstractValue(arr.dtype, indices.shape)
    if arr.shape is None or indices.shape is None:
        return AbstractValue(arr.dtype, None)
    if len(arr.shape) != len(indices.shape):
        raise ValueError('`indices` and `arr` must have the same number of dimensions')
    axis = normalize_axis(axis, len(arr.shape))
    shape = broadcast_shapes(tuple(1 if i == axis else d for i, d in enumerate(arr.shape)),
                             tuple(1 if i == axis else d for i, d in enumerate(indices.shape)))
    return AbstractValue(arr.dtype, shape[:axis] + (indices.shape[axis],) + shape[axis + 1:])


def _arange(n):
    return np.arange(n) if isinstance(n, int) else apply_op('arange', 0, n, 1, dtype=np.intp)


def _take_along_axis_vjp(g, out, arr, indices, axis=-1):
    """Scattered back with one integer index array per axis (the others: aranges)."""
    if axis is None:
        return np.reshape(_take_along_axis_vjp(g, out, np.ravel(arr), indices, 0), np.shape(arr))
    ndim, shape = np.ndim(arr), np.shape(arr)
    axis %= ndim
    if (static_shape(indices) or (None,) * ndim)[axis] == 1:  # one per line: nothing to add up
        line = np.reshape(_arange(shape[axis]), tuple(-1 if j == axis else 1 for j in range(ndim)))
        places = np.mod(indices, shape[axis])  # a negative index counts from the end
        return np.where(np.equal(places, line), g, 0)  # broadcast lines summed back by backprop
    index = tuple(indices if i == axis else np.reshape(
        _arange(shape[i]), tuple(-1 if j == i else 1 for j in range(ndim))) for i in range(ndim))
    return scatter_add(arr, g, tuple(Hole(i) for i in range(ndim)), list(index))


defvjp('take_along_axis', _take_along_axis_vjp)
