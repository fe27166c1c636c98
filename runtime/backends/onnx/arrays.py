"""Shape ops, joins and graph lists as ONNX: Reshape, Transpose, Squeeze, Expand, Concat, ...

Sizes known only when the graph runs (a `Hole` in a size template, `dim`) are
int64 tensors made with Shape/Gather/Concat, so dims stay symbolic. A graph
list (`list_append`) is its elements stacked on axis 0, grown by Concat;
`*_rows` ops join such a stack as numpy's join of its elements would.
"""
import numpy as np

from ...ir.core import Hole
from ...ir.lowerings import ONNX
from .indexing import INT64_MAX


def shape_tensor(ctx, template, atoms, names):
    """A 1-D int64 tensor of a size template (ints and `Hole`s of the run-time sizes)."""
    items = template if isinstance(template, tuple) else (template,)
    if not any(isinstance(d, Hole) for d in items):
        return ctx.int64s(list(items))
    parts = [ctx.node('Reshape', [ctx.cast(atoms[d.index], names[d.index], np.dtype(np.int64)),
                                  ctx.int64s([1])])
             if isinstance(d, Hole) else ctx.int64s([d]) for d in items]
    return ctx.node('Concat', parts, axis=0)


@ONNX.lowers('reshape')
def reshape(ctx, eq, inputs, shape, order='C', copy=None):
    if order != 'C':
        raise ctx.unmappable(eq, 'order other than C')
    return [ctx.node('Reshape', [inputs[0], shape_tensor(ctx, shape, eq.inputs[1:], inputs[1:])])]


@ONNX.lowers('ravel')
def ravel(ctx, eq, inputs, order='C'):
    ndim = eq.inputs[0].aval.ndim
    if order == 'F' and ndim is not None:  # Fortran order: the reversed axes' C order
        order, inputs = 'C', [ctx.node('Transpose', inputs[:1], perm=list(range(ndim))[::-1])]
    return reshape(ctx, eq, inputs, (-1,), order)


@ONNX.lowers('transpose')
def transpose(ctx, eq, inputs, axes=None):
    ndim = eq.inputs[0].aval.ndim
    perm = list(range(ndim))[::-1] if axes is None else [a % ndim for a in axes]
    return [ctx.node('Transpose', inputs[:1], perm=perm)]


@ONNX.lowers('swapaxes')
def swapaxes(ctx, eq, inputs, axis1, axis2):
    perm = list(range(eq.inputs[0].aval.ndim))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return [ctx.node('Transpose', inputs[:1], perm=perm)]


@ONNX.lowers('moveaxis')
def moveaxis(ctx, eq, inputs, source, destination):
    ndim = eq.inputs[0].aval.ndim
    source, destination = (np.atleast_1d(a) % ndim for a in (source, destination))
    order = [a for a in range(ndim) if a not in source]
    for dest, src in sorted(zip(destination.tolist(), source.tolist())):
        order.insert(dest, src)
    return [ctx.node('Transpose', inputs[:1], perm=order)]


@ONNX.lowers('expand_dims')
def expand_dims(ctx, eq, inputs, axis):
    ndim = eq.outputs[0].aval.ndim
    axes = [a % ndim for a in ([axis] if isinstance(axis, int) else axis)]
    return [ctx.node('Unsqueeze', [inputs[0], ctx.int64s(axes)])]


@ONNX.lowers('squeeze')
def squeeze(ctx, eq, inputs, axis=None):
    shape = eq.inputs[0].aval.shape
    axes = [i for i, d in enumerate(shape) if d == 1] if axis is None else (
        [axis] if isinstance(axis, int) else list(axis))
    return [ctx.node('Squeeze', [inputs[0], ctx.int64s(axes)]) if axes else inputs[0]]


@ONNX.lowers('broadcast_to')
def broadcast_to(ctx, eq, inputs, shape, subok=False):
    return [ctx.node('Expand', [inputs[0], shape_tensor(ctx, shape, (), ())])]


@ONNX.lowers('flip')
def flip(ctx, eq, inputs, axis=None):
    ndim = eq.inputs[0].aval.ndim
    axes = range(ndim) if axis is None else [axis] if isinstance(axis, int) else axis
    axes = [a % ndim for a in axes]
    n = len(axes)
    return [ctx.node('Slice', [inputs[0], ctx.int64s([-1] * n), ctx.int64s([-INT64_MAX] * n),
                               ctx.int64s(axes), ctx.int64s([-1] * n)])]


