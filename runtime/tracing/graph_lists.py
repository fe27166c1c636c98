"""Graph lists: a Python list that grows in a graph loop (TensorArray-like), and `rt.stack`.

While tracing, a list carried by a graph loop (or merged by a cond) becomes a
`GraphList`: its elements stacked as one tensor `buf` of shape (n, *element),
where n may be unknown. `l.append(x)` (the converter's `list_append`) gives a
new GraphList one element longer, `l.pop()` one shorter; `rt.stack(l)` or
`ag__.list_stack(l)` gives `buf`. The element type is fixed by the first
append; a GraphList nobody appended to yet (`elem` None) has no buffer.
numpy functions and ufuncs take a GraphList as numpy takes a list, as the
array of its elements (`buf`); those that iterate a sequence of arrays
(np.stack, np.concatenate, ...) and np.array take it in converted code
(`numpy_calls`).
"""
import functools

import numpy as np

from ..errors import StagingError
from ..ir.compatibility import compatible, join, unify
from ..ir.core import AbstractValue
from . import builders
from .joined_values import aval_of, convert, is_value
from .memory import aliasing
from .python_numbers import wrap
from .tensor import Tensor

_STORED = ('it was put in a list that a graph loop or cond holds as stacked values, which '
           'keep the values it had then (numpy\'s list would see the update)')


class GraphList:
    """A list whose elements are stacked in one tensor (or numpy array) while tracing."""
    __slots__ = ('buf', 'elem')

    def __init__(self, buf=None, elem=None):
        self.buf, self.elem = buf, elem

    @staticmethod
    def from_values(values):
        """A GraphList of a Python list's elements, or None when they cannot be stacked."""
        if not values:
            return GraphList()
        if not all(is_value(v) for v in values):
            return None
        avals = [aval_of(v) for v in values]
        elem = functools.reduce(lambda a, b: a and unify(a, b), avals)
        if elem is None or any(a.shape != avals[0].shape for a in avals):
            return None
        elem = _strong(elem)  # Python numbers adopt the dtype of the arrays beside them
        for value in values:
            aliasing.pin(value, _STORED)
        builder = builders.current_builder()
        return GraphList(np.stack([convert(builder, v, elem) for v in values]), elem)

    @property
    def aval(self):
        """The type of `buf`."""
        return AbstractValue(self.elem.dtype, _buffer_shape(self.elem))

    def buffer(self):
        """`buf`, or an empty array of the element type."""
        if self.buf is not None:
            return self.buf
        shape = (0,) + tuple(d or 0 for d in self.elem.shape or ())
        return np.zeros(shape, self.elem.dtype)

    def append(self, x):
        raise TypeError('a graph list changes by rebinding: only `l.append(x)` on a local list '
                        'of a converted function (which becomes `l = ag__.list_append(l, x)`) '
                        'can append to it')

    pop = append

    def appended(self, x):
        """This list with `x` appended (a new GraphList)."""
        if not is_value(x):
            raise TypeError(f'a graph list holds numbers and arrays, not {type(x).__name__}: '
                            'build a Python list outside graph loops')
        aliasing.pin(x, _STORED)
        if self.elem is None:
            first = x if isinstance(x, Tensor) else np.asarray(x)
            return GraphList(np.expand_dims(first, 0), _strong(aval_of(first)))
        x = _as_element(x, self.elem)
        elem = _join_element(self.elem, aval_of(x))
        return GraphList(builders.bind('list_append', self.buffer(), x), elem)

    def popped(self, i=None):
        """(this list without its last element, that element)."""
        if self.elem is None:
            raise IndexError('pop from empty list')
        if i is not None and i != -1:
            raise NotImplementedError('a graph list pops its last element only (l.pop())')
        buf = self.buffer()
        return GraphList(buf[:-1], self.elem), buf[-1]

    def stack(self):
        if self.elem is None:
            raise StagingError('stacking an empty list whose element type is unknown: append '
                               'to it before stacking, or start from np.zeros((0, ...), dtype)')
        buf = self.buffer()
        return Tensor(buf._var, buf._builder, buf._op) if isinstance(buf, Tensor) else buf.copy()

    def length(self):
        return 0 if self.elem is None else wrap(builders.bind('dim', self.buffer(), axis=0))

    def __getitem__(self, index):
        return self.stack()[index]

    def __len__(self):
        raise TypeError('the length of a graph list (a list appended to in a graph loop) is only '
                        'known when the graph runs, and Python needs an int here: len(l) in '
                        'converted code gives it as a graph value')

    def __iter__(self):
        raise TypeError('a graph list (a list appended to in a graph loop) has a length known '
                        'only when the graph runs, so Python cannot iterate it here: iterate it '
                        'in a converted for loop (one graph loop), or use numpy on it '
                        '(np.stack(l), np.concatenate(l), np.sum(l)) in converted code')

    def __array__(self, dtype=None, copy=None):
        raise TypeError('a graph list (a list appended to in a graph loop) becomes an array '
                        'only in the graph: np.array(l), np.asarray(l) and np.stack(l) stage it '
                        'in converted code (or use rt.stack(l) anywhere)')

    def __array_function__(self, func, types, args, kwargs):
        """numpy functions take a graph list as they take a list: as the array of its elements."""
        return func(*_as_arrays(args), **dict(zip(kwargs, _as_arrays(kwargs.values()))))

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return getattr(ufunc, method)(*_as_arrays(inputs), **kwargs)

    def __repr__(self):
        return f'GraphList({"empty" if self.elem is None else self.aval})'


def as_graph_list(value):
    """A list variable's value as a GraphList: a Python list's elements stacked (None when they
    cannot be: not numbers and arrays of one shape); a GraphList or any other value unchanged."""
    return GraphList.from_values(value) if type(value) is list else value


def _as_arrays(values):
    """`values` with each graph list, also inside a list or tuple, as its stacked elements."""
    def array(value):
        if isinstance(value, GraphList):
            return value.stack()
        if isinstance(value, (list, tuple)) and any(isinstance(v, GraphList) for v in value):
            return type(value)(map(array, value))
        return value
    return [array(v) for v in values]


def _strong(aval):
    return AbstractValue(aval.dtype, aval.shape)


def _buffer_shape(elem):
    return None if elem.shape is None else (None,) + elem.shape


def _as_element(x, elem):
    aval = aval_of(x)
    if aval.weak or x.__class__ is bool:
        return convert(builders.current_builder(), x, elem)
    if aval.dtype != elem.dtype:
        raise StagingError(f'appending a {aval.dtype} element to a graph list of {elem.dtype} '
                           'elements: the elements of a list built in a graph loop share one '
                           'dtype (cast with astype)')
    return x


def _join_element(elem, aval):
    """The element type admitting `aval` too (`_as_element` gave it the list's dtype)."""
    if not compatible(elem, aval):
        raise StagingError(f'appending an element of shape {aval.shape} to a graph list of '
                           f'elements of shape {elem.shape}: they must have one shape')
    return join(elem, aval)


def stack(values, axis=0):
    """`np.stack(values, axis)`; a graph list gives its elements stacked (`rt.stack`)."""
    if isinstance(values, GraphList):
        buf = values.stack()
        return buf if axis == 0 else np.moveaxis(buf, 0, axis)
    return np.stack(values, axis=axis)
