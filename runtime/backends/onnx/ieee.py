"""numpy's rules for NaN, signed zeros and infinities, as ONNX nodes.

ONNX's Max and Min propagate NaN with their own choice on equal zeros, Sign
gives 0 for NaN, and compositions such as Log(1 + x) or inf - inf lose what
numpy's loops keep. Each lowering here follows numpy's loop for floats (the
integer forms are plain). A float's sign bit is visible through 1 / x: it is
-inf for -0.0, so `negative` sees the sign of zeros too.
"""
import numpy as np


def const(ctx, dtype, value):
    return ctx.constant(np.asarray(value, dtype))


def negative(ctx, dtype, x):
    """Whether x's sign bit is set (x < 0, or x is -0.0); false for NaN."""
    zero = const(ctx, dtype, 0)
    return ctx.node('Or', [ctx.node('Less', [x, zero]),
                           ctx.node('Less', [ctx.node('Reciprocal', [x]), zero])])


def with_sign_of(ctx, dtype, magnitude, x):
    """|magnitude| with the sign of x (numpy's copysign, x not NaN)."""
    size = ctx.node('Abs', [magnitude])
    return ctx.node('Where', [negative(ctx, dtype, x), ctx.node('Neg', [size]), size])


def is_inf(ctx, dtype, x):
    return ctx.node('Equal', [ctx.node('Abs', [x]), const(ctx, dtype, np.inf)])


def is_float(dtype):
    return np.dtype(dtype).kind == 'f'


def extremum(largest, ignore_nan):
    """maximum/minimum (NaN wins) and fmax/fmin (NaN loses); on equal values numpy's loops
    give the second operand, or the first for float16 (fmax/fmin's choice varies with the
    array's length there, so theirs is taken as maximum's)."""
    def build(ctx, dtype, a, b):
        if not is_float(dtype):
            return ctx.node('Max' if largest else 'Min', [a, b])
        if dtype == np.float16:
            beats = 'GreaterOrEqual' if largest else 'LessOrEqual'
        else:
            beats = 'Greater' if largest else 'Less'
        nan = ctx.node('IsNaN', [b if ignore_nan else a])
        return ctx.node('Where', [ctx.node('Or', [nan, ctx.node(beats, [a, b])]), a, b])
    return build


maximum, minimum = extremum(True, False), extremum(False, False)
fmax, fmin = extremum(True, True), extremum(False, True)


def sign(ctx, dtype, x):
    if not is_float(dtype):
        return ctx.node('Sign', [x])
    return ctx.node('Where', [ctx.node('IsNaN', [x]), x, ctx.node('Sign', [x])])


def log1p(ctx, dtype, x):
    """log(u) * x / (u - 1) for u = 1 + x (Goldberg): exact where 1 + x rounds to 1."""
    one = const(ctx, dtype, 1)
    u = ctx.node('Add', [x, one])
    general = ctx.node('Mul', [ctx.node('Log', [u]), ctx.node('Div', [x, ctx.node('Sub', [u, one])])])
    general = ctx.node('Where', [is_inf(ctx, dtype, u), ctx.node('Log', [u]), general])
    return ctx.node('Where', [ctx.node('Equal', [u, one]), x, general])


def expm1(ctx, dtype, x):
    """(u - 1) * x / log(u) for u = exp(x) (Kahan): exact where exp(x) rounds to 1."""
    one = const(ctx, dtype, 1)
    u = ctx.node('Exp', [x])
    less = ctx.node('Sub', [u, one])
    general = ctx.node('Mul', [less, ctx.node('Div', [x, ctx.node('Log', [u])])])
    general = ctx.node('Where', [ctx.node('Or', [is_inf(ctx, dtype, u), ctx.node(
        'Equal', [less, const(ctx, dtype, -1)])]), less, general])
    return ctx.node('Where', [ctx.node('Equal', [u, one]), x, general])


def cbrt(ctx, dtype, x):
    root = ctx.node('Pow', [ctx.node('Abs', [x]), const(ctx, dtype, 1 / 3)])
    signed = ctx.node('Mul', [ctx.node('Sign', [x]), root])
    return ctx.node('Where', [ctx.node('Equal', [x, const(ctx, dtype, 0)]), x, signed])


def fraction(ctx, dtype, x, whole):
    """modf's fractional part: x - trunc(x), 0 for infinities, with the sign of x."""
    part = ctx.node('Where', [is_inf(ctx, dtype, x), const(ctx, dtype, 0),
                              ctx.node('Sub', [x, whole])])
    return with_sign_of(ctx, dtype, part, x)


def hypot(ctx, dtype, a, b):
    """big * sqrt(1 + (small / big)**2): no overflow; inf if either is inf, even with NaN."""
    a, b = ctx.node('Abs', [a]), ctx.node('Abs', [b])
    big, small = ctx.node('Max', [a, b]), ctx.node('Min', [a, b])
    zero = const(ctx, dtype, 0)
    ratio = ctx.node('Div', [small, ctx.node('Where', [ctx.node('Equal', [big, zero]),
                                                       const(ctx, dtype, 1), big])])
    scaled = ctx.node('Mul', [big, ctx.node('Sqrt', [ctx.node('Add', [
        const(ctx, dtype, 1), ctx.node('Mul', [ratio, ratio])])])])
    infinite = ctx.node('Or', [is_inf(ctx, dtype, a), is_inf(ctx, dtype, b)])
    return ctx.node('Where', [infinite, const(ctx, dtype, np.inf), scaled])


