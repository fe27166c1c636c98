"""`rt.Tensor`: a symbolic numpy array in a trace; its operators and numpy functions stage ops.

A Tensor object stands for one array object of the traced code: in-place
updates (`t[i] = v`, `t += v`, `out=t`, ...) give it a new value, seen through
every name bound to it and every view of it (`updates`, `aliasing`).
`x.shape` is static (None for an unknown dimension); `len(x)` in converted
code, `np.shape(x)`, `np.size(x)` and `x.size` give an unknown size as a graph
value (`sizes`). `bool()`, iteration, `int()`/`float()`/`__index__`, Python's
own `len()` of an unknown size and conversion to a numpy array raise
OperatorNotAllowedInGraphError, whose message gives the fix that applies to
the code doing it: converted code or not.
"""
import math
import sys

import numpy as np

from .. import ops
from ..ir.core import PYTHON_NUMBERS
from ..ir.printing import pp_type
from ..operators import dispatch
from ..python.operator_table import ARITHMETIC, AUGMENTED, COMPARISONS, UNARY
from . import builders, conversions
from .conversions import CONVERT, not_allowed
from .memory import aliasing


def is_symbolic(value):
    return isinstance(value, Tensor)


def is_operand(value):
    """Values a Python operator on a tensor accepts (others get NotImplemented)."""
    return (type(value) in PYTHON_NUMBERS or
            isinstance(value, (Tensor, np.ndarray, np.generic, builders.Resource, list, tuple)))


class Tensor:
    """The symbolic value of a graph variable, while its graph is being built."""
    __slots__ = ('_var', '_builder', '_op', '_ref', '__weakref__')

    def __init__(self, var, builder, op=None):
        self._var, self._builder, self._op = var, builder, op
        self._ref = None  # what it shares memory with, once viewed or updated (aliasing.Ref)

    dtype = property(lambda self: self._var.aval.dtype, doc='The numpy dtype.')
    ndim = property(lambda self: self._var.aval.ndim, doc='The rank, or None when unknown.')
    name = property(lambda self: self._builder.name_of(self._var), doc="'op:index', as TensorFlow.")
    op = property(lambda self: self._op, doc='The Equation producing it (None for graph inputs).')
    graph = property(lambda self: self._builder, doc='The GraphBuilder of its graph.')
    aval = property(lambda self: self._var.aval, doc='Its AbstractValue.')

    @property
    def shape(self):
        """A tuple (None for an unknown dim), or None for an unknown rank."""
        shape = self._var.aval.shape
        if shape is not None and None in shape:
            sizes.note_shape_read(self, sys._getframe(1))  # for the error if a None is a size
        return shape

    @property
    def size(self):
        """The number of elements: an int, or a graph value when a dimension is unknown."""
        return sizes.size_of(self)

    def __repr__(self):
        shape = '' if self.shape is None else f'shape={tuple(self.shape)}, '
        return f'Tensor("{self.name}", {shape}dtype={self.dtype.name})'

    __hash__ = object.__hash__  # `==` is elementwise, as in numpy

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return numpy_api.array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        return numpy_api.array_function(func, types, args, kwargs)

    def __getitem__(self, index):
        return numpy_api.getitem(self, index)

    def __setitem__(self, index, value):
        updates.setitem(self, index, value)

    def fill(self, value):
        updates.fill(self, value)

    def sort(self, axis=-1, kind=None, order=None):
        updates.sort(self, axis, kind, order)

    def put(self, indices, values, mode='raise'):
        np.put(self, indices, values, mode=mode)

    def __pow__(self, other, modulo=None):
        if modulo is not None or not is_operand(other):
            return NotImplemented
        return builders.bind('pow', self, other)

    def __rpow__(self, other):
        return builders.bind('pow', other, self) if is_operand(other) else NotImplemented

    @property
    def T(self):
        return np.transpose(self)

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        if not copy and np.dtype(dtype) == self.dtype:
            return self  # numpy returns the array itself
        params = {} if casting == 'unsafe' else {'casting': casting}
        return builders.bind('astype', self, dtype=np.dtype(dtype), **params)

    def reshape(self, *shape, order='C'):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list, np.ndarray)):
            shape = shape[0]
        return np.reshape(self, shape, order=order)

    def transpose(self, *axes):
        axes = axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else axes or None
        return np.transpose(self, axes)

    def flatten(self, order='C'):
        result = np.ravel(self, order=order)
        aliasing.forget(result)  # always a copy
        return result

    def __bool__(self):
        raise not_allowed(
            'using it as a Python bool (if, while, and/or/not, assert, bool())',
            'Converted code stages `if`, `while`, `and`/`or`/`not`, conditional expressions and '
            '`assert` on tensors, but not other uses of a tensor as a bool (bool(x), the `if` of '
            'a comprehension, `in` on a list, a builtin or library function deciding on it): '
            'compute it with numpy (np.where(c, a, b), np.any, np.all, np.logical_and) or '
            'stage it with rt.cond',
            f'{CONVERT}, which stages `if`, `while`, `for`, `and`/`or`/`not` and `assert` on '
            'tensors as graph ops; or use rt.cond, rt.while_loop or np.where explicitly')

    def __iter__(self):
        raise not_allowed(
            'iterating over it (a Python for loop, unpacking, list())',
            'A converted `for` loop over a tensor is one graph loop, but this iteration is not a '
            '`for` statement (unpacking, list(), a comprehension, `*` or a builtin that '
            'iterates): index the tensor (x[0], x[1]) or write the iteration as a for loop',
            f'{CONVERT}, which makes a for loop over a tensor one graph loop; or use '
            'rt.while_loop')

    def __len__(self):
        shape = self._var.aval.shape
        if shape == ():
            raise TypeError('len() of unsized object')
        if shape is not None and shape[0] is not None:
            return shape[0]
        raise not_allowed(
            f'len() of a tensor whose first dimension is unknown ({pp_type(self.aval)})',
            'In converted code len(x) gives that size as a graph value, but this len() was '
            'called by Python for other code (a builtin such as reversed(), or a function that '
            'is not converted): use np.shape(x)[0] there',
            f'use np.shape(x)[0], which gives the size as a graph value; or {CONVERT}: there '
            'len(x) does too',
            cause="Python's len() must return an int, and this size is only known when the "
                  'graph runs')

    def __index__(self):
        _no_store_into_numpy()
        function = conversions.operation(builders.user_frame())[1]
        if conversions.is_math_function(function):  # math.gcd(x, 2), math.factorial(x)
            raise conversions.math_error(function)
        raise not_allowed(
            'using it as a Python int (an index into a Python list or tuple, a repeat count, a '
            'size)',
            'Converted code takes tensor sizes in range(), rt.range, np.zeros, np.ones, '
            'np.full, np.empty, np.eye, np.arange and reshape, and tensor indices into arrays '
            'and graph lists, but Python needs an int here: index a stacked array instead '
            '(np.stack(values)[i]) or keep this value a Python int',
            f'{CONVERT}: converted code takes tensor sizes in range(), np.zeros and the other '
            'numpy creation functions; or index a stacked array (np.stack(values)[i])')

    def __int__(self):
        raise _conversion_not_allowed('int')

    def __float__(self):
        raise _conversion_not_allowed('float')

    def __complex__(self):
        raise _conversion_not_allowed('complex')

    def __trunc__(self):  # math.trunc(x), which asks no float
        raise conversions.math_error(math.trunc)

    def __array__(self, dtype=None, copy=None):
        _no_store_into_numpy()
        raise not_allowed(
            'converting it to a numpy array (np.asarray, np.array, a numpy function without a '
            'graph op, a library calling them)',
            'Converted code stages np.array and np.asarray of tensors and every numpy function '
            'that has a graph op, but this conversion happened elsewhere (a numpy function '
            'without a graph op, or a function that is not converted): compute it with numpy '
            'functions that have graph ops, or run it when the graph runs with '
            'rt.py_function(func, inp, Tout)',
            f'{CONVERT}: converted code stages np.array and np.asarray of tensors; or run the '
            'code when the graph runs with rt.py_function(func, inp, Tout)')

    def item(self, *args):
        raise _value_not_allowed('item()')

    def tolist(self):
        raise _value_not_allowed('tolist()')

    def numpy(self):
        raise _value_not_allowed('numpy()')


