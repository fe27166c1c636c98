"""Lowerings of array creation: `zeros`, `ones`, `full`, `eye`, `arange`, `*_like`.

Sizes are the size templates of `graph_ops.creation` (holes: run-time sizes);
`arange` computes numpy's length and values (`njit_functions.arange_*`).
"""
import numpy as np

from ...ir.core import AbstractValue, Hole
from ...ir.lowerings import NUMBA
from .shapes import dims_source, is_static, out_aval
from .types import cast, cast_value, dtype_source, is_scalar, loop_types


def _filled(value):
    def emit(ctx, eq, args):
        out = out_aval(eq)
        fill = args[1] if value is None else value
        if set(eq.params) - {'dtype'} or len(args) != (2 if value is None else 1):
            return None
        if is_scalar(out):
            return f'{dtype_source(out.dtype)}({fill})'
        like = None if is_static(out.shape) else args[0]
        return f'np.full({dims_source(out.shape, like)}, {fill}, {dtype_source(out.dtype)})'
    return emit


def _size(template, args):
    """A size template (`graph_ops.creation`) as source: holes are the run-time sizes, as ints."""
    if isinstance(template, Hole):
        return f'int({args[template.index]})'
    if isinstance(template, tuple):
        parts = [_size(d, args) for d in template]
        return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
    return 'None' if template is None else repr(template)


def _sized(fill):
    """np.zeros, np.ones: `fill` of the dtype, in the shape of the template."""
    def emit(ctx, eq, args):
        out = out_aval(eq)
        if eq.params.get('order', 'C') != 'C':
            return None
        if is_scalar(out):
            return f'{dtype_source(out.dtype)}({fill})'
        return f"np.full({_size(eq.params['shape'], args)}, {fill}, {dtype_source(out.dtype)})"
    return emit


@NUMBA.lowers('full')
def _full(ctx, eq, args):
    out = out_aval(eq)
    if eq.params.get('order', 'C') != 'C':
        return None
    value = cast(args[0], eq.inputs[0], out.dtype)  # numpy copies the fill value unsafely
    if is_scalar(out):
        return value if is_scalar(eq.inputs[0].aval) else f'{value}.ravel()[0]'
    shape = _size(eq.params['shape'], args[1:])
    if is_scalar(eq.inputs[0].aval):
        return f'np.full({shape}, {value}, {dtype_source(out.dtype)})'
    return f'np.broadcast_to({value}, {shape}).copy()'


@NUMBA.lowers('eye')
def _eye(ctx, eq, args):
    params = dict(eq.params)
    if params.pop('order', 'C') != 'C':
        return None
    dims = [_size(params.pop(k, default), args) for k, default in (('N', None), ('M', None),
                                                                    ('k', 0))]
    params.pop('dtype', None)
    if params:
        return None
    return f"np.eye({', '.join(dims)}, {dtype_source(out_aval(eq).dtype)})"


@NUMBA.lowers('arange')
def _arange(ctx, eq, args):
    """np.arange as numpy computes it: the length from (stop - start) / step, the difference in
    the bounds' dtype; the first two values, then multiples of their difference."""
    out, (start, stop, step) = out_aval(eq), eq.inputs
    avals = [a.aval for a in eq.inputs]
    if set(eq.params) - {'dtype', 'python'} or any(
            a.dtype.kind not in 'iuf' or a.dtype == np.uint64 for a in avals):
        return None
    difference, second = (loop_types(ufunc, [a.aval, b.aval])[-1]
                          for ufunc, a, b in ((np.subtract, stop, start), (np.add, start, step)))
    python = all(a.weak for a in avals)
    if out.dtype.kind in 'iu' and out.dtype != np.uint64 and difference.kind in 'iu':
        wide = np.dtype(np.int64)
    elif out.dtype == np.float64 and difference == second == np.float64 or \
            out.dtype == np.float64 and difference.kind in 'iu' and second.kind in 'iu':
        wide = np.dtype(np.float64)
    else:
        return None  # narrow floats: numpy computes the bounds' difference in float32
    first, stop_, step_ = args
    diff = f'{dtype_source(difference)}({cast(stop_, stop, difference)} - ' \
           f'{cast(first, start, difference)})'
    after = f'{dtype_source(second)}({cast(first, start, second)} + {cast(step_, step, second)})'
    length = f"{ctx.helper('arange_length')}({diff}, {step_}, {python})"
    values = [cast(first, start, wide), cast_value(after, AbstractValue(second, ()), wide),
              length]
    if wide == np.float64:
        return f"{ctx.helper('arange_float')}({', '.join(values)})"
    return f"{ctx.helper('arange_int')}({', '.join(values)}, {dtype_source(out.dtype)}(0))"


NUMBA.define('zeros', _sized('0'))
NUMBA.define('ones', _sized('1'))
NUMBA.define('zeros_like', _filled('0'))
NUMBA.define('ones_like', _filled('1'))
NUMBA.define('full_like', _filled(None))
