"""The numpy API table's cases for sorting, searching and sets (see numpy_case.py)."""
import numpy as np
from numpy_case import Case

V = np.array([0.5, -1.25, 3.0, 0.5, 2.0, -1.25, 7.5, 0.0])  # ties: equal keys keep numpy's order
M = np.array([[3.0, -1.0, 2.0, 2.0], [0.0, 5.5, -2.0, 1.0], [4.0, 4.0, -3.5, 0.25]])
I = np.array([3, 1, 2, 3, 0, 1, 1, 5])
# distinct values: sorting is differentiable there (at ties finite differences average the
# permutations, and numpy's order of equal keys is tested on V and M without gradients)
VD = np.array([0.5, -1.25, 3.0, 0.75, 2.0, -1.5, 7.5, 0.0])
MD = np.array([[3.0, -1.0, 2.0, 2.5], [0.0, 5.5, -2.0, 1.0], [4.0, 4.5, -3.5, 0.25]])
E = np.array([1, 2, 3, 5, 8, 13])  # sorted edges
F = np.array([2.5, -1.0, 0.75, 3.0, -2.25, 1.5])  # distinct: sets of them are differentiable
FB = np.array([9.0, -4.0, 0.5])  # none of F's values
MASKED = np.array([1.5, -2.0, 0.25, 3.25, -0.5, 4.0])  # no zero: the mask x > 0 is smooth

TIES = "ONNX's TopK orders equal keys its own way, not as numpy's argsort"
NO_PARTIAL = "ONNX has no partial or many-key sort ordering equal keys as numpy's does"
NOT_YET = 'no ONNX lowering written yet'
NONZERO = "ONNX's NonZero has no float64 kernel in onnxruntime"
IN_PLACE = "the ONNX lowering of sort refuses the in-place method's params (kind=, order=)"
U = 'unknown dimension'

