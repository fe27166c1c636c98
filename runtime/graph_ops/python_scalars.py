"""Python arithmetic on Python scalars that a graph carries (weak values): `py_binary`, `py_unary`.

A loop counter `i = 0; i += 1` is a Python int in eager code, so `x * i` keeps
the dtype of a float32 `x` and `i` never overflows. Graph control flow carries
such a number as a *weak* value (a Python scalar at run time); operators
between weak values stage these ops, which compute what Python computes.
"""
import numpy as np

from ..converted_code.operator_table import PYTHON_NUMBER_BINARY, PYTHON_NUMBER_UNARY
from ..ir.core import AbstractValue
from ..ir.registry import defop, no_gradient

_KINDS = 'bifc'  # bool < int < float < complex, as Python promotes them
_DTYPES = {'b': np.dtype(np.int_), 'i': np.dtype(np.int_), 'f': np.dtype(np.float64),
           'c': np.dtype(np.complex128)}


def _python_operand(aval):
    if aval is None or aval.shape != () or not (aval.weak or aval.dtype == np.bool_):
        raise TypeError(f'Python arithmetic needs Python numbers, not {aval}')
    return aval.dtype.kind


def py_binary(a, b, *, op):
    return PYTHON_NUMBER_BINARY[op].python(a, b)


def _emit_binary(args, params, src):
    return f'{args[0]} {params["op"]} {args[1]}'


@defop('py_binary', py_binary, emit=_emit_binary, fp_quiet=True)
def _py_binary_rule(a, b, *, op):
    kind = max(_python_operand(a), _python_operand(b), key=_KINDS.index)
    if op == '/' and kind in 'bi':
        kind = 'f'
    if kind == 'c' and op in ('//', '%'):
        raise TypeError(f"unsupported operand type(s) for {op}: 'complex'")
    return AbstractValue(_DTYPES[kind], (), weak=True)


def py_unary(a, *, op):
    return PYTHON_NUMBER_UNARY[op].python(a)


def _emit_unary(args, params, src):
    return f'abs({args[0]})' if params['op'] == 'abs' else f'{params["op"]}{args[0]}'


@defop('py_unary', py_unary, emit=_emit_unary, fp_quiet=True)
def _py_unary_rule(a, *, op):
    kind = _python_operand(a)
    if op == 'abs' and kind == 'c':
        kind = 'f'
    return AbstractValue(_DTYPES[kind], (), weak=True)


no_gradient('Python numbers graph control flow carries (counters): constants of any array',
            'py_binary', 'py_unary')
