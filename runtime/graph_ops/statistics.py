"""Ops numpy computes in C that no composite of other ops reproduces bit for bit: correlate
(np.convolve stages it too), interp, bincount, histogram."""
import numpy as np

from ..ir.core import AbstractValue, Hole
from ..ir.lowerings import NUMBA, ONNX
from ..ir.registry import defop, defvjp, defvjp_all
from ..ir.shapes import probe_dtype
from .gradient_helpers import scatter_add


def _length(aval, name):
    if aval.shape is not None and len(aval.shape) != 1:
        raise ValueError(f'numpy.correlate: {name} must be 1-d')
    n = None if aval.shape is None else aval.shape[0]
    if n == 0:
        raise ValueError(f'{name} cannot be empty')
    return n


def correlated_length(na, nv, mode):
    """The length of np.correlate(a, v, mode) for inputs of lengths `na`, `nv` (None: unknown)."""
    if na is None or nv is None:
        return None
    if mode in ('full', 2):
        return na + nv - 1
    if mode in ('same', 1):
        return max(na, nv)
    if mode in ('valid', 0):
        return max(na, nv) - min(na, nv) + 1
    raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")


@defop('correlate', np.correlate, numpy=(np.correlate,), numpy_inputs=2, fresh=True)
def _correlate_rule(a, v, mode='valid'):
    na, nv = _length(a, 'a'), _length(v, 'v')
    return AbstractValue(probe_dtype(np.correlate, a, v), (correlated_length(na, nv, mode),))


def _full_offset(na, nv, mode):
    """Where np.correlate(a, v, mode) starts in the 'full' correlation (numpy centres 'same'
    differently for even lengths and swapped inputs: asked of numpy itself on probes)."""
    a, v = np.arange(1.0, na + 1) ** 2, np.arange(1.0, nv + 1) ** 3
    full, part = np.correlate(a, v, 'full'), np.correlate(a, v, mode)
    return next(s for s in range(len(full) - len(part) + 1)
                if np.array_equal(full[s:s + len(part)], part))


@defvjp_all('correlate')
def _correlate_vjp(needed, g, out, a, v, mode='valid'):
    """The full correlation is c[k] = sum_j a_pad[k + j] v[j] (a zero-padded by len(v) - 1 on
    each side); each mode is a slice of it: pad g back to the full length, then
    d a_pad = convolve(g, v) and d v = correlate(a_pad, g, 'valid')."""
    if np.iscomplexobj(a) or np.iscomplexobj(v):
        raise NotImplementedError('no gradient for numpy.correlate of complex values')
    na, nv = np.shape(a)[0], np.shape(v)[0]
    if not isinstance(na, int) or not isinstance(nv, int):
        raise NotImplementedError('no gradient for numpy.correlate of lengths unknown while '
                                  'tracing')
    start = _full_offset(na, nv, mode)
    after = na + nv - 1 - start - np.shape(g)[0]
    g = np.concatenate([np.zeros(start, g.dtype), g, np.zeros(after, g.dtype)])
    pad = np.zeros(nv - 1, np.result_type(a.dtype, g.dtype))
    grad_a = np.convolve(g, v)[nv - 1:nv - 1 + na] if needed[0] else None
    grad_v = np.correlate(np.concatenate([pad, a, pad]), g, 'valid') if needed[1] else None
    return [grad_a, grad_v]


@defop('interp', np.interp, numpy=(np.interp,), numpy_inputs=3, fresh=True,
       array_result=False)
def _interp_rule(x, xp, fp, left=None, right=None, period=None):
    if xp.shape is not None and len(xp.shape) != 1 or fp.shape is not None and \
            len(fp.shape) != 1:
        raise ValueError('numpy.interp: xp and fp must be 1-d sequences')
    if xp.shape is not None and fp.shape is not None and None not in (xp.shape[0], fp.shape[0]) \
            and xp.shape[0] != fp.shape[0]:
        raise ValueError('fp and xp are not of the same length.')
    return AbstractValue(probe_dtype(np.interp, x, xp, fp, left=left, right=right,
                                     period=period), x.shape)


