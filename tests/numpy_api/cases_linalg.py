"""The numpy API table's cases of linear algebra and FFT: products, numpy.linalg, numpy.fft.

Inputs are chosen where the claims hold: well-conditioned matrices for inv/solve,
symmetric positive-definite ones for cholesky/eigh, distinct singular values for svd.
LAPACK and FFT results are exact (the graph runs numpy's own kernels) but under jit, where
numba's LAPACK bindings (SciPy's build of LAPACK) compute them: those cases are exact=False.
"""
import numpy as np
from numpy_case import Case


def _grid(*shape, offset=0.0):
    """Distinct, irregular values of `shape` (no two equal, none 0)."""
    n = int(np.prod(shape))
    return (np.sin(np.arange(1, n + 1) * 1.7 + offset) * 2 + 0.1).reshape(shape)


A = _grid(3, 3)
B = _grid(3, 3, offset=1.0)
V = _grid(3, offset=2.0)
W = _grid(3, offset=3.0)
T = _grid(2, 3, 4)
RECT = _grid(4, 3)
WELL = np.eye(3) * 4 + _grid(3, 3) * 0.5  # well-conditioned
SPD = WELL @ WELL.T  # symmetric positive-definite, distinct eigenvalues
BATCH_SPD = np.stack([SPD, SPD + np.eye(3)])
SIGNAL = _grid(8)
IMAGE = _grid(4, 6)
C = A + 1j * B
ROTATION = np.array([[0.5, -1.0, 0.25], [1.0, 0.5, 0.0], [0.0, 0.25, 2.0]])  # complex eigenvalues
UNLOWERED = 'no numba lowering (numba compiles no einsum, tensordot or batched matmul)'
VECDOT = 'no numba lowering of the vecdot ufunc (nor of moveaxis) yet'
NORM = 'no numba lowering of numpy.linalg.norm yet'
FFT = 'numba compiles no numpy.fft (pocketfft) function'
COMPLEX_ONNX = 'onnxruntime has no complex kernels'
LAPACK_ONNX = 'no ONNX operator for this LAPACK call in the standard domain'
DET_ONNX = "ONNX's Det has no float64 kernel in onnxruntime"
EINSUM_ONNX = "the ONNX lowering takes explicit subscripts without '...'"
NORM_ONNX = 'the ONNX lowering maps the 2-norm of vectors and the Frobenius norm only'
REAL_EIG = ("numba's eig of a real matrix refuses complex eigenvalues, and of the matrix made "
            "complex orders them otherwise than numpy")

