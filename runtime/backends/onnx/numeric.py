"""Division, Python-scalar arithmetic, arg-reductions, scans, sorting, gathers and array
creation as ONNX.

numpy's `//` and `%` round toward minus infinity (ONNX's Div truncates integers);
they follow numpy's loops, integer division by zero giving 0 (`ieee` for floats).
"""
import numpy as np

from ...ir.core import Hole
from ...ir.lowerings import ONNX
from . import ieee
from .arrays import shape_tensor


def _operands(ctx, eq, inputs, dtype=None):
    dtype = eq.outputs[0].aval.dtype if dtype is None else dtype
    return [ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)]


def _safe_divisor(ctx, dtype, b):
    """(b with 0 and, for signed types, -1 replaced by 1; where it was replaced)."""
    zero, one = ctx.constant(np.zeros((), dtype)), ctx.constant(np.ones((), dtype))
    unsafe = ctx.node('Equal', [b, zero])
    if np.dtype(dtype).kind == 'i':
        unsafe = ctx.node('Or', [unsafe, ctx.node('Equal', [b, ctx.constant(
            np.asarray(-1, dtype))])])
    return ctx.node('Where', [unsafe, one, b]), unsafe


def integer_fmod(ctx, dtype, a, b):
    """C's remainder (np.fmod) of integers; 0 for b = 0 as numpy gives."""
    divisor, unsafe = _safe_divisor(ctx, dtype, b)
    rest = ctx.node('Sub', [a, ctx.node('Mul', [ctx.node('Div', [a, divisor]), divisor])])
    return ctx.node('Where', [unsafe, ctx.constant(np.zeros((), dtype)), rest])


def _integer_division(ctx, dtype, a, b):
    """(a // b, a % b) as numpy gives them for integers: C's truncating quotient moved down
    where the remainder's sign differs from b's (no sum overflows), 0 and 0 for b = 0, and
    (-a wrapped, 0) for b = -1 (the one quotient that overflows, and traps in C)."""
    zero, one = ctx.constant(np.zeros((), dtype)), ctx.constant(np.ones((), dtype))
    divisor, unsafe = _safe_divisor(ctx, dtype, b)
    quotient = ctx.node('Div', [a, divisor])
    rest = ctx.node('Sub', [a, ctx.node('Mul', [quotient, divisor])])
    if np.dtype(dtype).kind == 'i':
        across = ctx.node('And', [ctx.node('Not', [ctx.node('Equal', [rest, zero])]), ctx.node(
            'Xor', [ctx.node('Less', [rest, zero]), ctx.node('Less', [divisor, zero])])])
        quotient = ctx.node('Where', [across, ctx.node('Sub', [quotient, one]), quotient])
        rest = ctx.node('Where', [across, ctx.node('Add', [rest, divisor]), rest])
        minus_one = ctx.node('Equal', [b, ctx.constant(np.asarray(-1, dtype))])
        quotient = ctx.node('Where', [minus_one, ctx.node('Neg', [a]), quotient])
    return (ctx.node('Where', [ctx.node('Equal', [b, zero]), zero, quotient]),
            ctx.node('Where', [unsafe, zero, rest]))


def _remainder(ctx, dtype, a, b):
    if np.dtype(dtype).kind in 'iu':
        return _integer_division(ctx, dtype, a, b)[1]
    return ieee.float_remainder(ctx, dtype, a, b)


def _floor_divide(ctx, dtype, a, b):
    if np.dtype(dtype).kind in 'iu':
        return _integer_division(ctx, dtype, a, b)[0]
    return ieee.float_floor_divide(ctx, dtype, a, b)


@ONNX.lowers('remainder')
def remainder(ctx, eq, inputs):
    return [_remainder(ctx, eq.outputs[0].aval.dtype, *_operands(ctx, eq, inputs))]


@ONNX.lowers('floor_divide')
def floor_divide(ctx, eq, inputs):
    return [_floor_divide(ctx, eq.outputs[0].aval.dtype, *_operands(ctx, eq, inputs))]


