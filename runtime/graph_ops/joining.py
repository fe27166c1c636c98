"""Joining and splitting: np.concatenate, stack, hstack, vstack (of arrays, or of the rows of one
stacked array: `*_rows`, for graph lists), split."""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp, defvjp_all
from ..ir.shapes import add_dims, merge_dims, normalize_axis, probe_dtype, size
from .gradient_helpers import static_shape


def _packed(fn):
    """`fn(arrays, **params)` as a function of the arrays themselves (for `probe_dtype`)."""
    return lambda *arrays, **params: fn(arrays, **params)


def _concatenated_shape(shapes, axis):
    if axis is None:
        total = 0
        for shape in shapes:
            total = add_dims(total, size(shape))
        return (total,)
    if any(s is None for s in shapes):
        return None
    axis = normalize_axis(axis, len(shapes[0]))
    result = list(shapes[0])
    for shape in shapes[1:]:
        for i, dim in enumerate(shape):
            if i == axis:
                result[i] = add_dims(result[i], dim)
            else:
                result[i] = merge_dims(result[i], dim, 'all the input array dimensions except for '
                                       f'the concatenation axis must match exactly, but along '
                                       f'dimension {i} they differ')
    return tuple(result)


@defop('concatenate', np.concatenate, packed=True, numpy=(np.concatenate,), numpy_inputs=None,
       fresh=True, layout='operands')
def _concatenate_rule(*arrays, axis=0, **params):
    dtype = probe_dtype(_packed(np.concatenate), *arrays, axis=axis, **params)
    return AbstractValue(dtype, _concatenated_shape([a.shape for a in arrays], axis))


@defop('stack', np.stack, packed=True, numpy=(np.stack,), numpy_inputs=None, fresh=True,
       layout='operands')
def _stack_rule(*arrays, axis=0, **params):
    dtype = probe_dtype(_packed(np.stack), *arrays, axis=axis, **params)
    known = [a.shape for a in arrays if a.shape is not None]
    if len(known) < len(arrays):
        return AbstractValue(dtype, None)
    shape = known[0]
    for other in known[1:]:
        if len(other) != len(shape):
            raise ValueError('all input arrays must have the same shape')
        shape = tuple(merge_dims(a, b, 'all input arrays must have the same shape')
                      for a, b in zip(shape, other))
    axis = normalize_axis(axis, len(shape) + 1)
    return AbstractValue(dtype, shape[:axis] + (len(arrays),) + shape[axis:])


def _at_least(shape, ndim):
    """The shape np.atleast_1d (ndim 1) or np.atleast_2d (ndim 2) gives."""
    if shape is None or len(shape) >= ndim:
        return shape
    return (1,) * (ndim - len(shape)) + shape


@defop('hstack', np.hstack, packed=True, numpy=(np.hstack,), numpy_inputs=None, fresh=True,
       layout='operands')
def _hstack_rule(*arrays, **params):
    dtype = probe_dtype(_packed(np.hstack), *arrays, **params)
    shapes = [_at_least(a.shape, 1) for a in arrays]
    axis = 0 if all(s is not None and len(s) == 1 for s in shapes) else 1
    return AbstractValue(dtype, _concatenated_shape(shapes, axis))


@defop('vstack', np.vstack, packed=True, numpy=(np.vstack,), numpy_inputs=None, fresh=True,
       layout='operands')
def _vstack_rule(*arrays, **params):
    dtype = probe_dtype(_packed(np.vstack), *arrays, **params)
    return AbstractValue(dtype, _concatenated_shape([_at_least(a.shape, 2) for a in arrays], 0))


