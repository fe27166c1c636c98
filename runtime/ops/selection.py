"""Selecting and ordering: np.where, nonzero, clip, take, sort, argsort."""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.shapes import broadcast_shapes, normalize_axis, probe_dtype, size
from ..ir.registry import defop


@defop('where', np.where)
def _where_rule(condition, x, y):
    dtype = probe_dtype(np.where, condition, x, y)
    return AbstractValue(dtype, broadcast_shapes(condition.shape, x.shape, y.shape))


@defop('nonzero', np.nonzero, multiple_results=True)
def _nonzero_rule(a):
    if a.shape is None:
        raise ValueError('np.nonzero of a tensor of unknown rank: the number of results is unknown')
    if not a.shape:
        raise ValueError('Calling nonzero on 0d arrays is not allowed. '
                         'Use np.atleast_1d(scalar).nonzero() instead.')
    return [AbstractValue(np.intp, (None,))] * len(a.shape)


@defop('clip', np.clip)
def _clip_rule(a, a_min, a_max, **params):
    dtype = probe_dtype(np.clip, a, a_min, a_max, **params)
    shapes = [v.shape for v in (a, a_min, a_max) if v is not None]
    return AbstractValue(dtype, broadcast_shapes(*shapes))


@defop('take', np.take)
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


@defop('sort', np.sort)
def _sort_rule(a, axis=-1, **params):
    return AbstractValue(probe_dtype(np.sort, a, axis=axis, **params), _sorted_shape(a, axis))


@defop('argsort', np.argsort)
def _argsort_rule(a, axis=-1, **params):
    return AbstractValue(probe_dtype(np.argsort, a, axis=axis, **params), _sorted_shape(a, axis))
