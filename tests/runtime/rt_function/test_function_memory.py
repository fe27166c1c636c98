"""A dropped trace frees everything it made: memory stays flat however many traces come and go.

The target (issue 23): at most 20 MB over 20,000 distinct traces, 1 KB a trace.
Python's allocations are measured with tracemalloc over a few hundred traces
after a warm-up (what the process still holds of them when they are gone),
and weak references check that a dropped trace's graph and code die (jit_compile:
`backends/numba/test_jit_memory.py`).
"""
import gc
import warnings
import weakref

import numpy as np
import pytest
from memory_helpers import PER_TRACE, left_per_trace

import runtime as rt

SCALE = np.ones(3)  # a global array: traces of `with_global` read it (captured_arrays)
X = np.ones(3)


def plain(x, n):
    return x * n + 1


def with_global(x, n):
    return x * n + SCALE


class Model:
    def __init__(self):
        self.offset = np.float64(1)

    @rt.function(max_traces=2)
    def decorated(self, x, n):
        return x * n + self.offset

    def method(self, x, n):
        return x * n + self.offset


class Slotted:
    """Instances cannot be weakly referenced: each `obj.decorated` is a new bound function."""
    __slots__ = ('offset',)

    def __init__(self):
        self.offset = np.float64(1)

    @rt.function(max_traces=2)
    def decorated(self, x, n):
        return x * n + self.offset


def kinds():
    model, slotted = Model(), Slotted()  # returned too: the functions hold them weakly
    return {
        'function': rt.function(plain, max_traces=2),
        'global array': rt.function(with_global, max_traces=2),
        'decorated method': model.decorated,
        'function of a bound method': rt.function(model.method, max_traces=2),
        'method of an object without weak references': slotted.decorated,
    }, (model, slotted)


@pytest.mark.parametrize('kind', list(kinds()[0]))
def test_dropped_traces_leave_nothing_behind(kind):
    functions, _instances = kinds()
    f = functions[kind]
    assert np.array_equal(f(X, 3), X * 3 + 1)
    left = left_per_trace(lambda n: f(X, n))
    assert left < PER_TRACE, f'{kind}: {left:.0f} bytes left per trace'
    assert f.experimental_get_tracing_count() >= 250


@pytest.mark.parametrize('kind', list(kinds()[0]))
def test_a_dropped_traces_graph_and_code_die(kind):
    functions, _instances = kinds()
    f = functions[kind]
    f(X, 0)
    first = f.get_concrete_function(X, 0)
    graph, code = weakref.ref(first.graph), weakref.ref(first.callable())
    first = weakref.ref(first)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for n in range(1, 10):
            f(X, n)
    gc.collect()
    assert first() is None and graph() is None and code() is None
