"""Builtin overloads while tracing: tensor arguments stage graph ops, others call the builtin.

`converted_call` sends a call of a builtin in `runtime.ag_operators.builtin_names.OVERLOADED`
here, by name. Python `print` prints at trace time (a tensor shows as
`Tensor("x:0", shape=(), dtype=int32)`), as in the seeds; `rt.print` prints at
every run. `range(t)`, `enumerate(t)` and `zip(t, ...)` of tensors (or graph
lists) give what a graph for loop iterates (`iteration`).
"""
import builtins

import numpy as np

from ..tracing import builders, numpy_calls, sizes, tensor
from ..tracing.graph_lists import GraphList
from ..tracing.python_numbers import WeakTensor, wrap
from ..tracing.tensor import is_symbolic
from .iteration import GraphIterable, iterate
from .loop_stmts import for_stmt


def _any_symbolic(values):
    return any(is_symbolic(v) for v in values)


def _one_dimensional(name, x):
    if x.ndim != 1:
        raise tensor.not_allowed(
            f'{name}() of a tensor of rank {x.ndim}',
            'Use the numpy function along an axis instead (np.min(x, axis=0), np.max, np.any, '
            'np.all, np.sort)', unconverted_fix=None,
            cause='Python would iterate its first axis and compare whole rows, which are arrays')
    return x


def abs_(x):
    return builtins.abs(x)  # a tensor's __abs__: np.absolute (a Python number's for weak ones)


def int_(x=0, *base):
    if is_symbolic(x) and not base:
        return _converted(x, np.int_)  # truncates toward zero, as int() does
    return builtins.int(x, *base)


def float_(x=0.0):
    return _converted(x, np.float64) if is_symbolic(x) else builtins.float(x)


def _converted(x, dtype):
    """int()/float() of a tensor: a numpy value, or for a symbolic Python number a Python one."""
    if isinstance(x, WeakTensor):
        return wrap(builders.bind('to_dtype', x, dtype=np.dtype(dtype), weak=True))
    return x.astype(dtype)


def len_(x):
    if isinstance(x, GraphList):
        return x.length()  # known only when the graph runs
    if is_symbolic(x):
        return sizes.length(x)  # an int, or the size as a graph value when it is unknown
    return builtins.len(x)


def round_(number, ndigits=None):
    """Python's round: a float tensor rounds half to even; without ndigits it becomes an int."""
    if not is_symbolic(number):
        return builtins.round(number, ndigits)
    if ndigits is not None:
        return np.round(number, ndigits)
    return number if number.dtype.kind in 'iub' else np.round(number).astype(np.int_)


def _extremum(builtin, pairwise, reduce):
    def extremum(*args, **kwargs):
        if kwargs or not _any_symbolic(args):
            return builtin(*args, **kwargs)
        if len(args) == 1:
            return reduce(_one_dimensional(builtin.__name__, args[0]))
        result = args[0]
        for arg in args[1:]:
            result = pairwise(result, arg)
        return result
    return extremum


min_ = _extremum(builtins.min, np.minimum, np.min)
max_ = _extremum(builtins.max, np.maximum, np.max)


def any_(iterable):
    if is_symbolic(iterable):
        return np.any(_one_dimensional('any', iterable))
    return builtins.any(iterable)


def all_(iterable):
    if is_symbolic(iterable):
        return np.all(_one_dimensional('all', iterable))
    return builtins.all(iterable)


def sorted_(iterable, /, *, key=None, reverse=False):
    if is_symbolic(iterable) and key is None:
        result = np.sort(_one_dimensional('sorted', iterable))
        return np.flip(result) if reverse else result
    return builtins.sorted(iterable, key=key, reverse=reverse)


def isinstance_(obj, classinfo):
    """A tensor stands for a numpy array: isinstance(t, np.ndarray) is True, as it is eagerly."""
    if is_symbolic(obj):
        return builtins.isinstance(obj, classinfo) or _is_subclass(np.ndarray, classinfo)
    return builtins.isinstance(obj, classinfo)


def sum_(iterable, /, start=0):
    """Python's sum: of a graph list, `start + l[0] + l[1] + ...` added in one graph loop.

    The loop starts from `start` plus a zero element, which has the type of the
    sum (its dtype and shape) and adds exactly as `start` does, -0.0 aside.
    """
    if not isinstance(iterable, GraphList):
        return builtins.sum(iterable, start)
    buf = iterable.stack()
    total = [start + numpy_calls.zeros(sizes.shape_of(buf)[1:], buf.dtype)]

    def add(element):
        total[0] = total[0] + element

    def set_state(state):
        total[:] = state
    for_stmt(iterable, None, add, lambda: tuple(total), set_state, ('sum',), {})
    return total[0]


def _is_subclass(cls, classinfo):
    try:
        return builtins.issubclass(cls, classinfo)
    except TypeError:
        return False


def _staged(values):
    return any(isinstance(v, _ITERABLES) for v in values)


def _iterating(name):
    builtin = getattr(builtins, name)

    def overload(*args, **kwargs):
        if _staged(args) or _staged(kwargs.values()):
            return iterate(name, args, kwargs)
        if name == 'range' and any(arg is None for arg in args):
            sizes.raise_for_unknown_dim('range()')
        return builtin(*args, **kwargs)
    overload.__name__ = name
    return overload


_ITERABLES = (tensor.Tensor, GraphList, GraphIterable)

OVERLOADS = {
    'abs': abs_, 'int': int_, 'float': float_, 'len': len_, 'round': round_, 'min': min_,
    'max': max_,
    'any': any_, 'all': all_, 'sorted': sorted_, 'isinstance': isinstance_, 'sum': sum_,
    'print': builtins.print, 'next': builtins.next,
    **{name: _iterating(name) for name in ('range', 'enumerate', 'zip', 'map', 'filter')},
}
