"""Helpers of the per-op gradient rules: static shapes, sums back to a shape, rules applied.

Rules compute with numpy functions, so one rule runs eagerly on numpy arrays,
on arrays a gradient tape follows (which records the rule's own ops: higher
order) and on symbolic tensors (which stage them into the graph being traced).
"""
import numpy as np

from ..errors import AgError
from ..ir.core import Hole
from ..ir.registry import GRADIENTS, NO_GRADIENT, get
from .binding import apply_op


def static_shape(x):
    """The shape known now: a tensor's static shape (None for unknown dims), else numpy's."""
    aval = getattr(x, 'aval', None)
    return np.shape(x) if aval is None else aval.shape


def sum_to(g, shape):
    """`g` summed over the axes broadcasting added to `shape` (an unknown dim: not broadcast)."""
    g_shape = static_shape(g)
    if g_shape == shape or shape is None or g_shape is None:
        return g
    lead = len(g_shape) - len(shape)
    if lead:
        g = _sum(g, tuple(range(lead)), False)
    ones = tuple(i for i, d in enumerate(shape) if d == 1 and g_shape[lead + i] != 1)
    return _sum(g, ones, True) if ones else g


def _sum(g, axis, keepdims):
    """`np.sum`; for a plain array straight to the ufunc reduction `np.sum` makes (eager
    gradients sum every broadcast bias this way: numpy's wrapper costs microseconds)."""
    if g.__class__ is np.ndarray:
        return np.add.reduce(g, axis=axis, keepdims=keepdims)
    return np.sum(g, axis=axis, keepdims=keepdims)


def reduced_axes(ndim, axis):
    """The axes a reduction over `axis` (None: all) removes, normalised and sorted."""
    if axis is None:
        return tuple(range(ndim))
    axes = axis if isinstance(axis, tuple) else (axis,)
    return tuple(sorted(a % ndim for a in axes))


def unreduce(g, x, axis, keepdims):
    """The cotangent of a reduction's output `g`, broadcast back over input `x`'s shape."""
    shape = static_shape(x)
    if shape is None and axis is None:  # a rank unknown while tracing: g is one value
        return g * np.ones_like(x)
    if not keepdims:
        axes = reduced_axes(len(shape), axis)
        if g.__class__ is np.ndarray:  # eagerly: np.expand_dims's view, without its wrapper
            dims = iter(g.shape)
            g = g.reshape([1 if i in axes else next(dims) for i in range(g.ndim + len(axes))])
        else:
            g = np.expand_dims(g, axes)
    if None in shape:
        return g * np.ones_like(x)
    return np.broadcast_to(g, shape)


def count(x, out):
    """How many elements of `x` each element of `out` (a reduction of it) summarises."""
    n, m = np.size(x), np.size(out)
    if isinstance(n, int) and isinstance(m, int):
        return n // m if m else 1
    return n // np.maximum(m, 1)  # sizes known when the graph runs


def scatter_add(x, g, template, dynamic):
    """Zeros shaped as `x` with `g` added at the index `template` (holes filled by `dynamic`,
    as the getitem op takes it); repeated elements add up, as with np.add.at."""
    zeros = np.zeros_like(x)
    arrays = [dynamic[i.index] for i in template if isinstance(i, Hole)]
    if not any(static_shape(a) != () for a in arrays) and bool not in map(type, template):
        return apply_op('set_item', zeros, g, *dynamic, index=template)  # no repeated elements
    return apply_op('ufunc_at', zeros, g, *dynamic, ufunc=np.add, index=template, has_b=True)


def vjp_of_call(primitive, needed, g, out, inputs, params):
    """The cotangents of `primitive(*inputs, **params)` (an op composed by another op's rule)."""
    results = GRADIENTS[primitive](needed, g, out, inputs, params)
    return [None if ct is None else fit(ct, x) for ct, x in zip(results, inputs)]


def fit(ct, x):
    """`ct` summed over the axes broadcasting gave it and cast to `x`'s dtype."""
    if ct.__class__ is np.ndarray and x.__class__ is np.ndarray and ct.shape == x.shape and \
            ct.dtype == x.dtype:  # eagerly, most often: already fits
        return ct
    ct = sum_to(ct, static_shape(x))
    dtype = getattr(x, 'dtype', None)
    if dtype is not None and getattr(ct, 'dtype', dtype) != dtype:
        ct = ct.astype(dtype)
    return ct


class NoGradientError(AgError, LookupError):
    """An op on the path from the sources to the target has no gradient rule (an AgError, and a
    LookupError as before)."""


def vjp_of(eq, needed, gs, outs, inputs):
    """The rule of `eq`'s op applied: one cotangent (or None) per input."""
    rule = GRADIENTS.get(eq.primitive)
    if rule is None:
        why = NO_GRADIENT.get(eq.primitive, 'it has no gradient rule')
        where = f' at {eq.source}' if eq.source else ''
        raise NoGradientError(f'no gradient for {eq.primitive!r}{where}: {why}')
    if get(eq.primitive).multiple_results:
        return rule(needed, gs, outs, inputs, eq.params)
    return rule(needed, gs[0], outs[0], inputs, eq.params)
