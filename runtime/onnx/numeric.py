"""Division, Python-scalar arithmetic, arg-reductions, scans, sorting, gathers and array
creation as ONNX.

numpy's `//` and `%` round toward minus infinity (ONNX's Div truncates integers),
so they are built from Mod (fmod=0, the divisor's sign, for integers) or Floor.
"""
import numpy as np

from .arrays import shape_tensor


def _operands(ctx, eq, inputs, dtype=None):
    dtype = eq.outputs[0].aval.dtype if dtype is None else dtype
    return [ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)]


def _remainder(ctx, dtype, a, b):
    if np.dtype(dtype).kind in 'iu':
        return ctx.node('Mod', [a, b], fmod=0)
    floor = ctx.node('Floor', [ctx.node('Div', [a, b])])
    return ctx.node('Sub', [a, ctx.node('Mul', [b, floor])])


def _floor_divide(ctx, dtype, a, b):
    if np.dtype(dtype).kind in 'iu':  # a - a % b is a multiple of b: Div is exact
        return ctx.node('Div', [ctx.node('Sub', [a, _remainder(ctx, dtype, a, b)]), b])
    return ctx.node('Floor', [ctx.node('Div', [a, b])])


def remainder(ctx, eq, inputs):
    return [_remainder(ctx, eq.outputs[0].aval.dtype, *_operands(ctx, eq, inputs))]


def floor_divide(ctx, eq, inputs):
    return [_floor_divide(ctx, eq.outputs[0].aval.dtype, *_operands(ctx, eq, inputs))]


_PY_BINARY = {'+': 'Add', '-': 'Sub', '*': 'Mul', '/': 'Div'}


def py_binary(ctx, eq, inputs, op):
    dtype = eq.outputs[0].aval.dtype
    a, b = _operands(ctx, eq, inputs)
    if op == '//':
        return [_floor_divide(ctx, dtype, a, b)]
    if op == '%':
        return [_remainder(ctx, dtype, a, b)]
    return [ctx.node(_PY_BINARY[op], [a, b])]


def py_unary(ctx, eq, inputs, op):
    (a,) = _operands(ctx, eq, inputs)
    return [ctx.node({'-': 'Neg', '+': 'Identity', 'abs': 'Abs'}[op], [a])]


def square(ctx, eq, inputs, **params):
    (a,) = _operands(ctx, eq, inputs)
    return [ctx.node('Mul', [a, a])]


def _flat_or(ctx, eq, name, axis):
    """(`name` flattened, axis 0) if `axis` is None, else (`name`, `axis`)."""
    if axis is None:
        return ctx.node('Reshape', [name, ctx.int64s([-1])]), 0
    return name, axis


def _arg_reduction(onnx_op):
    def lower(ctx, eq, inputs, axis=None, keepdims=False):
        if axis is None and keepdims:
            raise ctx.unmappable(eq, 'keepdims=True without an axis')
        x, axis = _flat_or(ctx, eq, inputs[0], axis)
        return [ctx.node(onnx_op, [x], axis=axis, keepdims=int(bool(keepdims)))]
    return lower


def _truth(any_):
    def lower(ctx, eq, inputs, axis=None, keepdims=False):
        x = ctx.cast(eq.inputs[0], inputs[0], np.dtype(bool))
        counted = x if any_ else ctx.node('Not', [x])
        count = ctx.node('Cast', [counted], to=ctx.tensor_type(np.int64))
        axes = [] if axis is None else [axis] if isinstance(axis, int) else list(axis)
        total = ctx.node('ReduceSum', [count] + ([ctx.int64s(axes)] if axes else []),
                         keepdims=int(bool(keepdims)))
        return [ctx.node('Greater' if any_ else 'Equal', [total, ctx.int64s(0)])]
    return lower


def cumsum(ctx, eq, inputs, axis=None, dtype=None):
    x, axis = _flat_or(ctx, eq, ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype), axis)
    return [ctx.node('CumSum', [x, ctx.int64s(axis)])]


def _sorted(ctx, eq, inputs, axis, output):
    x, axis = _flat_or(ctx, eq, inputs[0], axis)
    count = ctx.node('Reshape', [ctx.node('Gather', [ctx.node('Shape', [x]), ctx.int64s(axis)]),
                                 ctx.int64s([1])])
    return [ctx.node('TopK', [x, count], outputs=2, axis=axis, largest=0, sorted=1)[output]]


def sort(ctx, eq, inputs, axis=-1, kind=None, stable=None):
    return _sorted(ctx, eq, inputs, axis, 0)


def argsort(ctx, eq, inputs, axis=-1, kind=None, stable=None):
    return _sorted(ctx, eq, inputs, axis, 1)


def take(ctx, eq, inputs, axis=None, mode='raise'):
    x, axis = _flat_or(ctx, eq, inputs[0], axis)
    indices = ctx.cast(eq.inputs[1], inputs[1], np.dtype(np.int64))
    return [ctx.node('Gather', [x, indices], axis=axis)]


def take_along_axis(ctx, eq, inputs, axis=-1):
    x, axis = _flat_or(ctx, eq, inputs[0], axis)
    indices = ctx.cast(eq.inputs[1], inputs[1], np.dtype(np.int64))
    return [ctx.node('GatherElements', [x, indices], axis=axis)]


