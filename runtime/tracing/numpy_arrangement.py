"""numpy's functions rearranging an array's elements (pad, tile, repeat, roll, rot90, splits,
atleast_nd, append, broadcast_arrays, meshgrid) on staged values, written in existing ops: each
selects or copies elements as numpy does, so results are numpy's bit for bit, and gradients, jit and
ONNX come from the parts. Sizes, counts and shifts are static (Python or numpy values), as output
shapes depend on them."""
import numpy as np

from .numpy_diagonals import as_array, is_staged, static_shape
from .numpy_handlers import handles, not_supported

_SELECTING_PADS = ('edge', 'reflect', 'symmetric', 'wrap')  # each output element is an input's


def _static(value, what):
    """A Python or numpy value (counts, shifts, widths): refused if it is staged."""
    if is_staged(value) or (isinstance(value, (list, tuple)) and any(map(is_staged, value))):
        raise not_supported(f'{what} given as a value known only when the graph runs',
                            ': the result shape depends on it; give a Python or numpy value')
    return value


def _along(axis, ndim, index):
    """An index applying `index` to axis `axis` of an `ndim`-d array."""
    return (slice(None),) * axis + (index,) + (slice(None),) * (ndim - axis - 1)


@handles(np.pad)
def pad(array, pad_width, mode='constant', **kwargs):
    """Axis by axis, as numpy pads (so a corner takes the last axis's value): constant blocks
    joined on, or, for the modes selecting input elements, numpy's own padding of the positions
    np.arange(n) as an index."""
    array = as_array(array)
    shape = static_shape(array, 'numpy.pad')
    widths = np.broadcast_to(np.asarray(_static(pad_width, 'numpy.pad: pad_width'), np.intp),
                             (len(shape), 2))
    if mode == 'constant' and set(kwargs) <= {'constant_values'}:
        values = kwargs.get('constant_values', 0)
        values = values if is_staged(values) else np.broadcast_to(
            np.asarray(values), (len(shape), 2))
        for axis, (before, after) in enumerate(widths):
            blocks = [_constant_block(array, axis, int(width), values, side)
                      for side, width in ((0, before), (1, after))]
            array = np.concatenate([blocks[0], array, blocks[1]], axis=axis)
        return array
    if mode not in _SELECTING_PADS or kwargs.get('reflect_type', 'even') != 'even' or \
            set(kwargs) - {'reflect_type'}:
        raise not_supported(f'numpy.pad(mode={mode!r}, {", ".join(kwargs)})',
                            f': the modes staged are constant and {", ".join(_SELECTING_PADS)}')
    for axis, (before, after) in enumerate(widths):
        if before or after:
            positions = np.pad(np.arange(shape[axis]), (before, after), mode=mode)
            array = array[_along(axis, len(shape), positions)]
    # an index along a later axis lays its result out as numpy's indexing does (not C order);
    # numpy.pad returns a new C-ordered array
    return np.copy(array, order='C')


def _constant_block(array, axis, width, values, side):
    shape = list(array.shape)
    shape[axis] = width
    if is_staged(values):  # a staged fill value: one for every side of every axis
        return np.broadcast_to(np.astype(values, array.dtype), shape)
    return np.full(shape, values[axis, side], array.dtype)  # numpy's cast of the value


@handles(np.tile)
def tile(A, reps):
    """A's elements repeated as blocks: A (with numpy's leading 1s) broadcast along a new axis
    before each of its axes, then flattened into them."""
    A = as_array(A)
    reps = _static(reps, 'numpy.tile: reps')
    reps = tuple(reps) if np.iterable(reps) else (reps,)
    shape = static_shape(A, 'numpy.tile')
    shape = (1,) * (len(reps) - len(shape)) + shape
    reps = (1,) * (len(shape) - len(reps)) + tuple(int(r) for r in reps)
    interleaved = np.reshape(A, [d for size in shape for d in (1, size)])
    spread = np.broadcast_to(interleaved, [d for pair in zip(reps, shape) for d in pair])
    return np.reshape(spread, tuple(r * size for r, size in zip(reps, shape)))


@handles(np.repeat)
def repeat(a, repeats, axis=None):
    """Each element (or slice along `axis`) repeated: an index taking position i repeats[i]
    times, as numpy repeats np.arange."""
    a = as_array(a)
    _static(repeats, 'numpy.repeat: repeats')
    if axis is None:
        a, axis = np.ravel(a), 0
    shape = static_shape(a, 'numpy.repeat')
    axis = _axis(axis, len(shape))
    positions = np.repeat(np.arange(shape[axis]), repeats)
    repeated = a[_along(axis, len(shape), positions)]
    # an index along a later axis is not laid out in C order; numpy.repeat's result is
    return repeated if axis == 0 else np.copy(repeated, order='C')


def _axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim


@handles(np.roll)
def roll(a, shift, axis=None):
    """numpy's: each axis rolled by its total shift, the two parts joined in their new order."""
    a = as_array(a)
    _static(shift, 'numpy.roll: shift')
    if axis is None:
        return np.reshape(roll(np.ravel(a), shift, 0), a.shape)
    shape = static_shape(a, 'numpy.roll')
    axes = [_axis(k, len(shape)) for k in np.atleast_1d(axis)]
    pairs = np.broadcast(shift, axes)
    if pairs.ndim > 1:
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    shifts = dict.fromkeys(range(len(shape)), 0)
    for by, k in pairs:
        shifts[k] += int(by)
    for k, by in shifts.items():
        by %= shape[k] or 1
        if by:
            a = np.concatenate([a[_along(k, len(shape), slice(-by, None))],
                                a[_along(k, len(shape), slice(None, -by))]], axis=k)
    return a


