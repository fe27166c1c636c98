"""Nesting: conds in loops in conds, loops in loops, rt.print and Variable.assign in order."""
import numpy as np
import pytest
from equality import same

import runtime as rt


def run_eagerly(function, *args):
    rt.config.run_functions_eagerly(True)
    try:
        return rt.function(function)(*args)
    finally:
        rt.config.run_functions_eagerly(False)


def nest(n, v):
    total = 0
    if n > 0:
        i = 0
        while i < n:
            rt.print('i =', i)
            if i % 2 == 0:
                v.assign_add(i)
                rt.print('  even, v =', v)
                for j in rt.range(i):
                    if j == 1:
                        rt.print('  skip', j)
                        continue
                    total += j
                    v.assign_sub(1)
            else:
                rt.print('  odd, v =', v)
            i += 1
        rt.print('loop done', total)
    else:
        rt.print('nothing to do')
        v.assign(-1)
    return total, v.read_value()


@pytest.mark.parametrize('n', [0, 1, 5])
def test_effects_in_nested_control_flow_run_as_written(capsys, n):
    eager_v, graph_v = rt.Variable(100), rt.Variable(100)
    expected = run_eagerly(nest, np.int64(n), eager_v)
    printed = capsys.readouterr().out
    f = rt.function(nest)
    actual = f(np.int64(n), graph_v)
    assert capsys.readouterr().out == printed
    same(actual[1], expected[1])
    assert actual[0] == expected[0]
    assert graph_v.numpy() == eager_v.numpy()
    graph_v.assign(100)
    f(np.int64(n), graph_v)  # the same graph again: its effects happen again
    assert capsys.readouterr().out == printed and f.experimental_get_tracing_count() == 1


def matrix_walk(m):
    hits = []
    r = 0
    for row in m:
        c = 0
        for x in row:
            if x < 0:
                break
            if x % 3 == 0:
                hits.append(r * 10 + c)
            c += 1
        r += 1
    return rt.stack(hits) if hits else np.zeros(0, np.int64)


def test_loops_over_loops_with_break_and_a_list():
    m = np.array([[3, 1, 6], [2, -1, 9], [9, 9, 0]])
    result = rt.function(matrix_walk)(m)
    same(result, matrix_walk(m))


def counter_in_closure(x):
    count = 0

    def bump(k):
        nonlocal count
        count += k

    if x > 0:
        bump(2)
    else:
        bump(3)
    return count


def test_nonlocal_updates_in_branches():
    same(rt.function(counter_in_closure)(np.int64(1)), np.int64(2))
    same(rt.function(counter_in_closure)(np.int64(-1)), np.int64(3))


def deep(n):
    total = 0
    for a in rt.range(n):
        for b in rt.range(a):
            for c in rt.range(b):
                if (a + b + c) % 2 == 0:
                    total += a * b - c
                elif c > 1:
                    total -= 1
    return total


def test_three_nested_graph_loops():
    f = rt.function(deep)
    same(f(np.int64(6)), np.int64(deep(6)))
    same(f(np.int64(0)), np.int64(0))


@rt.function
def halve(x):
    return x // 2


LOG = []


def calls_in_control_flow(n):
    i = 0
    while i < n:
        if i % 2 == 0:
            n = halve(n) + 1
            rt.py_function(LOG.append, [i], [])
        i += 1
    return n


def test_rt_functions_and_py_functions_called_in_loops_and_branches():
    f = rt.function(calls_in_control_flow)
    same(f(np.int64(20)), np.int64(4))
    assert [int(i) for i in LOG] == [0, 2, 4]
    body = f.get_concrete_function(np.int64(1)).graph.equations[-1].params['body']
    branch = next(eq for eq in body.equations if eq.primitive == 'cond').params['true_branch']
    assert [eq.primitive for eq in branch.equations] == ['call', 'add', 'py_function']
