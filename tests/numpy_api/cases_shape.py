"""The numpy API table's cases for array creation and manipulation (pad, diag, tile, split, ...)."""
import numpy as np
from numpy_case import Case

_rng = np.random.default_rng(26)
V = _rng.standard_normal(5)  # a vector
M = _rng.standard_normal((3, 4))  # a matrix
S = _rng.standard_normal((4, 4))  # a square matrix
T = _rng.standard_normal((2, 3, 4))  # three axes
I = np.arange(12).reshape(3, 4)  # integers
C = M + 1j * _rng.standard_normal((3, 4))  # complex


def _contiguous_transpose(a):
    return np.ascontiguousarray(a.T)


def _contiguous(a):
    return np.ascontiguousarray(a)


def _fortran(a):
    return np.asfortranarray(a) * 2.0


def _asarray_doubled(a):
    return np.asarray(a) * 2.0


def _array_doubled(a):
    return np.array(a) * 2.0


def _array_of_two(a, b):
    return np.array([a, b])


def _asarray_of_three(a, b):
    return np.asarray([a, b, a])


_NO_COMPLEX = 'complex values: onnxruntime has no complex kernels'
_PYTHON_VALUE = 'a Python value known while tracing: the model would have no output'
_NO_MOVEAXIS = 'moveaxis has no numba lowering yet (issue 26 part 2, jit coverage, adds it)'