@handles(np.fliplr)
def fliplr(m):
    m = as_array(m)
    if m.ndim < 2:
        raise ValueError('Input must be >= 2-d.')
    return m[:, ::-1]


@handles(np.flipud)
def flipud(m):
    m = as_array(m)
    if m.ndim < 1:
        raise ValueError('Input must be >= 1-d.')
    return m[::-1, ...]


@handles(np.rot90)
def rot90(m, k=1, axes=(0, 1)):
    """numpy's own: flips and a transpose."""
    m = as_array(m)
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError('len(axes) must be 2.')
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError('Axes must be different.')
    if not all(-m.ndim <= x < m.ndim for x in axes):
        raise ValueError(f'Axes={axes} out of range for array of ndim={m.ndim}.')
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return np.flip(np.flip(m, axes[0]), axes[1])
    order = list(range(m.ndim))
    order[axes[0]], order[axes[1]] = order[axes[1]], order[axes[0]]
    if k == 1:
        return np.transpose(np.flip(m, axes[1]), order)
    return np.flip(np.transpose(m, order), axes[1])


@handles(np.array_split)
def array_split(ary, indices_or_sections, axis=0):
    """np.split at numpy's division points (the first sections one longer when unequal)."""
    ary = as_array(ary)
    _static(indices_or_sections, 'numpy.array_split: indices_or_sections')
    if np.iterable(indices_or_sections):
        return np.split(ary, list(indices_or_sections), axis)
    total = static_shape(ary, 'numpy.array_split')[_axis(axis, ary.ndim)]
    sections = int(indices_or_sections)
    if sections <= 0:
        raise ValueError('number sections must be larger than 0.') from None
    each, extras = divmod(total, sections)
    sizes = [each + 1] * extras + [each] * (sections - extras)
    return np.split(ary, list(np.cumsum(sizes)[:-1]), axis)


@handles(np.hsplit)
def hsplit(ary, indices_or_sections):
    ary = as_array(ary)
    if ary.ndim == 0:
        raise ValueError('hsplit only works on arrays of 1 or more dimensions')
    return np.split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


@handles(np.vsplit)
def vsplit(ary, indices_or_sections):
    ary = as_array(ary)
    if ary.ndim < 2:
        raise ValueError('vsplit only works on arrays of 2 or more dimensions')
    return np.split(ary, indices_or_sections, 0)


@handles(np.dsplit)
def dsplit(ary, indices_or_sections):
    ary = as_array(ary)
    if ary.ndim < 3:
        raise ValueError('dsplit only works on arrays of 3 or more dimensions')
    return np.split(ary, indices_or_sections, 2)


def _one_or_tuple(results):
    return results[0] if len(results) == 1 else tuple(results)


@handles(np.atleast_1d)
def atleast_1d(*arys):
    # a 0-d array gets its axis as a view (numpy's reshape), which jit lowers from a scalar too
    return _one_or_tuple([np.expand_dims(a, 0) if a.ndim == 0 else a for a in map(as_array, arys)])


@handles(np.atleast_2d)
def atleast_2d(*arys):
    def lifted(a):
        return np.expand_dims(a, (0, 1)) if a.ndim == 0 else a[np.newaxis, :] if a.ndim == 1 else a
    return _one_or_tuple([lifted(as_array(a)) for a in arys])


@handles(np.atleast_3d)
def atleast_3d(*arys):
    def lifted(a):
        if a.ndim == 0:
            return np.expand_dims(a, (0, 1, 2))
        if a.ndim == 1:
            return a[np.newaxis, :, np.newaxis]
        return a[:, :, np.newaxis] if a.ndim == 2 else a
    return _one_or_tuple([lifted(as_array(a)) for a in arys])


@handles(np.append)
def append(arr, values, axis=None):
    """numpy's own: both raveled when axis is None, then joined."""
    arr = as_array(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = np.ravel(arr)
        values = np.ravel(as_array(values))
        axis = arr.ndim - 1
    return np.concatenate((arr, values), axis=axis)


@handles(np.broadcast_arrays)
def broadcast_arrays(*args, subok=False):
    """numpy's: each array broadcast to the common shape (those already of it as they are)."""
    args = [as_array(a) for a in args]
    shape = np.broadcast_shapes(*(static_shape(a, 'numpy.broadcast_arrays') for a in args))
    return tuple(a if a.shape == shape else np.broadcast_to(a, shape) for a in args)


@handles(np.meshgrid)
def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    """numpy's own: each vector reshaped along its axis (the first two swapped for 'xy'),
    broadcast together unless sparse, copied if `copy`."""
    if indexing not in ('xy', 'ij'):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ones = (1,) * len(xi)
    output = [np.reshape(as_array(x), ones[:i] + (-1,) + ones[i + 1:]) for i, x in enumerate(xi)]
    if indexing == 'xy' and len(xi) > 1:
        output[0] = np.reshape(output[0], (1, -1) + ones[2:])
        output[1] = np.reshape(output[1], (-1, 1) + ones[2:])
    if not sparse:
        output = broadcast_arrays(*output)
    if copy:
        output = [np.copy(x, order='C') for x in output]
    return tuple(output)


METHODS = {'repeat': repeat}  # the ndarray methods of these functions
