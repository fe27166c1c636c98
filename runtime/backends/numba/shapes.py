"""Lowerings of shape ops and joins (registered in `NUMBA`), and the shape helpers of
`creation` and `reductions`.

Shapes come from the equation's types where they are static and from the
input's `.shape` where not. 0-d values are numba scalars in generated code,
so ops making arrays from them use `np.full`.
"""
import math

from ...ir.lowerings import NUMBA
from ...ir.shapes import normalize_axes, normalize_axis
from .types import cast, dtype_source, is_scalar


def dims_source(shape, like=None):
    """A shape tuple as source: static dims as numbers, unknown ones `like.shape[i]`."""
    parts = [str(d) if d is not None else f'{like}.shape[{i}]' for i, d in enumerate(shape)]
    return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def out_aval(eq):
    """The type of the equation's (first) result."""
    return eq.outputs[0].aval


def is_static(shape):
    """True for a shape of known rank and dims."""
    return shape is not None and None not in shape


def _permuted(args, perm):
    if list(perm) == sorted(perm):
        return args[0]
    if list(perm) == sorted(perm, reverse=True):  # numba types `.T` of C as F (BLAS reads it)
        return f'{args[0]}.T'
    return f'{args[0]}.transpose({tuple(perm)!r})'  # numba types it as any layout ('A')


@NUMBA.lowers('transpose')
def _transpose(ctx, eq, args):
    ndim = len(eq.inputs[0].aval.shape)
    axes = eq.params.get('axes')
    perm = range(ndim)[::-1] if axes is None else [normalize_axis(a, ndim) for a in axes]
    return _permuted(args, perm) if ndim else args[0]


@NUMBA.lowers('swapaxes')
def _swapaxes(ctx, eq, args):
    ndim = len(eq.inputs[0].aval.shape)
    perm = list(range(ndim))
    i, j = (normalize_axis(eq.params[k], ndim) for k in ('axis1', 'axis2'))
    perm[i], perm[j] = perm[j], perm[i]
    return _permuted(args, perm)


@NUMBA.lowers('expand_dims')
def _expand_dims(ctx, eq, args):
    out = out_aval(eq)
    axis = eq.params['axis']
    if is_scalar(eq.inputs[0].aval):
        return f'np.full({dims_source(out.shape)}, {args[0]}, {dtype_source(out.dtype)})'
    source = args[0]
    for k in normalize_axes(axis, len(out.shape)):  # ascending: each lands where it belongs
        source = f'np.expand_dims({source}, {k})'
    return source


@NUMBA.lowers('broadcast_to')
def _broadcast_to(ctx, eq, args):
    if set(eq.params) != {'shape'}:
        return None
    out = out_aval(eq)
    if is_scalar(eq.inputs[0].aval):
        return f'np.full({dims_source(out.shape)}, {args[0]}, {dtype_source(out.dtype)})'
    return f'np.broadcast_to({args[0]}, {dims_source(out.shape)})'


@NUMBA.lowers('reshape', 'ravel', 'squeeze')
def _reshaped(ctx, eq, args):
    """reshape, ravel, squeeze: a view of the C-ordered elements in the result's shape."""
    out, x = out_aval(eq), eq.inputs[0].aval
    order = eq.params.get('order', 'C')
    if order not in ('C', 'F') or not is_static(out.shape) or is_scalar(x):
        return None
    if order == 'F' and (eq.primitive != 'ravel' or x.shape is None):
        return None
    if is_scalar(out):
        return f'{args[0]}.ravel()[0]'
    source = f'{args[0]}.T' if order == 'F' else args[0]  # Fortran order: the reversed axes' C order
    return f'np.ascontiguousarray({source}).reshape({dims_source(out.shape)})'


def _joined(ctx, eq, args, stack):
    """The inputs cast to the result's dtype, as a tuple's source; None if one is 0-d or of
    unknown rank."""
    out = out_aval(eq)
    if set(eq.params) - {'axis'} or out.shape is None or out.dtype.kind not in 'biuf' or any(
            a.aval.shape is None or (not stack and is_scalar(a.aval)) for a in eq.inputs):
        return None
    return [cast(a, atom, out.dtype) for a, atom in zip(args, eq.inputs)]


