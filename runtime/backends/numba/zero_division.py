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
    bit = ctx.zero_division_bit((name or eq.primitive, aval.dtype, not aval.shape))
    test = f'{divisor} == 0' if one_value else f'not np.all({divisor})'
    return [f'if {test}:', f'    {FLAG} |= {bit}']


def report(kinds, flags):
    """numpy's own report of each division by zero recorded in `flags` (bit i: `kinds[i]`):
    scalars through the operator when there is one (numpy's scalar message, as `a // b`
    gives), arrays through the ufunc."""
    for bit, (name, dtype, scalar) in enumerate(kinds):
        if flags >> bit & 1:
            if scalar and name in _PYTHON_OPERATORS:
                _PYTHON_OPERATORS[name](dtype.type(1), dtype.type(0))
            elif scalar:
                getattr(np, name)(dtype.type(1), dtype.type(0))
            else:
                getattr(np, name)(np.ones(1, dtype), np.zeros(1, dtype))
