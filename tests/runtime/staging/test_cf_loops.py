"""Tensor `while` and `for`: one graph loop (never unrolled), typed by tracing the body."""
import json

import numpy as np
import pytest
from cf_helpers import collatz, count_ops, traced
from equality import same

import runtime as rt


def test_collatz_is_one_graph_loop_for_every_trip_count():
    f = rt.function(collatz)
    for start, steps in ((27, 111), (1, 0), (6, 8), (97, 118)):
        same(traced(f, np.int64(start)), np.int64(steps))
    assert f.experimental_get_tracing_count() == 1
    graph = f.get_concrete_function(np.int64(27)).graph
    assert [eq.primitive for eq in graph.equations] == ['not_equal', 'while']
    source = f.get_concrete_function(np.int64(27)).callable().__source__
    assert 'while ' in source and 'remainder(' not in source  # inlined, scalar operators


def count_to(n):
    i = 0
    while i < n:
        i += 1
    return i


def test_the_graph_does_not_depend_on_the_trip_count():
    f = rt.function(count_to)
    ops = {count_ops(f.get_concrete_function(np.int64(n)).graph) for n in (0, 1, 10, 1000)}
    assert len(ops) == 1
    assert [f(np.int64(n)) for n in (0, 3, 1000)] == [0, 3, 1000]


def float_sum(xs):
    s = 0
    for x in xs:
        s += x
    return s


def test_python_numbers_adopt_the_dtype_the_body_gives_them():
    xs = np.array([0.5, 1.25, 2.0], dtype=np.float32)
    same(traced(float_sum, xs), float_sum(xs))  # float32, as eager numpy
    same(traced(float_sum, np.zeros((0,), np.float32)), 0)  # statically empty: never runs
    same(traced(float_sum, np.arange(4)), np.int64(6))


def doubling(n):
    x = np.ones(1)
    size = 1
    while size < n:
        x = np.concatenate([x, x])
        size *= 2
    return x


def test_shapes_that_change_generalise_to_unknown_dims():
    f = rt.function(doubling)
    same(f(np.int64(5)), np.ones(8))
    same(f(np.int64(0)), np.ones(1))
    assert f.get_concrete_function(np.int64(5)).graph.out_avals[0].shape == (None,)


def stacking(n):
    x = np.zeros(2)
    i = 0
    while i < n:
        rt.set_loop_options(shape_invariants=[(x, None)])
        x = np.stack([x, x])
        i += 1
    return x.sum()


def test_shape_invariants_allow_any_shape():
    same(rt.function(stacking)(np.int64(3)), np.float64(0.0))


def limited(n):
    i = 0
    total = 0
    while i < n:
        rt.set_loop_options(maximum_iterations=5)
        total += i
        i += 1
    return i, total


def test_maximum_iterations():
    f = rt.function(limited)
    same(f(np.int64(100)), (np.int64(5), np.int64(10)))
    same(f(np.int64(3)), (np.int64(3), np.int64(3)))


def loops_over(x, n):
    total = 0.0
    for i in rt.range(n):
        total += i
    for i in range(2, n, 3):
        total += 10 * i
    for row in x:
        total += row.sum()
    for i, row in enumerate(x, 1):
        total += i * row[0]
    for a, b in zip(x, x[::-1]):
        total += a[0] * b[1]
    return total


@pytest.mark.parametrize('n', [0, 1, 7])
def test_for_over_ranges_tensor_axes_enumerate_and_zip(n):
    x = np.arange(12.0).reshape(4, 3)
    f = rt.function(loops_over)
    same(traced(f, x, np.int64(n)), loops_over(x, n))
    assert f.experimental_get_tracing_count() == 1
    assert sum(eq.primitive == 'while' for eq in f.get_concrete_function(
        x, np.int64(n)).graph.equations) == 5


def test_for_over_python_iterables_unrolls():
    def f(x):
        for k in (1, 2, 3):
            x = x * k
        return x

    g = rt.function(f)
    same(g(np.float64(1.5)), np.float64(9.0))
    assert [eq.primitive for eq in g.get_concrete_function(np.float64(1)).graph.equations] == \
        ['multiply'] * 3


def search(xs, target):
    steps = 0
    for x in xs:
        steps += 1
        if x < 0:
            continue
        if x == target:
            return steps
        if x > 100:
            break
    else:
        return -1
    return -2


@pytest.mark.parametrize('xs, target', [([1, -5, 7, 3], 7), ([1, 2], 9), ([1, 200, 7], 7),
                                        ([], 1)])
def test_break_continue_return_and_else_in_a_graph_for(xs, target):
    xs, target = np.array(xs, dtype=np.int64), np.int64(target)
    same(traced(search, xs, target), search(xs, target))


def nested_loops(n, m):
    found = 0
    i = 0
    while i < n:
        j = 0
        while j < m:
            if (i + 1) * (j + 1) == 6:
                found += 1
                break
            j += 1
        else:
            found += 100
        if found > 250:
            return -found
        i += 1
    else:
        found += 1000
    return found


@pytest.mark.parametrize('n, m', [(4, 4), (1, 2), (0, 3), (6, 6), (3, 0)])
def test_nested_while_loops_with_break_return_and_else(n, m):
    same(traced(nested_loops, np.int64(n), np.int64(m)), np.int64(nested_loops(n, m)))


def count_until(limit):
    count = 0
    while True:
        count += 1
        if count >= limit:
            return count


def test_python_loop_continued_as_a_graph_loop_when_its_flag_becomes_a_tensor():
    f = rt.function(count_until)
    same(f(np.int64(5)), np.int64(5))
    same(f(np.int64(-3)), np.int64(1))


def first_positive(a, b, c):
    for v in (a, b, c):
        if v > 0:
            return v
    return 0.0


