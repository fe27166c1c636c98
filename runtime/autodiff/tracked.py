"""`Tracked`: a value an eager gradient tape follows; each numpy use of it is recorded or refused.

numpy arrays cannot record anything, so `tape.watch(x)` (and a variable read
under a tape) gives a Tracked object holding a read-only array. It is not an
ndarray on purpose: numpy takes an ndarray subclass as a plain array wherever
its C code wants one (a method of a plain array given it, `X.dot(w)`;
`np.asarray(w)`; storing it, `a[i] = w`), and the gradient would be lost without
a word. A Tracked object has numpy's array API, and while a recording tape
follows it each use goes one of three ways:

- recorded: operators, ufuncs, indexing, numpy functions and methods that have
  a graph op (through `runtime.tracing.numpy_api`, as for symbolic tensors);
- answered plainly, no gradient to lose: shape, dtype, sizes, integer or bool
  results, `bool()`, `int()`, and the explicit ways out (`w.numpy()`,
  `w.item()`, `w.tolist()`, `rt.stop_gradient(w)`);
- refused with `NotRecordableError` naming the call: a numpy function or
  method without a graph op giving floats, an update of a numpy array with it,
  and any conversion to a plain array or a Python float (`__array__`, numpy's
  only way in; `__float__`, which numpy calls to store one item).

When no recording tape follows it (the tape has stopped), it is used as a
plain array would be.
"""
import linecache

import numpy as np

from .. import graph_ops
from ..converted_code.operator_table import ARITHMETIC, AUGMENTED, COMPARISONS, UNARY
from ..errors import NotRecordableError
from ..graph_ops.elementwise import UFUNCS
from ..ir.core import Var
from ..tracing import builders, numpy_api, tensor
from ..tracing.memory import updates
from ..user_objects import recording_tapes

IMMUTABLE = ('values a gradient tape follows are immutable, as TensorFlow tensors are: write '
             '`x = x + 1` (a new value) instead of updating it in place')
_SIZES = (np.shape, np.ndim, np.size)  # plain answers, as for any array
# methods updating the array itself: the ops' (`Op.in_place_method`) and these, which have none
_UPDATING = graph_ops.in_place_methods() | frozenset(('partition', 'resize', 'setfield', 'itemset',
                                               'byteswap', 'setflags'))
# ndarray attributes that are facts about the array, not its values
_PLAIN_ATTRIBUTES = frozenset(('flags', 'strides', 'itemsize', 'nbytes', 'device'))

bind = None  # `eager.bind` (set there): an op run, and recorded by the tapes following an input