def heaviside(ctx, dtype, x, h):
    zero = const(ctx, dtype, 0)
    step = ctx.node('Where', [ctx.node('Less', [x, zero]), zero, const(ctx, dtype, 1)])
    step = ctx.node('Where', [ctx.node('Equal', [x, zero]), h, step])
    return ctx.node('Where', [ctx.node('IsNaN', [x]), x, step])


def arctan2(ctx, dtype, y, x):
    """atan(|y| / |x|) (0 for two zeros, pi/4 for two infinities), turned to x's side and
    given y's sign, as C's atan2 does."""
    ay, ax = ctx.node('Abs', [y]), ctx.node('Abs', [x])
    zero = const(ctx, dtype, 0)
    angle = ctx.node('Atan', [ctx.node('Div', [ay, ax])])
    zeros = ctx.node('And', [ctx.node('Equal', [ay, zero]), ctx.node('Equal', [ax, zero])])
    infinities = ctx.node('And', [is_inf(ctx, dtype, y), is_inf(ctx, dtype, x)])
    angle = ctx.node('Where', [zeros, zero, ctx.node('Where', [
        infinities, const(ctx, dtype, np.pi / 4), angle])])
    angle = ctx.node('Where', [negative(ctx, dtype, x), ctx.node(
        'Sub', [const(ctx, dtype, np.pi), angle]), angle])
    return ctx.node('Where', [negative(ctx, dtype, y), ctx.node('Neg', [angle]), angle])


def logaddexp(base):
    """max + log1p(base ** -|a - b|) / log(base); a + log(2) / log(base) for a == b (the
    formula rounds there, and gives NaN for two equal infinities)."""
    def build(ctx, dtype, a, b):
        high = ctx.node('Max', [a, b])
        gap = ctx.node('Neg', [ctx.node('Abs', [ctx.node('Sub', [a, b])])])
        if base == 2:
            rest = ctx.node('Div', [log1p(ctx, dtype, ctx.node('Pow', [const(ctx, dtype, 2), gap])),
                                    const(ctx, dtype, np.log(2))])
        else:
            rest = log1p(ctx, dtype, ctx.node('Exp', [gap]))
        same = ctx.node('Add', [a, const(ctx, dtype, 1 if base == 2 else np.log(2))])
        return ctx.node('Where', [ctx.node('Equal', [a, b]), same, ctx.node('Add', [high, rest])])
    return build


def ldexp(ctx, dtype, x, i):
    """x * 2**(i // 2) * 2**(i - i // 2): no overflow of the power alone; zeros, infinities
    and NaN as they are."""
    half = ctx.node('Floor', [ctx.node('Mul', [i, const(ctx, dtype, 0.5)])])
    two = const(ctx, dtype, 2)
    scaled = ctx.node('Mul', [ctx.node('Mul', [x, ctx.node('Pow', [two, half])]),
                              ctx.node('Pow', [two, ctx.node('Sub', [i, half])])])
    unchanged = ctx.node('Not', [ctx.node('Less', [ctx.node('Abs', [x]),
                                                   const(ctx, dtype, np.inf)])])
    unchanged = ctx.node('Or', [unchanged, ctx.node('Equal', [x, const(ctx, dtype, 0)])])
    return ctx.node('Where', [unchanged, x, scaled])


def float_floor_divide(ctx, dtype, a, b):
    """numpy's npy_floor_divide: (a - fmod(a, b)) / b, floored and rounded, a / b for b = 0."""
    zero, one = const(ctx, dtype, 0), const(ctx, dtype, 1)
    mod = ctx.node('Mod', [a, b], fmod=1)
    div = ctx.node('Div', [ctx.node('Sub', [a, mod]), b])
    across = ctx.node('And', [ctx.node('Not', [ctx.node('Equal', [mod, zero])]), ctx.node(
        'Xor', [ctx.node('Less', [b, zero]), ctx.node('Less', [mod, zero])])])
    div = ctx.node('Where', [across, ctx.node('Sub', [div, one]), div])
    floor = ctx.node('Floor', [div])
    up = ctx.node('Greater', [ctx.node('Sub', [div, floor]), const(ctx, dtype, 0.5)])
    floor = ctx.node('Where', [up, ctx.node('Add', [floor, one]), floor])
    quotient = ctx.node('Div', [a, b])
    floor = ctx.node('Where', [ctx.node('Equal', [div, zero]), with_sign_of(
        ctx, dtype, zero, quotient), floor])
    return ctx.node('Where', [ctx.node('Equal', [b, zero]), quotient, floor])


def float_remainder(ctx, dtype, a, b):
    """numpy's npy_remainder: fmod(a, b) moved to b's side, a zero with b's sign."""
    zero = const(ctx, dtype, 0)
    mod = ctx.node('Mod', [a, b], fmod=1)
    across = ctx.node('And', [ctx.node('Not', [ctx.node('Equal', [mod, zero])]), ctx.node(
        'Xor', [ctx.node('Less', [b, zero]), ctx.node('Less', [mod, zero])])])
    moved = ctx.node('Where', [across, ctx.node('Add', [mod, b]), mod])
    return ctx.node('Where', [ctx.node('Equal', [mod, zero]), with_sign_of(ctx, dtype, zero, b),
                              moved])