CASES = [
    Case('numpy.sort', lambda a: np.sort(a), (M,)),
    Case('numpy.sort', lambda a: np.sort(a), (MD,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a, axis=0), (MD,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a, axis=None), (MD,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a, kind='stable'), (V,)),
    Case('numpy.sort', lambda a: np.sort(a, kind='stable'), (VD,), grad=True),
    Case('numpy.sort', lambda a: np.sort(a), (I,)),
    Case('ndarray.sort', lambda a: _sorted_in_place(a), (M,), onnx=IN_PLACE, note='in place'),
    Case('numpy.argsort', lambda a: np.argsort(a), (V,), onnx=TIES),
    Case('numpy.argsort', lambda a: np.argsort(a, axis=0), (M,), onnx=TIES),
    Case('numpy.argsort', lambda a: np.argsort(a, kind='stable'), (V,), onnx=TIES),
    Case('numpy.argsort', lambda a: np.argsort(a, axis=None), (M,), onnx=TIES),
    Case('ndarray.argsort', lambda a: a.argsort(), (M,), onnx=TIES),
    Case('numpy.partition', lambda a: np.partition(a, 3), (V,), onnx=NO_PARTIAL),
    Case('numpy.partition', lambda a: np.partition(a, 3), (VD,), grad=True, onnx=NO_PARTIAL),
    Case('numpy.partition', lambda a: np.partition(a, (0, 2), axis=0), (MD,), grad=True,
         onnx=NO_PARTIAL),
    Case('ndarray.partition', lambda a: _partitioned_in_place(a), (M,), onnx=NO_PARTIAL,
         note='in place'),
    Case('numpy.argpartition', lambda a: np.argpartition(a, 3), (V,), onnx=NO_PARTIAL),
    Case('ndarray.argpartition', lambda a: a.argpartition(1, axis=None), (M,), onnx=NO_PARTIAL),
    Case('numpy.lexsort', lambda a, b: np.lexsort((a, b)), (V, I), onnx=NO_PARTIAL),
    Case('numpy.searchsorted', lambda e, v: np.searchsorted(e, v), (E, I), onnx=NOT_YET),
    Case('numpy.searchsorted', lambda e, v: np.searchsorted(e, v, side='right'), (E, I),
         onnx=NOT_YET),
    Case('numpy.searchsorted', lambda a, v: np.searchsorted(a, v, sorter=np.argsort(a)), (V, M),
         onnx=NOT_YET),
    Case('numpy.searchsorted', lambda e, v: np.searchsorted(e, v), (E, V), onnx=NOT_YET,
         note='mixed dtypes'),
    Case('ndarray.searchsorted', lambda e, v: e.searchsorted(v), (E, I), onnx=NOT_YET),
    Case('numpy.digitize', lambda v, e: np.digitize(v, e), (I, E), onnx=NOT_YET),
    Case('numpy.digitize', lambda v, e: np.digitize(v, e[::-1], right=True), (I, E),
         onnx=NOT_YET),
    Case('numpy.unique', lambda a: np.unique(a), (V,), onnx=NOT_YET, note=U),
    Case('numpy.unique', lambda a: np.unique(a, return_index=True, return_inverse=True,
                                             return_counts=True), (V,), onnx=NOT_YET, note=U),
    Case('numpy.unique', lambda a: np.unique(a, return_inverse=True), (M,), onnx=NOT_YET, note=U),
    Case('numpy.unique', lambda a: np.unique(a, return_counts=True), (I,), onnx=NOT_YET, note=U),
    Case('numpy.unique', lambda a: np.unique(a) ** 2, (F,), grad=True, onnx=NOT_YET, note=U),
    Case('numpy.union1d', lambda a, b: np.union1d(a, b) ** 2, (F, FB), grad=True, onnx=NOT_YET,
         note=U),
    Case('numpy.setdiff1d', lambda a: np.setdiff1d(a, FB) ** 2, (F,), grad=True, onnx=NOT_YET,
         note=U),
    Case('numpy.setxor1d', lambda a, b: np.setxor1d(a, b) ** 2, (F, FB), grad=True, onnx=NOT_YET,
         note=U),
    Case('numpy.intersect1d', lambda a, b: np.intersect1d(a, b), (I, E), onnx=NOT_YET, note=U),
    Case('numpy.intersect1d', lambda a, b: np.intersect1d(a, b, return_indices=True), (I, E),
         onnx=NOT_YET, note=U),
    Case('numpy.union1d', lambda a, b: np.union1d(a, b), (I, E), onnx=NOT_YET, note=U),
    Case('numpy.setdiff1d', lambda a, b: np.setdiff1d(a, b), (I, E), onnx=NOT_YET, note=U),
    Case('numpy.setxor1d', lambda a, b: np.setxor1d(a, b), (I, E), onnx=NOT_YET, note=U),
    Case('numpy.isin', lambda a, b: np.isin(a, b), (I, E), onnx=NOT_YET),
    Case('numpy.isin', lambda a, b: np.isin(a, b, invert=True), (M, V), onnx=NOT_YET),
    Case('numpy.nonzero', lambda a: np.nonzero(a), (M,), onnx=NONZERO, note=U),
    Case('ndarray.nonzero', lambda a: a.nonzero(), (I,), note=U),
    Case('numpy.argwhere', lambda a: np.argwhere(a), (M,), onnx=NONZERO, note=U),
    Case('numpy.flatnonzero', lambda a: np.flatnonzero(a), (M,), onnx=NONZERO, note=U),
    Case('numpy.where', lambda a: np.where(a > 0), (M,), note='one argument: ' + U),
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
         note='boolean mask: ' + U),
    Case('ndarray.__getitem__', lambda a: a[a > 1.5] * 2.0, (M,), grad=True,
         note='boolean mask: ' + U),
    Case('ndarray.__setitem__', lambda a: _mask_assigned(a), (MASKED,),
         note='boolean mask assignment (an eager tape refuses in-place updates)'),
    Case('numpy.take', lambda a, i: np.take(a, i), (V, I), grad=True),
    Case('numpy.take', lambda a, i: np.take(a, i[:3], axis=1), (M, I), grad=True),
    Case('numpy.take', lambda a, i: np.take(a, np.reshape(i[4:] % 3, (2, 2)), axis=0), (M, I),
         grad=True),
    Case('ndarray.take', lambda a, i: a.take(i), (V, I), grad=True),
    Case('numpy.take_along_axis', lambda a: np.take_along_axis(a, np.argsort(a, axis=1), axis=1),
         (MD,), grad=True, onnx=TIES),
    Case('numpy.put_along_axis', lambda a: _put_along_axis(a), (M,),
         note='an eager tape refuses in-place updates'),
]


def _sorted_in_place(a):
    b = a * 1.0
    b.sort(axis=0)
    return b


def _partitioned_in_place(a):
    b = a * 1.0
    b.partition(1, axis=0)
    return b


def _mask_assigned(a):
    b = a * 2.0
    b[b < 0] = 0.0
    b[b > 5.0] = np.array([-1.0, -2.0])
    return b


def _put_along_axis(a):
    b = a * 1.0
    np.put_along_axis(b, np.argmax(b, axis=1, keepdims=True), 0.0, axis=1)
    return b