CASES = [
    # pad
    Case('numpy.pad', lambda a: np.pad(a, 2), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, ((1, 2), (0, 3)), constant_values=7.5), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, ((1, 2), (2, 1)), constant_values=((1, 2), (3, 4))), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, (1, 3), mode='edge'), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, ((2, 3), (1, 2)), mode='reflect'), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, 7, mode='reflect'), (V,), grad=True, note='pads wider than the axis'),
    Case('numpy.pad', lambda a: np.pad(a, ((2, 3), (1, 5)), mode='symmetric'), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, ((2, 4), (5, 1)), mode='wrap'), (M,), grad=True),
    Case('numpy.pad', lambda a: np.pad(a, 2), (I,)),
    # diag, diagonal, trace, tril, triu
    Case('numpy.diag', lambda v: np.diag(v), (V,), grad=True),
    Case('numpy.diag', lambda v: np.diag(v, k=2), (V,), grad=True),
    Case('numpy.diag', lambda v: np.diag(v, -1), (V,), grad=True),
    Case('numpy.diag', lambda m: np.diag(m), (M,), grad=True),
    Case('numpy.diag', lambda m: np.diag(m, 1), (M,), grad=True),
    Case('numpy.diag', lambda m: np.diag(m, k=-2), (M,), grad=True),
    Case('numpy.diagonal', lambda m: np.diagonal(m), (M,), grad=True),
    Case('numpy.diagonal', lambda t: np.diagonal(t, 1, 0, 2), (T,), grad=True),
    Case('ndarray.diagonal', lambda m: m.diagonal(-1), (S,), grad=True),
    Case('numpy.trace', lambda m: np.trace(m), (S,), grad=True),
    Case('numpy.trace', lambda t: np.trace(t, 1, 1, 2), (T,), grad=True),
    Case('ndarray.trace', lambda m: m.trace(), (M,), grad=True),
    Case('numpy.trace', lambda m: np.trace(m), (I,)),
    Case('numpy.tril', lambda m: np.tril(m), (M,), grad=True),
    Case('numpy.tril', lambda m: np.tril(m, -1), (T,), grad=True),
    Case('numpy.triu', lambda m: np.triu(m), (M,), grad=True),
    Case('numpy.triu', lambda m: np.triu(m, k=2), (S,), grad=True),
    Case('numpy.triu', lambda m: np.triu(m), (I,)),
    # tile, repeat
    Case('numpy.tile', lambda a: np.tile(a, 3), (V,), grad=True),
    Case('numpy.tile', lambda a: np.tile(a, (2, 1, 2)), (M,), grad=True),
    Case('numpy.tile', lambda a: np.tile(a, (2, 3)), (I,)),
    Case('numpy.repeat', lambda a: np.repeat(a, 3), (M,), grad=True),
    Case('numpy.repeat', lambda a: np.repeat(a, 2, axis=1), (M,), grad=True),
    Case('numpy.repeat', lambda a: np.repeat(a, [1, 0, 3], axis=0), (M,), grad=True),
    Case('numpy.repeat', lambda a: np.repeat(a, np.array([2, 1, 0, 1, 3])), (V,), grad=True),
    Case('ndarray.repeat', lambda a: a.repeat(2), (V,), grad=True),
    Case('ndarray.repeat', lambda a: a.repeat([2, 1, 1, 0], axis=-1), (I,)),
    # roll, flip, rot90
    Case('numpy.roll', lambda a: np.roll(a, 2), (M,), grad=True),
    Case('numpy.roll', lambda a: np.roll(a, -1, axis=1), (M,), grad=True),
    Case('numpy.roll', lambda a: np.roll(a, (1, 5), axis=(0, 1)), (M,), grad=True),
    Case('numpy.roll', lambda a: np.roll(a, 7), (I,)),
    Case('numpy.flip', lambda a: np.flip(a), (M,), grad=True),
    Case('numpy.flip', lambda a: np.flip(a, axis=1), (T,), grad=True),
    Case('numpy.fliplr', lambda a: np.fliplr(a), (M,), grad=True),
    Case('numpy.flipud', lambda a: np.flipud(a), (M,), grad=True),
    Case('numpy.rot90', lambda a: np.rot90(a), (M,), grad=True),
    Case('numpy.rot90', lambda a: np.rot90(a, 2), (M,), grad=True),
    Case('numpy.rot90', lambda a: np.rot90(a, -1, axes=(1, 2)), (T,), grad=True),
    # meshgrid, broadcast
    Case('numpy.meshgrid', lambda x, y: np.meshgrid(x, y), (V, M[0]), grad=True),
    Case('numpy.meshgrid', lambda x, y: np.meshgrid(x, y, indexing='ij'), (V, M[0]), grad=True),
    Case('numpy.meshgrid', lambda x, y: np.meshgrid(x, y, sparse=True), (V, M[0]), grad=True),
    Case('numpy.broadcast_to', lambda a: np.broadcast_to(a, (2, 3, 4)), (M,), grad=True),
    Case('numpy.broadcast_to', lambda a: np.broadcast_to(a, (3, 5)), (V,), grad=True),
    Case('numpy.broadcast_arrays', lambda a, b: np.broadcast_arrays(a, b), (M, M[0]), grad=True),
    Case('numpy.broadcast_arrays', lambda a, b: np.broadcast_arrays(a, b), (V[:3, None], M[0]), grad=True),
    # split
    Case('numpy.split', lambda a: np.split(a, 3), (M,), grad=True),
    Case('numpy.split', lambda a: np.split(a, [1, 3], axis=1), (M,), grad=True),
    Case('numpy.array_split', lambda a: np.array_split(a, 3, axis=1), (M,), grad=True),
    Case('numpy.array_split', lambda a: np.array_split(a, 2), (V,), grad=True),
    Case('numpy.hsplit', lambda a: np.hsplit(a, 2), (M,), grad=True),
    Case('numpy.vsplit', lambda a: np.vsplit(a, [1]), (M,), grad=True),
    Case('numpy.dsplit', lambda a: np.dsplit(a, 2), (T,), grad=True),
    # squeeze, expand_dims, moveaxis, swapaxes
    Case('numpy.squeeze', lambda a: np.squeeze(a), (M[:1, None],), grad=True),
    Case('numpy.squeeze', lambda a: np.squeeze(a, axis=0), (M[:1],), grad=True),
    Case('ndarray.squeeze', lambda a: a.squeeze(), (M[:, :1],), grad=True),
    Case('numpy.expand_dims', lambda a: np.expand_dims(a, 1), (M,), grad=True),
    Case('numpy.expand_dims', lambda a: np.expand_dims(a, (0, -1)), (M,), grad=True),
    Case('numpy.moveaxis', lambda a: np.moveaxis(a, 0, -1), (T,), grad=True, jit=_NO_MOVEAXIS),
    Case('numpy.moveaxis', lambda a: np.moveaxis(a, [0, 1], [2, 0]), (T,), grad=True, jit=_NO_MOVEAXIS),
    Case('numpy.swapaxes', lambda a: np.swapaxes(a, 0, 2), (T,), grad=True),
    Case('ndarray.swapaxes', lambda a: a.swapaxes(1, 0), (M,), grad=True),
    # atleast_nd, append
    Case('numpy.atleast_1d', lambda a: np.atleast_1d(a), (np.float64(2.5),)),
    Case('numpy.atleast_1d', lambda a: np.atleast_1d(a), (V,), grad=True),
    Case('numpy.atleast_1d', lambda a, b: np.atleast_1d(a, b), (V, M), grad=True),
    Case('numpy.atleast_2d', lambda a: np.atleast_2d(a), (V,), grad=True),
    Case('numpy.atleast_2d', lambda a: np.atleast_2d(a), (M,), grad=True),
    Case('numpy.atleast_3d', lambda a: np.atleast_3d(a), (V,), grad=True),
    Case('numpy.atleast_3d', lambda a: np.atleast_3d(a), (M,), grad=True),
    Case('numpy.atleast_3d', lambda a: np.atleast_3d(a), (T,), grad=True),
    Case('numpy.append', lambda a, b: np.append(a, b), (M, V), grad=True),
    Case('numpy.append', lambda a, b: np.append(a, b, axis=0), (M, M[:1]), grad=True),
    Case('numpy.append', lambda a: np.append(a, 1.5), (V,), grad=True),
    # linspace, logspace, geomspace
    Case('numpy.linspace', lambda: np.linspace(0.0, 1.0, 7)),
    Case('numpy.linspace', lambda: np.linspace(2, 10, 5, endpoint=False)),
    Case('numpy.linspace', lambda a, b: np.linspace(a, b, 6), (V[:2], M[0, :2]), grad=True),
    Case('numpy.linspace', lambda a, b: np.linspace(a, b, 4, axis=1), (V[:2], M[0, :2]), grad=True),
    Case('numpy.linspace', lambda: np.linspace(0, 10, 6, dtype=np.int64)),
    Case('numpy.linspace', lambda a, b: np.linspace(a, b, 5, endpoint=False, retstep=True),
         (V[:3], M[1, :3]), grad=True),
    Case('numpy.linspace', lambda a: np.linspace(a, 2.0, 1), (V[:2],), grad=True),
    Case('numpy.linspace', lambda a: np.linspace(0.0, a, 5, dtype=np.int64), (V[:2] * 9.0,)),
    Case('numpy.logspace', lambda: np.logspace(0.0, 2.0, 5)),
    Case('numpy.logspace', lambda a, b: np.logspace(a, b, 4), (V[:2], M[0, :2]), grad=True,
         jit="numba's float64 pow differs from numpy's in the last bit for some values"),
    Case('numpy.logspace', lambda a: np.logspace(a, 1.0, 3, base=2.0, axis=-1), (V[:2],),
         grad=True),
    Case('numpy.geomspace', lambda: np.geomspace(1.0, 1000.0, 4),
         note='Python or numpy end points only: staged ones are refused (numpy raises on a 0 in them)'),
    # layout and copies (np.ascontiguousarray, np.asarray: C functions numpy's dispatch never
    # hands a tensor: staged in converted code, so in `def`s; a gradient tape refuses them eagerly)
    Case('numpy.ascontiguousarray', _contiguous_transpose, (M,),
         note='eagerly on a taped value: refused, numpy converts it'),
    Case('numpy.ascontiguousarray', _contiguous, (np.float64(1.5),)),
    Case('numpy.asfortranarray', _fortran, (M,), note='eagerly on a taped value: refused'),
    Case('numpy.copy', lambda a: np.copy(a), (M,), grad=True),
    Case('ndarray.copy', lambda a: a.copy(), (M,), grad=True),
    Case('numpy.ravel', lambda a: np.ravel(a), (T,), grad=True),
    Case('numpy.ravel', lambda a: np.ravel(a, order='F'), (M,), grad=True),
    Case('ndarray.ravel', lambda a: a.ravel(), (M,), grad=True),
    # complex parts, items
    Case('ndarray.conj', lambda a: a.conj(), (C,), onnx=_NO_COMPLEX),
    Case('ndarray.conj', lambda a: a.conj() * 2.0, (M,), grad=True),
    Case('ndarray.conjugate', lambda a: a.conjugate(), (C,), onnx=_NO_COMPLEX),
    Case('ndarray.conjugate', lambda a: a.conjugate() + 1.0, (M,), grad=True),
    Case('ndarray.real', lambda a: a.real, (C,), onnx=_NO_COMPLEX),
    Case('ndarray.real', lambda a: a.real * 3.0, (M,), grad=True),
    Case('ndarray.imag', lambda a: a.imag, (C,), onnx=_NO_COMPLEX),
    Case('ndarray.imag', lambda a: a.imag + a, (M,), grad=True),
    Case('numpy.real', lambda a: np.real(a), (C,), onnx=_NO_COMPLEX),
    Case('numpy.imag', lambda a: np.imag(a), (C,), onnx=_NO_COMPLEX),
    Case('numpy.conj', lambda a: np.conj(a), (C,), onnx=_NO_COMPLEX),
    # questions about values
    Case('numpy.ndim', lambda a: np.ndim(a), (T,), onnx=_PYTHON_VALUE),
    Case('numpy.shape', lambda a: np.shape(a), (T,), onnx=_PYTHON_VALUE),
    Case('numpy.isscalar', lambda a: np.isscalar(a), (M,), onnx=_PYTHON_VALUE),
    Case('numpy.iterable', lambda a: np.iterable(a), (M,), onnx=_PYTHON_VALUE),
    # arrays of arrays (converted code stages them; eagerly a tape refuses the conversion)
    Case('numpy.asarray', _asarray_doubled, (M,), note='eagerly on a taped value: refused'),
    Case('numpy.array', _array_doubled, (M,), note='eagerly on a taped value: refused'),
    Case('numpy.array', _array_of_two, (V, V + 1.0), note='eagerly on a taped value: refused'),
    Case('numpy.asarray', _asarray_of_three, (M, M * 2.0), note='eagerly on a taped value: refused'),
]
