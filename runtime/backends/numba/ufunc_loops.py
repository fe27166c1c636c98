"""Which numpy ufunc loops numba compiles, and the call computing one as numpy does.

numba implements a ufunc for the loops of its own table (`numba.np.ufunc_db`):
numpy 2's `bitwise_count` or `heaviside`, or `signbit` of an int8 (numpy's
loop is float16's), have none there, so such an op is refused by name when
the function is traced instead of failing inside numba. Where numba's loop
computes something else, the call goes to a helper that computes numpy's
result: float `floor_divide` (numba's is `floor(a / b)`), and the kernels of
`kernel_spec` (`njit_functions.numpy_unary`, `numpy_binary`): float maximum/minimum
at signed zeros, signed integer division by -1 (numba's remainder traps),
shifts by counts out of range, integer powers, and the NaNs of libm-backed
float ufuncs (`nan_rules`: numpy's sign and payload).
"""
import numpy as np

from . import nan_rules

# float ufuncs whose NaN results follow numba's libm, not numpy's loop: checked per element
NAN_CHECKED = frozenset((
    'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctanh', 'cbrt', 'cos', 'cosh', 'exp',
    'exp2', 'expm1', 'log', 'log10', 'log1p', 'log2', 'sin', 'sinh', 'tan', 'tanh', 'negative',
    'spacing', 'arctan2', 'fmod', 'power', 'float_power', 'hypot', 'logaddexp', 'logaddexp2'))
# ufunc -> our kernel, on floats; on signed integers; on any integers
FLOAT_KERNELS = {'maximum': 'maximum', 'minimum': 'minimum', 'fmax': 'fmax', 'fmin': 'fmin',
                 'sign': 'sign', 'spacing': 'spacing', 'remainder': 'remainder_float'}
SIGNED_KERNELS = {'floor_divide': 'floor_divide_int', 'remainder': 'remainder_int',
                  'fmod': 'fmod_int'}
INTEGER_KERNELS = {'left_shift': 'left_shift', 'right_shift': 'right_shift',
                   'power': 'power_int'}


def missing_loop(ufunc, dtypes):
    """None if numba compiles `ufunc` for these loop dtypes, else why not (for the error)."""
    from numba.np import ufunc_db  # numba is imported only once a graph is compiled
    nin = ufunc.nin
    key = (''.join(np.dtype(d).char for d in dtypes[:nin]) + '->'
           + ''.join(np.dtype(d).char for d in dtypes[nin:]))
    if ufunc not in ufunc_db.get_ufuncs():
        return f': numba has no {ufunc.__name__}'
    if key not in ufunc_db.get_ufunc_info(ufunc):
        names = ', '.join(np.dtype(d).name for d in dtypes[:nin])
        return f': numba has no {ufunc.__name__} loop for {names}'
    return None


def kernel_spec(ufunc, dtypes):
    """The kernel (`njit_functions._kernel`) computing `ufunc` on its loop's `dtypes` as numpy does
    where numba's own differs, or None."""
    dtypes = [np.dtype(d) for d in dtypes]
    if len(set(dtypes)) != 1 or ufunc.nout != 1:
        return None
    name, kind = ufunc.__name__, dtypes[0].kind
    if kind in 'iu':
        if kind == 'u' and name == 'sign':
            return 'sign_unsigned'  # numba's sign of 255 (uint8) is 255: it reads it as -1
        return (SIGNED_KERNELS.get(name) if kind == 'i' else None) or INTEGER_KERNELS.get(name)
    if kind != 'f':
        return None
    kernel = FLOAT_KERNELS.get(name)
    rule = nan_rules.rule(ufunc, dtypes[0]) if name in NAN_CHECKED else None
    if rule is None:
        return kernel
    return f'{kernel or name}:{rule}'


def computes_itself(ufunc, dtypes):
    """True if `call` computes `ufunc` with a helper of ours (numba's ufunc cannot then write
    into an `out` array)."""
    return ufunc is np.floor_divide and np.dtype(dtypes[0]).kind == 'f' or \
        kernel_spec(ufunc, dtypes) is not None


def call(ctx, ufunc, dtypes, operands, arrays):
    """Source computing `ufunc` of `operands` (cast to the loop's `dtypes`) as numpy does;
    `arrays`: an operand may be an array."""
    if ufunc is np.floor_divide and np.dtype(dtypes[0]).kind == 'f':
        helper = ctx.helper('floor_divide_arrays' if arrays else 'floor_divide_float')
        return f"{helper}({', '.join(operands)})"
    spec = kernel_spec(ufunc, dtypes)
    if spec is not None:
        helper = ctx.helper('numpy_unary' if ufunc.nin == 1 else 'numpy_binary')
        return f"{helper}({', '.join(operands)}, {spec!r})"
    return f"np.{ufunc.__name__}({', '.join(operands)})"