@defop('split', np.split, multiple_results=True, numpy=(np.split,), view=True)
def _split_rule(ary, indices_or_sections, axis=0):
    if isinstance(indices_or_sections, int):
        count = indices_or_sections
        if count <= 0:
            raise ValueError('number sections must be larger than 0.')
    else:
        count = len(indices_or_sections) + 1
    if ary.shape is None:
        return [AbstractValue(ary.dtype, None)] * count
    axis = normalize_axis(axis, len(ary.shape))
    n = ary.shape[axis]
    if isinstance(indices_or_sections, int):
        if n is not None and n % count:
            raise ValueError('array split does not result in an equal division')
        lengths = [None if n is None else n // count] * count
    else:
        bounds = [0, *indices_or_sections, n]
        lengths = [None if n is None else len(range(n)[start:stop])
                   for start, stop in zip(bounds, bounds[1:])]
    before, after = ary.shape[:axis], ary.shape[axis + 1:]
    return [AbstractValue(ary.dtype, before + (k,) + after) for k in lengths]


def _rows_rule(packed_rule):
    """The rule of numpy's join applied to the rows of one stacked array (a graph list's buffer).

    A row count unknown while tracing leaves unknown the dims that grow with the
    count: those in which the join of two rows differs from that of one.
    """
    def rule(rows, **params):
        if rows.shape is None:
            return AbstractValue(packed_rule(AbstractValue(rows.dtype, None), **params).dtype, None)
        if not rows.shape:
            raise ValueError(f'joining the rows of a 0-d array ({rows})')
        n, row = rows.shape[0], AbstractValue(rows.dtype, rows.shape[1:])
        if n == 0:
            return packed_rule(**params)  # numpy's error: need at least one array
        one, two = packed_rule(row, **params), packed_rule(row, row, **params)
        if one.shape is None:
            return one
        dims = tuple(a if a == b or a is None else None if n is None else a * n
                     for a, b in zip(one.shape, two.shape))
        return AbstractValue(one.dtype, dims)
    return rule


for _name, _fn, _rule in (('stack_rows', np.stack, _stack_rule),
                          ('concatenate_rows', np.concatenate, _concatenate_rule),
                          ('hstack_rows', np.hstack, _hstack_rule),
                          ('vstack_rows', np.vstack, _vstack_rule)):
    defop(_name, _fn)(_rows_rule(_rule))



def _pieces(g, lengths, axis, shapes):
    """`g` cut along `axis` into pieces of `lengths`, reshaped to `shapes`."""
    pieces, start = [], 0
    for length, shape in zip(lengths, shapes):
        stop = start + length
        pieces.append(np.reshape(g[(slice(None),) * axis + (slice(start, stop),)], shape))
        start = stop
    return pieces


def _length(x, axis):
    return np.shape(x)[axis] if np.ndim(x) > axis else 1


@defvjp_all('concatenate')
def _concatenate_vjp(needed, g, out, *arrays, axis=0, **params):
    shapes = [np.shape(a) for a in arrays]
    if axis is None:
        return _pieces(g, [np.size(a) for a in arrays], 0, shapes)
    axis %= np.ndim(g)
    return _pieces(g, [_length(a, axis) for a in arrays], axis, shapes)


@defvjp_all('hstack')
def _hstack_vjp(needed, g, out, *arrays, **params):
    axis = 0 if np.ndim(g) == 1 else 1
    return _pieces(g, [_length(a, axis) for a in arrays], axis, [np.shape(a) for a in arrays])


@defvjp_all('vstack')
def _vstack_vjp(needed, g, out, *arrays, **params):
    lengths = [_length(a, 0) if np.ndim(a) > 1 else 1 for a in arrays]
    return _pieces(g, lengths, 0, [np.shape(a) for a in arrays])


@defvjp_all('stack')
def _stack_vjp(needed, g, out, *arrays, axis=0, **params):
    axis %= np.ndim(g)
    return [g[(slice(None),) * axis + (i,)] for i in range(len(arrays))]


defvjp('stack_rows', lambda g, out, rows, axis=0, **params: np.moveaxis(g, axis % np.ndim(g), 0))


@defvjp_all('split')
def _split_vjp(needed, g, out, ary, indices_or_sections, axis=0):
    return [np.concatenate([np.zeros_like(o) if c is None else c for c, o in zip(g, out)], axis)]



def _unjoin(g, rows, axis):
    """The cotangent of `rows` (a graph list's buffer) from that of its rows joined along `axis`
    of a row (None: flattened); the rows' own shape must be known."""
    row = static_shape(rows)[1:]
    if axis is None:
        return np.reshape(g, (-1, *row))
    axis %= len(row)
    return np.moveaxis(np.reshape(g, (*row[:axis], -1, *row[axis:])), axis, 0)


defvjp('concatenate_rows', lambda g, out, rows, axis=0, **params: _unjoin(g, rows, axis))
defvjp('hstack_rows', lambda g, out, rows, **params: _unjoin(
    g, rows, None if np.ndim(rows) == 1 else 0 if np.ndim(rows) == 2 else 1))
defvjp('vstack_rows', lambda g, out, rows, **params: _unjoin(
    g, rows, None if np.ndim(rows) <= 2 else 0))