@defvjp_all('interp')
def _interp_vjp(needed, g, out, x, xp, fp, left=None, right=None, period=None):
    """Between xp[j] <= x < xp[j+1], out = fp[j] + s (x - xp[j]) with s the slope there; outside,
    `left`/`right` (constants) or fp's end values."""
    n = np.shape(xp)[0]
    if period is not None or not isinstance(n, int) or n < 2 or np.iscomplexobj(fp):
        raise NotImplementedError('no gradient for numpy.interp with period=, complex fp, or '
                                  'fewer than 2 points known while tracing')
    shape = np.shape(x)
    x, g = np.reshape(x, (-1,)), np.reshape(g, (-1,))
    j = np.clip(np.sum((xp <= x[:, None]).astype(np.intp), axis=1) - 1, 0, n - 2)
    x0, x1, f0, f1 = np.take(xp, j), np.take(xp, j + 1), np.take(fp, j), np.take(fp, j + 1)
    step = x1 - x0
    slope, t = (f1 - f0) / step, (x - x0) / step
    below, above = x < np.take(xp, 0), x > np.take(xp, n - 1)
    inside = ~(below | above)
    g_in = np.where(inside, g, 0.0)
    grads = [None, None, None]
    if needed[0]:
        grads[0] = np.reshape(g_in * slope, shape)
    at = (Hole(0),)
    if needed[1]:
        grads[1] = scatter_add(xp, g_in * slope * (t - 1), at, [j]) + \
            scatter_add(xp, -g_in * slope * t, at, [j + 1])
    if needed[2]:
        ends = np.where(below, 0, n - 1)  # fp's end values stand outside (unless left/right)
        free = [side for side, constant in ((below, left), (above, right)) if constant is None]
        outside = np.where(free[0] | free[-1], g, 0.0) if free else np.zeros_like(g)
        grads[2] = scatter_add(fp, g_in * (1 - t), at, [j]) + \
            scatter_add(fp, g_in * t, at, [j + 1]) + scatter_add(fp, outside, at, [ends])
    return grads


def _bincount(x, weights=None, minlength=0):
    return np.bincount(x, weights, minlength)


@defop('bincount', _bincount, fresh=True)
def _bincount_rule(x, weights=None, minlength=0):
    """The length is max(x) + 1 or `minlength`: known when the graph runs."""
    if x.dtype.kind not in 'iub':
        raise TypeError(f"numpy.bincount: cannot cast array data from dtype('{x.dtype}') to "
                        "dtype('int64') according to the rule 'safe'")
    if x.shape is not None and len(x.shape) != 1:
        raise ValueError('numpy.bincount: object too deep for desired array (x must be 1-d)')
    dtype = np.dtype(np.intp) if weights is None else np.dtype(np.float64)
    return AbstractValue(dtype, (None,))


defvjp('bincount', None, lambda g, out, x, weights=None, minlength=0: np.take(g, x))


def _histogram(a, weights=None, edges=None, *, bins=10, range=None, density=None):
    return np.histogram(a, bins if edges is None else edges, range, density, weights)


# Not `fresh`: the edges numpy returns are the `bins` array given, itself.
@defop('histogram', _histogram, multiple_results=True)
def _histogram_rule(a, weights=None, edges=None, *, bins=10, range=None, density=None):
    """The counts (intp; weights' type with weights; float64 with density) and the edges."""
    if edges is not None:
        if edges.shape is not None and len(edges.shape) != 1:
            raise ValueError('`bins` must be 1d, when an array')
        n = None if edges.shape is None or edges.shape[0] is None else edges.shape[0] - 1
    elif isinstance(bins, int) and bins >= 1:
        n = bins
    else:
        raise ValueError(f'numpy.histogram on symbolic tensors: bins must be a positive int or '
                         f'an array of edges, not {bins!r}')
    one = np.zeros(1, a.dtype)  # numpy on stand-ins decides the types
    counts, probe_edges = np.histogram(
        one, 1 if edges is None else np.arange(2, dtype=edges.dtype), range, density,
        None if weights is None else np.ones(1, weights.dtype))
    counts, edge_dtype = counts.dtype, probe_edges.dtype
    return [AbstractValue(counts, (n,)), AbstractValue(edge_dtype, (None if n is None else n + 1,))]


@defvjp_all('histogram')
def _histogram_vjp(needed, g, out, a, weights=None, edges=None, *, bins=10, range=None,
                   density=None):
    """The counts are piecewise constant in `a` (integers without weights); the edges are the
    `bins` array given, or lo + (hi - lo) * i / bins from a's minimum and maximum (a constant
    with `range=`)."""
    counts_g, edges_g = g
    if counts_g is not None and (weights is not None or density):
        raise NotImplementedError('no gradient for the counts of numpy.histogram with weights= '
                                  'or density=')
    grads = [None, None, None]
    if edges_g is None:
        return grads
    if edges is not None:
        grads[2] = edges_g if needed[2] else None
    elif range is None and needed[0]:
        share = np.arange(bins + 1) / bins  # how much of the maximum each edge holds
        lowest, highest = a == np.min(a), a == np.max(a)  # ties share, as np.min's gradient
        grads[0] = np.sum(edges_g * (1 - share)) * lowest / np.sum(lowest) + \
            np.sum(edges_g * share) * highest / np.sum(highest)
    return grads


NUMBA.unlowered("numpy's C kernel (BLAS dot products) sums in an order a loop does not "
                'reproduce bit for bit', 'correlate')
NUMBA.unlowered("numba's np.histogram takes no edges, weights or density, and places values "
                "on the edges by another computation than numpy's", 'histogram')
ONNX.unlowered('not written yet (no ONNX operator computes it directly)', 'correlate', 'interp',
               'bincount', 'histogram')
