"""Integer division and modulo by zero under jit_compile=True: numpy's 0, and numpy's warning.

numba computes an integer `floor_divide`, `remainder` or `fmod` by zero as
numpy does (0), but compiled code cannot warn. So the generated function
records each such division in a flag it returns after its results (one bit
per op and kind, scalar or array), and the wrapper lets numpy itself report
each recorded one (`report`): it divides by zero once with the same dtypes,
so the warning has numpy's message and category and obeys `np.errstate`
(ignored, warned, raised as FloatingPointError). Unlike eagerly, the report
comes after the whole function ran (its variables already updated), and the
warning points at the wrapper's line. A divisor that is a literal other than
0 needs no check: such divisions of int64 scalars are Python's operators,
which numba computes without numpy's scalar call (-1 excepted: it overflows).
The smallest signed integer floor-divided by -1 overflows: numpy gives it back
with an overflow RuntimeWarning, recorded and reported the same way.
"""
import operator

import numpy as np

from ...ir.core import Literal

FLAG = 'zero_divisions'
DIVISIONS = frozenset(('floor_divide', 'remainder', 'fmod'))
OPERATORS = {'floor_divide': '//', 'remainder': '%'}  # numpy's meaning on int64 scalars
_PYTHON_OPERATORS = {'floor_divide': operator.floordiv, 'remainder': operator.mod}


def is_integer_division(name, dtypes):
    """True for numpy's ufunc `name` dividing integers (its loop's `dtypes`)."""
    return name in DIVISIONS and np.dtype(dtypes[1]).kind in 'iu'


def safe_divisor(atom):
    """True if `atom` is a literal divisor neither 0 nor -1."""
    return isinstance(atom, Literal) and atom.value not in (0, -1)


def check(ctx, eq, divisor, one_value, name=None):
    """Lines recording a division by zero of `eq` (numpy's ufunc `name`, by default its
    primitive's), whose divisor is `divisor`: one value (a scalar op's, or an element's in a
    fused loop) or an array."""
    aval = eq.outputs[0].aval
    bit = ctx.zero_division_bit((name or eq.primitive, aval.dtype, not aval.shape, 'zero'))
    test = f'{divisor} == 0' if one_value else f'not np.all({divisor})'
    return [f'if {test}:', f'    {FLAG} |= {bit}']


def may_overflow(name, dtypes, inputs):
    """True if numpy's ufunc `name` on its loop's `dtypes` is a signed floor division whose
    `inputs` (atoms: dividend, divisor) may be the smallest integer and -1."""
    dtype = np.dtype(dtypes[0])
    if name != 'floor_divide' or dtype.kind != 'i':
        return False
    dividend, divisor = inputs
    return not (isinstance(divisor, Literal) and divisor.value != -1) and not (
        isinstance(dividend, Literal) and dividend.value != np.iinfo(dtype).min)


def overflow_check(ctx, eq, dividend, divisor, one_value, dtype):
    """Lines recording that `eq`'s floor division (of `dividend` by `divisor`, sources of
    values of the signed `dtype`: one value each, or arrays) overflowed."""
    aval = eq.outputs[0].aval
    bit = ctx.zero_division_bit(('floor_divide', aval.dtype, not aval.shape, 'overflow'))
    smallest = f'np.{np.dtype(dtype).name}({np.iinfo(dtype).min})'
    test = (f'{divisor} == -1 and {dividend} == {smallest}' if one_value else
            f"{ctx.helper('overflowing_division')}({dividend}, {divisor}, {smallest})")
    return [f'if {test}:', f'    {FLAG} |= {bit}']


def report(kinds, flags):
    """numpy's own report of each division by zero (or overflow) recorded in `flags` (bit i:
    `kinds[i]`): scalars through the operator when there is one (numpy's scalar message, as
    `a // b` gives), arrays through the ufunc."""
    for bit, (name, dtype, scalar, event) in enumerate(kinds):
        if flags >> bit & 1:
            a, b = (1, 0) if event == 'zero' else (np.iinfo(dtype).min, -1)
            if scalar and name in _PYTHON_OPERATORS:
                _PYTHON_OPERATORS[name](dtype.type(a), dtype.type(b))
            elif scalar:
                getattr(np, name)(dtype.type(a), dtype.type(b))
            else:
                getattr(np, name)(np.full(1, a, dtype), np.full(1, b, dtype))
