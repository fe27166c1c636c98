"""The numpy functions symbolic tensors support, and the graph op each stages."""
import inspect

import numpy as np

from .. import graph_ops
from . import builders, joined_values, sizes, tensor
from .numpy_calls import creation
from .numpy_handlers import HANDLERS, _name, _params, _reject_out, _static, handles, implements

# The numpy functions the ops declare (`Op.numpy`), but those with a handler of their own (below).
for _function, _op in graph_ops.numpy_functions().items():
    if _op.numpy_inputs is not None:
        implements(_function, op=_op.name, arrays=_op.numpy_inputs)


@handles(np.reshape)
def _reshape(a, /, shape=None, order='C', *, copy=None):
    """A shape of ints and size tensors (`len(x)`, `np.shape(x)[0]`); None keeps a's shape."""
    if shape is None:
        shape = sizes.shape_of(a)
    shape = tuple(shape) if isinstance(shape, (tuple, list, np.ndarray)) else (shape,)
    template, dims = sizes.split_sizes(shape, 'numpy.reshape') or (sizes.static_shape(shape), [])
    params = _static('numpy.reshape', {'order': order, 'copy': copy})
    defaults = {'order': 'C', 'copy': None}
    params = {k: v for k, v in params.items() if defaults[k] != v}
    return builders.bind('reshape', a, *dims, shape=template, **params)


@handles(np.nonzero)
def _nonzero(a):
    return tuple(builders.bind('nonzero', a))


@handles(np.where)
def _where(condition, x=None, y=None, /):
    if x is None and y is None:
        return _nonzero(condition)
    if x is None or y is None:
        raise ValueError('either both or neither of x and y should be given')
    return builders.bind('where', condition, x, y)


_NO_VALUE = np._NoValue


@handles(np.clip)
def _clip(a, a_min=_NO_VALUE, a_max=_NO_VALUE, out=None, *, min=_NO_VALUE, max=_NO_VALUE, **kwargs):
    _reject_out(out)
    low = a_min if a_min is not _NO_VALUE else None if min is _NO_VALUE else min
    high = a_max if a_max is not _NO_VALUE else None if max is _NO_VALUE else max
    return builders.bind('clip', a, low, high, **_params(np.clip, kwargs))


def _sequence(func, arrays):
    if tensor.is_symbolic(arrays) or not isinstance(arrays, (list, tuple)):
        raise TypeError(f'{_name(func)} on symbolic tensors takes a list or tuple of arrays')
    return arrays


@handles(np.concatenate)
def _concatenate(arrays, /, axis=0, out=None, **params):
    _reject_out(out)
    return builders.bind('concatenate', *_sequence(np.concatenate, arrays), axis=axis,
                        **_static('numpy.concatenate', params))


@handles(np.stack)
def _stack(arrays, axis=0, out=None, **params):
    _reject_out(out)
    return builders.bind('stack', *_sequence(np.stack, arrays), axis=axis,
                        **_static('numpy.stack', params))


@handles(np.hstack)
def _hstack(tup, **params):
    return builders.bind('hstack', *_sequence(np.hstack, tup), **_static('numpy.hstack', params))


@handles(np.vstack)
def _vstack(tup, **params):
    return builders.bind('vstack', *_sequence(np.vstack, tup), **_static('numpy.vstack', params))


@handles(np.einsum)
def _einsum(*operands, out=None, **params):
    _reject_out(out)
    if not operands or not isinstance(operands[0], str):
        raise TypeError('numpy.einsum on symbolic tensors needs the subscripts string first')
    return builders.bind('einsum', *operands[1:], subscripts=operands[0],
                        **_static('numpy.einsum', params))


@handles(np.astype)
def _astype(x, dtype, /, *, copy=True, device=None):
    if not copy and np.dtype(dtype) == x.dtype:
        return x  # numpy returns the array itself
    return builders.bind('astype', x, dtype=np.dtype(dtype), **({} if copy else {'copy': False}))


@handles(np.shape)
def _shape(a):
    return sizes.shape_of(a)


@handles(np.ndim)
def _ndim(a):
    return a.ndim


@handles(np.size)
def _size(a, axis=None):
    return sizes.size_of(a, axis)


def _with_run_time_shape(func, creation_op):
    """`func` (np.zeros_like, ...) whose `shape=` holds size tensors: the creation op instead."""
    static = HANDLERS[func]
    signature = inspect.signature(func)

    def handler(*args, **kwargs):
        arguments = signature.bind(*args, **kwargs).arguments
        if arguments.get('shape') is None:
            return static(*args, **kwargs)
        a = next(iter(arguments.values()))  # `a`, or `prototype` for np.empty_like
        dtype = arguments.get('dtype') or joined_values.aval_of(a).dtype
        fill = (arguments['fill_value'],) if 'fill_value' in arguments else ()
        staged = creation(creation_op, arguments.get('shape'), dtype, *fill)
        return static(*args, **kwargs) if staged is None else staged
    HANDLERS[func] = handler


for _like, _op in ((np.zeros_like, 'zeros'), (np.ones_like, 'ones'),
                   (np.empty_like, 'empty'), (np.full_like, 'full')):
    _with_run_time_shape(_like, _op)