CASES = [
    # products
    Case('numpy.dot', lambda a, b: np.dot(a, b), (A, B), grad=True),
    Case('numpy.dot', lambda a, v: np.dot(a, v), (A, V), grad=True, note='matrix-vector'),
    Case('numpy.vdot', lambda a, b: np.vdot(a, b), (A, B), grad=True),
    Case('numpy.inner', lambda a, b: np.inner(a, b), (A, B), grad=True, jit=UNLOWERED),
    Case('numpy.outer', lambda a, b: np.outer(a, b), (V, W), grad=True),
    Case('numpy.einsum', lambda a, b: np.einsum('ij,jk->ik', a, b), (A, B), grad=True, jit=UNLOWERED),
    Case('numpy.einsum', lambda a, b: np.einsum('ij,jk', a, b), (A, B), note='implicit output', jit=UNLOWERED, onnx=EINSUM_ONNX),
    Case('numpy.einsum', lambda t, v: np.einsum('...j,j->...', t[..., :3], v), (T, V),
         note="'...'", jit=UNLOWERED, onnx=EINSUM_ONNX),
    Case('numpy.einsum', lambda a: np.einsum('ii', a), (A,), note='trace', jit=UNLOWERED, onnx=EINSUM_ONNX),
    Case('numpy.tensordot', lambda t, a: np.tensordot(t, a, 1), (T, RECT), grad=True,
         note='int axes', jit=UNLOWERED),
    Case('numpy.tensordot', lambda t, a: np.tensordot(t, a, axes=([1, 2], [1, 0])), (T, RECT),
         grad=True, note='pair axes', jit=UNLOWERED),
    Case('numpy.kron', lambda a, b: np.kron(a, b), (A, RECT), grad=True),
    Case('numpy.matmul', lambda a, b: np.matmul(a, b), (A, B), grad=True),
    Case('numpy.matmul', lambda a, v: a @ v, (A, V), grad=True, note='matrix-vector', jit=UNLOWERED),
    Case('numpy.matmul', lambda v, a: v @ a, (V, A), grad=True, note='vector-matrix', jit=UNLOWERED),
    Case('numpy.matmul', lambda t, a: t @ a, (T, RECT), grad=True, note='batched', jit=UNLOWERED),
    # numpy.linalg
    Case('numpy.linalg.norm', lambda v: np.linalg.norm(v), (V,), grad=True, jit=NORM),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a, 'fro'), (A,), grad=True, jit=NORM),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a, 1), (A,), note='ord=1', jit=NORM, onnx=NORM_ONNX),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a, np.inf), (A,), note='ord=inf', jit=NORM, onnx=NORM_ONNX),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a, 2), (A,), note='ord=2', jit=NORM, onnx=NORM_ONNX),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a, 'nuc'), (A,),
         note="ord='nuc'", jit=NORM, onnx=NORM_ONNX),
    Case('numpy.linalg.norm', lambda t: np.linalg.norm(t, axis=-1, keepdims=True), (T,),
         grad=True, note='axis, keepdims', jit=NORM),
    Case('numpy.linalg.norm', lambda t: np.linalg.norm(t, 1, axis=(1, 2)), (T,),
         note='matrix axes', jit=NORM, onnx=NORM_ONNX),
    Case('numpy.linalg.inv', lambda a: np.linalg.inv(a), (WELL,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.pinv', lambda a: np.linalg.pinv(a), (RECT,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.solve', lambda a, b: np.linalg.solve(a, b), (WELL, V), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.solve', lambda a, b: np.linalg.solve(a, b), (WELL, B), grad=True, note='matrix right-hand side', onnx=LAPACK_ONNX),
    Case('numpy.linalg.lstsq', lambda a, b: np.linalg.lstsq(a, b)[0], (RECT, _grid(4)),
         grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.det', lambda a: np.linalg.det(a), (WELL,), grad=True, onnx=DET_ONNX),
    Case('numpy.linalg.slogdet', lambda a: np.linalg.slogdet(a), (A,), onnx=LAPACK_ONNX),
    Case('numpy.linalg.slogdet', lambda a: np.linalg.slogdet(a)[1], (WELL,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.eig', lambda a: np.linalg.eig(a), (ROTATION,), jit=REAL_EIG,
         note='results always complex', onnx=COMPLEX_ONNX),
    Case('numpy.linalg.eig', lambda c: np.linalg.eig(c), (C,), note='complex', onnx=COMPLEX_ONNX),
    Case('numpy.linalg.eigvals', lambda a: np.linalg.eigvals(a), (ROTATION,), jit=REAL_EIG,
         note='results always complex', onnx=COMPLEX_ONNX),
    Case('numpy.linalg.eigvals', lambda c: np.linalg.eigvals(c), (C,),
         note='complex', onnx=COMPLEX_ONNX),
    Case('numpy.linalg.eigh', lambda a: np.linalg.eigh(a), (SPD,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.eigvalsh', lambda a: np.linalg.eigvalsh(a), (SPD,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.svd', lambda a: np.linalg.svd(a, full_matrices=False), (RECT,),
         grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.svd', lambda a: np.linalg.svd(a, compute_uv=False), (RECT,), grad=True, note='compute_uv=False', onnx=LAPACK_ONNX),
    Case('numpy.linalg.qr', lambda a: np.linalg.qr(a), (RECT,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.cholesky', lambda a: np.linalg.cholesky(a), (SPD,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.cholesky', lambda a: np.linalg.cholesky(a), (BATCH_SPD,), grad=True, note='batched', onnx=LAPACK_ONNX),
    Case('numpy.linalg.matrix_power', lambda a: np.linalg.matrix_power(a, 5), (A,), grad=True),
    Case('numpy.linalg.matrix_power', lambda a: np.linalg.matrix_power(a, -2), (WELL,),
         grad=True, note='negative power', onnx=LAPACK_ONNX),
    Case('numpy.linalg.matrix_rank', lambda a: np.linalg.matrix_rank(a), (RECT,), onnx=LAPACK_ONNX),
    Case('numpy.linalg.multi_dot', lambda a, b, r: np.linalg.multi_dot([r, a, b, V]),
         (A, B, RECT), grad=True),
    # numpy.linalg's array-API names
    Case('numpy.linalg.matmul', lambda t, a: np.linalg.matmul(t, a), (T, RECT), grad=True,
         jit=UNLOWERED),
    Case('numpy.linalg.outer', lambda v, w: np.linalg.outer(v, w), (V, W), grad=True),
    Case('numpy.linalg.tensordot', lambda t, a: np.linalg.tensordot(t, a, axes=1), (T, RECT),
         grad=True, jit=UNLOWERED),
    Case('numpy.linalg.vecdot', lambda a, b: np.linalg.vecdot(a, b), (A, B), grad=True,
         jit=VECDOT),
    Case('numpy.linalg.vecdot', lambda a, b: np.linalg.vecdot(a, b, axis=0), (A, B), grad=True,
         jit=VECDOT, note='axis'),
    Case('numpy.linalg.matrix_transpose', lambda t: np.linalg.matrix_transpose(t), (T,),
         grad=True),
    Case('numpy.linalg.svdvals', lambda r: np.linalg.svdvals(r), (RECT,), grad=True,
         onnx=LAPACK_ONNX),
    Case('numpy.linalg.matrix_norm', lambda t: np.linalg.matrix_norm(t), (T,), grad=True,
         jit=NORM),
    Case('numpy.linalg.matrix_norm', lambda t: np.linalg.matrix_norm(t, ord=1, keepdims=True),
         (T,), jit=NORM, onnx=NORM_ONNX, note='ord, keepdims'),
    Case('numpy.linalg.vector_norm', lambda t: np.linalg.vector_norm(t), (T,), grad=True,
         jit=NORM),
    Case('numpy.linalg.vector_norm',
         lambda t: np.linalg.vector_norm(t, axis=(0, 2), keepdims=True, ord=1), (T,), jit=NORM,
         onnx=NORM_ONNX, note='axes, keepdims, ord'),
    Case('numpy.linalg.tensorinv', lambda a: np.linalg.tensorinv(a, ind=1), (WELL,), grad=True, onnx=LAPACK_ONNX),
    Case('numpy.linalg.tensorsolve', lambda a, b: np.linalg.tensorsolve(a, b),
         (np.reshape(np.eye(6) * 3 + _grid(6, 6) * 0.2, (2, 3, 6)), _grid(2, 3)), grad=True, onnx=LAPACK_ONNX),
    # numpy.fft: numpy's pocketfft in graphs; no gradients yet (complex values, which gradient
    # tapes do not follow: refused, not None)
    Case('numpy.fft.fft', lambda x: np.fft.fft(x), (SIGNAL,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.fft', lambda x: np.fft.fft(x, n=6, norm='ortho'), (IMAGE,), jit=FFT,
         onnx=COMPLEX_ONNX, note='n, norm, last axis'),
    Case('numpy.fft.ifft', lambda c: np.fft.ifft(c, axis=0), (C,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.rfft', lambda x: np.fft.rfft(x), (SIGNAL,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.irfft', lambda c: np.fft.irfft(c), (C,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.irfft', lambda c: np.fft.irfft(c, n=7, norm='forward'), (C,), jit=FFT,
         onnx=COMPLEX_ONNX, note='odd n'),
    Case('numpy.fft.fft2', lambda x: np.fft.fft2(x), (IMAGE,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.ifft2', lambda c: np.fft.ifft2(c), (C,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.rfftn', lambda x: np.fft.rfftn(x), (T,), jit=FFT, onnx=COMPLEX_ONNX),
    Case('numpy.fft.rfftn', lambda x: np.fft.rfftn(x, s=(4, 6), axes=(0, 2)), (T,), jit=FFT,
         onnx=COMPLEX_ONNX, note='s, axes'),
    Case('numpy.fft.fftfreq', lambda: np.fft.fftfreq(8, 0.1), ()),
    Case('numpy.fft.rfftfreq', lambda: np.fft.rfftfreq(9), ()),
    Case('numpy.fft.fftshift', lambda x: np.fft.fftshift(x), (IMAGE,), grad=True),
    Case('numpy.fft.fftshift', lambda x: np.fft.fftshift(x, axes=1), (T,), grad=True,
         note='axes'),
    Case('numpy.fft.ifftshift', lambda x: np.fft.ifftshift(x), (T,), grad=True),
]