class Tracked(builders.Followed):
    """A read-only numpy value recorded by gradient tapes (`tape.watch(x)` returns one)."""
    __slots__ = ('_value', '_var')

    dtype = property(lambda self: self._value.dtype)
    shape = property(lambda self: self._value.shape)
    ndim = property(lambda self: self._value.ndim)
    size = property(lambda self: self._value.size)
    T = property(lambda self: np.transpose(self))
    mT = property(lambda self: np.swapaxes(self, -1, -2))
    real = property(lambda self: self)  # only float values are tracked
    imag = property(lambda self: np.zeros_like(self._value))  # a constant: no gradient
    __hash__ = None  # as ndarray: `==` is elementwise

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method == '__call__' and not kwargs and UFUNCS.get(ufunc.__name__) is ufunc and \
                builders.current_builder() is None:  # the common case: straight to `bind`
            return bind(ufunc.__name__, inputs, {})
        if not followed(inputs, kwargs.values()):
            return getattr(ufunc, method)(*plain_all(inputs), **plain_kwargs(kwargs))
        out = kwargs.get('out')
        if out is not None or method == 'at':
            targets = inputs[:1] if method == 'at' else out if isinstance(out, tuple) else (out,)
            raise _update_error(f'numpy.{ufunc.__name__}', targets, ' with out=')
        if UFUNCS.get(ufunc.__name__) is not ufunc:
            raise not_recordable(f'ufunc {ufunc.__name__!r}', "only numpy's own ufuncs have "
                                 'graph ops')
        return numpy_api.array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        if func in numpy_api.HANDLERS and func not in _SIZES and followed(args, kwargs.values()):
            if func in updates.UPDATERS:  # np.copyto, np.put, ...: the first argument updated
                raise _update_error(numpy_api._name(func), args[:1])
            if kwargs.get('out') is not None:
                raise _update_error(numpy_api._name(func), (kwargs['out'],), ' with out=')
            return numpy_api.array_function(func, types, args, kwargs)
        result = func(*plain_all(args), **plain_kwargs(kwargs))
        if func not in _SIZES and _holds_floats(result) and followed(args, kwargs.values()):
            raise not_recordable(numpy_api._name(func), 'it has no graph op')
        return result

    def __array__(self, dtype=None, copy=None):
        if followed((self,)):
            raise conversion_error()
        return np.array(self._value, dtype=dtype, copy=copy)

    def __getitem__(self, index):
        return numpy_api.getitem(self, index)

    def __setitem__(self, index, value):
        raise TypeError(IMMUTABLE)

    def __len__(self):
        return len(self._value)

    def __iter__(self):
        if not self.shape:
            raise TypeError('iteration over a 0-d array')
        return (self[i] for i in range(len(self)))  # rows indexed as it goes: recorded

    def __contains__(self, item):
        return item in self._value

    def __bool__(self):
        return bool(self._value)  # a decision, which loses no gradient

    def __int__(self):
        return int(self._value)  # an integer has no gradient

    # numpy stores a value into an array item (`a[i, j] = w`), np.float64(w), math.exp(w) and
    # '%f' % w all call __float__: refused while a tape follows, as any conversion
    def __float__(self):
        if followed((self,)):
            raise conversion_error('a Python float')
        return float(self._value)

    def __complex__(self):
        if followed((self,)):
            raise conversion_error('a Python complex')
        return complex(self._value)

    def __round__(self, ndigits=None):
        return np.round(self, ndigits or 0)

    def __index__(self):
        return self._value.__index__()  # numpy's error: only integer arrays are indices

    def __repr__(self):
        return repr(self._value)

    def __str__(self):
        return str(self._value)

    def __format__(self, spec):
        return format(self._value, spec)

    def __copy__(self):
        return self  # immutable

    def __deepcopy__(self, memo):
        return self

    def __pow__(self, other, modulo=None):
        if modulo is not None or not _is_operand(other):
            return NotImplemented
        return builders.bind('pow', self, other)  # Python's `**`: numpy's fast paths, as eagerly

    def __rpow__(self, other):
        return builders.bind('pow', other, self) if _is_operand(other) else NotImplemented

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        if not copy and np.dtype(dtype) == self.dtype:
            return self
        params = {} if casting == 'unsafe' else {'casting': casting}
        return builders.bind('astype', self, dtype=np.dtype(dtype), **params)

    def reshape(self, *shape, order='C'):
        shape = shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape
        return np.reshape(self, shape, order=order)

    def transpose(self, *axes):
        axes = axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else axes or None
        return np.transpose(self, axes)

    def flatten(self, order='C'):
        return np.ravel(self, order=order)  # a copy or not: the same, values being immutable

    def item(self, *args):
        return self._value.item(*args)

    def tolist(self):
        return self._value.tolist()

    def numpy(self):
        """A writeable copy of the value, which no tape follows."""
        return self._value.copy()

    def detached(self):
        return self._value

    def view(self, *args, **kwargs):
        if followed((self,)):
            raise conversion_error()
        return self._value.view(*args, **kwargs)

    def __getattr__(self, name):
        """The other ndarray attributes: a method of numpy's function of that name when it has a
        graph op; else run on the value, refused if it gives floats while a tape follows it."""
        attribute = getattr(np.ndarray, name, None) if not name.startswith('_') else None
        if attribute is None:
            raise AttributeError(f"'Tracked' object has no attribute {name!r}")
        if name in _PLAIN_ATTRIBUTES:
            return getattr(self._value, name)
        if name in _UPDATING:
            return _immutable
        if not callable(attribute):  # flat, base, data, ctypes: the values themselves
            if followed((self,)):
                raise conversion_error()
            return getattr(self._value, name)
        function = getattr(np, name, None)
        if function in numpy_api.HANDLERS:
            return lambda *args, **kwargs: function(self, *args, **kwargs)
        return lambda *args, **kwargs: self._method(name, args, kwargs)

    def _method(self, name, args, kwargs):
        result = getattr(self._value, name)(*plain_all(args), **plain_kwargs(kwargs))
        if _holds_floats(result) and followed((self,), args, kwargs.values()):
            raise not_recordable(f'ndarray.{name}', 'it has no graph op')
        return result


def _is_operand(value):
    """Values an operator takes (others: NotImplemented, for their own reflected operator)."""
    return value.__class__ in _OPERAND_CLASSES or isinstance(
        value, (np.ndarray, np.generic, builders.Followed, builders.Resource, list, tuple)) or \
        tensor.is_symbolic(value)


def _binary(ufunc, reflected):
    def method(self, other):
        if not _is_operand(other):
            return NotImplemented
        return self.__array_ufunc__(ufunc, '__call__', *((other, self) if reflected else
                                                          (self, other)))
    return method


def _unary(ufunc):
    return lambda self: self.__array_ufunc__(ufunc, '__call__', self)


def _immutable(*args, **kwargs):
    raise TypeError(IMMUTABLE)


def _numpy_method(function):
    return lambda self, *args, **kwargs: function(self, *args, **kwargs)