@ONNX.lowers('dim')
def dim(ctx, eq, inputs, axis):
    if axis is None:
        return [ctx.node('Size', inputs[:1])]
    return [ctx.node('Gather', [ctx.node('Shape', inputs[:1]), ctx.int64s(axis)], axis=0)]


def _joined(ctx, eq, inputs, prepare):
    dtype = eq.outputs[0].aval.dtype
    return [prepare(ctx.cast(a, n, dtype)) for a, n in zip(eq.inputs, inputs)]


@ONNX.lowers('concatenate')
def concatenate(ctx, eq, inputs, axis=0):
    if axis is None:
        parts = _joined(ctx, eq, inputs, lambda n: ctx.node('Reshape', [n, ctx.int64s([-1])]))
        return [ctx.node('Concat', parts, axis=0)]
    return [ctx.node('Concat', _joined(ctx, eq, inputs, lambda n: n), axis=axis)]


@ONNX.lowers('stack')
def stack(ctx, eq, inputs, axis=0):
    ndim = eq.outputs[0].aval.ndim
    parts = _joined(ctx, eq, inputs, lambda n: ctx.node('Unsqueeze', [n, ctx.int64s([axis])]))
    return [ctx.node('Concat', parts, axis=axis % ndim)]


@ONNX.lowers('hstack')
def hstack(ctx, eq, inputs):
    flat = all(a.aval.ndim <= 1 for a in eq.inputs)
    parts = _joined(ctx, eq, inputs, lambda n: ctx.node('Reshape', [n, ctx.int64s([-1])])
                    if flat else n)
    return [ctx.node('Concat', parts, axis=0 if flat else 1)]


@ONNX.lowers('vstack')
def vstack(ctx, eq, inputs):
    def two_d(atom, name):
        if atom.aval.ndim >= 2:
            return name
        return ctx.node('Reshape', [name, ctx.int64s([1, -1])])
    dtype = eq.outputs[0].aval.dtype
    return [ctx.node('Concat', [two_d(a, ctx.cast(a, n, dtype))
                                for a, n in zip(eq.inputs, inputs)], axis=0)]


@ONNX.lowers('list_append')
def list_append(ctx, eq, inputs):
    buf, x = eq.inputs
    if buf.aval.ndim is None or x.aval.ndim is None or buf.aval.ndim != x.aval.ndim + 1:
        raise ctx.unmappable(eq, 'a list whose elements are of unknown rank')
    row = ctx.node('Unsqueeze', [inputs[1], ctx.int64s([0])])
    return [ctx.node('Concat', [inputs[0], row], axis=0)]


@ONNX.lowers('stack_rows')
def stack_rows(ctx, eq, inputs, axis=0):
    ndim = eq.outputs[0].aval.ndim
    axis = axis % ndim
    perm = list(range(1, axis + 1)) + [0] + list(range(axis + 1, ndim))
    rows = ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)
    return [ctx.node('Transpose', [rows], perm=perm) if axis else rows]


@ONNX.lowers('concatenate_rows')
def concatenate_rows(ctx, eq, inputs, axis=0):
    """np.concatenate of a stack's elements: the stack's axis 0 moved to `axis`, merged into
    the dim after it."""
    ndim = eq.inputs[0].aval.ndim
    axis = axis % (ndim - 1)
    rows = ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)
    if axis:
        perm = list(range(1, axis + 1)) + [0] + list(range(axis + 1, ndim))
        rows = ctx.node('Transpose', [rows], perm=perm)
    shape = ctx.node('Shape', [rows])
    head = ctx.node('Slice', [shape, ctx.int64s([0]), ctx.int64s([axis])])
    tail = ctx.node('Slice', [shape, ctx.int64s([axis + 2]), ctx.int64s([INT64_MAX])])
    target = ctx.node('Concat', [head, ctx.int64s([-1]), tail], axis=0)
    return [ctx.node('Reshape', [rows, target])]


@ONNX.lowers('hstack_rows')
def hstack_rows(ctx, eq, inputs):
    return concatenate_rows(ctx, eq, inputs, axis=0 if eq.inputs[0].aval.ndim <= 2 else 1)


@ONNX.lowers('vstack_rows')
def vstack_rows(ctx, eq, inputs):
    if eq.inputs[0].aval.ndim == 2:  # 1-D elements: rows of a matrix
        return [ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)]
    return concatenate_rows(ctx, eq, inputs, axis=0)