def arange(ctx, eq, inputs, dtype, python=False):
    return [ctx.node('Range', _operands(ctx, eq, inputs))]


def _filled(ctx, eq, shape, value):
    """A tensor of `shape` (an int64 tensor) holding `value` in the output's dtype."""
    return ctx.node('ConstantOfShape', [shape], value=ctx.onnx.numpy_helper.from_array(
        np.full(1, value, eq.outputs[0].aval.dtype)))


def _like(value):
    def lower(ctx, eq, inputs, dtype=None, order='K', subok=True, shape=None):
        if shape is not None:
            raise ctx.unmappable(eq, 'shape=')
        return [_filled(ctx, eq, ctx.node('Shape', inputs[:1]), value)]
    return lower


def full_like(ctx, eq, inputs, dtype=None, order='K', subok=True, shape=None):
    if shape is not None:
        raise ctx.unmappable(eq, 'shape=')
    fill = ctx.cast(eq.inputs[1], inputs[1], eq.outputs[0].aval.dtype)
    return [ctx.node('Expand', [fill, ctx.node('Shape', inputs[:1])])]


def _sized(value):
    def lower(ctx, eq, inputs, shape, dtype, order='C'):
        return [_filled(ctx, eq, shape_tensor(ctx, shape, eq.inputs, inputs), value)]
    return lower


def full(ctx, eq, inputs, shape, dtype=None, order='C'):
    fill = ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)
    return [ctx.node('Expand', [fill, shape_tensor(ctx, shape, eq.inputs[1:], inputs[1:])])]


def eye(ctx, eq, inputs, N, M=None, k=0, dtype=float, order='C'):
    from ..ir.core import Hole
    if isinstance(k, Hole):
        raise ctx.unmappable(eq, 'a diagonal offset known only when the graph runs')
    shape = shape_tensor(ctx, (N, N if M is None else M), eq.inputs, inputs)
    return [ctx.node('EyeLike', [_filled(ctx, eq, shape, 0)], k=k)]


def _spread(root):
    """var (or std, `root`): the mean squared deviation, divided by n - ddof."""
    def lower(ctx, eq, inputs, axis=None, keepdims=False, ddof=0, dtype=None):
        if dtype is not None:
            raise ctx.unmappable(eq, 'dtype=')
        out_dtype = eq.outputs[0].aval.dtype
        x = ctx.cast(eq.inputs[0], inputs[0], out_dtype)
        axes = [] if axis is None else [ctx.int64s([axis] if isinstance(axis, int) else axis)]
        deviation = ctx.node('Sub', [x, ctx.node('ReduceMean', [x] + axes, keepdims=1)])
        total = ctx.node('ReduceSum', [ctx.node('Mul', [deviation, deviation])] + axes,
                         keepdims=int(bool(keepdims)))
        count = ctx.node('Div', [ctx.node('Size', [x]), ctx.node('Size', [total])])
        count = ctx.node('Cast', [ctx.node('Sub', [count, ctx.int64s(ddof)])],
                         to=ctx.tensor_type(out_dtype))
        variance = ctx.node('Div', [total, count])
        return [ctx.node('Sqrt', [variance]) if root else variance]
    return lower


def norm(ctx, eq, inputs, ord=None, axis=None, keepdims=False):
    if ord not in (None, 'fro', 2) or (ord == 2 and eq.inputs[0].aval.ndim != 1 and (
            axis is None or not isinstance(axis, int))):
        raise ctx.unmappable(eq, f'ord={ord!r} (the 2-norm of vectors and Frobenius map)')
    x = ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)
    axes = [] if axis is None else [ctx.int64s([axis] if isinstance(axis, int) else axis)]
    total = ctx.node('ReduceSum', [ctx.node('Mul', [x, x])] + axes, keepdims=int(bool(keepdims)))
    return [ctx.node('Sqrt', [total])]


def _predicate(onnx_op, negate=False):
    def lower(ctx, eq, inputs):
        out = ctx.node(onnx_op, inputs[:1])
        return [ctx.node('Not', [out]) if negate else out]
    return lower


def isfinite(ctx, eq, inputs):
    either = ctx.node('Or', [ctx.node('IsNaN', inputs[:1]), ctx.node('IsInf', inputs[:1])])
    return [ctx.node('Not', [either])]


LOWERINGS = {
    'remainder': remainder, 'floor_divide': floor_divide, 'py_binary': py_binary,
    'py_unary': py_unary, 'square': square, 'argmin': _arg_reduction('ArgMin'),
    'argmax': _arg_reduction('ArgMax'), 'all': _truth(False), 'any': _truth(True),
    'cumsum': cumsum, 'sort': sort, 'argsort': argsort, 'take': take,
    'take_along_axis': take_along_axis, 'arange': arange, 'zeros_like': _like(0),
    'ones_like': _like(1), 'empty_like': _like(0), 'full_like': full_like, 'zeros': _sized(0),
    'ones': _sized(1), 'empty': _sized(0), 'full': full, 'isnan': _predicate('IsNaN'),
    'isinf': _predicate('IsInf'), 'isfinite': isfinite, 'eye': eye, 'var': _spread(False),
    'std': _spread(True), 'norm': norm,
}
