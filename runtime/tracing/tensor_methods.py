"""Tensor's numpy behaviour: numpy's protocols, indexing, in-place updates, sizes, operators, methods.

`tensor` defines the class below everything that stages ops; this module sits
above numpy's dispatch (`numpy_api`), the in-place updates and sizes, and
installs them on the class when imported (the package's `__init__` imports it).
"""
import sys

import numpy as np

from .. import graph_ops
from ..converted_code.operator_table import ARITHMETIC, AUGMENTED, COMPARISONS, UNARY
from . import builders, numpy_api, numpy_arrangement, numpy_diagonals, numpy_parts, sizes
from .memory import aliasing, updates
from .tensor import Tensor, is_operand


def _shape(self):
    """A tuple (None for an unknown dim), or None for an unknown rank."""
    shape = self._var.aval.shape
    if shape is not None and None in shape:
        sizes.note_shape_read(self, sys._getframe(1))  # for the error if a None is a size
    return shape


def _size(self):
    """The number of elements: an int, or a graph value when a dimension is unknown."""
    return sizes.size_of(self)


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    return numpy_api.array_ufunc(ufunc, method, inputs, kwargs)


def _array_function(self, func, types, args, kwargs):
    return numpy_api.array_function(func, types, args, kwargs)


def _fill(self, value):
    updates.fill(self, value)


def _sort(self, axis=-1, kind=None, order=None):
    updates.sort(self, axis, kind, order)


def _partition(self, kth, axis=-1, kind='introselect', order=None):
    params = {} if kind == 'introselect' else {'kind': kind}  # numpy's defaults left unstaged
    if order is not None:
        params['order'] = order
    updates.partition(self, kth, axis, **params)


def _pow(self, other, modulo=None):
    if modulo is not None or not is_operand(other):
        return NotImplemented
    return builders.bind('pow', self, other)


def _rpow(self, other):
    return builders.bind('pow', other, self) if is_operand(other) else NotImplemented


def _astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
    if not copy and np.dtype(dtype) == self.dtype:
        return self  # numpy returns the array itself
    params = {} if casting == 'unsafe' else {'casting': casting}
    return builders.bind('astype', self, dtype=np.dtype(dtype), **params)


def _flatten(self, order='C'):
    result = np.ravel(self, order=order)
    aliasing.forget(result)  # always a copy
    return result


def _binary(ufunc, reflected):
    def method(self, other):
        if not is_operand(other):
            return NotImplemented
        inputs = (other, self) if reflected else (self, other)
        return numpy_api.array_ufunc(ufunc, '__call__', inputs, {})
    return method


def _unary(ufunc):
    return lambda self: numpy_api.array_ufunc(ufunc, '__call__', (self,), {})


def _numpy_method(fn):
    return lambda self, *args, **kwargs: fn(self, *args, **kwargs)


Tensor.shape, Tensor.size = property(_shape), property(_size)
Tensor.__array_ufunc__, Tensor.__array_function__ = _array_ufunc, _array_function
Tensor.__getitem__, Tensor.__setitem__ = numpy_api.getitem, updates.setitem
Tensor.fill, Tensor.sort, Tensor.astype, Tensor.flatten = _fill, _sort, _astype, _flatten
Tensor.partition = _partition
Tensor.__pow__, Tensor.__rpow__ = _pow, _rpow
# `**` is Tensor.__pow__ (numpy's `power` takes no modulo); divmod is not an operator
_BINARY = {op.stem: getattr(np, op.ufunc) for op in ARITHMETIC.values() if op.symbol != '**'}
for _name, _ufunc in {**_BINARY, 'divmod': np.divmod}.items():
    setattr(Tensor, f'__{_name}__', _binary(_ufunc, False))
    setattr(Tensor, f'__r{_name}__', _binary(_ufunc, True))
for _symbol, _op in AUGMENTED.items():
    setattr(Tensor, f'__i{_op.stem}__',
            lambda self, other, _symbol=_symbol: updates.augmented(self, _symbol, other))
for _op in COMPARISONS.values():
    setattr(Tensor, f'__{_op.stem}__', _binary(getattr(np, _op.ufunc), False))
for _op in UNARY.values():
    setattr(Tensor, f'__{_op.stem}__', _unary(getattr(np, _op.ufunc)))
for _name in graph_ops.method_names():  # the ndarray methods the ops declare
    if _name != 'copy':  # Tensor's own: a C-ordered copy
        setattr(Tensor, _name, _numpy_method(getattr(np, _name)))
# the ndarray methods of numpy functions written in other ops (np.diagonal, np.trace, np.repeat)
for _name, _function in {**numpy_diagonals.METHODS, **numpy_arrangement.METHODS}.items():
    setattr(Tensor, _name, _numpy_method(_function))
Tensor.real, Tensor.imag = property(numpy_parts.real), property(numpy_parts.imag)
