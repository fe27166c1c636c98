"""Scratch buffers: big temporaries kept between calls, and never a value that outlives a call."""
import threading

import numpy as np
import pytest
from equality import assert_same
from graph_helpers import trace

import runtime as rt
from runtime.backends.executor import blocking, scratch
from runtime.backends.executor.executor import compile_graph
from runtime.ir.core import AbstractValue


def chain(x, y):
    return (x * 1.5 + y * 0.5 - x) * (x - y)


def test_big_temporaries_write_into_buffers_the_function_keeps(monkeypatch):
    monkeypatch.setattr(scratch, 'MIN_BYTES', 1 << 20)
    monkeypatch.setattr(blocking, 'MIN_BYTES', float('inf'))  # the unblocked lines
    n = 1 << 17  # float64: 1 MiB
    function = compile_graph(trace(chain, *[AbstractValue(np.float64, (n,))] * 2), 'chain')
    assert function.__source__.splitlines()[2:6] == [
        '        _s0, _s1 = _scratch.take()',
        '        v2 = multiply(v0, 1.5)',  # grows into the result: a new array at every call
        '        v3 = multiply(v1, 0.5, out=_s0)',
        '        v2 = add(v2, v3, out=v2)']
    assert '        _scratch.give((_s0, _s1))' in function.__source__
    small = compile_graph(trace(chain, *[AbstractValue(np.float64, (n - 1,))] * 2))
    assert '_scratch' not in small.__source__

    rng = np.random.default_rng(0)
    first_args, second_args = rng.standard_normal((2, 2, n))
    first = function(*first_args)[0]
    kept = function.__globals__['_scratch']._free[0]
    second = function(*second_args)[0]
    again = function.__globals__['_scratch']._free[0]
    assert all(a is b for a, b in zip(again, kept, strict=True))  # the same buffers again
    assert not np.shares_memory(first, second)
    assert_same(first, chain(*first_args))
    assert_same(second, chain(*second_args))


def returns_the_chain(x):
    return x * 2.0 + 1.0


def returns_a_view(x):
    return (x * 2.0).reshape(2, -1)[::-1]


def returns_a_transpose(x):
    t = x * 2.0
    return np.sum(x), [t.T]


def branches_on_it(x):
    t = x * 2.0
    return rt.cond(np.sum(x) > 0, lambda: t, lambda: -t)


@pytest.mark.parametrize('fn', [returns_the_chain, returns_a_view, returns_a_transpose,
                                branches_on_it])
def test_values_that_may_outlive_the_call_are_never_scratch(fn):
    graph_fn = rt.function(fn)
    rng = np.random.default_rng(1)
    first_x, second_x = rng.standard_normal((2, 8))
    first = graph_fn(first_x)
    graph_fn(second_x)
    assert_same(first, fn(first_x))  # the second call changed nothing the first one gave
    assert '_scratch' not in graph_fn.get_concrete_function(first_x).callable().__source__


def test_a_temporary_handed_to_python_keeps_its_value():
    kept = []

    def f(x):
        rt.py_function(lambda a: kept.append(a) or np.float64(0), [x * 2.0], np.float64)
        return np.sum(x)
    graph_fn = rt.function(f)
    graph_fn(np.arange(8.0))
    graph_fn(-np.arange(8.0))  # would overwrite the first value if it were a scratch buffer
    assert_same(kept, [np.arange(8.0) * 2.0, -np.arange(8.0) * 2.0])


def test_a_variable_assigned_a_temporary_keeps_its_value():
    variable = rt.Variable(np.zeros(8))

    def f(x):
        old = variable.read_value()
        variable.assign(x * 2.0)  # a scratch buffer would hold the value of the next call
        return old + 1.0
    graph_fn = rt.function(f)
    for x in (np.arange(8.0), -np.arange(8.0), np.ones(8)):
        expected = variable.numpy() + 1.0
        assert_same(graph_fn(x), expected)
        assert_same(variable.numpy(), x * 2.0)


def test_temporaries_read_only_by_ops_making_new_arrays_are_scratch():
    def f(x):
        t = x * 2.0
        return np.sum(t), np.where(t > 1.0, x, t), np.concatenate([t, x])
    graph_fn = rt.function(f)
    x = np.linspace(-1.0, 1.0, 8)
    source = graph_fn.get_concrete_function(x).callable().__source__
    assert 'multiply(v0, 2.0, out=_s0)' in source
    first = graph_fn(x)
    graph_fn(-x)
    assert_same(first, f(x))


def test_a_call_finding_the_buffers_taken_allocates_its_own():
    pool = scratch.Scratch([AbstractValue(np.float64, (3,))])
    first, second = pool.take(), pool.take()
    assert not np.shares_memory(first[0], second[0])
    pool.give(first)
    pool.give(second)  # one set is kept; the other goes when its call drops it
    assert pool.take() is first


def test_concurrent_calls_never_share_buffers():
    graph_fn = rt.function(chain)
    inputs = [np.random.default_rng(seed).standard_normal((2, 4096)) for seed in range(8)]
    graph_fn(*inputs[0])
    results, errors = {}, []

    def work(seed):
        try:
            for _ in range(50):
                results[seed] = graph_fn(*inputs[seed])
                assert_same(results[seed], chain(*inputs[seed]))
        except AssertionError as exc:  # pragma: no cover - reported below
            errors.append(exc)
    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors


def test_a_call_that_raises_leaves_the_next_call_correct():
    def f(x, i):
        t = x * 2.0
        return np.take(t + x, i), np.sum(t)
    graph_fn = rt.function(f)
    x = np.arange(4.0)
    assert '_scratch' in graph_fn.get_concrete_function(x, np.int64(0)).callable().__source__
    with pytest.raises(IndexError):
        graph_fn(x, np.int64(9))
    assert_same(graph_fn(x + 1, np.int64(2)), f(x + 1, np.int64(2)))
