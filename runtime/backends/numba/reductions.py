"""Lowerings of reductions and scans over axes (registered in `NUMBA`).

numba's `np.max`, `np.min` and `np.prod` take no axis: those reduce the rows
of a 2-d copy whose columns are the reduced axes (`njit_functions.max_rows`, ...), as
do argmax, argmin (first NaN's index), all, any, and cumsum and cumprod (which
scan the rows: numba's start from 0, losing a leading -0.0). numba adds in
order where numpy adds pairwise, so float sums differ in rounding (the
documented tolerance).
"""
from ...ir.lowerings import NUMBA
from ...ir.shapes import normalize_axes, normalize_axis
from .shapes import dim, dims_source, out_aval, product
from .types import cast, dtype_source, is_scalar


def _reduction(name):
    def emit(ctx, eq, args):
        params = dict(eq.params)
        axis, keepdims = params.pop('axis', None), params.pop('keepdims', False)
        x, out = eq.inputs[0].aval, out_aval(eq)
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
            count = product([dim(x, k, args[0]) for k in axes])
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
        x, out = eq.inputs[0].aval, out_aval(eq)
        if params or x.shape is None or out.dtype.kind not in 'biuf':
            return None
        source = cast(args[0], eq.inputs[0], out.dtype)
        if is_scalar(x):
            return f'np.full(1, {source}, {dtype_source(out.dtype)})'
        ndim = len(x.shape)
        dims = [dim(x, k, args[0]) for k in range(ndim)]
        scan = ctx.helper(name + '_rows')
        if axis is None:
            flat = f'np.ascontiguousarray({source}).reshape((1, {product(dims)}))'
            return f'{scan}({flat})[0]'
        k = normalize_axis(axis, ndim)
        perm = [i for i in range(ndim) if i != k] + [k]
        moved = source if k == ndim - 1 else f'{source}.transpose({tuple(perm)!r})'
        rows = (f'np.ascontiguousarray({moved}).reshape(({product(dims[:k] + dims[k + 1:])}, '
                f'{dims[k]}))')
        value = f"{scan}({rows}).reshape(({', '.join(str(dims[i]) for i in perm)},))"
        if k == ndim - 1:
            return value
        back = tuple(perm.index(i) for i in range(ndim))
        return f'np.ascontiguousarray({value}.transpose({back!r}))'
    return emit


def _rows(ctx, name, source, x, axes, array):
    """`name` over `axes` through a 2-d copy: kept axes as rows, reduced ones as columns."""
    kept = [k for k in range(len(x.shape)) if k not in axes]
    perm = kept + list(axes)
    moved = source if perm == sorted(perm) else f'{source}.transpose({tuple(perm)!r})'
    rows = (f'np.ascontiguousarray({moved}).reshape(({product([dim(x, k, array) for k in kept])}'
            f', {product([dim(x, k, array) for k in axes])}))')
    shape = ', '.join(str(dim(x, k, array)) for k in kept)
    return f'{ctx.helper(name + "_rows")}({rows}).reshape(({shape},))'


NUMBA.define('cumsum', _scan('cumsum'))
NUMBA.define('cumprod', _scan('cumprod'))
for _name in ('sum', 'prod', 'mean', 'max', 'min', 'argmax', 'argmin', 'all', 'any'):
    NUMBA.define(_name, _reduction(_name))
