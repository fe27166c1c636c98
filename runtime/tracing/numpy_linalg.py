"""numpy.linalg and numpy.fft on symbolic tensors: the ops' handlers, and the functions numpy
writes in other functions (vdot, kron, matrix_power, matrix_rank, multi_dot, fftshift), written
here in the same operations in numpy's order, so their results are numpy's bit for bit."""
import numpy as np
from numpy.linalg import _linalg as numpy_linalg  # its result types (EigResult, ...)

from . import builders
from .numpy_handlers import _params, _reject_out, _static, handles, not_supported


@handles(np.linalg.svd)
def _svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    results = builders.bind('svd', a, **_static('numpy.linalg.svd', {
        'full_matrices': bool(full_matrices), 'compute_uv': bool(compute_uv),
        'hermitian': bool(hermitian)}))
    return numpy_linalg.SVDResult(*results) if compute_uv else results[0]


@handles(np.linalg.qr)
def _qr(a, mode='reduced'):
    if mode == 'r':  # numpy's R alone is the R of mode 'reduced' (the same geqrf, its triangle)
        return builders.bind('qr', a, mode='reduced')[1]
    results = builders.bind('qr', a, mode=mode)
    return tuple(results) if mode == 'raw' else numpy_linalg.QRResult(*results)


@handles(np.linalg.pinv)
def _pinv(a, rcond=None, hermitian=False, *, rtol=np._NoValue):
    params = {'hermitian': bool(hermitian)}
    if rcond is not None:
        params['rcond'] = rcond
    if rtol is not np._NoValue:
        params['rtol'] = rtol
    return builders.bind('pinv', a, **_static('numpy.linalg.pinv', params))


@handles(np.linalg.lstsq)
def _lstsq(a, b, rcond=None):
    return tuple(builders.bind('lstsq', a, b, **_static('numpy.linalg.lstsq', {'rcond': rcond})))


@handles(np.linalg.slogdet)
def _slogdet(a):
    return numpy_linalg.SlogdetResult(*builders.bind('slogdet', a))


@handles(np.linalg.eig)
def _eig(a):
    return numpy_linalg.EigResult(*builders.bind('eig', a))


@handles(np.linalg.eigh)
def _eigh(a, UPLO='L'):
    if UPLO not in ('L', 'U'):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return numpy_linalg.EighResult(*builders.bind('eigh', a, **({} if UPLO == 'L' else
                                                                   {'UPLO': UPLO})))


@handles(np.vdot)
def _vdot(a, b, /):
    """np.vdot: the dot product of the flattened arrays, the first conjugated (floats: BLAS's
    dot of the two, as np.dot of 1-d arrays calls it)."""
    a = np.ravel(a)
    if np.dtype(a.dtype).kind == 'c':
        a = np.conjugate(a)
    return np.dot(a, np.ravel(b))


@handles(np.kron)
def _kron(a, b):
    """numpy's kron: each operand given axes of length 1 between its own, multiplied, and the
    product reshaped to the shapes' products."""
    nda, ndb = np.ndim(a), np.ndim(b)
    if nda == 0 or ndb == 0:
        return np.multiply(a, b)
    a_shape = (1,) * max(0, ndb - nda) + tuple(np.shape(a))
    b_shape = (1,) * max(0, nda - ndb) + tuple(np.shape(b))
    spread_a = np.reshape(a, tuple(d for n in a_shape for d in (n, 1)))
    spread_b = np.reshape(b, tuple(d for n in b_shape for d in (1, n)))
    return np.reshape(np.multiply(spread_a, spread_b),
                      tuple(x * y for x, y in zip(a_shape, b_shape)))


@handles(np.linalg.matrix_power)
def _matrix_power(a, n):
    """numpy's matrix_power: matmuls over n's bits, lowest first (of inv(a) for n < 0)."""
    if not isinstance(n, (int, np.integer)):
        raise TypeError('exponent must be an integer')
    if np.ndim(a) < 2:
        raise np.linalg.LinAlgError(f'{np.ndim(a)}-dimensional array given. '
                                    'Array must be at least two-dimensional')
    rows, columns = np.shape(a)[-2:]
    if isinstance(rows, int) and isinstance(columns, int) and rows != columns:
        raise np.linalg.LinAlgError('Last 2 dimensions of the array must be square')
    if n == 0:
        return np.zeros_like(a) + np.eye(np.shape(a)[-2], dtype=a.dtype)
    if n < 0:
        a = np.linalg.inv(a)
        n = abs(n)
    if n == 1:
        return a
    if n == 2:
        return np.matmul(a, a)
    if n == 3:
        return np.matmul(np.matmul(a, a), a)
    z = result = None
    while n > 0:
        z = a if z is None else np.matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else np.matmul(result, z)
    return result


