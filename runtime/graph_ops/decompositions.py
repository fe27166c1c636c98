"""numpy.linalg's LAPACK calls: solve, slogdet, eig, eigh, svd, qr, cholesky, pinv, lstsq.

Each op runs numpy's own function, so results are numpy's bit for bit (eig's and
svd's arbitrary signs and phases included). Gradients are JAX's rules, written as the
exact derivative of numpy's function: eigh and cholesky read one triangle of their
input, so the cotangent of the symmetric input is folded onto that triangle.
"""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp, defvjp_all, no_gradient
from ..ir.shapes import broadcast_shapes, merge_dims, probe_dtype


def _square(a, what='Last 2 dimensions of the array must be square'):
    if a.shape is not None:
        if len(a.shape) < 2:
            raise np.linalg.LinAlgError(f'{len(a.shape)}-dimensional array given. '
                                        'Array must be at least two-dimensional')
        merge_dims(a.shape[-2], a.shape[-1], what)


def _matrix(a):
    if a.shape is not None and len(a.shape) < 2:
        raise np.linalg.LinAlgError(f'{len(a.shape)}-dimensional array given. '
                                    'Array must be at least two-dimensional')


def _swap(x):
    return np.swapaxes(x, -1, -2)


def _dtypes(func, a, count, **params):
    """The dtypes of numpy's `count` results for an input of a's dtype."""
    probe = np.eye(2, dtype=a.dtype) * 2 + np.array([[0, 1], [1, 0]], a.dtype)
    results = func(probe, **params)
    results = (results,) if count == 1 else tuple(results)
    return [np.asarray(r).dtype for r in results]


# --- solve -----------------------------------------------------------------------------

@defop('solve', np.linalg.solve, numpy=(np.linalg.solve,), numpy_inputs=2, fresh=True)
def _solve_rule(a, b):
    _square(a)
    dtype = probe_dtype(np.linalg.solve, AbstractValue(a.dtype, (1, 1)),
                        AbstractValue(b.dtype, (1,)))
    if a.shape is None or b.shape is None:
        return AbstractValue(dtype, None)
    if len(b.shape) == 1:  # numpy 2: b is a vector only when 1-d
        merge_dims(a.shape[-1], b.shape[0], 'solve: a and b do not match')
        return AbstractValue(dtype, a.shape[:-1])
    merge_dims(a.shape[-1], b.shape[-2], 'solve: a and b do not match')
    batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return AbstractValue(dtype, batch + b.shape[-2:])


@defvjp_all('solve')
def _solve_vjp(needed, g, out, a, b):
    """b's cotangent solves with a transposed; a's is minus its outer product with the result."""
    vector = np.ndim(b) == 1
    gb = np.linalg.solve(_swap(a), g)
    ga = None
    if needed[0]:
        ga = -(gb[..., :, None] * out[..., None, :]) if vector else -(gb @ _swap(out))
    return [ga, gb if needed[1] else None]


# --- determinants ----------------------------------------------------------------------

@defop('slogdet', np.linalg.slogdet, numpy=(np.linalg.slogdet,), numpy_inputs=None, fresh=True,
       multiple_results=True)
def _slogdet_rule(a):
    _square(a)
    sign, logdet = _dtypes(np.linalg.slogdet, a, 2)
    shape = None if a.shape is None else a.shape[:-2]
    return [AbstractValue(sign, shape), AbstractValue(logdet, shape)]


@defvjp_all('slogdet')
def _slogdet_vjp(needed, g, out, a):
    """The sign is piecewise constant; log|det a| has gradient inv(a) transposed."""
    if g[1] is None:
        return [None]
    return [g[1][..., None, None] * _swap(np.linalg.inv(a))]


# --- eigenvalues -----------------------------------------------------------------------

def _complex_of(dtype):
    return np.result_type(dtype, np.complex64)


def _eig(a):
    """numpy's eig, its results always complex (numpy's are real when every eigenvalue is: a
    dtype depending on the values, which a graph cannot have; JAX's are always complex too)."""
    w, v = np.linalg.eig(a)
    kind = _complex_of(w.dtype)
    return w.astype(kind, copy=False), v.astype(kind, copy=False)


def _eigvals(a):
    w = np.linalg.eigvals(a)
    return w.astype(_complex_of(w.dtype), copy=False)


@defop('eig', _eig, numpy=(np.linalg.eig,), numpy_inputs=None, fresh=True, multiple_results=True)
def _eig_rule(a):
    _square(a)
    dtype = _complex_of(_dtypes(np.linalg.eigvals, a, 1)[0])
    return [AbstractValue(dtype, None if a.shape is None else a.shape[:-1]),
            AbstractValue(dtype, a.shape)]


