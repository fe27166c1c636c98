"""Lowerings of ops that rearrange or pick elements: hstack/vstack, moveaxis, take, nonzero,
boolean masks, empty_like, linalg.norm and matrix-vector products (registered in `NUMBA`).

Each computes numpy's values: numpy's index errors are raised as numpy raises them
(IndexError), and norm follows numpy's own arithmetic (the square root of the
dot product of the flattened values).
"""
import numpy as np

from ...ir.core import Hole
from ...ir.lowerings import NUMBA
from ...ir.shapes import normalize_axis
from .shapes import dims_source, out_aval
from .types import cast, dtype_source, is_scalar


def _at_least(source, atom, ndim, dtype):
    """`source` (the value of `atom`, cast to `dtype`) as numpy's atleast_1d (ndim 1) or
    atleast_2d (2) makes it."""
    aval, value = atom.aval, cast(source, atom, dtype)
    if is_scalar(aval):
        return f"np.full({(1,) * ndim}, {value})"
    if ndim == 2 and len(aval.shape) == 1:
        return f'np.expand_dims({value}, 0)'
    return value


@NUMBA.lowers('hstack', 'vstack')
def _hstack_vstack(ctx, eq, args):
    """numpy's hstack (1-d: joined end to end, else along axis 1) and vstack (rows)."""
    out = out_aval(eq)
    if eq.params or out.shape is None or out.dtype.kind not in 'biuf' or \
            any(a.aval.shape is None for a in eq.inputs):
        return None
    vertical = eq.primitive == 'vstack'
    ndim = 2 if vertical else 1
    parts = [_at_least(s, a, ndim, out.dtype) for s, a in zip(args, eq.inputs)]
    axis = 0 if vertical or len(out.shape) == 1 else 1
    return f"np.concatenate(({', '.join(parts)},), axis={axis})"


@NUMBA.lowers('moveaxis')
def _moveaxis(ctx, eq, args):
    """A view with the axes permuted as numpy's moveaxis orders them."""
    ndim = eq.inputs[0].aval.ndim
    if ndim is None or set(eq.params) != {'source', 'destination'}:
        return None
    source, destination = (eq.params[k] for k in ('source', 'destination'))
    source = [normalize_axis(a, ndim) for a in np.atleast_1d(source).tolist()]
    destination = [normalize_axis(a, ndim) for a in np.atleast_1d(destination).tolist()]
    order = [n for n in range(ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    if order == list(range(ndim)):
        return args[0]
    return f'{args[0]}.transpose({tuple(order)!r})'


@NUMBA.lowers('empty_like')
def _empty_like(ctx, eq, args):
    out = out_aval(eq)
    if set(eq.params) - {'dtype'} or out.shape is None or is_scalar(out):
        return None
    return f'np.empty({dims_source(out.shape, args[0])}, {dtype_source(out.dtype)})'


@NUMBA.lowers('norm')
def _norm(ctx, eq, args):
    """The 2-norm of all the values (no ord, axis or keepdims), as numpy computes it: the square
    root of the dot product of the flattened real values with themselves."""
    x, out = eq.inputs[0].aval, out_aval(eq)
    if eq.params or x.ndim is None or is_scalar(x) or x.dtype.kind != 'f' or \
            out.dtype != x.dtype:
        return None
    flat = f'np.ascontiguousarray({args[0]}).ravel()'
    target = ctx.targets[0]
    return [f'{target}_r = {flat}', f'{target} = np.sqrt(np.dot({target}_r, {target}_r))']


def matrix_vector(ctx, eq, args):
    """A matrix times a vector (or a vector times a matrix) of floats through BLAS, or None."""
    a, b = (atom.aval for atom in eq.inputs)
    out = out_aval(eq)
    if out.dtype not in (np.float32, np.float64) or a.ndim is None or b.ndim is None or \
            sorted((a.ndim, b.ndim)) != [1, 2]:
        return None
    x, y = (f'np.ascontiguousarray({cast(s, atom, out.dtype)})' for s, atom in zip(args, eq.inputs))
    return f'np.dot({x}, {y})'


def mask_getitem(ctx, eq, args):
    """`x[mask]` with a boolean mask of x's shape: the selected values in C order; IndexError
    (as numpy) when the shapes differ. None for any other index."""
    index = eq.params.get('index')
    x = eq.inputs[0].aval
    if index is None or len(index) != 1 or not isinstance(index[0], Hole) or x.ndim is None:
        return None
    mask = eq.inputs[1 + index[0].index].aval
    if mask.dtype != np.bool_ or mask.ndim != x.ndim or is_scalar(x):
        return None
    m = args[1 + index[0].index]
    target = ctx.targets[0]
    return [f'if {m}.shape != {args[0]}.shape:',
            "    raise IndexError('boolean index did not match indexed array')",
            f'{target} = np.ascontiguousarray({args[0]}).ravel()'
            f'[np.ascontiguousarray({m}).ravel()]']
