"""np.diag, diagonal, trace, tril and triu on staged values, written in existing ops (as jax.numpy
writes them on lax): each follows numpy's own arithmetic, so results are numpy's bit for bit, and
gradients, jit and ONNX come from the parts."""
import math

import numpy as np

from . import builders, tensor
from .memory import views
from .numpy_handlers import handles, not_supported


def static_shape(a, what):
    """`a`'s shape as ints; refused (naming `what`) where a dimension is known only at run time."""
    shape = a.shape
    if shape is None or None in shape:
        raise not_supported(f'{what} of an array whose shape is known only when the graph runs '
                            f'({shape})', ': its result shape depends on it')
    return tuple(shape)


def is_staged(value):
    """True for a symbolic tensor or a value a gradient tape follows."""
    return tensor.is_symbolic(value) or isinstance(value, builders.Followed)


def as_array(value):
    """A staged or taped value as it is; anything else as numpy's np.asarray gives it."""
    return value if is_staged(value) else np.asarray(value)


def _diagonal_positions(rows, columns, offset):
    """The flat positions (row * columns + column) of diagonal `offset` of a rows x columns grid."""
    first_row, first_column = max(-offset, 0), max(offset, 0)
    length = max(0, min(rows - first_row, columns - first_column))
    steps = np.arange(length)
    return (steps + first_row) * columns + steps + first_column


@handles(np.diagonal)
def diagonal(a, offset=0, axis1=0, axis2=1):
    """The elements a[..., i, i + offset] of axes axis1, axis2, along a new last axis: in graphs
    a read-only view of `a`, as numpy's (later writes into `a` show through it)."""
    a = as_array(a)
    shape = static_shape(a, 'numpy.diagonal')
    ndim = len(shape)
    if ndim < 2:
        raise ValueError('diag requires an array of at least two dimensions')
    axis1, axis2 = _axis(axis1, ndim), _axis(axis2, ndim)
    if axis1 == axis2:
        raise ValueError('axis1 and axis2 cannot be the same')
    if tensor.is_symbolic(a):  # numpy's read-only view: the elements at their flat positions
        positions = np.diagonal(np.arange(math.prod(shape)).reshape(shape), offset, axis1, axis2)
        return views.at_positions(a, positions, readonly=True)
    others = [k for k in range(ndim) if k not in (axis1, axis2)]
    if others + [axis1, axis2] != list(range(ndim)):
        a = np.transpose(a, others + [axis1, axis2])
    rows, columns = shape[axis1], shape[axis2]
    flat = np.reshape(a, tuple(shape[k] for k in others) + (rows * columns,))
    positions = _diagonal_positions(rows, columns, offset)
    return flat[(slice(None),) * len(others) + (positions,)]


def _axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim


@handles(np.trace)
def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """numpy's: the diagonal summed along its last axis (numpy's reduction, so its rounding)."""
    if out is not None:
        raise TypeError('numpy.trace: out= is not supported on staged values; assign the result')
    return np.sum(diagonal(a, offset, axis1, axis2), axis=-1, **({} if dtype is None else
                                                                  {'dtype': dtype}))


@handles(np.diag)
def diag(v, k=0):
    """A 1-d v placed on diagonal k of a square zero matrix; of a 2-d v, its diagonal k."""
    v = as_array(v)
    shape = static_shape(v, 'numpy.diag')
    if len(shape) == 2:
        return diagonal(v, k)
    if len(shape) != 1:
        raise ValueError('Input must be 1- or 2-d.')
    size = shape[0] + abs(k)
    padded = np.concatenate([v, np.zeros(abs(k), v.dtype)])  # v where the diagonal starts
    # element (i, i + k) is v[i]: a column for k >= 0, a row (indexed by the column) for k < 0
    placed = np.reshape(padded, (size, 1) if k >= 0 else (1, size))
    return np.where(np.eye(size, k=k, dtype=bool), placed, np.zeros(1, v.dtype))


@handles(np.tril)
def tril(m, k=0):
    """numpy's own: np.where(np.tri(...), m, 0)."""
    m = as_array(m)
    mask = np.tri(*static_shape(m, 'numpy.tril')[-2:], k=k, dtype=bool)
    return np.where(mask, m, np.zeros(1, m.dtype))


@handles(np.triu)
def triu(m, k=0):
    """numpy's own: np.where(np.tri(..., k - 1), 0, m)."""
    m = as_array(m)
    mask = np.tri(*static_shape(m, 'numpy.triu')[-2:], k=k - 1, dtype=bool)
    return np.where(mask, np.zeros(1, m.dtype), m)


# the ndarray methods of these functions, installed on Tensor and Tracked by their modules
METHODS = {'diagonal': diagonal, 'trace': trace}