@defop('eigvals', _eigvals, numpy=(np.linalg.eigvals,), fresh=True)
def _eigvals_rule(a):
    _square(a)
    dtype = _complex_of(_dtypes(np.linalg.eigvals, a, 1)[0])
    return AbstractValue(dtype, None if a.shape is None else a.shape[:-1])


no_gradient('eig and eigvals of a general matrix have complex results, and gradient tapes '
            'follow real floating values only: use eigh/eigvalsh for symmetric matrices',
            'eig', 'eigvals')


@defop('eigh', np.linalg.eigh, numpy=(np.linalg.eigh,), numpy_inputs=None, fresh=True, multiple_results=True)
def _eigh_rule(a, UPLO='L'):
    _square(a)
    w, v = _dtypes(np.linalg.eigh, a, 2, UPLO=UPLO)
    return [AbstractValue(w, None if a.shape is None else a.shape[:-1]),
            AbstractValue(v, a.shape)]


@defop('eigvalsh', np.linalg.eigvalsh, numpy=(np.linalg.eigvalsh,), fresh=True)
def _eigvalsh_rule(a, UPLO='L'):
    _square(a)
    return AbstractValue(_dtypes(np.linalg.eigvalsh, a, 1, UPLO=UPLO)[0],
                         None if a.shape is None else a.shape[:-1])


def _lower(x, k=0):
    """np.tril(x, k) (a mask of the static size: tril is no graph op here)."""
    n = np.shape(x)[-1]
    return np.where(np.tril(np.ones((n, n), dtype=bool), k), x, np.zeros_like(x))


def _onto_triangle(ga, lower):
    """The cotangent of a symmetric matrix read from one triangle only: an entry off the
    diagonal stands for itself and its mirror image."""
    both = ga + _swap(ga)
    n = np.shape(ga)[-1]
    eye = np.eye(n, dtype=bool)
    triangle = np.tril(np.ones((n, n), dtype=bool), -1) if lower else \
        np.triu(np.ones((n, n), dtype=bool), 1)
    return np.where(eye, ga, np.where(triangle, both, np.zeros_like(ga)))


def _eigh_cotangent(gw, gv, w, v):
    """JAX's eigh rule: V (diag(gw) + F * (V^T gV)) V^T, F_ij = 1 / (w_j - w_i) off the diagonal
    (eigenvalues assumed distinct)."""
    inner = 0.0
    if gw is not None:
        inner = gw[..., :, None] * np.eye(np.shape(w)[-1], dtype=w.dtype)
    if gv is not None:
        gaps = w[..., None, :] - w[..., :, None]
        eye = np.eye(np.shape(w)[-1], dtype=bool)
        f = np.where(eye, 0.0, 1.0 / np.where(eye, 1.0, gaps))
        inner = inner + f * (_swap(v) @ gv)
    return v @ inner @ _swap(v)


@defvjp_all('eigh')
def _eigh_vjp(needed, g, out, a, UPLO='L'):
    w, v = out
    return [_onto_triangle(_eigh_cotangent(g[0], g[1], w, v), UPLO == 'L')]


@defvjp_all('eigvalsh')
def _eigvalsh_vjp(needed, g, out, a, UPLO='L'):
    w, v = np.linalg.eigh(a, UPLO=UPLO)
    return [_onto_triangle(_eigh_cotangent(g, None, w, v), UPLO == 'L')]


# --- svd -------------------------------------------------------------------------------

def _svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    result = np.linalg.svd(a, full_matrices, compute_uv, hermitian)
    return tuple(result) if compute_uv else (result,)


@defop('svd', _svd, numpy=(np.linalg.svd,), numpy_inputs=None, fresh=True, multiple_results=True)
def _svd_rule(a, full_matrices=True, compute_uv=True, hermitian=False):
    _matrix(a)
    dtypes = _dtypes(np.linalg.svd, a, 3 if compute_uv else 1, compute_uv=compute_uv)
    if a.shape is None:
        return [AbstractValue(d, None) for d in dtypes]
    *batch, m, n = a.shape
    batch = tuple(batch)
    k = None if m is None or n is None else min(m, n)
    s = AbstractValue(dtypes[-1 if compute_uv else 0], batch + (k,))
    if not compute_uv:
        return [s]
    u_cols, v_rows = (m, n) if full_matrices else (k, k)
    return [AbstractValue(dtypes[0], batch + (m, u_cols)), s,
            AbstractValue(dtypes[2], batch + (v_rows, n))]


