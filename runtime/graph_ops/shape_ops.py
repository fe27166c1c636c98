"""Shape ops: reshape, transpose, swapaxes, moveaxis, expand_dims, squeeze, ravel, flip, ..."""
import math

import numpy as np

from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp, no_gradient
from ..ir.shapes import normalize_axes, normalize_axis, size
from .creation import check_sizes, filled, static_dims, template_source
from .emitters import call_source


def _same_dtype(a, shape):
    return AbstractValue(a.dtype, shape)


def _reshape(a, *dims, shape, **params):
    return np.reshape(a, filled(shape, dims), **params)


def _emit_reshape(args, params, src):
    rest = {k: v for k, v in params.items() if k != 'shape'}
    shape = template_source(params['shape'], args[1:])
    return call_source(src(np.reshape), [args[0], shape], rest, src)


@defop('reshape', _reshape, emit=_emit_reshape, numpy=(np.reshape,), numpy_inputs=None, view=True,
       array_result=True, layout='first', view_when_strides_allow=True, undo='reshape')
def _reshape_rule(a, *dims, shape, order='C', copy=None):
    """`shape` may hold holes (sizes known at run time): those dims are unknown."""
    check_sizes(dims, 'numpy.reshape')
    shape = static_dims(shape)
    unknown = [i for i, d in enumerate(shape) if d is not None and d < 0]
    if len(unknown) > 1:
        raise ValueError('can only specify one unknown dimension')
    total, known = size(a.shape), math.prod(d for d in shape if d is not None and d >= 0)
    if total is None or None in shape:
        return _same_dtype(a, tuple(None if d is None or d < 0 else d for d in shape))
    if unknown and known and total % known == 0:
        return _same_dtype(a, tuple(total // known if d < 0 else d for d in shape))
    if unknown or known != total:
        raise ValueError(f'cannot reshape array of size {total} into shape {shape}')
    return _same_dtype(a, shape)


@defop('transpose', np.transpose, numpy=(np.transpose,), view=True, array_result=True)
def _transpose_rule(a, axes=None):
    if a.shape is None:
        return _same_dtype(a, None)
    if axes is None:
        return _same_dtype(a, a.shape[::-1])
    if len(axes) != len(a.shape):
        raise ValueError('axes don\'t match array')
    axes = [normalize_axis(x, len(a.shape)) for x in axes]
    if len(set(axes)) != len(axes):
        raise ValueError('repeated axis in transpose')
    return _same_dtype(a, tuple(a.shape[x] for x in axes))


@defop('swapaxes', np.swapaxes, numpy=(np.swapaxes,), methods=('swapaxes',), view=True,
       array_result=True, undo='itself')
def _swapaxes_rule(a, axis1, axis2):
    if a.shape is None:
        return _same_dtype(a, None)
    i, j = normalize_axis(axis1, len(a.shape)), normalize_axis(axis2, len(a.shape))
    shape = list(a.shape)
    shape[i], shape[j] = shape[j], shape[i]
    return _same_dtype(a, tuple(shape))


@defop('moveaxis', np.moveaxis, numpy=(np.moveaxis,), view=True, array_result=True)
def _moveaxis_rule(a, source, destination):
    if a.shape is None:
        return _same_dtype(a, None)
    ndim = len(a.shape)
    source = [source] if isinstance(source, int) else list(source)
    destination = [destination] if isinstance(destination, int) else list(destination)
    if len(source) != len(destination):
        raise ValueError('`source` and `destination` arguments must have the same number of '
                         'elements')
    source = [normalize_axis(s, ndim) for s in source]
    destination = [normalize_axis(d, ndim) for d in destination]
    if len(set(source)) != len(source) or len(set(destination)) != len(destination):
        raise ValueError('repeated axis in `source` or `destination` argument')
    order = [n for n in range(ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return _same_dtype(a, tuple(a.shape[i] for i in order))


@defop('expand_dims', np.expand_dims, numpy=(np.expand_dims,), view=True, array_result=True,
       layout='first', undo='reshape')
def _expand_dims_rule(a, axis):
    if a.shape is None:
        return _same_dtype(a, None)
    ndim = len(a.shape) + (len(axis) if isinstance(axis, (tuple, list)) else 1)
    axes = normalize_axes(axis, ndim)
    rest = iter(a.shape)
    return _same_dtype(a, tuple(1 if i in axes else next(rest) for i in range(ndim)))


@defop('squeeze', np.squeeze, numpy=(np.squeeze,), methods=('squeeze',), view=True,
       array_result=True, layout='first', undo='reshape')
def _squeeze_rule(a, axis=None):
    if a.shape is None or (axis is None and None in a.shape):
        return _same_dtype(a, None)  # which unknown dims are 1 is unknown
    axes = [i for i, d in enumerate(a.shape) if d == 1] if axis is None else \
        normalize_axes(axis, len(a.shape))
    if any(a.shape[i] not in (1, None) for i in axes):
        raise ValueError('cannot select an axis to squeeze out which has size not equal to one')
    return _same_dtype(a, tuple(d for i, d in enumerate(a.shape) if i not in axes))


@defop('ravel', np.ravel, numpy=(np.ravel,), methods=('ravel',), view=True,
       array_result=True, layout='first', view_when_strides_allow=True, undo='reshape')
def _ravel_rule(a, order='C'):
    return _same_dtype(a, (size(a.shape),))


@defop('broadcast_to', np.broadcast_to, numpy=(np.broadcast_to,), view=True,
       array_result=True)
def _broadcast_to_rule(array, shape, subok=False):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if None in shape:
        raise ValueError(f'cannot broadcast to {shape}: the target shape must be known')
    if array.shape is not None:
        pairs = zip(array.shape[::-1], shape[::-1])
        if len(array.shape) > len(shape) or any(a not in (1, None, t) for a, t in pairs):
            raise ValueError(f'operands could not be broadcast together with remapped shapes '
                             f'[original->remapped]: {array.shape} and requested shape {shape}')
    return _same_dtype(array, shape)


@defop('flip', np.flip, numpy=(np.flip,), view=True, array_result=True, undo='itself')
def _flip_rule(m, axis=None):
    if m.shape is not None:
        normalize_axes(axis, len(m.shape))
    return _same_dtype(m, m.shape)


@defop('copy', np.copy, numpy=(np.copy,), methods=('copy',), fresh=True, array_result=True,
       layout='first', fp_quiet=True)
def _copy_rule(a, order='K', subok=False):
    return _same_dtype(a, a.shape)


def dim(x, *, axis):
    """The size of an axis (axis None: of all) known only at run time, a Python int as
    `len()` and `np.size` give."""
    return np.size(x, axis)


def _emit_dim(args, params, src):
    axis = params['axis']
    return f'{args[0]}.size' if axis is None else f'{args[0]}.shape[{axis}]'


@defop('dim', dim, emit=_emit_dim, fp_quiet=True)
def _dim_rule(x, *, axis):
    if axis is not None and x.shape is not None and not -len(x.shape) <= axis < len(x.shape):
        raise IndexError(f'tuple index out of range (axis {axis} of {x})')
    return AbstractValue(np.int64, (), weak=True)


def _reshape_back(g, out, a, *rest, order='C', **params):
    """The cotangent of an op that only rearranges a's elements into another shape (read and
    written in the same order: C, or Fortran's)."""
    return np.reshape(g, np.shape(a), order=order if order in ('C', 'F') else 'C')


for _name in ('reshape', 'ravel', 'squeeze', 'expand_dims'):
    defvjp(_name, _reshape_back)
defvjp('transpose', lambda g, out, a, axes=None: np.transpose(
    g, None if axes is None else tuple(np.argsort([x % np.ndim(a) for x in axes]))))
defvjp('swapaxes', lambda g, out, a, axis1, axis2: np.swapaxes(g, axis1, axis2))
defvjp('moveaxis', lambda g, out, a, source, destination: np.moveaxis(g, destination, source))
defvjp('flip', lambda g, out, m, axis=None: np.flip(g, axis))
defvjp('broadcast_to', lambda g, out, array, shape, subok=False: g)  # summed back by backprop
defvjp('copy', lambda g, out, a, **params: g)
no_gradient('an integer size', 'dim')


def _complex_part_rule(val):
    """The real or imaginary part of a complex array: its float type (float32 of complex64)."""
    return AbstractValue(np.empty(0, val.dtype).real.dtype, val.shape)


# numpy returns views of a complex array's parts; staged (`tracing/numpy_diagonals`) only on
# complex values, as copies: a write into `x.real` in a graph does not reach x
defop('real', np.real, array_result=True, fp_quiet=True)(_complex_part_rule)
defop('imag', np.imag, array_result=True, fp_quiet=True)(_complex_part_rule)
no_gradient('complex values: gradient tapes follow float values', 'real', 'imag')