def reduce(ctx, eq, onnx_op, x, axes, keepdims):
    """`onnx_op` (ReduceSum, ReduceMax, ...) of `x` over `axes` (all if empty), exact for
    integers: their sums are split (`integer_sum`), their products refused."""
    integer = ctx.root.dtypes.get(x, np.dtype(float)).kind in 'iu'
    if integer and onnx_op == 'ReduceProd':
        raise ctx.unmappable(eq, "onnxruntime's ReduceProd multiplies integers as float64, "
                                 'losing the digits past 2**53 that numpy keeps')
    if integer and onnx_op == 'ReduceSum':
        return integer_sum(ctx, x, axes, keepdims)
    return ctx.node(onnx_op, [x] + ([ctx.int64s(axes)] if axes else []),
                    keepdims=int(bool(keepdims)))


def integer_sum(ctx, x, axes, keepdims):
    """ReduceSum of 64-bit integers, exact: onnxruntime adds them as float64 (2**53 + 1 is
    lost), so each is split in three 21-bit parts whose sums float64 holds exactly (for up
    to 2**31 items), joined again with wrapping integer arithmetic as numpy's sum wraps."""
    dtype = ctx.root.dtypes[x]
    mask, shift = (ctx.constant(np.asarray(v, dtype)) for v in (2 ** 21 - 1, 2 ** 21))
    parts, rest = [], x
    for _ in range(2):
        low = ctx.node('BitwiseAnd', [rest, mask])
        parts.append(low)
        rest = ctx.node('Div', [ctx.node('Sub', [rest, low]), shift])
    parts.append(rest)
    args = [ctx.int64s(axes)] if axes else []
    sums = [ctx.node('ReduceSum', [part] + args, keepdims=int(bool(keepdims))) for part in parts]
    total = sums[2]
    for part in reversed(sums[:2]):
        total = ctx.node('Add', [ctx.node('Mul', [total, shift]), part])
    return total


_PY_BINARY = {'+': 'Add', '-': 'Sub', '*': 'Mul', '/': 'Div'}


@ONNX.lowers('py_binary')
def py_binary(ctx, eq, inputs, op):
    dtype = eq.outputs[0].aval.dtype
    a, b = _operands(ctx, eq, inputs)
    if op == '//':
        return [_floor_divide(ctx, dtype, a, b)]
    if op == '%':
        return [_remainder(ctx, dtype, a, b)]
    return [ctx.node(_PY_BINARY[op], [a, b])]


@ONNX.lowers('py_unary')
def py_unary(ctx, eq, inputs, op):
    (a,) = _operands(ctx, eq, inputs)
    return [ctx.node({'-': 'Neg', '+': 'Identity', 'abs': 'Abs'}[op], [a])]


@ONNX.lowers('square')
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


@ONNX.lowers('cumsum')
def cumsum(ctx, eq, inputs, axis=None, dtype=None):
    x, axis = _flat_or(ctx, eq, ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype), axis)
    return [ctx.node('CumSum', [x, ctx.int64s(axis)])]


def _sorted(ctx, eq, inputs, axis, output):
    x, axis = _flat_or(ctx, eq, inputs[0], axis)
    count = ctx.node('Reshape', [ctx.node('Gather', [ctx.node('Shape', [x]), ctx.int64s(axis)]),
                                 ctx.int64s([1])])
    return [ctx.node('TopK', [x, count], outputs=2, axis=axis, largest=0, sorted=1)[output]]


@ONNX.lowers('sort')
def sort(ctx, eq, inputs, axis=-1, kind=None, stable=None):
    return _sorted(ctx, eq, inputs, axis, 0)


@ONNX.lowers('argsort')
def argsort(ctx, eq, inputs, axis=-1, kind=None, stable=None):
    return _sorted(ctx, eq, inputs, axis, 1)


