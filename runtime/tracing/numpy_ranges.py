"""np.linspace and np.logspace with staged end points, written in existing ops after numpy's own
arithmetic (so results are numpy's bit for bit, and differentiable in start and stop). With
Python or numpy end points numpy itself runs: the result is a constant."""
import operator

import numpy as np

from .numpy_diagonals import as_array, is_staged, static_shape
from .numpy_handlers import handles, not_supported


def _dtype(value):
    return value.dtype if is_staged(value) or isinstance(value, np.ndarray) else value


def _cast(value, dtype):
    return value if value.dtype == dtype else np.astype(value, dtype)


@handles(np.linspace)
def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    if is_staged(num):
        raise not_supported('numpy.linspace with num known only when the graph runs',
                            ': the result shape depends on it')
    num = operator.index(num)
    if num < 0:
        raise ValueError(f'Number of samples, {num}, must be non-negative.')
    div = (num - 1) if endpoint else num
    start, stop = as_array(start), as_array(stop)
    inexact = np.result_type(_dtype(start), _dtype(stop))
    inexact = inexact if inexact.kind in 'fc' else np.promote_types(inexact, np.float64)
    integer_dtype = dtype is not None and np.issubdtype(dtype, np.integer)
    if inexact != np.result_type(_dtype(start), _dtype(stop)):  # integers: subtracted as floats
        start, stop = _cast(start, inexact), _cast(stop, inexact)
    delta = np.subtract(stop, start)
    shape = np.broadcast_shapes(static_shape(start, 'numpy.linspace'),
                                static_shape(stop, 'numpy.linspace'))
    y = np.arange(0, num, dtype=inexact).reshape((-1,) + (1,) * len(shape))
    if div > 0:
        step = delta / div
        # numpy divides first where a step is 0 (underflow): for all elements if for any
        y = np.where(np.any(step == 0), y / div * delta, y * step)
    else:
        step = np.nan
        y = y * delta
    y = y + start
    if endpoint and num > 1:  # numpy's y[-1, ...] = stop
        last = np.broadcast_to(_cast(stop, inexact), shape)
        y = np.concatenate([y[:-1], np.expand_dims(last, 0)])
    if axis != 0:
        order = list(range(1, y.ndim))
        order.insert(axis % y.ndim, 0)
        y = np.transpose(y, order)  # numpy's moveaxis(y, 0, axis)
    if integer_dtype:
        y = np.floor(y)
    y = y if dtype is None else _cast(y, np.dtype(dtype))
    return (y, step) if retstep else y


@handles(np.logspace)
def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """numpy's own: base to the powers linspace gives, the arrays lifted to one rank first."""
    values = [as_array(v) for v in (start, stop, base)]
    rank = max(v.ndim for v in values)
    start, stop, base = (np.reshape(v, (1,) * (rank - v.ndim) + tuple(v.shape)) for v in values)
    y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    powers = np.power(np.expand_dims(base, axis), y)
    return powers if dtype is None else _cast(powers, np.dtype(dtype))
