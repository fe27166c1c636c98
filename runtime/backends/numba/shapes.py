"""Lowerings of shape ops, array creation and reductions over axes (entries of `LOWERINGS`).

Shapes come from the equation's types where they are static and from the
input's `.shape` where not. 0-d values are numba scalars in generated code,
so ops making arrays from them use `np.full`. numba's `np.max`, `np.min` and
`np.prod` take no axis: those reduce the rows of a 2-d copy whose columns are
the reduced axes (`helpers.max_rows`, ...). numba adds in order where numpy
adds pairwise, so float sums differ in rounding (the documented tolerance).
"""
import math

from ...ir.shapes import normalize_axes, normalize_axis
from .types import cast, dtype_source, is_scalar


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
        if params or x.shape is None or is_scalar(x):
            return None
        # numpy adds and multiplies in the result's dtype (int32 sums in int64, ...)
        source = args[0] if name in ('max', 'min') else cast(args[0], eq.inputs[0], out.dtype)
        axes = normalize_axes(axis, len(x.shape))
        if len(axes) == len(x.shape):
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


TABLE = {
    'transpose': _transpose, 'swapaxes': _swapaxes, 'expand_dims': _expand_dims,
    'broadcast_to': _broadcast_to, 'reshape': _reshaped, 'ravel': _reshaped,
    'squeeze': _reshaped, 'zeros_like': _filled('0'), 'ones_like': _filled('1'),
    'full_like': _filled(None),
    **{name: _reduction(name) for name in ('sum', 'prod', 'mean', 'max', 'min')},
}
