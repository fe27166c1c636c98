"""Lowerings of shape ops, array creation and reductions over axes (entries of `LOWERINGS`).

Shapes come from the equation's types where they are static and from the
input's `.shape` where not. 0-d values are numba scalars in generated code,
so ops making arrays from them use `np.full`. numba's `np.max`, `np.min` and
`np.prod` take no axis: those reduce the rows of a 2-d copy whose columns are
the reduced axes (`helpers.max_rows`, ...), as do argmax, argmin (first NaN's
index), all, any, and cumsum and cumprod (which scan the rows: numba's start
from 0, losing a leading -0.0). Sizes of `zeros`, `eye`, ... are the size
templates of `ops.creation`; `arange` computes numpy's length and values. numba adds in order where numpy
adds pairwise, so float sums differ in rounding (the documented tolerance).
"""
import math

import numpy as np

from ...ir.core import AbstractValue, Hole
from ...ir.shapes import normalize_axes, normalize_axis
from .types import cast, cast_value, dtype_source, is_scalar, loop_types


def dims_source(shape, like=None):
    """A shape tuple as source: static dims as numbers, unknown ones `like.shape[i]`."""
    parts = [str(d) if d is not None else f'{like}.shape[{i}]' for i, d in enumerate(shape)]
    return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def _out(eq):
    return eq.outputs[0].aval


def _static(shape):
    return shape is not None and None not in shape


def _permuted(args, perm):
    return args[0] if list(perm) == sorted(perm) else f'{args[0]}.transpose({tuple(perm)!r})'


def _transpose(ctx, eq, args):
    ndim = len(eq.inputs[0].aval.shape)
    axes = eq.params.get('axes')
    perm = range(ndim)[::-1] if axes is None else [normalize_axis(a, ndim) for a in axes]
    return _permuted(args, perm) if ndim else args[0]


def _swapaxes(ctx, eq, args):
    ndim = len(eq.inputs[0].aval.shape)
    perm = list(range(ndim))
    i, j = (normalize_axis(eq.params[k], ndim) for k in ('axis1', 'axis2'))
    perm[i], perm[j] = perm[j], perm[i]
    return _permuted(args, perm)


def _expand_dims(ctx, eq, args):
    out = _out(eq)
    axis = eq.params['axis']
    if is_scalar(eq.inputs[0].aval):
        return f'np.full({dims_source(out.shape)}, {args[0]}, {dtype_source(out.dtype)})'
    source = args[0]
    for k in normalize_axes(axis, len(out.shape)):  # ascending: each lands where it belongs
        source = f'np.expand_dims({source}, {k})'
    return source


def _broadcast_to(ctx, eq, args):
    if set(eq.params) != {'shape'}:
        return None
    out = _out(eq)
    if is_scalar(eq.inputs[0].aval):
        return f'np.full({dims_source(out.shape)}, {args[0]}, {dtype_source(out.dtype)})'
    return f'np.broadcast_to({args[0]}, {dims_source(out.shape)})'


def _reshaped(ctx, eq, args):
    """reshape, ravel, squeeze: a view of the C-ordered elements in the result's shape."""
    out, x = _out(eq), eq.inputs[0].aval
    if eq.params.get('order', 'C') != 'C' or not _static(out.shape) or is_scalar(x):
        return None
    if is_scalar(out):
        return f'{args[0]}.ravel()[0]'
    return f'np.ascontiguousarray({args[0]}).reshape({dims_source(out.shape)})'


def _filled(value):
    def emit(ctx, eq, args):
        out = _out(eq)
        fill = args[1] if value is None else value
        if set(eq.params) - {'dtype'} or len(args) != (2 if value is None else 1):
            return None
        if is_scalar(out):
            return f'{dtype_source(out.dtype)}({fill})'
        like = None if _static(out.shape) else args[0]
        return f'np.full({dims_source(out.shape, like)}, {fill}, {dtype_source(out.dtype)})'
    return emit


def _reduction(name):
    def emit(ctx, eq, args):
        params = dict(eq.params)
        axis, keepdims = params.pop('axis', None), params.pop('keepdims', False)
        x, out = eq.inputs[0].aval, _out(eq)
        if params or x.shape is None or name in UNCAST[2:] and x.dtype.kind not in 'biuf':
            return None
        if is_scalar(x):
            return _scalar_reduction(name, args[0], x, out)
        # numpy adds and multiplies in the result's dtype (int32 sums in int64, ...)
        source = args[0] if name in UNCAST else cast(args[0], eq.inputs[0], out.dtype)
        axes = normalize_axes(axis, len(x.shape))
        if name in ('argmax', 'argmin') and len(axes) == len(x.shape):
            flat = f'np.ascontiguousarray({source}).reshape((1, {source}.size))'
            value = f'{ctx.helper(name + "_rows")}({flat})[0]'
        elif len(axes) == len(x.shape):
            value = f'np.{name}({source})'
        elif name in ('sum', 'mean'):
            value = source
            for k in reversed(axes):
                value = f'np.sum({value}, axis={k})'
        else:
            value = _rows(ctx, name, source, x, axes, args[0])
        if name == 'mean' and len(axes) < len(x.shape):
            count = _product([_dim(x, k, args[0]) for k in axes])
            value = f'np.true_divide({value}, {dtype_source(out.dtype)}({count}))'
        if not keepdims:
            return value
        shape = dims_source(out.shape, args[0])
        if len(axes) == len(x.shape):
            return f'np.full({shape}, {value}, {dtype_source(out.dtype)})'
        return f'{value}.reshape({shape})'
    return emit


