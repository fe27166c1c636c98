"""numpy's other update forms as ONNX values: fill, copyto, putmask, put, put_along_axis,
ufunc.at, `out=`; and multi-result ops (nonzero, split, divmod, modf).

Each gives the updated copy, as the graph op does. `ufunc.at` scatters with
ScatterND's reduction (add, mul, max, min), which accumulates repeated indices
as numpy's unbuffered `at` does.
"""
import numpy as np

from ...ir.core import Equation
from ...ir.lowerings import ONNX
from . import numeric
from .ieee import fraction
from .indexing import INT64_MAX, scatter


def _as(ctx, eq, k, inputs, dtype=None):
    dtype = eq.outputs[0].aval.dtype if dtype is None else dtype
    return ctx.cast(eq.inputs[k], inputs[k], dtype)


@ONNX.lowers('fill')
def fill(ctx, eq, inputs):
    return [ctx.node('Expand', [_as(ctx, eq, 1, inputs), ctx.node('Shape', inputs[:1])])]


@ONNX.lowers('copyto')
def copyto(ctx, eq, inputs, casting='same_kind'):
    src = ctx.node('Expand', [_as(ctx, eq, 1, inputs), ctx.node('Shape', inputs[:1])])
    if len(inputs) == 2:
        return [src]
    where = _as(ctx, eq, 2, inputs, np.dtype(bool))
    return [ctx.node('Where', [where, src, inputs[0]])]


@ONNX.lowers('putmask')
def putmask(ctx, eq, inputs):
    a, _, values = eq.inputs
    if values.aval.shape != () and values.aval.shape != a.aval.shape:
        raise ctx.unmappable(eq, 'values of another shape than the array (numpy repeats them)')
    mask = _as(ctx, eq, 1, inputs, np.dtype(bool))
    return [ctx.node('Where', [mask, _as(ctx, eq, 2, inputs), inputs[0]])]


@ONNX.lowers('put')
def put(ctx, eq, inputs, mode='raise'):
    a, ind, v = eq.inputs
    if mode != 'raise' or v.aval.shape not in ((), (1,), ind.aval.shape):
        raise ctx.unmappable(eq, f'mode={mode!r} or values of another size than the indices '
                                 '(numpy repeats them)')
    indices = ctx.node('Reshape', [_as(ctx, eq, 1, inputs, np.dtype(np.int64)),
                                   ctx.int64s([-1])])
    negative = ctx.node('Less', [indices, ctx.int64s(0)])
    indices = ctx.node('Where', [negative, ctx.node('Add', [indices, ctx.node(
        'Size', inputs[:1])]), indices])
    values = ctx.node('Expand', [ctx.node('Reshape', [_as(ctx, eq, 2, inputs), ctx.int64s([-1])]),
                                 ctx.node('Shape', [indices])])
    scattered = ctx.node('ScatterND', [ctx.node('Reshape', [inputs[0], ctx.int64s([-1])]),
                                       ctx.node('Unsqueeze', [indices, ctx.int64s([1])]), values])
    return [ctx.node('Reshape', [scattered, ctx.node('Shape', inputs[:1])])]


@ONNX.lowers('put_along_axis')
def put_along_axis(ctx, eq, inputs, axis):
    if axis is None:
        raise ctx.unmappable(eq, 'axis=None')
    indices = _as(ctx, eq, 1, inputs, np.dtype(np.int64))
    values = ctx.node('Expand', [_as(ctx, eq, 2, inputs), ctx.node('Shape', [indices])])
    return [ctx.node('ScatterElements', [inputs[0], indices, values], axis=axis)]


_AT = {'add': 'add', 'subtract': 'add', 'multiply': 'mul', 'maximum': 'max', 'minimum': 'min'}


@ONNX.lowers('ufunc_at')
def ufunc_at(ctx, eq, inputs, ufunc, index, has_b):
    if ufunc.__name__ not in _AT or not has_b:
        raise ctx.unmappable(eq, f'{ufunc.__name__}.at (add, subtract, multiply, maximum and '
                                 'minimum .at map)')
    b = _as(ctx, eq, 1, inputs)
    if ufunc.__name__ == 'subtract':
        b = ctx.node('Neg', [b])
    a = eq.inputs[0]
    return [scatter(ctx, eq, (a.aval, inputs[0]), b, index, eq.inputs[2:], inputs[2:],
                    reduction=_AT[ufunc.__name__])]


@ONNX.lowers('ufunc_out')
def ufunc_out(ctx, eq, inputs, ufunc, given, dtype=None, casting=None):
    lower = ONNX.get(ufunc.__name__)
    if lower is None or len(eq.outputs) != 1 or dtype is not None:
        raise ctx.unmappable(eq, f'{ufunc.__name__}(..., out=...)')
    count = sum(given)
    inner = Equation(ufunc.__name__, eq.inputs[count:], {}, eq.outputs, eq.source)
    return lower(ctx, inner, inputs[count:])


@ONNX.lowers('reshape_as')
def reshape_as(ctx, eq, inputs):
    return [ctx.node('Reshape', [inputs[0], ctx.node('Shape', inputs[1:2])])]


@ONNX.lowers('nonzero')
def nonzero(ctx, eq, inputs):
    found = ctx.node('NonZero', inputs[:1])
    return [ctx.node('Gather', [found, ctx.int64s(i)], axis=0) for i in range(len(eq.outputs))]


@ONNX.lowers('split')
def split(ctx, eq, inputs, indices_or_sections, axis=0):
    if isinstance(indices_or_sections, int):
        return ctx.node('Split', inputs[:1], outputs=len(eq.outputs), axis=axis,
                        num_outputs=indices_or_sections) if len(eq.outputs) > 1 else inputs[:1]
    bounds = [0, *indices_or_sections, INT64_MAX]
    return [ctx.node('Slice', [inputs[0], ctx.int64s([start]), ctx.int64s([stop]),
                               ctx.int64s([axis])]) for start, stop in zip(bounds, bounds[1:])]


@ONNX.lowers('divmod')
def divmod_(ctx, eq, inputs):
    quotient = numeric.floor_divide(ctx, eq, inputs)
    return quotient + numeric.remainder(ctx, eq, inputs)


@ONNX.lowers('modf')
def modf(ctx, eq, inputs):
    whole = ONNX['trunc'](ctx, eq, inputs)[0]
    return [fraction(ctx, eq.outputs[0].aval.dtype, _as(ctx, eq, 0, inputs), whole), whole]


