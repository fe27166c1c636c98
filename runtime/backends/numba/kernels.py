"""Where numpy's own kernel beats numba's: such ops run numpy's, from the compiled function.

numpy 2.x computes transcendental functions on float32 arrays with SIMD
kernels (tanh and exp are about 13x faster than numba's scalar libm calls on
a machine without SVML), so the backend keeps numpy for them, through
`numba.objmode`, when the array is big enough to pay the switch (about a
microsecond). Every other op is numba's: fused into loops, or numba's numpy.

A float or complex power of an array keeps numpy's kernel at every size: numba's
`pow` differs from numpy's in the last bit on about one value in ten (a float
exponent such as 1.5), where numpy's fast paths (`x ** 2`, `** 0.5`, `** -1`,
`** 1`) are numba's too.
"""
import numpy as np

from ...graph_ops.elementwise import UFUNCS
from ...ir.core import Literal
from .types import cast, loop_types, objmode_type

FAST_EXPONENTS = (2, 0.5, -1, 1)  # numpy's `array ** scalar` fast paths (`lowering._pow`)

# (ufunc, dtype) whose numpy kernel is SIMD on x86-64 (numpy 2.x, AVX2), measured faster
NUMPY_KERNELS = frozenset((name, np.dtype(dtype)) for name in (
    'tanh', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan',
    'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'arcsinh', 'arccosh', 'arctanh', 'cbrt',
    'power') for dtype in (np.float32, np.float64))
MIN_ELEMENTS = 1 << 10  # below this numba's loop costs less than the switch to Python


def inexact_power(eq):
    """True for a float or complex power of arrays numba would compute otherwise than numpy."""
    if eq.primitive not in ('power', 'pow') or len(eq.outputs) != 1 or eq.params:
        return False
    aval = eq.outputs[0].aval
    if aval.dtype.kind not in 'fc' or not aval.shape:
        return False
    exponent = eq.inputs[1]
    return not (eq.primitive == 'pow' and isinstance(exponent, Literal) and
                type(exponent.value) in (int, float) and exponent.value in FAST_EXPONENTS)


def keeps_numpy(eq):
    """True if `eq` runs faster as numpy's kernel than compiled by numba, or computes numpy's
    values where numba's would differ."""
    if inexact_power(eq):
        return True
    if eq.primitive not in UFUNCS or len(eq.outputs) != 1 or eq.params:
        return False
    aval = eq.outputs[0].aval
    if (eq.primitive, aval.dtype) not in NUMPY_KERNELS or not aval.shape or None in aval.shape:
        return False
    return int(np.prod(aval.shape)) >= MIN_ELEMENTS


def emit(ctx, eq, args):
    """numpy's kernel through objmode, into a dying input's array when there is one."""
    (target,) = ctx.targets
    aval = eq.outputs[0].aval
    kind = objmode_type(aval)
    ufunc = np.power if eq.primitive == 'pow' else UFUNCS[eq.primitive]
    # the loop's dtypes: numba passes 0-d values as Python numbers, which numpy takes as weak
    dtypes = loop_types(ufunc, [a.aval for a in eq.inputs])
    args = [cast(a, atom, d) for a, atom, d in zip(args, eq.inputs, dtypes)]
    dying = ctx.dying(eq) if np.dtype(dtypes[-1]) == aval.dtype else None
    if dying is not None:
        value = f"np.{ufunc.__name__}({', '.join(args)}, out={ctx.atom(dying)})"
    else:  # (numpy keeps its operands' memory order: the block takes a C array)
        value = f"np.ascontiguousarray(np.{ufunc.__name__}({', '.join(args)}), " \
                f"{'np.bool_' if aval.dtype == np.bool_ else 'np.' + aval.dtype.name})"
    return [f"with objmode({target}='{kind}'):", f'    {target} = {value}']