UNCAST = ('max', 'min', 'argmax', 'argmin', 'all', 'any')  # they compute in the input's dtype


def _scalar_reduction(name, source, x, out):
    """A reduction of a 0-d value (a scalar): only its dtype changes (keepdims: still 0-d)."""
    if name in ('argmax', 'argmin'):
        return 'np.int64(0)'
    if name in ('all', 'any'):
        return None if x.dtype.kind not in 'biuf' else f'({source} != 0)'
    return None


def _scan(name):
    """cumsum, cumprod: in the result's dtype, along the rows of a 2-d copy whose rows end in
    the scanned axis (numba's np.cumsum takes no axis and starts from 0: 0.0 + -0.0 is 0.0)."""
    def emit(ctx, eq, args):
        params = dict(eq.params)
        axis = params.pop('axis', None)
        params.pop('dtype', None)
        x, out = eq.inputs[0].aval, _out(eq)
        if params or x.shape is None or out.dtype.kind not in 'biuf':
            return None
        source = cast(args[0], eq.inputs[0], out.dtype)
        if is_scalar(x):
            return f'np.full(1, {source}, {dtype_source(out.dtype)})'
        ndim = len(x.shape)
        dims = [_dim(x, k, args[0]) for k in range(ndim)]
        scan = ctx.helper(name + '_rows')
        if axis is None:
            flat = f'np.ascontiguousarray({source}).reshape((1, {_product(dims)}))'
            return f'{scan}({flat})[0]'
        k = normalize_axis(axis, ndim)
        perm = [i for i in range(ndim) if i != k] + [k]
        moved = source if k == ndim - 1 else f'{source}.transpose({tuple(perm)!r})'
        rows = (f'np.ascontiguousarray({moved}).reshape(({_product(dims[:k] + dims[k + 1:])}, '
                f'{dims[k]}))')
        value = f"{scan}({rows}).reshape(({', '.join(str(dims[i]) for i in perm)},))"
        if k == ndim - 1:
            return value
        back = tuple(perm.index(i) for i in range(ndim))
        return f'np.ascontiguousarray({value}.transpose({back!r}))'
    return emit


def _joined(ctx, eq, args, stack):
    """The inputs cast to the result's dtype, as a tuple's source; None if one is 0-d or of
    unknown rank."""
    out = _out(eq)
    if set(eq.params) - {'axis'} or out.shape is None or out.dtype.kind not in 'biuf' or any(
            a.aval.shape is None or (not stack and is_scalar(a.aval)) for a in eq.inputs):
        return None
    return [cast(a, atom, out.dtype) for a, atom in zip(args, eq.inputs)]


def _tuple(items):
    return f"({', '.join(items)},)"


def _concatenate(ctx, eq, args):
    parts = _joined(ctx, eq, args, False)
    if parts is None:
        return None
    axis = eq.params.get('axis', 0)
    if axis is None:
        return f"np.concatenate({_tuple(f'np.ravel({p})' for p in parts)})"
    axis = normalize_axis(axis, len(eq.inputs[0].aval.shape))
    return f'np.concatenate({_tuple(parts)}, axis={axis})'


def _stack(ctx, eq, args):
    parts = _joined(ctx, eq, args, True)
    if parts is None:
        return None
    out = _out(eq)
    if len(out.shape) == 1:  # 0-d inputs are numba scalars: filled in one by one
        target = ctx.targets[0]
        return [f'{target} = np.empty({len(parts)}, {dtype_source(out.dtype)})'] + [
            f'{target}[{i}] = {p}' for i, p in enumerate(parts)]
    axis = normalize_axis(eq.params.get('axis', 0), len(out.shape))
    return f'np.stack({_tuple(parts)}, {axis})'


def _flip(ctx, eq, args):
    x = eq.inputs[0].aval
    if set(eq.params) - {'axis'} or x.shape is None:
        return None
    if is_scalar(x):
        return args[0]
    axes = normalize_axes(eq.params.get('axis'), len(x.shape))
    index = ', '.join('::-1' if k in axes else ':' for k in range(len(x.shape)))
    return f'{args[0]}[{index}]'


