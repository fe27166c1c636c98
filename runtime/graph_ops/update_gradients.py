"""Gradient rules of the update ops (`updates.py`): a value written gets the cotangent of the place
it went to; the overwritten part of the target gets none."""
import numpy as np

from ..converted_code.operator_table import AUGMENTED
from ..ir.core import Hole
from ..ir.registry import defvjp, defvjp_all
from .binding import apply_op
from .gradient_helpers import scatter_add, static_shape, vjp_of_call


def _set_item_vjp_target(g, out, x, value, *dynamic, index):
    return apply_op('set_item', g, 0, *dynamic, index=index)


def _set_item_vjp_value(g, out, x, value, *dynamic, index):
    picked = apply_op('getitem', g, *dynamic, index=index)
    if not any(static_shape(d) != () for d in dynamic):  # no index array: no place written twice
        return picked
    return np.where(_last_writes(x, picked, lambda base, order: apply_op(
        'set_item', base, order, *dynamic, index=index), lambda written: apply_op(
        'getitem', written, *dynamic, index=index)), picked, np.zeros_like(picked))


def _last_writes(x, picked, write, read):
    """True where a written element is the one that stays (numpy: the last write to a place
    written twice): the number of each write, written as a value, and read back."""
    order = np.reshape(np.cumsum(np.ones_like(picked, dtype=np.float64)), np.shape(picked))
    written = write(np.zeros_like(x, dtype=np.float64) - 1, order)
    return read(written) == order


defvjp('set_item', _set_item_vjp_target, _set_item_vjp_value)


@defvjp_all('inplace_op')
def _inplace_op_vjp(needed, g, out, x, value, *, op):
    return vjp_of_call(AUGMENTED[op].ufunc, needed, g, out, (x, value), {})


defvjp('fill', None, lambda g, out, x, value: np.sum(g))
defvjp('copyto', lambda g, out, dst, src, *where, **params: np.where(where[0], 0, g) if where else None,
       lambda g, out, dst, src, *where, **params: np.where(where[0], g, 0) if where else g)
def _put_along_axis_vjp_values(g, out, arr, indices, values, *, axis):
    picked = np.take_along_axis(g, indices, axis)
    shape = static_shape(indices)
    if axis is not None and shape is not None and shape[axis] == 1:
        return picked  # one place per line: none written twice
    return np.where(_last_writes(arr, picked, lambda base, order: apply_op(
        'put_along_axis', base, indices, order, axis=axis), lambda written: np.take_along_axis(
        written, indices, axis)), picked, np.zeros_like(picked))


defvjp('put_along_axis',
       lambda g, out, arr, indices, values, *, axis: apply_op('put_along_axis', g, indices, 0,
                                                               axis=axis),
       None, _put_along_axis_vjp_values)
defvjp('reshape_as', lambda g, out, new, like: np.reshape(g, np.shape(new)))


def _ufunc_at_vjp_target(g, out, a, *rest, ufunc, index, has_b):
    if ufunc not in (np.add, np.subtract):
        raise NotImplementedError(f'no gradient for numpy.{ufunc.__name__}.at')
    return g


def _ufunc_at_vjp_value(g, out, a, b, *dynamic, ufunc, index, has_b):
    picked = apply_op('getitem', g, *dynamic, index=index)
    return picked if ufunc is np.add else -picked


defvjp('ufunc_at', _ufunc_at_vjp_target, _ufunc_at_vjp_value)


def cyclic_sum(contributions, values):
    """The cotangent of `values` that numpy repeated cyclically over `contributions` (1-d: the
    cotangent of each write, in order), as np.put, np.place and np.putmask repeat them."""
    n, m = np.size(contributions), int(np.prod(static_shape(values)))
    if isinstance(n, int) and n == m:
        return np.reshape(contributions, np.shape(values))
    if isinstance(n, int) and n % m == 0:
        return np.reshape(np.sum(np.reshape(contributions, (-1, m)), axis=0), np.shape(values))
    positions = apply_op('arange', 0, n, 1, dtype=np.dtype(np.int64)) % m  # n: maybe a graph value
    summed = scatter_add(np.zeros(m, contributions.dtype), contributions, (Hole(0),), [positions])
    return np.reshape(summed, np.shape(values))


def _flat_positions(a, ind, mode):
    """The flat positions np.put writes to, as numpy normalises them for `mode`."""
    size = np.size(a)
    ind = np.ravel(ind)
    return np.clip(ind, 0, size - 1) if mode == 'clip' else np.mod(ind, size)


@defvjp_all('put')
def _put_vjp(needed, g, out, a, ind, v, *, mode='raise'):
    positions = _flat_positions(a, ind, mode)
    count = np.size(positions)
    order = apply_op('arange', 0, count, 1, dtype=np.dtype(np.int64))
    writer = apply_op('put', np.full(np.shape(a), -1), positions, order)
    last = np.take(np.ravel(writer), positions) == order  # the write that stays
    of_v = None
    if needed[2]:
        picked = np.take(np.ravel(g), positions)
        of_v = cyclic_sum(np.where(last, picked, np.zeros_like(picked)), v)
    return [apply_op('put', g, positions, 0) if needed[0] else None, None, of_v]


def _masked_out(g, mask):
    return np.where(mask, np.zeros_like(g), g)


defvjp('putmask', lambda g, out, a, mask, values: _masked_out(g, mask), None,
       lambda g, out, a, mask, values: cyclic_sum(
           np.ravel(np.where(mask, g, np.zeros_like(g))), values))
defvjp('place', lambda g, out, arr, mask, vals: _masked_out(g, mask), None,
       lambda g, out, arr, mask, vals: cyclic_sum(g[mask], vals))


@defvjp_all('ufunc_out')
def _ufunc_out_vjp(needed, g, out, *args, ufunc, given, **kwargs):
    """The outputs given are overwritten (no cotangent); the inputs get the ufunc's."""
    count = sum(given)
    gs, outs = (g[0], out[0]) if ufunc.nout == 1 else (g, out)
    inputs = args[count:]
    return [None] * count + vjp_of_call(ufunc.__name__, needed[count:], gs, outs, inputs, {})