@ONNX.lowers('take')
def take(ctx, eq, inputs, axis=None, mode='raise'):
    x, axis = _flat_or(ctx, eq, inputs[0], axis)
    indices = ctx.cast(eq.inputs[1], inputs[1], np.dtype(np.int64))
    return [ctx.node('Gather', [x, indices], axis=axis)]


@ONNX.lowers('take_along_axis')
def take_along_axis(ctx, eq, inputs, axis=-1):
    x, axis = _flat_or(ctx, eq, inputs[0], axis)
    indices = ctx.cast(eq.inputs[1], inputs[1], np.dtype(np.int64))
    return [ctx.node('GatherElements', [x, indices], axis=axis)]


@ONNX.lowers('arange')
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


@ONNX.lowers('full_like')
def full_like(ctx, eq, inputs, dtype=None, order='K', subok=True, shape=None):
    if shape is not None:
        raise ctx.unmappable(eq, 'shape=')
    fill = ctx.cast(eq.inputs[1], inputs[1], eq.outputs[0].aval.dtype)
    return [ctx.node('Expand', [fill, ctx.node('Shape', inputs[:1])])]


def _sized(value):
    def lower(ctx, eq, inputs, shape, dtype, order='C'):
        return [_filled(ctx, eq, shape_tensor(ctx, shape, eq.inputs, inputs), value)]
    return lower


@ONNX.lowers('full')
def full(ctx, eq, inputs, shape, dtype=None, order='C'):
    fill = ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)
    return [ctx.node('Expand', [fill, shape_tensor(ctx, shape, eq.inputs[1:], inputs[1:])])]


@ONNX.lowers('eye')
def eye(ctx, eq, inputs, N, M=None, k=0, dtype=float, order='C'):
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


@ONNX.lowers('norm')
def norm(ctx, eq, inputs, ord=None, axis=None, keepdims=False):
    if ord not in (None, 'fro', 2) or (ord == 2 and eq.inputs[0].aval.ndim != 1 and (
            axis is None or not isinstance(axis, int))):
        raise ctx.unmappable(eq, f'ord={ord!r} (the 2-norm of vectors and Frobenius map)')
    x = ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)
    axes = [] if axis is None else [ctx.int64s([axis] if isinstance(axis, int) else axis)]
    total = ctx.node('ReduceSum', [ctx.node('Mul', [x, x])] + axes, keepdims=int(bool(keepdims)))
    return [ctx.node('Sqrt', [total])]


def _nan_or_inf(test):
    """isnan/isinf: `test(ctx, dtype, x)` on floats, all false on integers and bools."""
    def lower(ctx, eq, inputs):
        dtype = eq.inputs[0].aval.dtype
        if ieee.is_float(dtype):
            return [test(ctx, dtype, inputs[0])]
        return [ctx.node('Not', [ctx.node('Equal', [inputs[0], inputs[0]])])]
    return lower


@ONNX.lowers('isfinite')
def isfinite(ctx, eq, inputs):
    dtype = eq.inputs[0].aval.dtype
    if ieee.is_float(dtype):  # |x| < inf is false for NaN too
        return [ctx.node('Less', [ctx.node('Abs', inputs[:1]), ieee.const(ctx, dtype, np.inf)])]
    return [ctx.node('Equal', [inputs[0], inputs[0]])]


ONNX.define('argmin', _arg_reduction('ArgMin'))
ONNX.define('argmax', _arg_reduction('ArgMax'))
ONNX.define('all', _truth(False))
ONNX.define('any', _truth(True))
ONNX.define('zeros_like', _like(0))
ONNX.define('ones_like', _like(1))
ONNX.define('empty_like', _like(0))
ONNX.define('zeros', _sized(0))
ONNX.define('ones', _sized(1))
ONNX.define('empty', _sized(0))
ONNX.define('isnan', _nan_or_inf(
        lambda ctx, dtype, x: ctx.node('IsNaN', [x])))
ONNX.define('isinf', _nan_or_inf(ieee.is_inf))
ONNX.define('var', _spread(False))
ONNX.define('std', _spread(True))
