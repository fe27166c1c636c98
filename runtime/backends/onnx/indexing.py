"""numpy indexing as ONNX: `x[index]` by Slice, Gather, Unsqueeze and GatherND; item
assignment by ScatterND.

An index template (`runtime.graph_ops.indexing`) is applied item by item: an int
gathers (dropping its axis), a slice slices, None unsqueezes, an integer array
gathers (its dims in place of the axis), a boolean mask gathers the positions
NonZero finds. One array index (with ints next to it) is numpy's rule where the
result dims stay in place; two array indices, or an int apart from the array,
move dims as numpy's broadcasting rule says and are not lowered. Item
assignment `x[index] = v` indexes the positions `0..x.size-1` laid out as `x`
with the same index and scatters the (broadcast) values to the selected ones.
"""
import numpy as np

from ...ir.core import Hole
from ...ir.lowerings import ONNX

INT64_MAX, INT64_MIN = np.iinfo(np.int64).max, np.iinfo(np.int64).min


@ONNX.lowers('getitem')
def getitem(ctx, eq, inputs, index):
    return [select(ctx, eq, eq.inputs[0].aval.ndim, inputs[0], index, eq.inputs[1:], inputs[1:])]


@ONNX.lowers('set_item')
def set_item(ctx, eq, inputs, index):
    x, value = eq.inputs[:2]
    return [scatter(ctx, eq, (x.aval, inputs[0]), ctx.cast(value, inputs[1], x.aval.dtype),
                    index, eq.inputs[2:], inputs[2:])]


@ONNX.lowers('scatter_variable')
def scatter_variable(ctx, eq, inputs, index):
    aval = eq.inputs[0].aval.value
    new = scatter(ctx, eq, (aval, inputs[0]), ctx.cast(eq.inputs[1], inputs[1], aval.dtype),
                  index, eq.inputs[2:], inputs[2:])
    ctx.assign(ctx.resources[eq.inputs[0]], new)
    return []


def scatter(ctx, eq, target, value, index, atoms, names, reduction='none'):
    """`target` (aval, name) with `value` (of its dtype, broadcast) stored at `index`, or
    combined by `reduction` with what is there."""
    aval, name = target
    shape = ctx.node('Shape', [name])
    size = ctx.node('ReduceProd', [shape], keepdims=0)
    positions = ctx.node('Reshape', [ctx.node('Range', [ctx.int64s(0), size, ctx.int64s(1)]),
                                     shape])
    selected = select(ctx, eq, aval.ndim, positions, index, atoms, names)
    updates = ctx.node('Expand', [value, ctx.node('Shape', [selected])])
    flat = ctx.node('ScatterND', [
        ctx.node('Reshape', [name, ctx.int64s([-1])]),
        ctx.node('Reshape', [selected, ctx.int64s([-1, 1])]),
        ctx.node('Reshape', [updates, ctx.int64s([-1])])], reduction=reduction)
    return ctx.node('Reshape', [flat, shape])


def select(ctx, eq, ndim, x, index, atoms, names):
    """The ONNX value of `x[index]` for an `x` of rank `ndim`."""
    items = _expanded(ctx, eq, ndim, index, atoms)
    axis, rank = 0, ndim
    for item in items:
        if item is None:
            x, axis, rank = ctx.node('Unsqueeze', [x, ctx.int64s([axis])]), axis + 1, rank + 1
        elif isinstance(item, int):
            x, rank = ctx.node('Gather', [x, ctx.int64s(item)], axis=axis), rank - 1
        elif isinstance(item, slice):
            x, axis = _slice(ctx, x, item, axis, atoms, names), axis + 1
        elif atoms[item.index].aval.dtype == np.bool_:
            mask = atoms[item.index].aval.ndim
            x = _mask(ctx, x, names[item.index], axis, mask, rank)
            axis, rank = axis + 1, rank - mask + 1
        else:
            indices = ctx.cast(atoms[item.index], names[item.index], np.dtype(np.int64))
            added = atoms[item.index].aval.ndim
            x = ctx.node('Gather', [x, indices], axis=axis)
            axis, rank = axis + added, rank - 1 + added
    return x


def _expanded(ctx, eq, ndim, index, atoms):
    """The index with its Ellipsis replaced by full slices; unmappable forms refused."""
    def consumed(item):
        if isinstance(item, Hole) and atoms[item.index].aval.dtype == np.bool_:
            return atoms[item.index].aval.ndim
        return 0 if item is None or item is Ellipsis else 1
    for item in index:
        aval = atoms[item.index].aval if isinstance(item, Hole) else None
        if type(item) is bool or (aval is not None and (aval.ndim is None or (
                aval.dtype == np.bool_ and aval.ndim == 0))):
            raise ctx.unmappable(eq, 'a boolean scalar index or an index array of unknown rank')
        if isinstance(item, slice) and isinstance(item.step, Hole):
            raise ctx.unmappable(eq, 'a slice step known only when the graph runs')
    if Ellipsis in index:
        if ndim is None:
            raise ctx.unmappable(eq, '... in the index of an array of unknown rank')
        at = index.index(Ellipsis)
        fill = (slice(None),) * (ndim - sum(map(consumed, index)))
        index = index[:at] + fill + index[at + 1:]
    _check_advanced(ctx, eq, index, atoms)
    return index


def _check_advanced(ctx, eq, index, atoms):
    arrays = [k for k, i in enumerate(index) if isinstance(i, Hole) and atoms[i.index].aval.ndim]
    if len(arrays) > 1:
        raise ctx.unmappable(eq, 'more than one array in one index (numpy broadcasts them)')
    if arrays:
        ints = [k for k, i in enumerate(index) if isinstance(i, int) or (
            isinstance(i, Hole) and atoms[i.index].aval.ndim == 0)]
        positions = sorted(ints + arrays)
        if positions != list(range(positions[0], positions[-1] + 1)):
            raise ctx.unmappable(eq, 'an int index apart from the array index (numpy moves the '
                                     'indexed dims first)')


def _slice(ctx, x, item, axis, atoms, names):
    if item == slice(None):
        return x
    step = 1 if item.step is None else item.step
    forward = step > 0
    defaults = (0 if forward else INT64_MAX, INT64_MAX if forward else INT64_MIN)
    bounds = []
    for part, default in zip((item.start, item.stop), defaults):
        if isinstance(part, Hole):
            value = ctx.cast(atoms[part.index], names[part.index], np.dtype(np.int64))
            bounds.append(ctx.node('Reshape', [value, ctx.int64s([1])]))
        else:
            bounds.append(ctx.int64s([default if part is None else part]))
    return ctx.node('Slice', [x, *bounds, ctx.int64s([axis]), ctx.int64s([step])])


def _mask(ctx, x, mask, axis, dims, rank):
    """`x` indexed on axes `axis..axis+dims-1` by a boolean mask: the selected items there."""
    indices = ctx.node('Transpose', [ctx.node('NonZero', [mask])], perm=[1, 0])
    if axis == 0:
        return ctx.node('GatherND', [x, indices])
    front = list(range(axis, axis + dims))
    moved = ctx.node('Transpose', [x], perm=front + [a for a in range(rank) if a not in front])
    gathered = ctx.node('GatherND', [moved, indices])
    back = list(range(1, axis + 1)) + [0] + list(range(axis + 1, rank - dims + 1))
    return ctx.node('Transpose', [gathered], perm=back)
