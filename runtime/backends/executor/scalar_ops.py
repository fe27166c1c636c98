"""Python operator syntax for ufuncs on numpy scalars: `a % 2` instead of `remainder(a, 2)`.

A ufunc call on 0-d values costs about ten times a numpy scalar's operator,
which numpy computes with the same loops (same value, same dtype, NEP 50
promotion of Python scalars). So when every input is a 0-d number and one of
them is a strong variable (a numpy scalar or 0-d array at run time, never a
Python scalar), the compiled executor writes the operator. Weak variables
hold Python scalars, on which an operator would compute Python's result
instead of numpy's; those calls stay ufunc calls.

A Python scalar literal beside a strong variable becomes a numpy scalar of
the variable's dtype when numpy would convert it to that dtype anyway (NEP 50)
and it converts exactly: `n % int64_2` runs numpy's same-type fast path,
about twice as fast as `n % 2`, with the same loop, value and warnings.
"""
import numpy as np

from ...converted_code.operator_table import ARITHMETIC, COMPARISONS, UNARY
from ...ir.core import PYTHON_NUMBERS, Literal

# `**` and `@` stay ufunc calls
_BINARY = {op.ufunc: op.symbol for op in (*ARITHMETIC.values(), *COMPARISONS.values())
           if op.symbol not in ('**', '@')}
_UNARY = {op.ufunc: 'abs({})' if op.symbol == 'abs' else f'{op.symbol}{{}}'
          for op in UNARY.values()}
# on bools, the logical ufuncs are the bitwise operators
_LOGICAL_BINARY = {'logical_and': '&', 'logical_or': '|', 'logical_xor': '^'}
_LOGICAL_UNARY = {'logical_not': '~{}'}
_NUMBER_KINDS = frozenset('biufc')


def _scalar_input(atom, kinds):
    """'strong' for a 0-d variable of one of `kinds`, 'weak' for a Python scalar, else None."""
    if isinstance(atom, Literal):
        allowed = (bool,) if kinds == 'b' else PYTHON_NUMBERS
        return 'weak' if type(atom.value) in allowed else None
    aval = atom.aval
    if getattr(aval, 'shape', None) != () or aval.dtype.kind not in kinds:
        return None
    return 'weak' if aval.weak else 'strong'


def operator_source(eq, args, constant):
    """The operator expression computing `eq` on scalars, or None when a call is needed.

    `constant(scalar)` gives the source naming a numpy scalar."""
    if eq.params:
        return None
    name = eq.primitive
    kinds = 'b' if name in _LOGICAL_BINARY or name in _LOGICAL_UNARY else _NUMBER_KINDS
    binary = _BINARY.get(name) or _LOGICAL_BINARY.get(name)
    unary = _UNARY.get(name) or _LOGICAL_UNARY.get(name)
    if binary is None and unary is None:
        return None
    classes = [_scalar_input(a, kinds) for a in eq.inputs]
    if None in classes or 'strong' not in classes:
        return None
    if binary is not None and len(args) == 2:
        args = _strong_literals(eq.inputs, args, constant)
        return f'{args[0]} {binary} {args[1]}'
    if unary is not None and len(args) == 1:
        return unary.format(args[0])
    return None


def _strong_literals(inputs, args, constant):
    """`args` with a literal beside a strong variable written as a numpy scalar of its dtype."""
    strong = [a.aval.dtype for a in inputs if not isinstance(a, Literal) and not a.aval.weak]
    if len(strong) != 1:
        return args
    return [constant(scalar) if isinstance(atom, Literal)
            and (scalar := _as_dtype(atom.value, strong[0])) is not None else arg
            for atom, arg in zip(inputs, args)]


def _as_dtype(value, dtype):
    """`value` as a numpy scalar of `dtype` if numpy computes `dtype op value` in `dtype` and
    the conversion is exact (same value, same sign of zero), else None."""
    if np.result_type(dtype, value) != dtype:
        return None
    with np.errstate(all='ignore'):
        try:
            scalar = dtype.type(value)
        except (OverflowError, ValueError, TypeError):
            return None
        same = scalar == value and repr(complex(scalar)) == repr(complex(value))
    return scalar if same else None