@handles(np.linalg.matrix_rank)
def _matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """numpy's matrix_rank: the singular values above a tolerance relative to the largest."""
    if np.ndim(A) < 2:
        return np.any(A != 0) * 1
    s = np.linalg.svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            m, n = np.shape(A)[-2:]
            larger = max(m, n) if isinstance(m, int) and isinstance(n, int) else np.maximum(m, n)
            rtol = larger * np.finfo(s.dtype).eps
        else:
            rtol = np.asarray(rtol)[..., np.newaxis]
        tol = np.max(s, axis=-1, keepdims=True) * rtol
    else:
        tol = np.asarray(tol)[..., np.newaxis]
    return np.sum(s > tol, axis=-1)


def _chain_order(shapes):
    """numpy's `_multi_dot_matrix_chain_order`: the cheapest parenthesisation (dynamic
    programming over the matrices' shapes), as its split table."""
    n = len(shapes)
    p = [shapes[0][0]] + [s[1] for s in shapes]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = float('inf')
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if q < cost[i][j]:
                    cost[i][j] = q
                    split[i][j] = k
    return split


def _chain(arrays, split, i, j):
    if i == j:
        return arrays[i]
    return np.dot(_chain(arrays, split, i, split[i][j]),
                  _chain(arrays, split, split[i][j] + 1, j))


@handles(np.linalg.multi_dot)
def _multi_dot(arrays, *, out=None):
    """numpy's multi_dot: vectors at the ends made matrices, the product in the cheapest order
    (numpy's rule for three, its dynamic programming for more), the vectors' axes removed."""
    _reject_out(out)
    arrays = list(arrays)
    n = len(arrays)
    if n < 2:
        raise ValueError('Expecting at least two arrays.')
    if n == 2:
        return np.dot(arrays[0], arrays[1])
    first_vector, last_vector = np.ndim(arrays[0]) == 1, np.ndim(arrays[-1]) == 1
    if first_vector:
        arrays[0] = np.reshape(arrays[0], (1, -1))
    if last_vector:
        arrays[-1] = np.reshape(arrays[-1], (-1, 1))
    shapes = [tuple(np.shape(x)) for x in arrays]
    if any(len(s) != 2 or None in s for s in shapes):
        raise not_supported('numpy.linalg.multi_dot of arrays other than 2-d of known shape')
    if n == 3:
        (a0, a1), (_, b1), (_, c1) = shapes
        cost1 = a0 * b1 * (a1 + c1)
        cost2 = a1 * c1 * (a0 + b1)
        a, b, c = arrays
        result = np.dot(np.dot(a, b), c) if cost1 < cost2 else np.dot(a, np.dot(b, c))
    else:
        result = _chain(arrays, _chain_order(shapes), 0, n - 1)
    if first_vector and last_vector:
        return result[0, 0]
    if first_vector or last_vector:
        return np.ravel(result)
    return result


def _shift(x, axes, forward):
    """fftshift (forward) or ifftshift: np.roll by half of each axis, as numpy computes it
    (moving values only: the two slices joined; the length may be a size tensor)."""
    ndim = np.ndim(x)
    axes = range(ndim) if axes is None else [axes] if isinstance(axes, int) else axes
    for axis in axes:
        axis = axis % ndim
        length = np.shape(x)[axis]
        start = (length + 1) // 2 if forward else length // 2  # where the rolled axis starts
        head = (slice(None),) * axis + (slice(start, None),)
        tail = (slice(None),) * axis + (slice(None, start),)
        x = np.concatenate([x[head], x[tail]], axis=axis)
    return x


@handles(np.fft.fftshift)
def _fftshift(x, axes=None):
    return _shift(x, axes, True)


@handles(np.fft.ifftshift)
def _ifftshift(x, axes=None):
    return _shift(x, axes, False)


