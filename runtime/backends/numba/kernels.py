"""Where numpy's own kernel beats numba's: such ops run numpy's, from the compiled function.

numpy 2.x computes transcendental functions on float32 arrays with SIMD
kernels (tanh and exp are about 13x faster than numba's scalar libm calls on
a machine without SVML), so the backend keeps numpy for them, through
`numba.objmode`, when the array is big enough to pay the switch (about a
microsecond). Every other op is numba's: fused into loops, or numba's numpy.
"""
import numpy as np

from ...graph_ops.elementwise import UFUNCS
from .types import objmode_type

# (ufunc, dtype) whose numpy kernel is SIMD on x86-64 (numpy 2.x, AVX2), measured faster
NUMPY_KERNELS = frozenset((name, np.dtype(dtype)) for name in (
    'tanh', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan',
    'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'arcsinh', 'arccosh', 'arctanh', 'cbrt',
    'power') for dtype in (np.float32, np.float64))
MIN_ELEMENTS = 1 << 10  # below this numba's loop costs less than the switch to Python


def keeps_numpy(eq):
    """True if `eq` runs faster as numpy's kernel than compiled by numba."""
    if eq.primitive not in UFUNCS or len(eq.outputs) != 1 or eq.params:
        return False
    aval = eq.outputs[0].aval
    if (eq.primitive, aval.dtype) not in NUMPY_KERNELS or not aval.shape or None in aval.shape:
        return False
    return int(np.prod(aval.shape)) >= MIN_ELEMENTS


def emit(ctx, eq, args):
    """numpy's kernel through objmode, into a dying input's array when there is one."""
    (target,) = ctx.targets
    kind = objmode_type(eq.outputs[0].aval)
    dying = ctx.dying(eq)
    out = '' if dying is None else f', out={ctx.atom(dying)}'
    return [f"with objmode({target}='{kind}'):",
            f"    {target} = np.{UFUNCS[eq.primitive].__name__}({', '.join(args)}{out})"]