def _conversion_not_allowed(kind):
    _no_store_into_numpy()
    if kind == 'complex':  # not overloaded in converted code: complex(x) itself gets here
        return not_allowed('complex()', 'Use x.astype(complex)', unconverted_fix=None)
    return conversions.conversion_error(kind, builders.user_frame())


def _value_not_allowed(what):
    return not_allowed(what, 'Return the tensor from the traced function and read it from the '
                             'result, print it when the graph runs with rt.print, or run Python '
                             'code on it then with rt.py_function(func, inp, Tout)',
                       unconverted_fix=None)


def _no_store_into_numpy():
    """Numpy converts a value stored into a numpy array: say that this is the problem."""
    if updates.storing_into_numpy():
        raise updates.constant_target_error('an item assignment (`a[i] = t` where `a` is a numpy '
                                            'array)')


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
for _name in ops.method_names():  # the ndarray methods the ops declare
    setattr(Tensor, _name, _numpy_method(getattr(np, _name)))
# `x.copy()` is a C-ordered copy; `np.copy(x)` keeps x's memory order (order 'K')
Tensor.copy = lambda self, order='C': np.copy(self, order=order)


def register_staged_types():
    """Make the `ag__` operators stage graph ops on tensors; an installed `graph` is kept."""
    dispatch.add_staged_types(Tensor)


register_staged_types()

from . import numpy_api, sizes  # noqa: E402  (they need the Tensor class)
from .memory import updates  # noqa: E402  (they need the Tensor class)
