"""In-place updates of tensors: `x[i] = v`, `x += v`, `out=`, `x.fill`, `x.sort`, `x.partition`, np.copyto, np.put, ...

Each stages the pure update op of its kind (`graph_ops/updates.py`) and gives its
result to the array object updated (`aliasing.update`), as numpy updates the
array itself. numpy scalars and Python numbers are immutable: `s += 1` gives a
new value and item assignment raises numpy's (or Python's) TypeError. An array
the traced function makes itself is numpy until a graph value is written into
it, then promoted (`made_arrays`); one it did not make (captured) is a constant
of the graph, which cannot update it: storing a graph value into it raises an
error saying so.
"""
import operator

import numpy as np

from ...graph_ops.indexing import split_index
from ...ir.core import PYTHON_TYPE
from .. import builders, tensor
from ..numpy_handlers import handles
from . import aliasing
from .made_arrays import promote

READ_ONLY = 'assignment destination is read-only'
READ_ONLY_OUT = 'output array is read-only'
_BINARY = {'+=': operator.add, '-=': operator.sub, '*=': operator.mul, '/=': operator.truediv,
           '//=': operator.floordiv, '%=': operator.mod, '**=': operator.pow,
           '&=': operator.and_, '|=': operator.or_, '^=': operator.xor, '<<=': operator.lshift,
           '>>=': operator.rshift, '@=': operator.matmul}


def setitem(target, index, value):
    """`target[index] = value`."""
    if aliasing.is_scalar(target):
        raise _immutable_error(target)
    template, dynamic = split_index(index, tensor.is_symbolic)
    new = builders.bind('set_item', target, value, *dynamic, index=template)
    aliasing.update(target, new, READ_ONLY)


def _immutable_error(value):
    """numpy's (or Python's) TypeError for item assignment to a number."""
    name = PYTHON_TYPE[value.dtype.kind].__name__ if value.aval.weak else \
        f'numpy.{value.dtype.name}'
    return TypeError(f"'{name}' object does not support item assignment")


def augmented(target, symbol, other):
    """`target <symbol> other` (`+=`, ...): updates an array; a number gives a new value."""
    if not tensor.is_operand(other):
        return NotImplemented
    if aliasing.is_scalar(target):
        aliasing.ref_of(target).inplace = True  # an argument 0-d array would be updated instead
        return _BINARY[symbol](target, other)
    aliasing.update(target, builders.bind('inplace_op', target, other, op=symbol), READ_ONLY_OUT)
    return target


def fill(target, value):
    if not aliasing.is_scalar(target):  # a numpy scalar's fill changes nothing
        aliasing.update(target, builders.bind('fill', target, value), READ_ONLY)


def sort(target, axis=-1, kind=None, order=None):
    aliasing.update(target, np.sort(target, axis=axis, kind=kind, order=order),
                    'sort array is read-only')


def partition(target, kth, axis=-1, **params):
    aliasing.update(target, np.partition(target, kth, axis=axis, **params),
                    'partition array is read-only')


def ufunc_out(ufunc, inputs, outs, params):
    """`ufunc(*inputs, out=outs)`: the outputs given are updated and returned."""
    given = tuple(o is not None for o in outs)
    targets = [_target(o, f'numpy.{ufunc.__name__}(out=...)') for o in outs if o is not None]
    results = builders.bind('ufunc_out', *targets, *inputs, ufunc=ufunc, given=given, **params)
    final, targets = [], iter(targets)
    for result, is_given in zip(results, given):
        if is_given:
            target = next(targets)
            aliasing.update(target, result, READ_ONLY_OUT)
            result = target
        final.append(result)
    return final[0] if len(final) == 1 else tuple(final)


def ufunc_at(ufunc, inputs):
    """`ufunc.at(a, indices, b)`: unbuffered in place, repeated indices accumulating."""
    a, indices, *b = inputs
    target = _target(a, f'numpy.{ufunc.__name__}.at')
    template, dynamic = split_index(indices, tensor.is_symbolic)
    new = builders.bind('ufunc_at', target, *b, *dynamic, ufunc=ufunc, index=template,
                       has_b=bool(b))
    aliasing.update(target, new, READ_ONLY)


def _target(value, what):
    """The array object an update writes to, or the error numpy (or the graph) gives."""
    if isinstance(value, tensor.Tensor):
        if aliasing.is_scalar(value):
            raise TypeError('return arrays must be of ArrayType' if 'out=' in what else
                            f'{what}() argument 1 must be numpy.ndarray, not numpy.'
                            f'{value.dtype.name}')
        return value
    if isinstance(value, np.ndarray):
        return promote(value, what)  # an array the traced code made; MutationError otherwise
    raise TypeError('return arrays must be of ArrayType' if 'out=' in what else
                    f'{what}() argument 1 must be numpy.ndarray, not {type(value).__name__}')


def _updater(func, primitive, message, names):
    """A handler staging numpy's `func(target, *operands, **params)` as op `primitive`."""
    def handler(target, *args, **kwargs):
        target = _target(target, func.__name__)
        operands = list(args[:names]) + [kwargs.pop(n) for n in _ARGS[func][len(args):names]]
        params = dict(zip(_ARGS[func][names:], args[names:]), **kwargs)
        aliasing.update(target, builders.bind(primitive, target, *operands, **params), message)
    return handles(func)(handler)


_ARGS = {np.put: ('ind', 'v', 'mode'), np.place: ('mask', 'vals'),
         np.putmask: ('mask', 'values'), np.put_along_axis: ('indices', 'values', 'axis')}
UPDATERS = frozenset((np.copyto, *_ARGS))  # numpy functions updating their first argument
_updater(np.put, 'put', 'put: output array is read-only', 2)
_updater(np.place, 'place', 'WRITEBACKIFCOPY base is read-only', 2)
_updater(np.putmask, 'putmask', 'putmask: output array is read-only', 2)
_updater(np.put_along_axis, 'put_along_axis', READ_ONLY, 2)


@handles(np.copyto)
def _copyto(dst, src, casting='same_kind', where=True):
    target = _target(dst, 'copyto')
    where = [] if where is True else [where]
    aliasing.update(target, builders.bind('copyto', target, src, *where, casting=casting),
                    READ_ONLY)