@pytest.mark.parametrize('args', [(-1, 2, 3), (-1, -2, 3), (-1, -2, -3), (4, -1, -1)])
def test_return_from_an_unrolled_loop_on_a_tensor_condition(args):
    args = [np.float64(a) for a in args]
    same(traced(first_positive, *args), np.float64(first_positive(*args)))


def test_rt_while_loop():
    def f(n):
        return rt.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + i * 2.0), (0, 0.0))

    same(traced(f, np.int64(4)), (np.int64(4), np.float64(12.0)))
    assert rt.while_loop(lambda i: i < 3, lambda i: (i + 1,), [0]) == [3]
    assert rt.while_loop(lambda i: i < 30, lambda i: i + 1, (0,), maximum_iterations=4) == (4,)


def test_loop_variable_changing_from_python_to_tensor_in_a_python_while():
    def f(x):
        y = 0
        i = 0
        while i < 3:  # a Python loop, unrolled: i stays a Python int
            y = y + x
            i += 1
        return y

    same(traced(f, np.float32(1.5)), np.float32(4.5))


def first_multiple(n, k):
    i = 1
    while i < n:
        if i % k == 0:
            break  # nothing after the loop reads the flag: not declared loop state
        i += 1
    return i


@pytest.mark.parametrize('n, k', [(20, 7), (5, 7), (1, 3)])
def test_break_flag_read_only_by_the_loop_test(n, k):
    same(traced(first_multiple, np.int64(n), np.int64(k)), np.int64(first_multiple(n, k)))


def until_big(x):
    while True:
        x = x * 2
        if x > 100:
            break
    return x


def test_while_true_with_a_break_on_a_tensor_becomes_a_graph_loop():
    f = rt.function(until_big)
    same(f(np.float64(3.0)), np.float64(192.0))
    same(f(np.float64(200.0)), np.float64(400.0))
    assert f.experimental_get_tracing_count() == 1


def test_rt_range_matches_np_arange():
    def f(a, b, c):
        out = []
        for v in rt.range(a, b, c):
            out.append(v)
        return rt.stack(out)

    for a, b, c in ((0, 5, 1), (5, 0, -2), (1.5, 4.0, 0.5), (3, 3, 1), (-4, 7, 3)):
        args = [np.asarray(v) for v in (a, b, c)]
        same(rt.function(f)(*args), np.arange(*args))


def test_a_loop_over_an_unknown_first_dimension(capsys):
    f = rt.function(float_sum, input_signature=[rt.TensorSpec((None,), np.float32)])
    same(f(np.arange(4, dtype=np.float32)), np.float32(6.0))
    same(f(np.zeros(0, np.float32)), np.float32(0.0))  # one graph: float32 even for no rows
    graph = f.get_concrete_function(rt.TensorSpec((None,), np.float32)).graph
    assert [eq.primitive for eq in graph.equations] == ['dim', 'less', 'while']
    json.dumps(graph.as_graph_def())  # sub-graphs serialise as plain data


def return_in_loop_then_guards(n, x, xs):
    i = 0
    while i < n:
        i += 1
        if x < i:
            return x + i
    if x > 5:
        x = x + 1
    else:
        for v in xs:  # no iteration when xs is statically empty: the flag passes through
            if x < v:
                return -x
    return x * 2


@pytest.mark.parametrize('n, x', [(0, 0), (3, 1), (3, 9), (5, 2), (2, 5)])
@pytest.mark.parametrize('xs', [np.zeros(0, np.int64), np.array([4, 7])])
def test_returns_in_loops_followed_by_nested_guards(n, x, xs):
    # the converter guards the code after the loop with `if not do_return:` inside other
    # branches: that the function always returns is known only from the negated flag
    same(traced(return_in_loop_then_guards, np.int64(n), np.int64(x), xs),
         np.int64(return_in_loop_then_guards(n, x, xs)))


def raise_in_body(n):
    i = 0
    while i < n:
        raise KeyError('the loop ran')
    return i


def test_a_loop_body_that_raises_raises_when_the_loop_runs():
    f = rt.function(raise_in_body)
    same(f(np.int64(0)), np.int64(0))
    with pytest.raises(KeyError, match='the loop ran'):
        f(np.int64(1))


def test_three_argument_pow_of_a_loop_counter_is_refused_not_wrong():
    # numpy arrays refuse pow(x, y, m) too; computing x ** y and dropping m would be wrong
    def f(n):
        s = 0
        for i in range(n):
            s += pow(i, 2, 5)
        return s

    assert f(4) == 9
    with pytest.raises(TypeError, match='pow'):
        rt.function(f)(np.int64(4))


def test_a_python_list_of_arrays_zipped_with_a_tensor_is_one_graph_loop():
    def m_step(Q, X):
        mu = np.zeros((Q.shape[1], X.shape[1]))
        nums = [np.dot(Q[:, c], X) for c in range(Q.shape[1])]
        for ix, (num, den) in enumerate(zip(nums, np.sum(Q, axis=0))):
            mu[ix, :] = num / den if den > 0 else np.zeros_like(num)
        return mu
    Q = np.random.default_rng(0).random((5, 2))
    X = np.random.default_rng(1).random((5, 3))
    assert rt.function(m_step)(Q, X).tobytes() == m_step(Q, X).tobytes()


def test_a_python_list_of_mixed_arrays_zipped_with_a_tensor_is_refused_clearly():
    def mixed(x):
        total = x[0] * 0
        for a, b in zip([x * 1.0, np.ones(3)], x):
            total = total + b
        return total
    with pytest.raises(rt.errors.OperatorNotAllowedInGraphError, match='different shapes'):
        rt.function(mixed)(np.ones(2))
