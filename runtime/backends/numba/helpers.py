"""numba functions the generated code calls (`ctx.helper(name)` imports them by name)."""
import numpy as np
from numba import njit



@njit(cache=True)
def matmul2d(a, b):
    """`a @ b` for 2-d arrays of one dtype, as a plain loop (numba's BLAS takes floats only;
    for the small matrices graphs loop over, the loop is faster than a BLAS call)."""
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
