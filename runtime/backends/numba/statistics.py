"""Lowerings of bincount and interp (registered in `NUMBA`): numba's own np.bincount and
np.interp, which give numpy's results bit for bit (numba's interp is numpy's C algorithm)."""
import numpy as np

from ...ir.lowerings import NUMBA
from .types import cast, is_scalar


@NUMBA.lowers('bincount')
def _bincount(ctx, eq, args):
    x = eq.inputs[0].aval
    if x.dtype.kind not in 'iu':
        return None
    minlength = eq.params.get('minlength', 0)
    if len(args) == 1:
        return f'np.bincount({args[0]}, minlength={minlength!r})'
    weights = cast(args[1], eq.inputs[1], np.float64)  # numpy adds the weights as doubles
    return f'np.bincount({args[0]}, {weights}, {minlength!r})'


@NUMBA.lowers('interp')
def _interp(ctx, eq, args):
    """numba's np.interp takes no left=, right= or period=: left and right are the values
    below xp[0] and above xp[-1] (NaNs compare false and stay NaN, as in numpy's loop)."""
    params = eq.params
    avals = [a.aval for a in eq.inputs]
    if params.get('period') is not None or is_scalar(avals[0]) or \
            any(a.dtype.kind not in 'iuf' for a in avals) or eq.outputs[0].aval.dtype != np.float64:
        return None
    x, xp, fp = (cast(a, atom, np.float64) for a, atom in zip(args, eq.inputs))
    value = f'np.interp({x}, {xp}, {fp})'
    if params.get('right') is not None:
        value = f'np.where({x} > {xp}[-1], {float(params["right"])!r}, {value})'
    if params.get('left') is not None:
        value = f'np.where({x} < {xp}[0], {float(params["left"])!r}, {value})'
    return value


@NUMBA.lowers('diff')
def _diff(ctx, eq, args):
    """numpy's `diff`: a[1:] - a[:-1] along the axis, n times (not_equal for bools). numba's own
    np.diff differences the last axis only."""
    x = eq.inputs[0].aval
    n, axis = eq.params.get('n', 1), eq.params.get('axis', -1)
    if x.shape is None or not x.shape or not 1 <= n <= 2 or \
            x.dtype not in (np.float64, np.float32, np.int64, np.bool_):
        return None
    axis %= len(x.shape)

    def part(bound):
        return ', '.join(bound if i == axis else ':' for i in range(len(x.shape)))
    value = args[0]
    for _ in range(n):
        op = '!=' if x.dtype == np.bool_ else '-'
        value = f'({value}[{part("1:")}] {op} {value}[{part(":-1")}])'
    return value
