"""Searching and partial ordering: np.searchsorted, digitize, partition, argpartition, lexsort.

Each op computes with numpy's own kernel (in every backend that runs it), so its results are
numpy's bit for bit, the order of equal keys included.
"""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.lowerings import ONNX
from ..ir.registry import defop, defvjp, no_gradient
from ..ir.shapes import normalize_axis, probe_dtype, size


def _searchsorted(a, v, sorter=None, *, side='left'):
    return np.searchsorted(a, v, side=side, sorter=sorter)


# Staged by the handler in tracing/numpy_sorting.py (`sorter` is an array: an input).
@defop('searchsorted', _searchsorted, numpy=(np.searchsorted,), numpy_inputs=None,
       methods=('searchsorted',), fresh=True)
def _searchsorted_rule(a, v, sorter=None, side='left'):
    if a.shape is not None and len(a.shape) != 1:
        raise ValueError('object too deep for desired array' if a.shape else
                         'object of too small depth for desired array')
    if sorter is not None and sorter.dtype.kind not in 'iu':
        raise TypeError('sorter must only contain integers')
    return AbstractValue(probe_dtype(_searchsorted, a, v, side=side), v.shape)


@defop('digitize', np.digitize, numpy=(np.digitize,), numpy_inputs=2, fresh=True)
def _digitize_rule(x, bins, right=False):
    if bins.shape is not None and len(bins.shape) != 1:
        raise ValueError('bins must be one-dimensional')
    return AbstractValue(probe_dtype(np.digitize, x, bins, right=right), x.shape)


def _partitioned_shape(a, axis):
    if axis is None:
        return (size(a.shape),)
    if a.shape is not None:
        normalize_axis(axis, len(a.shape))  # numpy's AxisError, for a 0-d array too
    return a.shape


@defop('partition', np.partition, numpy=(np.partition,), fresh=True, in_place_method='partition')
def _partition_rule(a, kth, axis=-1, **params):
    return AbstractValue(probe_dtype(lambda x: np.partition(x, 0, axis, **params), a),
                         _partitioned_shape(a, axis))


@defop('argpartition', np.argpartition, numpy=(np.argpartition,), methods=('argpartition',),
       fresh=True)
def _argpartition_rule(a, kth, axis=-1, **params):
    return AbstractValue(probe_dtype(lambda x: np.argpartition(x, 0, axis, **params), a),
                         _partitioned_shape(a, axis))


def _partition_vjp(g, out, a, kth, axis=-1, **params):
    """Each element's cotangent is that of the place partitioning moved it to (numpy's own
    argpartition gives the same permutation as its partition)."""
    if axis is None:
        return np.reshape(_partition_vjp(g, out, np.ravel(a), kth, **params), np.shape(a))
    moved = np.argpartition(a, kth, axis=axis, **params)
    places = np.argsort(moved, axis=axis, kind='stable')  # the inverse permutation
    return np.take_along_axis(g, places, axis=axis)


defvjp('partition', _partition_vjp)


def _lexsort(*keys, axis=-1):
    return np.lexsort(keys, axis=axis)


@defop('lexsort', _lexsort, numpy=(np.lexsort,), numpy_inputs=None, fresh=True)
def _lexsort_rule(*keys, axis=-1):
    if not keys:
        raise TypeError('need sequence of keys with len > 0 in lexsort')
    shapes = [k.shape for k in keys]
    known = [s for s in shapes if s is not None]
    if any(len(s) != len(known[0]) or any(d != e and None not in (d, e) for d, e in zip(s, known[0]))
           for s in known):
        raise ValueError('all keys need to be the same shape')
    dtype = probe_dtype(_lexsort, *keys, axis=axis)
    shape = known[0] if known else None
    if shape:
        normalize_axis(axis, len(shape))
    return AbstractValue(dtype, shape)


no_gradient('its outputs are integers', 'searchsorted', 'digitize', 'argpartition', 'lexsort')
ONNX.unlowered('not written yet (a comparison with every element of the sorted array, summed)',
               'searchsorted', 'digitize')
ONNX.unlowered("ONNX has no partial or many-key sort ordering equal keys as numpy's does",
               'partition', 'argpartition', 'lexsort')