def _outer(ctx, eq, args):
    """The product of each element of `a` with each of `b` (both raveled), in numpy's loop."""
    out = _out(eq)
    if eq.params or out.dtype.kind not in 'iuf' or any(a.aval.shape is None for a in eq.inputs):
        return None
    rows, columns = (
        f'np.full(1, {cast(a, atom, out.dtype)}, {dtype_source(out.dtype)})'
        if is_scalar(atom.aval) else f'np.ravel({cast(a, atom, out.dtype)})'
        for a, atom in zip(args, eq.inputs))
    return f'np.multiply({rows}.reshape(({rows}.size, 1)), {columns})'


def _rows(ctx, name, source, x, axes, array):
    """`name` over `axes` through a 2-d copy: kept axes as rows, reduced ones as columns."""
    kept = [k for k in range(len(x.shape)) if k not in axes]
    perm = kept + list(axes)
    moved = source if perm == sorted(perm) else f'{source}.transpose({tuple(perm)!r})'
    rows = (f'np.ascontiguousarray({moved}).reshape(({_product([_dim(x, k, array) for k in kept])}'
            f', {_product([_dim(x, k, array) for k in axes])}))')
    shape = ', '.join(str(_dim(x, k, array)) for k in kept)
    return f'{ctx.helper(name + "_rows")}({rows}).reshape(({shape},))'


def _dim(aval, k, array):
    """Dim `k` of `aval`: the number if static, else `array.shape[k]`."""
    return aval.shape[k] if aval.shape[k] is not None else f'{array}.shape[{k}]'


def _product(dims):
    static = math.prod(d for d in dims if isinstance(d, int))
    return ' * '.join([str(static)] + [d for d in dims if isinstance(d, str)])


def _size(template, args):
    """A size template (`ops.creation`) as source: holes are the run-time sizes, as ints."""
    if isinstance(template, Hole):
        return f'int({args[template.index]})'
    if isinstance(template, tuple):
        parts = [_size(d, args) for d in template]
        return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
    return 'None' if template is None else repr(template)


def _sized(fill):
    """np.zeros, np.ones: `fill` of the dtype, in the shape of the template."""
    def emit(ctx, eq, args):
        out = _out(eq)
        if eq.params.get('order', 'C') != 'C':
            return None
        if is_scalar(out):
            return f'{dtype_source(out.dtype)}({fill})'
        return f"np.full({_size(eq.params['shape'], args)}, {fill}, {dtype_source(out.dtype)})"
    return emit


def _full(ctx, eq, args):
    out = _out(eq)
    if eq.params.get('order', 'C') != 'C':
        return None
    value = cast(args[0], eq.inputs[0], out.dtype)  # numpy copies the fill value unsafely
    if is_scalar(out):
        return value if is_scalar(eq.inputs[0].aval) else f'{value}.ravel()[0]'
    shape = _size(eq.params['shape'], args[1:])
    if is_scalar(eq.inputs[0].aval):
        return f'np.full({shape}, {value}, {dtype_source(out.dtype)})'
    return f'np.broadcast_to({value}, {shape}).copy()'


def _eye(ctx, eq, args):
    params = dict(eq.params)
    if params.pop('order', 'C') != 'C':
        return None
    dims = [_size(params.pop(k, default), args) for k, default in (('N', None), ('M', None),
                                                                    ('k', 0))]
    params.pop('dtype', None)
    if params:
        return None
    return f"np.eye({', '.join(dims)}, {dtype_source(_out(eq).dtype)})"


def _arange(ctx, eq, args):
    """np.arange as numpy computes it: the length from (stop - start) / step, the difference in
    the bounds' dtype; the first two values, then multiples of their difference."""
    out, (start, stop, step) = _out(eq), eq.inputs
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


TABLE = {
    'zeros': _sized('0'), 'ones': _sized('1'), 'full': _full, 'eye': _eye, 'arange': _arange,
    'transpose': _transpose, 'swapaxes': _swapaxes, 'expand_dims': _expand_dims,
    'broadcast_to': _broadcast_to, 'reshape': _reshaped, 'ravel': _reshaped,
    'squeeze': _reshaped, 'zeros_like': _filled('0'), 'ones_like': _filled('1'),
    'full_like': _filled(None), 'concatenate': _concatenate, 'stack': _stack,
    'flip': _flip, 'outer': _outer, 'cumsum': _scan('cumsum'), 'cumprod': _scan('cumprod'),
    **{name: _reduction(name) for name in ('sum', 'prod', 'mean', 'max', 'min', 'argmax',
                                           'argmin', 'all', 'any')},
}
