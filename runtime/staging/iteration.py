"""What a graph `for` loop iterates: ranges, a tensor's first axis, graph lists, enumerate and zip.

`rt.range(...)` and `range(tensor)` stage an `arange` op; a for loop over its
result does not build that array but counts from its bounds. Each iterable
becomes a `Plan`: its `length()` (a Python int when static, else a tensor)
and `element(i)` for an index tensor `i`, which the loop body traces.
"""
import numpy as np

from ..errors import OperatorNotAllowedInGraphError
from ..ir.core import Literal
from ..ir.shapes import stand_in
from ..tracing import builders
from ..tracing.graph_lists import GraphList
from ..tracing.joined_values import aval_of
from ..tracing.python_numbers import wrap
from ..tracing.tensor import Tensor


class GraphIterable:
    """`enumerate(...)` or `zip(...)` of tensors while tracing: only a graph loop can iterate it."""
    __slots__ = ('kind', 'parts', 'start')

    def __init__(self, kind, parts, start=0):
        self.kind, self.parts, self.start = kind, tuple(parts), start

    def __iter__(self):
        raise OperatorNotAllowedInGraphError(
            f'iterating {self.kind}() of tensors outside a converted for loop is not allowed: its '
            'length is only known when the graph runs. Iterate it in a converted for loop.')


def python_range(*args):
    """`range(...)` with a tensor argument: integers only, as Python's range."""
    if not 1 <= len(args) <= 3:
        raise TypeError(f'range expected at most 3 arguments, got {len(args)}')
    for arg in args:
        kind = aval_of(arg).dtype.kind if isinstance(arg, Tensor) or np.ndim(arg) == 0 else 'O'
        if kind not in 'iub' or isinstance(arg, float):
            name = f'numpy.{arg.dtype.name}' if isinstance(arg, Tensor) else type(arg).__name__
            raise TypeError(f"'{name}' object cannot be interpreted as an integer")
    start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
    if isinstance(step, int) and step == 0:
        raise ValueError('range() arg 3 must not be zero')
    dtype = np.result_type(*(stand_in(aval_of(v)) for v in (start, stop, step)))
    return builders.bind('arange', start, stop, step, dtype=dtype, python=True)


def iterate(name, args, kwargs):
    """`enumerate`/`zip`/`range` called on tensors while tracing."""
    if name == 'range':
        if kwargs:
            raise TypeError('range() takes no keyword arguments')
        return python_range(*args)
    if name == 'enumerate':
        start = args[1] if len(args) > 1 else kwargs.get('start', 0)
        return GraphIterable('enumerate', args[:1], start)
    if name == 'zip':
        if kwargs.get('strict'):
            raise NotImplementedError('zip(strict=True) of tensors is not supported')
        return GraphIterable('zip', args)
    raise OperatorNotAllowedInGraphError(
        f'{name}() of a tensor is not supported in a graph: use vectorized numpy operations '
        '(np.where, boolean indexing) or a for loop')


class Plan:
    """length() and element(i) of something a graph loop iterates."""

    def length(self):
        raise NotImplementedError

    def element(self, i):
        raise NotImplementedError


class AxisPlan(Plan):
    def __init__(self, array):
        shape = aval_of(array).shape
        if shape == ():
            raise TypeError('iteration over a 0-d array')
        if shape is None:
            raise OperatorNotAllowedInGraphError(
                'iterating a tensor of unknown rank is not allowed; give it a known rank')
        self.array, self.static = array, shape[0]

    def length(self):
        if self.static is not None:
            return self.static
        return wrap(builders.bind('dim', self.array, axis=0))

    def element(self, i):
        return self.array[i]


class RangePlan(Plan):
    """A range: of Python ints for Python's `range` (as eagerly), else of `dtype` values."""

    def __init__(self, start, stop, step, dtype, python=False):
        self.start, self.stop, self.step, self.dtype = start, stop, step, dtype
        self.python = python

    def length(self):
        start, stop, step = self.start, self.stop, self.step
        if not any(isinstance(v, Tensor) for v in (start, stop, step)):
            return len(range(start, stop, step)) if self.dtype.kind in 'iu' else \
                max(0, int(np.ceil((stop - start) / step)))
        if self.dtype.kind not in 'iub':
            return np.maximum(np.ceil((stop - start) / step), 0).astype(np.int64)
        if self.python:  # Python's range counts in unbounded ints, not in its bounds' dtype
            start, stop, step = (_as_int64(v) for v in (start, stop, step))
        if _is(step, 1):
            return np.maximum(stop if _is(start, 0) else stop - start, 0)
        return np.maximum(-((start - stop) // step), 0)  # ceil((stop - start) / step)

    def element(self, i):
        value = i if _is(self.step, 1) else i * self.step
        value = value if _is(self.start, 0) else self.start + value
        aval = aval_of(value)
        if aval.weak == self.python and (self.python or aval.dtype == self.dtype):
            return value
        return wrap(builders.bind('to_dtype', value, dtype=self.dtype, weak=self.python))


def _as_int64(value):
    if isinstance(value, Tensor) and aval_of(value).dtype != np.int64:
        return wrap(builders.bind('to_dtype', value, dtype=np.dtype(np.int64), weak=False))
    return value


def _is(value, number):
    """True for a Python int equal to `number` (no op is needed to add or multiply it)."""
    return type(value) is int and value == number


class EnumeratePlan(Plan):
    def __init__(self, inner, start):
        self.inner, self.start = inner, start

    def length(self):
        return self.inner.length()

    def element(self, i):
        return (i if _is(self.start, 0) else i + self.start, self.inner.element(i))


class ZipPlan(Plan):
    def __init__(self, parts):
        self.parts = parts

    def length(self):
        lengths = [p.length() for p in self.parts]
        if all(isinstance(n, int) for n in lengths):
            return min(lengths)
        result = lengths[0]
        for n in lengths[1:]:
            result = np.minimum(result, n)
        return result

    def element(self, i):
        return tuple(p.element(i) for p in self.parts)


def plan(value):
    """The Plan iterating `value` (a tensor, graph list, enumerate/zip, or a numpy value)."""
    if isinstance(value, GraphIterable):
        if value.kind == 'enumerate':
            return EnumeratePlan(plan(value.parts[0]), value.start)
        return ZipPlan([plan(p) for p in value.parts])
    if isinstance(value, GraphList):
        return AxisPlan(value.stack())
    if isinstance(value, Tensor) and value.op is not None and value.op.primitive == 'arange':
        bounds = [a.value if isinstance(a, Literal) else Tensor(a, value.graph)
                  for a in value.op.inputs]
        return RangePlan(*bounds, value.op.params['dtype'], value.op.params.get('python', False))
    if isinstance(value, Tensor):
        return AxisPlan(value)
    if isinstance(value, range):
        return RangePlan(value.start, value.stop, value.step, np.dtype(np.int64), python=True)
    if value.__class__ in (list, tuple) and any(isinstance(v, Tensor) for v in value):
        return AxisPlan(_stacked(value))
    return AxisPlan(np.asarray(value))


def _stacked(items):
    """A Python list of arrays, some of them graph values, zipped with a tensor: stacked, so
    that each step takes one item (they must have one shape and dtype: stacking would cast)."""
    types = {(a.dtype, a.shape) for a in map(aval_of, items)}
    if len(types) != 1:
        raise OperatorNotAllowedInGraphError(
            f'a graph loop at {builders.source_location()} iterates a Python list of values of '
            f'different shapes or dtypes ({len(types)} kinds) beside a tensor: a graph loop '
            'takes one array per step. Iterate it with a Python loop (for i in range(len(l))).')
    return np.stack(items)
