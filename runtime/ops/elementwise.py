"""Elementwise ops: every numpy ufunc (named after it), `ufunc_outer`, `pow`, `round`, `astype`."""
import operator

import numpy as np

from ..ir.core import PYTHON_TYPE, AbstractValue
from ..ir.shapes import broadcast_shapes, gufunc_shapes, probe_dtype
from ..ir.registry import Op, defop, register
from .emitters import method_emitter, ufunc_method_emitter


def dtype_operand(aval):
    """An operand for `ufunc.resolve_dtypes`: the dtype, or the Python type of a weak scalar."""
    if aval is None:
        raise TypeError('None is not a valid ufunc operand')
    return PYTHON_TYPE[aval.dtype.kind] if aval.weak else aval.dtype


def ufunc_dtypes(ufunc, avals, dtype=None, casting=None):
    """The output dtypes numpy's own promotion (NEP 50) gives these operand types."""
    if len(avals) != ufunc.nin:
        raise TypeError(f'{ufunc.__name__}() takes {ufunc.nin} operands ({len(avals)} given)')
    kwargs = {} if casting is None else {'casting': casting}
    if dtype is not None:
        kwargs['signature'] = (None,) * ufunc.nin + (np.dtype(dtype),) * ufunc.nout
    operands = tuple(map(dtype_operand, avals)) + (None,) * ufunc.nout
    return ufunc.resolve_dtypes(operands, **kwargs)[ufunc.nin:]


def ufunc_rule(ufunc):
    """The type rule of calling `ufunc`: broadcasting (or its gufunc signature) and promotion."""
    def rule(*avals, dtype=None, casting=None):
        dtypes = ufunc_dtypes(ufunc, avals, dtype, casting)
        shapes = [a.shape for a in avals]
        if ufunc.signature:
            out_shapes = gufunc_shapes(ufunc, shapes)
        else:
            out_shapes = [broadcast_shapes(*shapes)] * ufunc.nout
        results = [AbstractValue(d, s) for d, s in zip(dtypes, out_shapes)]
        return results if ufunc.nout > 1 else results[0]
    return rule


UFUNCS = {u.__name__: u for u in vars(np).values() if isinstance(u, np.ufunc)}
for _name, _ufunc in sorted(UFUNCS.items()):
    register(Op(_name, _ufunc, ufunc_rule(_ufunc), multiple_results=_ufunc.nout > 1))


def _ufunc_outer(a, b, *, ufunc, **kwargs):
    return ufunc.outer(a, b, **kwargs)


@defop('ufunc_outer', _ufunc_outer, emit=ufunc_method_emitter('outer'))
def _ufunc_outer_rule(a, b, *, ufunc, dtype=None, casting=None):
    if ufunc.nin != 2 or ufunc.signature:
        raise ValueError('method outer is only supported for binary functions')
    (out,) = ufunc_dtypes(ufunc, (a, b), dtype, casting)
    shape = None if a.shape is None or b.shape is None else a.shape + b.shape
    return AbstractValue(out, shape)


# `x ** y` on arrays is not always `np.power` (numpy takes fast paths such as
# sqrt for 0.5, which differ in the sign of zeros and at infinities); staging
# Python's own operator keeps graph results bitwise equal to eager ones.
@defop('pow', operator.pow)
def _pow_rule(base, exponent):
    return ufunc_rule(np.power)(base, exponent)


@defop('round', np.round)
def _round_rule(a, decimals=0):
    return AbstractValue(probe_dtype(np.round, a, decimals=decimals), a.shape)


def _astype(x, dtype, **kwargs):
    return x.astype(dtype, **kwargs)


@defop('astype', _astype, emit=method_emitter('astype'))
def _astype_rule(x, dtype, **kwargs):
    dtype = probe_dtype(_astype, x, dtype=dtype, **kwargs)  # checks `casting=`
    return AbstractValue(dtype, x.shape)


def to_dtype(x, *, dtype, weak=False):
    """A scalar as `dtype`: a numpy scalar, or (weak) the Python scalar of that kind."""
    if weak:
        return PYTHON_TYPE[dtype.kind](x)
    return dtype.type(x) if np.ndim(x) == 0 else np.asarray(x, dtype)


@defop('to_dtype', to_dtype)
def _to_dtype_rule(x, *, dtype, weak=False):
    return AbstractValue(dtype, x.shape, weak=weak)
