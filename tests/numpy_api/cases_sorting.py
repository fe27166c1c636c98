"""The numpy API table's cases for sorting, searching and sets (see numpy_case.py)."""
import numpy as np
from numpy_case import Case

V = np.array([0.5, -1.25, 3.0, 0.5, 2.0, -1.25, 7.5, 0.0])  # ties: equal keys keep numpy's order
M = np.array([[3.0, -1.0, 2.0, 2.0], [0.0, 5.5, -2.0, 1.0], [4.0, 4.0, -3.5, 0.25]])
I = np.array([3, 1, 2, 3, 0, 1, 1, 5])
E = np.array([1, 2, 3, 5, 8, 13])  # sorted edges
MASKED = np.array([1.5, -2.0, 0.25, 3.25, -0.5, 4.0])

CASES = [
    Case('numpy.sort', lambda a: np.sort(a), (M,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a, axis=0), (M,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a, axis=None), (M,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a, kind='stable'), (V,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a), (I,)),
    Case('ndarray.sort', lambda a: _sorted_in_place(a), (M,)),
    Case('numpy.argsort', lambda a: np.argsort(a), (V,)),
    Case('numpy.argsort', lambda a: np.argsort(a, axis=0), (M,)),
    Case('numpy.argsort', lambda a: np.argsort(a, kind='stable'), (V,)),
    Case('numpy.argsort', lambda a: np.argsort(a, axis=None), (M,)),
    Case('ndarray.argsort', lambda a: a.argsort(), (M,)),
    Case('numpy.partition', lambda a: np.partition(a, 3), (V,), grad=True),
    Case('numpy.argpartition', lambda a: np.argpartition(a, 3), (V,)),
    Case('numpy.lexsort', lambda a, b: np.lexsort((a, b)), (V, I)),
    Case('numpy.searchsorted', lambda e, v: np.searchsorted(e, v), (E, I)),
    Case('numpy.searchsorted', lambda e, v: np.searchsorted(e, v, side='right'), (E, I)),
    Case('numpy.searchsorted', lambda a, v: np.searchsorted(a, v, sorter=np.argsort(a)), (V, M)),
    Case('ndarray.searchsorted', lambda e, v: e.searchsorted(v), (E, I)),
    Case('numpy.digitize', lambda v, e: np.digitize(v, e), (I, E)),
    Case('numpy.digitize', lambda v, e: np.digitize(v, e, right=True), (I, E)),
    Case('numpy.unique', lambda a: np.unique(a), (V,), note='unknown dimension'),
    Case('numpy.unique', lambda a: np.unique(a, return_index=True, return_inverse=True,
                                             return_counts=True), (V,), note='unknown dimension'),
    Case('numpy.unique', lambda a: np.unique(a, return_counts=True), (M,), note='unknown dimension'),
    Case('numpy.intersect1d', lambda a, b: np.intersect1d(a, b), (I, E), note='unknown dimension'),
    Case('numpy.union1d', lambda a, b: np.union1d(a, b), (I, E), note='unknown dimension'),
    Case('numpy.setdiff1d', lambda a, b: np.setdiff1d(a, b), (I, E), note='unknown dimension'),
    Case('numpy.setxor1d', lambda a, b: np.setxor1d(a, b), (I, E), note='unknown dimension'),
    Case('numpy.isin', lambda a, b: np.isin(a, b), (I, E)),
    Case('numpy.isin', lambda a, b: np.isin(a, b, invert=True), (M, V)),
    Case('numpy.nonzero', lambda a: np.nonzero(a), (M,), note='unknown dimension'),
    Case('ndarray.nonzero', lambda a: a.nonzero(), (I,), note='unknown dimension'),
    Case('numpy.argwhere', lambda a: np.argwhere(a), (M,), note='unknown dimension'),
    Case('numpy.flatnonzero', lambda a: np.flatnonzero(a), (M,), note='unknown dimension'),
    Case('numpy.where', lambda a: np.where(a > 0), (M,), note='one argument: unknown dimension'),
    Case('numpy.argmax', lambda a: np.argmax(a), (M,)),
    Case('numpy.argmax', lambda a: np.argmax(a, axis=1), (M,)),
    Case('numpy.argmin', lambda a: np.argmin(a, axis=0), (M,)),
    Case('ndarray.argmax', lambda a: a.argmax(axis=0), (M,)),
    Case('ndarray.argmin', lambda a: a.argmin(), (M,)),
    Case('numpy.max', lambda a: np.max(a, axis=0), (M,), grad=True),
    Case('numpy.min', lambda a: np.min(a, axis=1), (M,), grad=True),
    Case('numpy.amax', lambda a: np.amax(a, axis=1), (M,), grad=True),
    Case('numpy.amin', lambda a: np.amin(a), (M,), grad=True),
    Case('ndarray.max', lambda a: a.max(axis=1), (M,), grad=True),
    Case('ndarray.min', lambda a: a.min(axis=0), (M,), grad=True),
    Case('ndarray.__getitem__', lambda a: a[a > 0], (MASKED,), grad=True,
         note='boolean mask: unknown dimension'),
    Case('ndarray.__setitem__', lambda a: _mask_assigned(a), (MASKED,), grad=True,
         note='boolean mask assignment'),
    Case('numpy.take', lambda a, i: np.take(a, i), (V, I), grad=True),
    Case('numpy.take', lambda a, i: np.take(a, i[:3], axis=1), (M, I), grad=True),
    Case('ndarray.take', lambda a, i: a.take(i), (V, I), grad=True),
    Case('numpy.take_along_axis', lambda a: np.take_along_axis(a, np.argsort(a, axis=1), axis=1),
         (M,), grad=True),
    Case('numpy.put_along_axis', lambda a: _put_along_axis(a), (M,), grad=True),
]


def _sorted_in_place(a):
    b = a * 1.0
    b.sort(axis=0)
    return b


def _mask_assigned(a):
    b = a * 2.0
    b[b < 0] = 0.0
    return b


def _put_along_axis(a):
    b = a * 1.0
    np.put_along_axis(b, np.argmax(b, axis=1, keepdims=True), 0.0, axis=1)
    return b
