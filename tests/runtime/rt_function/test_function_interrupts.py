"""A KeyboardInterrupt anywhere in a trace leaves tracing off, the cache whole, later calls right."""
import gc
import os
import sys
import threading

import numpy as np
import pytest

import runtime as rt
from runtime.ag_operators import dispatch
from runtime.tracing import trace_state

X64, X32, N = np.ones(3), np.ones(3, np.float32), np.int32(4)
STATE_FILES = tuple(os.path.join('runtime', *parts) for parts in (
    ('graph', 'trace_state.py'), ('graph', 'tracing.py'), ('graph', 'executor.py'),
    ('rt_function', 'cache.py'), ('rt_function', 'function.py'), ('rt_function', 'trace.py'),
    ('rt_function', 'concrete.py')))


def make_functions():
    """(outer, inner): outer has a tensor `while` and `if` calling inner, an rt.function."""
    @rt.function
    def inner(y):
        return y * 2

    def outer(x, n):
        total = x
        i = 0
        while i < n:
            if total.sum() > 10:
                total = total - 1
            else:
                total = inner(total) + 1
            i += 1
        return total
    return rt.function(outer, max_traces=1), inner


def expected(x):
    total = x
    for _ in range(N):
        total = total - 1 if total.sum() > 10 else total * 2 + 1
    return total


def prepared():
    """Fresh functions with one trace cached, so that the next trace also drops it (max 1)."""
    outer, inner = make_functions()
    outer(X64, N)
    return outer, inner


class Interrupter:
    """Raises KeyboardInterrupt at the `at`-th point where CPython (3.11) delivers a pending one.

    CPython runs signal handlers at a Python function's start, after a call of a
    C function returns, and at a loop's jump back; this counts those points (a
    profile function's 'call' and 'c_return' events, a trace function's line
    events that go backwards) and raises once, at the `at`-th.
    """

    def __init__(self, at=None):
        self.at, self.count, self.places, self._last = at, 0, [], {}

    def profile(self, frame, event, arg):
        if event in ('call', 'c_return'):
            self._point(frame)

    def trace(self, frame, event, arg):
        if event == 'line':
            last = self._last.get(frame)
            self._last[frame] = frame.f_lasti
            if last is not None and frame.f_lasti < last:
                self._point(frame)
        return self.trace

    def _point(self, frame):
        self.count += 1
        self.places.append((frame.f_code.co_filename, frame.f_lineno))
        if self.count == self.at:
            raise KeyboardInterrupt  # CPython then removes the profile or trace function


def call_traced(outer, interrupter):
    gc.disable()  # no collection (and finaliser) at a point of one run and not of another
    sys.setprofile(interrupter.profile)
    sys.settrace(interrupter.trace)
    try:
        return outer(X32, N)
    finally:
        sys.setprofile(None)
        sys.settrace(None)
        gc.enable()


def interrupt_points():
    """The first point at each place in the code that changes tracing state or the cache (the
    same place later, in another loop iteration or builder, is interrupted the same way),
    and a sample of the other places."""
    interrupter = Interrupter()
    outer, _ = prepared()
    call_traced(outer, interrupter)
    first = {}
    for n, place in enumerate(interrupter.places, 1):
        first.setdefault(place, n)
    state = [n for (path, _), n in first.items() if path.endswith(STATE_FILES)]
    others = sorted(set(first.values()) - set(state))
    return sorted(state + others[::max(1, len(others) // 40)])


def assert_whole(function):
    """No trace in progress, and every trace in the cache fully cached (nothing half-built)."""
    cache = function._cache
    assert not any(p.live for p in function._pending.values())
    traces = cache.traces
    assert len({id(c) for c in traces}) == len(traces)
    assert set(map(id, cache._keys_of)) == set(map(id, traces))
    assert all(k in cache._keys_of[c] for k, c in cache._by_key.items())  # `_drop` finds them
    assert all(group and all(c in traces for c in group) for group in cache._groups.values())
    assert all(keys or object_id in cache._attached
               for object_id, (_, keys) in cache._objects.items())


def assert_not_tracing():
    assert trace_state._state.builders == () and trace_state.current_builder() is None
    assert not dispatch.tracing


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_an_interrupt_at_any_point_of_a_trace_leaves_nothing_behind():
    points = interrupt_points()
    assert len(points) > 100
    interrupted = 0
    for at in points:
        outer, inner = prepared()
        # numpy's own `np.errstate.__enter__` sets its state before it returns: an interrupt
        # there leaves it set (numpy's state, not ours), so each run restores it
        try:
            with np.errstate():
                result = call_traced(outer, Interrupter(at))
        except KeyboardInterrupt:
            interrupted += 1
        else:  # the interrupt landed after the trace, e.g. in the run: the result is whole
            assert np.array_equal(result, expected(X32))
        assert_not_tracing()
        assert_whole(outer)
        assert_whole(inner)
        result = outer(X32, N)
        assert type(result) is np.ndarray and result.dtype == np.float32, at
        assert np.array_equal(result, expected(X32)) and np.array_equal(outer(X64, N), expected(X64))
        assert_not_tracing()
    assert interrupted > len(points) // 2


def test_a_thread_waiting_for_an_interrupted_trace_goes_on():
    started, proceed = threading.Event(), threading.Event()

    def slow(x):
        if threading.current_thread().name == 'interrupted':
            started.set()
            proceed.wait()
            raise KeyboardInterrupt
        return x + 1
    f = rt.function(slow)
    results = {}

    def call(name):
        try:
            results[name] = f(X32)
        except KeyboardInterrupt as e:
            results[name] = e
    first = threading.Thread(target=call, args=('interrupted',), name='interrupted')
    first.start()
    started.wait()
    second = threading.Thread(target=call, args=('waiting',), name='waiting')
    second.start()
    proceed.set()
    first.join()
    second.join(timeout=60)
    assert not second.is_alive()
    assert isinstance(results['interrupted'], KeyboardInterrupt)
    assert np.array_equal(results['waiting'], X32 + 1)
    assert_whole(f)


def test_a_mark_left_by_an_interrupted_trace_is_cleared_by_the_next_call():
    f = rt.function(lambda x: x * 2)
    f(X32)
    dispatch.tracing[threading.get_ident()] = True  # what an interrupt between two steps leaves
    result = f(X32)
    assert type(result) is np.ndarray and np.array_equal(result, X32 * 2)
    assert not dispatch.tracing
