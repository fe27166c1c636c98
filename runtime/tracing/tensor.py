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

import numpy as np

from ..ag_operators import dispatch
from ..converted_code.frames import user_frame
from ..ir.core import PYTHON_NUMBERS
from ..ir.printing import pp_type
from . import conversions
from .conversions import CONVERT, not_allowed
from .memory.constants import constant_target_error, storing_into_numpy
from .resources import Resource


def is_symbolic(value):
    return isinstance(value, Tensor)


def is_operand(value):
    """Values a Python operator on a tensor accepts (others get NotImplemented)."""
    return (type(value) in PYTHON_NUMBERS or
            isinstance(value, (Tensor, np.ndarray, np.generic, Resource, list, tuple)))


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

    def __repr__(self):
        shape = '' if self.shape is None else f'shape={tuple(self.shape)}, '
        return f'Tensor("{self.name}", {shape}dtype={self.dtype.name})'

    __hash__ = object.__hash__  # `==` is elementwise, as in numpy

    def put(self, indices, values, mode='raise'):
        np.put(self, indices, values, mode=mode)

    @property
    def T(self):
        return np.transpose(self)

    def reshape(self, *shape, order='C'):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list, np.ndarray)):
            shape = shape[0]
        return np.reshape(self, shape, order=order)

    def transpose(self, *axes):
        axes = axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else axes or None
        return np.transpose(self, axes)

    def copy(self, order='C'):  # a C-ordered copy; `np.copy(x)` keeps x's memory order ('K')
        return np.copy(self, order=order)

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
        """An iterator refusing its first item: `iter(x)` succeeds, as on an array of rank >= 1,
        so np.iterable(x) is numpy's answer; iterating is what is refused."""
        if self._var.aval.shape == ():
            raise TypeError('iteration over a 0-d array')
        return self._refused_iteration()

    def _refused_iteration(self):
        raise not_allowed(
            'iterating over it (a Python for loop, unpacking, list())',
            'A converted `for` loop over a tensor is one graph loop, but this iteration is not a '
            '`for` statement (unpacking, list(), a comprehension, `*` or a builtin that '
            'iterates): index the tensor (x[0], x[1]) or write the iteration as a for loop',
            f'{CONVERT}, which makes a for loop over a tensor one graph loop; or use '
            'rt.while_loop')
        yield  # a generator: the error comes with the first item

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
        function = conversions.operation(user_frame())[1]
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
    return conversions.conversion_error(kind, user_frame())


def _value_not_allowed(what):
    """x.item(), x.tolist(), x.numpy(): refused, naming the line (as TensorFlow's and JAX's
    tracers refuse them: the value exists only when the graph runs)."""
    where = conversions.source_location()
    return not_allowed(what + ('' if where is None else f' at {where}'), 'Return the tensor from the traced function and read it from the '
                             'result, print it when the graph runs with rt.print, or run Python '
                             'code on it then with rt.py_function(func, inp, Tout)',
                       unconverted_fix=None)


def _no_store_into_numpy():
    """Numpy converts a value stored into a numpy array: say that this is the problem."""
    if storing_into_numpy():
        raise constant_target_error('an item assignment (`a[i] = t` where `a` is a numpy '
                                            'array)')


def _not_installed(name):
    def missing(self, *args, **kwargs):
        raise RuntimeError(f'Tensor.{name} is installed by runtime.tracing.tensor_methods, which '
                           'is not imported yet: import runtime.tracing (its __init__ imports it)')
    missing.not_installed = True
    return missing


# Tensor's numpy behaviour is installed by `tensor_methods`, above the modules it calls (numpy's
# dispatch, in-place updates, sizes, memory); the package imports it. Until then these raise.
INSTALLED_ABOVE = ('__array_ufunc__', '__array_function__', '__getitem__', '__setitem__', 'fill',
                   'sort', 'partition', 'astype', 'flatten', '__pow__', '__rpow__')
for _name in INSTALLED_ABOVE:
    setattr(Tensor, _name, _not_installed(_name))
Tensor.shape = Tensor.size = property(_not_installed('shape or size'))


def register_staged_types():
    """Make the `ag__` operators stage graph ops on tensors; an installed `graph` is kept."""
    dispatch.add_staged_types(Tensor)


register_staged_types()
