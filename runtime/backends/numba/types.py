"""numba source for types and values: dtype names, casts, literals, objmode type strings."""
import math

import numpy as np

from ...ir.core import PYTHON_TYPE, AbstractValue, Literal


def dtype_source(dtype):
    """`np.float32` for float32, `np.bool_` for bool."""
    dtype = np.dtype(dtype)
    return 'np.bool_' if dtype == np.bool_ else f'np.{dtype.name}'


def literal_source(value):
    """A Python scalar as numba source, or None (None, strings, ...: not lowerable)."""
    if type(value) is bool or type(value) is int:
        return repr(value)
    if type(value) is float:
        if math.isnan(value):
            return 'np.nan'
        if math.isinf(value):
            return 'np.inf' if value > 0 else '-np.inf'
        return repr(value)
    return None


def is_scalar(aval):
    return aval is not None and aval.shape == ()


def cast(source, atom, dtype):
    """`source` (the value of `atom`) as `dtype`, the loop type numpy computes with."""
    return cast_value(source, None if isinstance(atom, Literal) else atom.aval, dtype)


def cast_value(source, aval, dtype):
    """`source` (of type `aval`, None for a Python literal) as `dtype`."""
    dtype = np.dtype(dtype)
    if aval is not None and not aval.weak and aval.dtype == dtype:
        return source
    if aval is not None and aval.dtype.kind == 'c' and dtype.kind != 'c':
        # numba casts no complex to a real type; numpy tests a complex for truth and
        # casts the real part to a number (with a ComplexWarning, which jit does not give)
        if dtype.kind == 'b':
            return f'({source} != 0)'
        real = AbstractValue(np.empty(0, aval.dtype).real.dtype, aval.shape)
        return cast_value(f'{source}.real', real, dtype)
    if aval is not None and not is_scalar(aval):
        return f'{source}.astype({dtype_source(dtype)})'
    return f'{dtype_source(dtype)}({source})'


def objmode_type(aval, layout='C'):
    """numba's type string of a value a numpy kernel gives back (for `numba.objmode`): an array
    C-contiguous, or of any layout ('A')."""
    name = 'boolean' if aval.dtype == np.bool_ else aval.dtype.name
    if not aval.shape:
        return name
    last = '::1' if layout == 'C' else ':'
    return f"{name}[{', '.join([':'] * (len(aval.shape) - 1) + [last])}]"


def loop_types(ufunc, avals):
    """The dtypes numpy's loop for `ufunc` computes with on values of these types, a Python
    number taking the other operands' type (NEP 50): (inputs..., outputs...)."""
    if all(a.weak or a.dtype == np.bool_ for a in avals):  # Python numbers: numpy's defaults
        operands = tuple(a.dtype for a in avals)
    else:
        operands = tuple(PYTHON_TYPE[a.dtype.kind] if a.weak else a.dtype for a in avals)
    return ufunc.resolve_dtypes(operands + (None,) * ufunc.nout)
