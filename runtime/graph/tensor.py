"""`rt.Tensor`: a symbolic numpy array in a trace; its operators and numpy functions stage ops.

A Tensor object stands for one array object of the traced code: in-place
updates (`t[i] = v`, `t += v`, `out=t`, ...) give it a new value, seen through
every name bound to it and every view of it (`updates`, `aliasing`).
`len(t)` is the static first dimension when it is known (it is the same for
every run of this graph) and raises when it is unknown; `bool()`, iteration,
`int()`/`float()`/`__index__` and conversion to a numpy array always raise
OperatorNotAllowedInGraphError, whose message says how to fix the code.
"""
import numpy as np

from ..errors import OperatorNotAllowedInGraphError
from ..operators import dispatch
from . import aliasing, numpy_api, shapes, tracing, updates
from .ir import PYTHON_NUMBERS
from .ops.updates import INPLACE_OPERATORS

_FIX = ('convert the function with agconvert, or call it through rt.function (which converts '
        'it on the fly), so that AutoGraph stages Python control flow on tensors (if, while, '
        'for, and/or/not, assert) as graph ops; or use rt.cond, rt.while_loop or np.where '
        'explicitly')


def not_allowed(what):
    return OperatorNotAllowedInGraphError(
        f'{what} is not allowed on a symbolic tensor: its value is only known when the graph '
        f'runs. To fix this, {_FIX}.')


def is_symbolic(value):
    return isinstance(value, Tensor)


def is_operand(value):
    """Values a Python operator on a tensor accepts (others get NotImplemented)."""
    return (type(value) in PYTHON_NUMBERS or
            isinstance(value, (Tensor, np.ndarray, np.generic, tracing.Resource, list, tuple)))


class Tensor:
    """The symbolic value of a graph variable, while its graph is being built."""
    __slots__ = ('_var', '_builder', '_op', '_ref', '__weakref__')

    def __init__(self, var, builder, op=None):
        self._var, self._builder, self._op = var, builder, op
        self._ref = None  # what it shares memory with, once viewed or updated (aliasing.Ref)

    dtype = property(lambda self: self._var.aval.dtype, doc='The numpy dtype.')
    shape = property(lambda self: self._var.aval.shape, doc='A tuple (None: unknown dims) or None.')
    ndim = property(lambda self: self._var.aval.ndim, doc='The rank, or None when unknown.')
    name = property(lambda self: self._builder.name_of(self._var), doc="'op:index', as TensorFlow.")
    op = property(lambda self: self._op, doc='The Equation producing it (None for graph inputs).')
    graph = property(lambda self: self._builder, doc='The GraphBuilder of its graph.')
    aval = property(lambda self: self._var.aval, doc='Its AbstractValue.')

    size = property(lambda self: shapes.size(self._var.aval.shape),
                    doc='The number of elements, or None when unknown.')

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
        return tracing.bind('pow', self, other)

    def __rpow__(self, other):
        return tracing.bind('pow', other, self) if is_operand(other) else NotImplemented

    @property
    def T(self):
        return np.transpose(self)

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        if not copy and np.dtype(dtype) == self.dtype:
            return self  # numpy returns the array itself
        params = {} if casting == 'unsafe' else {'casting': casting}
        return tracing.bind('astype', self, dtype=np.dtype(dtype), **params)

    def reshape(self, *shape, order='C'):
        shape = shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape
        return np.reshape(self, shape, order=order)

    def transpose(self, *axes):
        axes = axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else axes or None
        return np.transpose(self, axes)

    def flatten(self, order='C'):
        result = np.ravel(self, order=order)
        aliasing.forget(result)  # always a copy
        return result

    def __bool__(self):
        raise not_allowed('using it as a Python bool (if, while, and/or/not, assert, bool())')

    def __iter__(self):
        raise not_allowed('iterating over it (a Python for loop, unpacking, list())')

    def __len__(self):
        if self.shape == ():
            raise TypeError('len() of unsized object')
        if self.shape is None or self.shape[0] is None:
            raise not_allowed('len() of it, whose first dimension is unknown,')
        return self.shape[0]

    def __index__(self):
        _no_store_into_numpy()
        raise not_allowed('using it as a Python int (an index, a shape as in np.zeros(n), '
                          'range(n))')

    def __int__(self):
        _no_store_into_numpy()
        raise not_allowed('int()')

    def __float__(self):
        _no_store_into_numpy()
        raise not_allowed('float()')

    def __complex__(self):
        _no_store_into_numpy()
        raise not_allowed('complex()')

    def __array__(self, dtype=None, copy=None):
        _no_store_into_numpy()
        raise not_allowed('converting it to a numpy array (np.asarray, np.array, a numpy '
                          'function without graph op)')

    def item(self, *args):
        raise not_allowed('item()')

    def tolist(self):
        raise not_allowed('tolist()')

    def numpy(self):
        raise not_allowed('numpy()')


def _no_store_into_numpy():
    """Numpy converts a value stored into a numpy array: say that this is the problem."""
    if updates.storing_into_numpy():
        raise updates.constant_target_error('an item assignment (`a[i] = t` where `a` is a numpy '
                                            'array)')


_NAMES = {'+=': 'add', '-=': 'sub', '*=': 'mul', '/=': 'truediv', '//=': 'floordiv', '%=': 'mod',
          '**=': 'pow', '&=': 'and', '|=': 'or', '^=': 'xor', '<<=': 'lshift', '>>=': 'rshift',
          '@=': 'matmul'}


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


for _name, _ufunc in {'add': np.add, 'sub': np.subtract, 'mul': np.multiply,
                      'truediv': np.true_divide, 'floordiv': np.floor_divide, 'mod': np.remainder,
                      'divmod': np.divmod, 'matmul': np.matmul, 'and': np.bitwise_and,
                      'or': np.bitwise_or, 'xor': np.bitwise_xor, 'lshift': np.left_shift,
                      'rshift': np.right_shift}.items():
    setattr(Tensor, f'__{_name}__', _binary(_ufunc, False))
    setattr(Tensor, f'__r{_name}__', _binary(_ufunc, True))
for _symbol in INPLACE_OPERATORS:
    setattr(Tensor, f'__i{_NAMES[_symbol]}__',
            lambda self, other, _symbol=_symbol: updates.augmented(self, _symbol, other))
for _name, _ufunc in {'lt': np.less, 'le': np.less_equal, 'gt': np.greater,
                      'ge': np.greater_equal, 'eq': np.equal, 'ne': np.not_equal}.items():
    setattr(Tensor, f'__{_name}__', _binary(_ufunc, False))
for _name, _ufunc in {'neg': np.negative, 'pos': np.positive, 'abs': np.absolute,
                      'invert': np.invert}.items():
    setattr(Tensor, f'__{_name}__', _unary(_ufunc))
for _name in ('sum', 'prod', 'mean', 'std', 'var', 'max', 'min', 'argmax', 'argmin', 'all', 'any',
              'cumsum', 'cumprod', 'round', 'clip', 'swapaxes', 'squeeze', 'ravel', 'take',
              'nonzero', 'argsort', 'copy', 'dot'):
    setattr(Tensor, _name, _numpy_method(getattr(np, _name)))


def register_staged_types():
    """Make the `ag__` operators stage graph ops on tensors; an installed `graph` is kept."""
    dispatch.add_staged_types(Tensor)


register_staged_types()