def _tuple(items):
    return f"({', '.join(items)},)"


@NUMBA.lowers('concatenate')
def _concatenate(ctx, eq, args):
    parts = _joined(ctx, eq, args, False)
    if parts is None:
        return None
    axis = eq.params.get('axis', 0)
    if axis is None:
        return f"np.concatenate({_tuple(f'np.ravel({p})' for p in parts)})"
    axis = normalize_axis(axis, len(eq.inputs[0].aval.shape))
    return f'np.concatenate({_tuple(parts)}, axis={axis})'


@NUMBA.lowers('stack')
def _stack(ctx, eq, args):
    parts = _joined(ctx, eq, args, True)
    if parts is None:
        return None
    out = out_aval(eq)
    if len(out.shape) == 1:  # 0-d inputs are numba scalars: filled in one by one
        target = ctx.targets[0]
        return [f'{target} = np.empty({len(parts)}, {dtype_source(out.dtype)})'] + [
            f'{target}[{i}] = {p}' for i, p in enumerate(parts)]
    axis = normalize_axis(eq.params.get('axis', 0), len(out.shape))
    return f'np.stack({_tuple(parts)}, {axis})'


@NUMBA.lowers('flip')
def _flip(ctx, eq, args):
    x = eq.inputs[0].aval
    if set(eq.params) - {'axis'} or x.shape is None:
        return None
    if is_scalar(x):
        return args[0]
    axes = normalize_axes(eq.params.get('axis'), len(x.shape))
    index = ', '.join('::-1' if k in axes else ':' for k in range(len(x.shape)))
    return f'{args[0]}[{index}]'


@NUMBA.lowers('outer')
def _outer(ctx, eq, args):
    """The product of each element of `a` with each of `b` (both raveled), in numpy's loop."""
    out = out_aval(eq)
    if eq.params or out.dtype.kind not in 'iuf' or any(a.aval.shape is None for a in eq.inputs):
        return None
    rows, columns = (
        f'np.full(1, {cast(a, atom, out.dtype)}, {dtype_source(out.dtype)})'
        if is_scalar(atom.aval) else f'np.ravel({cast(a, atom, out.dtype)})'
        for a, atom in zip(args, eq.inputs))
    return f'np.multiply({rows}.reshape(({rows}.size, 1)), {columns})'


def dim(aval, k, array):
    """Dim `k` of `aval`: the number if static, else `array.shape[k]`."""
    return aval.shape[k] if aval.shape[k] is not None else f'{array}.shape[{k}]'


def product(dims):
    """The product of dims (numbers or sources) as source: the numbers multiplied out."""
    static = math.prod(d for d in dims if isinstance(d, int))
    return ' * '.join([str(static)] + [d for d in dims if isinstance(d, str)])




@NUMBA.lowers('split')
def _split(ctx, eq, args):
    """Each part a slice (a view, as numpy's) between numpy's division points of a static axis."""
    x = eq.inputs[0].aval
    if x.shape is None or is_scalar(x):
        return None
    axis = normalize_axis(eq.params.get('axis', 0), len(x.shape))
    size, sections = x.shape[axis], eq.params['indices_or_sections']
    if size is None:
        return None
    if isinstance(sections, int):
        points = [size // sections * i for i in range(sections + 1)]
    else:
        points = [0, *sections, size]
    before = ':, ' * axis
    return [f'{target} = {args[0]}[{before}{start}:{stop}]'
            for target, start, stop in zip(ctx.targets, points, points[1:])]


@NUMBA.lowers('real', 'imag')
def _complex_part(ctx, eq, args):
    """numba's `.real` and `.imag` of complex arrays and scalars (copied: the op's result is new)."""
    part = f'{args[0]}.{eq.primitive}'
    return part if is_scalar(eq.inputs[0].aval) else f'{part}.copy()'
