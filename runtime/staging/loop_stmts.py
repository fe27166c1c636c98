"""The `ag__` loop operators on tensors, `while_stmt` and `for_stmt`, and `rt.while_loop`."""
import numpy as np

from ..tracing.builders import current_builder, source_location
from ..tracing.graph_lists import GraphList
from ..tracing.memory import made_arrays
from ..tracing.tensor import Tensor
from .cf_state import State
from .cond import cond_value, predicate, truth
from .iteration import plan
from .loops import Loop
from .merge import Context

_STAGED = (Tensor, GraphList)


def while_stmt(test, body, get_state, set_state, symbol_names, opts, first_test):
    """A `while` whose test is a tensor: one graph loop over the converter's state."""
    where = source_location()
    extra_test = (opts or {}).get('extra_test')
    state = State(get_state, set_state, symbol_names, (test, body, extra_test))
    first = predicate(first_test, where, '`while` loop')

    def step(extra):
        body()
        return _next_test(extra_test, lambda: truth(test()), where), []
    Loop(state, where, opts).stage(first, step)


def _next_test(extra_test, test, where):
    """`extra_test() and test()`: the test runs only when the flags let the loop go on."""
    if extra_test is None:
        return test()
    flags = extra_test()
    if not isinstance(flags, _STAGED):
        return test() if flags else False
    return cond_value(predicate(flags, where, '`while` loop'), (test, lambda: False),
                      Context(where, 'test of the `while` loop'))


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """A `for` over a tensor, a range of tensors, a graph list, or enumerate/zip of them."""
    where = source_location()
    iterable = plan(iter_)
    length = iterable.length()
    if isinstance(length, int) and length <= 0:
        return  # statically empty: the body never runs, as in Python
    first = np.True_ if isinstance(length, int) else np.less(0, length)
    state = State(get_state, set_state, symbol_names, (body, extra_test))

    def step(extra):
        (i,) = extra
        body(iterable.element(i))
        i = i + 1
        more = np.less(i, length)
        if extra_test is not None:
            flags = extra_test()
            if isinstance(flags, _STAGED):
                more = np.logical_and(truth(flags), more)
            elif not flags:
                more = False
        return more, [i]
    Loop(state, where, opts, extra=[('i', 0)]).stage(first, step)  # a Python int counter


class _Box:
    """The state of `rt.while_loop`: its loop variables, held here instead of in cells."""

    def __init__(self, values):
        self.values = list(values)
        self.names = [f'loop_vars[{i}]' for i in range(len(self.values))]
        self.parent = current_builder()

    def snapshot(self):
        return None

    def restore(self, snapshot):
        pass

    def read(self):
        return made_arrays.for_control_flow(list(self.values), self.parent)

    def numpy_arrays(self, values):
        return [(n, v) for n, v in zip(self.names, values) if made_arrays.is_numpy_array(v)]

    def write(self, values):
        self.values = list(values)


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """`rt.while_loop`: `while cond(*v): v = body(*v)`, one graph loop when cond gives a tensor."""
    values = list(loop_vars)
    first = cond(*values)
    if current_builder() is None or not isinstance(first, _STAGED):
        count = 0
        while first and (maximum_iterations is None or count < maximum_iterations):
            values = _as_list(body(*values), len(values))
            first, count = cond(*values), count + 1
        return _like(loop_vars, values)
    where = source_location()
    box = _Box(values)

    def step(extra):
        box.write(_as_list(body(*box.values), len(box.values)))
        return truth(cond(*box.values)), []
    Loop(box, where, {'maximum_iterations': maximum_iterations}).stage(
        predicate(first, where, '`rt.while_loop`'), step)
    return _like(loop_vars, box.values)


def _as_list(result, n):
    values = list(result) if isinstance(result, (list, tuple)) else [result]
    if len(values) != n:
        raise ValueError(f'rt.while_loop: the body returned {len(values)} values for {n} '
                         'loop variables')
    return values


def _like(loop_vars, values):
    if isinstance(loop_vars, tuple) and hasattr(type(loop_vars), '_fields'):
        return type(loop_vars)(*values)
    return type(loop_vars)(values) if isinstance(loop_vars, (list, tuple)) else values

