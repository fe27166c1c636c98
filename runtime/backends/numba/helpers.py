"""numba functions the generated code calls (`ctx.helper(name)` imports them by name)."""
import numpy as np
from numba import njit
from numba.core import types
from numba.extending import overload


@njit(cache=True)
def matmul2d(a, b):
    """`a @ b` for 2-d integer arrays of one dtype, as a plain loop (numba's BLAS takes
    floats only, and a BLAS call is faster than this loop even for 10x10 floats)."""
    n, k = a.shape
    m = b.shape[1]
    if k != b.shape[0]:
        raise ValueError('matmul: mismatch in its core dimension')
    out = np.zeros((n, m), a.dtype)
    for i in range(n):
        for p in range(k):
            x = a[i, p]
            for j in range(m):
                out[i, j] += x * b[p, j]
    return out


def blas_ready(a):
    """`a` itself if C- or F-contiguous (BLAS takes both), else a C-contiguous copy."""
    return np.ascontiguousarray(a)


@overload(blas_ready)
def _blas_ready(a):
    if a.layout in 'CF':
        return lambda a: a  # a transposed array is F-contiguous: BLAS reads it as it is
    return lambda a: np.ascontiguousarray(a)


@njit(cache=True)
def matmul_blas(a, b):
    """`a @ b` for 2-d float arrays through BLAS (numba's np.dot, SciPy's BLAS)."""
    return np.dot(blas_ready(a), blas_ready(b))


@njit(cache=True)
def index_array(indices, size):
    """Integer `indices` into an axis of `size`, negatives wrapped; IndexError if out of
    bounds (numba itself does not check: it would read or write outside the array)."""
    out = np.empty(indices.shape, np.intp)
    flat, into = indices.ravel(), out.reshape(out.size)
    for k in range(flat.size):
        i = flat[k]
        if i < 0:
            i += size
        if i < 0 or i >= size:
            raise IndexError('index out of bounds for an axis of the indexed array')
        into[k] = i
    return out


@njit(cache=True)
def max_rows(rows):
    """Each row's maximum, NaN if the row holds one (as numpy's max)."""
    if rows.shape[1] == 0:
        raise ValueError('zero-size array to reduction operation maximum which has no identity')
    out = np.empty(rows.shape[0], rows.dtype)
    for r in range(rows.shape[0]):
        best = rows[r, 0]
        for c in range(1, rows.shape[1]):
            value = rows[r, c]
            if value > best or value != value:
                best = value
                if value != value:
                    break
        out[r] = best
    return out


@njit(cache=True)
def min_rows(rows):
    """Each row's minimum, NaN if the row holds one (as numpy's min)."""
    if rows.shape[1] == 0:
        raise ValueError('zero-size array to reduction operation minimum which has no identity')
    out = np.empty(rows.shape[0], rows.dtype)
    for r in range(rows.shape[0]):
        best = rows[r, 0]
        for c in range(1, rows.shape[1]):
            value = rows[r, c]
            if value < best or value != value:
                best = value
                if value != value:
                    break
        out[r] = best
    return out


@njit(cache=True)
def prod_rows(rows):
    """Each row's product."""
    out = np.ones(rows.shape[0], rows.dtype)
    for r in range(rows.shape[0]):
        for c in range(rows.shape[1]):
            out[r] *= rows[r, c]
    return out


def floor_divide_float(a, b):
    """numpy's `floor_divide` of two floats of one dtype (numba's is `floor(a / b)`, which
    differs where `a / b` rounds up to an integer: numpy gives 9.0 for 1.0 // 0.1, numba 10.0)."""


@overload(floor_divide_float)
def _floor_divide_float(a, b):
    real = np.float32 if a == types.float32 else np.float64

    def floor_divide(a, b):  # numpy's npy_divmod, in the operands' dtype
        if b == 0:  # a / b, without numba's ZeroDivisionError
            if a != a:
                return a
            if a == 0:
                return a * real(np.inf)  # the processor's NaN, as 0 / 0 gives
            return real(np.inf) if (a < 0) == (np.copysign(real(1), b) < 0) else real(-np.inf)
        mod = np.fmod(a, b)
        div = (a - mod) / b
        if mod != 0 and (b < 0) != (mod < 0):
            div -= real(1)
        if div == 0:
            return np.copysign(real(0), a / b)
        floor = np.floor(div)
        if div - floor > real(0.5):
            floor += real(1)
        return floor
    return floor_divide


@njit(cache=True)
def floor_divide_arrays(a, b):
    """`floor_divide_float` over broadcast arrays (or an array and a scalar) of one float dtype."""
    x, y = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    out = np.empty(x.shape, x.dtype)
    for i in np.ndindex(x.shape):
        out[i] = floor_divide_float(x[i], y[i])
    return out