@defvjp_all('svd')
def _svd_vjp(needed, g, out, a, full_matrices=True, compute_uv=True, hermitian=False):
    """The real SVD's rule (as JAX's and PyTorch's): with E_ij = s_j^2 - s_i^2,
    gA = U [(skew(U^T gU) / E) S + S (skew(V^T gV) / E) + diag(gS)] V^T
         + (I - U U^T) gU S^-1 V^T + U S^-1 gV^T (I - V V^T)  (distinct, nonzero s)."""
    if hermitian:
        raise NotImplementedError('no gradient for numpy.linalg.svd(hermitian=True)')
    if not compute_uv:
        u, s, vh = np.linalg.svd(a, full_matrices=False)
        return [(u * g[0][..., None, :]) @ vh]
    u, s, vh = out
    m, n = np.shape(a)[-2:]
    if full_matrices and m != n and (g[0] is not None or g[2] is not None):
        raise NotImplementedError('no gradient for the singular vectors of numpy.linalg.svd with '
                                  'full_matrices=True on a non-square matrix (they are not '
                                  'unique): use full_matrices=False')
    gu, gs, gvh = g
    v = _swap(vh)
    k = np.shape(s)[-1]
    eye = np.eye(k, dtype=bool)
    inner = 0.0 if gs is None else gs[..., :, None] * np.eye(k, dtype=s.dtype)
    s2 = s * s
    e = np.where(eye, 1.0, s2[..., None, :] - s2[..., :, None])
    if gu is not None:
        ug = _swap(u) @ gu
        inner = inner + ((ug - _swap(ug)) / e) * s[..., None, :]
    if gvh is not None:
        gv = _swap(gvh)
        vg = vh @ gv
        inner = inner + s[..., :, None] * ((vg - _swap(vg)) / e)
    ga = u @ inner @ vh
    if gu is not None and m > n:
        ga = ga + ((gu - u @ (_swap(u) @ gu)) / s[..., None, :]) @ vh
    if gvh is not None and m < n:
        ga = ga + u @ _swap((gv - v @ (vh @ gv)) / s[..., None, :])
    return [ga]


# --- qr --------------------------------------------------------------------------------

@defop('qr', np.linalg.qr, numpy=(np.linalg.qr,), numpy_inputs=None, fresh=True, multiple_results=True)
def _qr_rule(a, mode='reduced'):
    _matrix(a)
    if mode not in ('reduced', 'complete', 'raw'):
        raise ValueError(f"Unrecognized mode '{mode}'")
    q, r = _dtypes(np.linalg.qr, a, 2, mode=mode)
    if a.shape is None:
        return [AbstractValue(q, None), AbstractValue(r, None)]
    *batch, m, n = a.shape
    batch = tuple(batch)
    if mode == 'raw':
        k = None if m is None or n is None else min(m, n)
        return [AbstractValue(q, batch + (n, m)), AbstractValue(r, batch + (k,))]
    k = m if mode == 'complete' or m is None or n is None else min(m, n)
    return [AbstractValue(q, batch + (m, k)), AbstractValue(r, batch + (k, n))]


def _times_inverse_transpose(x, r):
    """x R^-T for an invertible triangular R."""
    return _swap(np.linalg.solve(r, _swap(x)))


@defvjp_all('qr')
def _qr_vjp(needed, g, out, a, mode='reduced'):
    """TensorFlow's and JAX's rule for m >= n: gA = Q (gR + tril(skew(Q^T gQ) + skew(R gR^T))
    R^-T) + (gQ - Q Q^T gQ) R^-T."""
    m, n = np.shape(a)[-2:]
    if mode == 'raw' or m < n or (mode == 'complete' and m != n):
        raise NotImplementedError(f'no gradient for numpy.linalg.qr(mode={mode!r}) of a '
                                  f'{m}x{n} matrix: only for m >= n, reduced')
    q, r = out
    gq = np.zeros_like(q) if g[0] is None else g[0]
    gr = np.zeros_like(r) if g[1] is None else g[1]
    qgq = _swap(q) @ gq
    rgr = r @ _swap(gr)
    lower = _lower((qgq - _swap(qgq)) + (rgr - _swap(rgr)))
    return [q @ (gr + _times_inverse_transpose(lower, r)) +
            _times_inverse_transpose(gq - q @ qgq, r)]


# --- cholesky --------------------------------------------------------------------------