_OPERAND_CLASSES = frozenset((int, float, bool, complex, np.ndarray, np.float64, np.float32, Tracked))
_ARITHMETIC = {op.stem: getattr(np, op.ufunc) for op in ARITHMETIC.values() if op.symbol != '**'}
for _name, _ufunc in {**_ARITHMETIC, 'divmod': np.divmod}.items():
    setattr(Tracked, f'__{_name}__', _binary(_ufunc, False))
    setattr(Tracked, f'__r{_name}__', _binary(_ufunc, True))
for _op in AUGMENTED.values():
    setattr(Tracked, f'__i{_op.stem}__', _immutable)
for _op in COMPARISONS.values():
    setattr(Tracked, f'__{_op.stem}__', _binary(getattr(np, _op.ufunc), False))
for _op in UNARY.values():
    setattr(Tracked, f'__{_op.stem}__', _unary(getattr(np, _op.ufunc)))
for _name in graph_ops.method_names():  # the ndarray methods the ops declare
    setattr(Tracked, _name, _numpy_method(getattr(np, _name)))


def track(value, tape_var=None, fresh=False):
    """`value` as a Tracked object standing for a new variable (or `tape_var`); a `fresh` value
    (an op's result) that owns its memory is made read-only itself, any other through a view."""
    if value.__class__ is not np.ndarray:
        value = np.asarray(value)
        fresh = True
    if value.flags.writeable:
        if not fresh or value.base is not None:
            value = value.view()  # the caller's array stays writeable
        value.flags.writeable = False
    tracked = object.__new__(Tracked)
    tracked._value = value
    tracked._var = tape_var or Var(None)
    return tracked


def plain(x):
    return x._value if x.__class__ is Tracked else x


def plain_all(values):
    return [type(v)(map(plain, v)) if isinstance(v, (list, tuple)) else plain(v) for v in values]


def plain_kwargs(kwargs):
    return dict(zip(kwargs, plain_all(kwargs.values()))) if kwargs else kwargs


def followed(*groups):
    """True if a recording tape follows a Tracked value among `groups` (or in lists in them)."""
    tapes = recording_tapes.state.tapes
    if not tapes:
        return False
    found = [v._var for group in groups for x in group
             for v in (x if isinstance(x, (list, tuple)) else (x,)) if v.__class__ is Tracked]
    return bool(found) and any(not t._record.followed.isdisjoint(found) for t in tapes)


def _holds_floats(result):
    """True if `result` (nested in tuples and lists) holds a float or complex value."""
    if isinstance(result, (tuple, list)):
        return any(map(_holds_floats, result))
    if isinstance(result, (float, complex)):
        return True
    return getattr(getattr(result, 'dtype', None), 'kind', None) in ('f', 'c')


def not_recordable(what, why):
    return NotRecordableError(
        f'{what} cannot be differentiated{call_site()}: a gradient tape follows its input, and '
        f'{why}, so the tape cannot record it (its gradient would be lost). Compute it with '
        'numpy functions that have graph ops, or on rt.stop_gradient(x) (or outside the tape) '
        'if no gradient should flow through it.')


def conversion_error(into='a plain numpy array'):
    return NotRecordableError(
        f'a value a gradient tape follows was converted to {into}{call_site()}, which the tape '
        'cannot record (its gradient would be lost). numpy converts it so in np.asarray and '
        'np.array, in the methods of a plain array given it (write X @ w or np.dot(X, w) for '
        'X.dot(w)), when it is stored into a numpy array (build the array with np.stack, '
        'np.concatenate or np.where instead of a[i] = w), and functions that are not numpy\'s '
        'do too (math.exp(w), a library calling np.asarray). Use w.numpy(), w.item() or '
        'rt.stop_gradient(w) where no gradient should flow.')


def _update_error(name, targets, how=''):
    if any(t.__class__ is Tracked for t in targets):
        return TypeError(IMMUTABLE)
    return NotRecordableError(
        f'{name}{how} writes a value a gradient tape follows into a numpy array{call_site()} '
        '(as an augmented assignment `y += w` does), and the tape cannot follow a numpy array: '
        'its gradient would be lost. Compute a new value instead (y = y + w, np.where, '
        'np.concatenate).')


def call_site():
    """' at file:line (`the call`)' for the user's code running now, or ''."""
    frame = builders.user_frame()
    if frame is None:
        return ''
    text = None if builders.is_converted(frame) else _expression(frame)
    return f' at {builders.source_location(frame)}' + (f' (`{text}`)' if text else '')


def _expression(frame):
    """The source of the expression `frame` is evaluating (one line, not too long), or None."""
    try:
        line, end, start, stop = list(frame.f_code.co_positions())[frame.f_lasti // 2]
    except (IndexError, ValueError):
        return None
    if line is None or line != end or start is None or stop is None:
        return None
    source = linecache.getline(frame.f_code.co_filename, line).encode()
    text = source[start:stop].decode(errors='replace').strip()
    return text if 0 < len(text) <= 80 else None