for _two, _n in ((np.fft.fft2, 'fftn'), (np.fft.ifft2, 'ifftn'), (np.fft.rfft2, 'rfftn'),
                 (np.fft.irfft2, 'irfftn')):
    def _over_two_axes(a, s=None, axes=(-2, -1), norm=None, out=None, _n=_n, _two=_two):
        """numpy's 2-d transforms are its n-d ones over the last two axes."""
        params = _params(_two, {'out': out, 's': s, 'axes': axes, 'norm': norm})
        return builders.bind(_n, a, **{k: v for k, v in params.items() if v is not None})
    handles(_two)(_over_two_axes)


# numpy.linalg's array-API names: numpy writes them in its other functions, as here
@handles(np.linalg.matmul)
def _linalg_matmul(x1, x2, /):
    return np.matmul(x1, x2)


@handles(np.linalg.outer)
def _linalg_outer(x1, x2, /):
    if np.ndim(x1) != 1 or np.ndim(x2) != 1:
        raise ValueError('Input arrays must be one-dimensional, but they are '
                         f'x1.ndim={np.ndim(x1)} and x2.ndim={np.ndim(x2)}.')
    return np.outer(x1, x2)


@handles(np.linalg.tensordot)
def _linalg_tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes=axes)


@handles(np.linalg.vecdot)
def _linalg_vecdot(x1, x2, /, *, axis=-1):
    """The vecdot ufunc over `axis`: the same products summed in the same order once that axis
    is moved last."""
    if axis not in (-1, max(np.ndim(x1), np.ndim(x2)) - 1):
        x1, x2 = np.moveaxis(x1, axis, -1), np.moveaxis(x2, axis, -1)
    return np.vecdot(x1, x2)


@handles(np.linalg.matrix_transpose)
def _linalg_matrix_transpose(x, /):
    if np.ndim(x) < 2:
        raise ValueError('Input array must be at least 2-dimensional')
    return np.swapaxes(x, -1, -2)


@handles(np.linalg.svdvals)
def _svdvals(x, /):
    return np.linalg.svd(x, compute_uv=False, hermitian=False)


@handles(np.linalg.matrix_norm)
def _matrix_norm(x, /, *, keepdims=False, ord='fro'):
    return np.linalg.norm(x, axis=(-2, -1), keepdims=keepdims, ord=ord)


@handles(np.linalg.vector_norm)
def _vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """numpy's vector_norm: the norm over one axis of x raveled, or of the given axes moved
    first and merged into one."""
    shape = list(np.shape(x))
    ndim = len(shape)
    if axis is None:
        x, single = np.ravel(x), 0
    elif isinstance(axis, tuple):
        axes = [a % ndim for a in axis]
        rest = [i for i in range(ndim) if i not in axes]
        x = np.reshape(np.transpose(x, axes + rest), (-1, *[shape[i] for i in rest]))
        single = 0
    else:
        single = axis
    result = np.linalg.norm(x, axis=single, ord=ord)
    if keepdims:
        kept = range(ndim) if axis is None else axis if isinstance(axis, tuple) else (axis,)
        for i in kept:
            shape[i % ndim] = 1
        result = np.reshape(result, tuple(shape))
    return result


@handles(np.linalg.tensorinv)
def _tensorinv(a, ind=2):
    """numpy's tensorinv: the inverse of a reshaped to a matrix, reshaped back."""
    if ind <= 0:
        raise ValueError('Invalid ind argument.')
    shape = tuple(np.shape(a))
    rows = 1
    for k in shape[ind:]:
        rows *= k
    return np.reshape(np.linalg.inv(np.reshape(a, (rows, -1))), shape[ind:] + shape[:ind])


@handles(np.linalg.tensorsolve)
def _tensorsolve(a, b, axes=None):
    """numpy's tensorsolve: a (its `axes` moved last) solved as a matrix against b raveled."""
    ndim = np.ndim(a)
    if axes is not None:
        order = list(range(ndim))
        for k in axes:
            order.remove(k)
            order.insert(ndim, k)
        a = np.transpose(a, order)
    result_shape = tuple(np.shape(a))[-(ndim - np.ndim(b)):]
    size = 1
    for k in result_shape:
        size *= k
    if isinstance(size, int) and all(isinstance(d, int) for d in np.shape(a)) and \
            np.size(a) != size ** 2:
        raise np.linalg.LinAlgError(
            'Input arrays must satisfy the requirement '
            'prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])')
    solved = np.linalg.solve(np.reshape(a, (size, size)), np.ravel(b))
    return np.reshape(solved, result_shape)