@defop('cholesky', np.linalg.cholesky, numpy=(np.linalg.cholesky,), fresh=True)
def _cholesky_rule(a, upper=False):
    _square(a)
    return AbstractValue(_dtypes(np.linalg.cholesky, a, 1, upper=upper)[0], a.shape)


def _cholesky_vjp(g, out, a, upper=False):
    """JAX's rule (Murray 2016): with P = Phi(L^T gL), the lower triangle with half the diagonal,
    gA = L^-T P L^-1, symmetrised, then folded onto the triangle numpy reads."""
    low, gl = (_swap(out), _swap(g)) if upper else (out, g)
    p = _lower(_swap(low) @ gl)
    p = p - 0.5 * p * np.eye(np.shape(p)[-1], dtype=p.dtype)
    inv = np.linalg.inv(low)
    s = _swap(inv) @ p @ inv
    return _onto_triangle(0.5 * (s + _swap(s)), not upper)


defvjp('cholesky', _cholesky_vjp)


# --- pseudo-inverse and least squares --------------------------------------------------

def _pinv(a, **params):
    return np.linalg.pinv(a, **params)


@defop('pinv', _pinv, numpy=(np.linalg.pinv,), numpy_inputs=None, fresh=True)
def _pinv_rule(a, **params):
    """params: rcond, hermitian, rtol, as given (numpy tells rtol=None from no rtol)."""
    _matrix(a)
    dtype = _dtypes(np.linalg.pinv, a, 1)[0]
    return AbstractValue(dtype, None if a.shape is None else a.shape[:-2] + a.shape[:-3:-1])


def _pinv_cotangent(gp, a, p):
    """The cotangent of A from that of P = pinv(A) (Golub and Pereyra's derivative, transposed;
    A of constant rank):
    -P^T gP P^T + (I - A P) gP^T P P^T + P^T P gP^T (I - P A)."""
    m, n = np.shape(a)[-2:]
    pt, gpt = _swap(p), _swap(gp)
    return (-(pt @ gp @ pt) + (np.eye(m, dtype=p.dtype) - a @ p) @ gpt @ p @ pt +
            pt @ p @ gpt @ (np.eye(n, dtype=p.dtype) - p @ a))


defvjp('pinv', lambda g, out, a, **params: _pinv_cotangent(g, a, out))


def _lstsq(a, b, rcond=None):
    return tuple(np.linalg.lstsq(a, b, rcond=rcond))


@defop('lstsq', _lstsq, numpy=(np.linalg.lstsq,), numpy_inputs=None, fresh=True,
       multiple_results=True)
def _lstsq_rule(a, b, rcond=None):
    """The residuals have one entry per column of b when a has full column rank and more rows
    than columns, else none: a length the values decide (unknown)."""
    if a.shape is not None and len(a.shape) != 2:
        raise np.linalg.LinAlgError(f'{len(a.shape)}-dimensional array given. '
                                    'Array must be two-dimensional')
    x, residuals, rank, s = (np.asarray(r).dtype for r in np.linalg.lstsq(
        np.eye(2, dtype=a.dtype), np.ones(2, dtype=b.dtype), rcond=rcond))
    if a.shape is None or b.shape is None:
        return [AbstractValue(x, None), AbstractValue(residuals, None),
                AbstractValue(rank, ()), AbstractValue(s, None)]
    m, n = a.shape
    merge_dims(m, b.shape[0], 'Incompatible dimensions')
    k = None if m is None or n is None else min(m, n)
    columns = b.shape[1:]
    return [AbstractValue(x, (n,) + columns), AbstractValue(residuals, (None,)),
            AbstractValue(rank, ()), AbstractValue(s, (k,))]


@defvjp_all('lstsq')
def _lstsq_vjp(needed, g, out, a, b, rcond=None):
    """x = pinv(a) b: b's cotangent is pinv(a)^T gx, a's pinv's for gP = gx b^T (a of constant
    rank; the residuals, rank and singular values have no gradient here)."""
    if any(x is not None for x in g[1:]):
        raise NotImplementedError('no gradient for the residuals or singular values of '
                                  'numpy.linalg.lstsq: only for its solution')
    gx = g[0]
    p = np.linalg.pinv(a) if rcond is None else np.linalg.pinv(a, rcond=rcond)
    vector = np.ndim(b) == 1
    gb = _swap(p) @ gx
    ga = None
    if needed[0]:
        gp = gx[:, None] * b[None, :] if vector else gx @ _swap(b)
        ga = _pinv_cotangent(gp, a, p)
    return [ga, gb if needed[1] else None]
