"""Second and third derivatives through graph loops (the gradient of `while_vjp`): against
analytic values, finite differences of the first derivative, and the same loop unrolled."""
import numpy as np
import pytest
from autodiff_helpers import eager_gradient_of_x, numeric_gradient
from test_loops import LOOPS, X, counted_loop

import runtime as rt

POINT = np.array([0.5, 1.5, -2.0])


def power(x, n):
    y = np.ones_like(x)
    i = 0
    while i < n:
        y = y * x
        i += 1
    return np.sum(y)


def until_large(x, n):
    """A trip count that depends on x (through the loop's values), not on n."""
    y = x
    while np.sum(y * y) < 40.0:
        y = y * x + 0.25
    return np.sum(y)


def derivatives(fn, x, n, order):
    """[d fn/dx, d(sum of that)/dx, ...] up to `order`, with nested tapes (eagerly or in a
    trace, as called)."""
    tapes = [rt.GradientTape() for _ in range(order)]
    for tape in tapes:
        tape.__enter__()
        x = tape.watch(x)
    results = [fn(x, n)]
    for tape in reversed(tapes):
        tape.__exit__(None, None, None)
        results.append(tape.gradient(results[-1], x, unconnected_gradients='zero'))
    return results[1:]


def graph_derivatives(fn, order):
    def in_graph(x, n):
        return derivatives(fn, x, n, order)
    return rt.function(in_graph)


def test_second_and_third_derivatives_of_a_power_loop_are_the_analytic_ones():
    k = 5
    first, second, third = graph_derivatives(power, 3)(POINT, np.int64(k))
    np.testing.assert_allclose(first, k * POINT ** (k - 1), rtol=1e-12)
    np.testing.assert_allclose(second, k * (k - 1) * POINT ** (k - 2), rtol=1e-12)
    np.testing.assert_allclose(third, k * (k - 1) * (k - 2) * POINT ** (k - 3), rtol=1e-12)
    eager = derivatives(rt.function(power), POINT, np.int64(k), 3)  # nested eager tapes over
    for e, g in zip(eager, (first, second, third)):                 # a call of the loop graph
        np.testing.assert_allclose(e, g, rtol=1e-12)


@pytest.mark.parametrize('n', [0, 1, 4])
def test_a_power_loop_run_n_times_matches_the_unrolled_loop(n):
    looped = graph_derivatives(power, 2)(POINT, np.int64(n))
    unrolled = derivatives(power, POINT, n, 2)  # the Python loop on the eager tape
    for a, b in zip(looped, unrolled):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)


def test_a_trip_count_that_depends_on_the_values():
    x = np.array([1.2, 0.9, 1.1])
    first, second = graph_derivatives(until_large, 2)(x, np.int64(0))
    eager = derivatives(until_large, x, 0, 2)  # unrolled: Python runs the loop on values
    np.testing.assert_allclose(first, eager[0], rtol=1e-12)
    np.testing.assert_allclose(second, eager[1], rtol=1e-12)
    numeric = numeric_gradient(
        lambda v: eager_gradient_of_x(until_large, v, 0), x, eps=1e-7)[0]
    np.testing.assert_allclose(second, numeric, rtol=1e-5)


@pytest.mark.parametrize('fn', LOOPS, ids=lambda f: f.__name__)
def test_second_derivatives_of_the_loop_corpus_match_the_unrolled_loops(fn):
    n = 3
    looped = graph_derivatives(fn, 2)(X, np.int64(n))
    unrolled = derivatives(fn, X, n, 2)
    for a, b in zip(looped, unrolled):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-13)
    first = lambda v: eager_gradient_of_x(fn, v, n)  # noqa: E731
    np.testing.assert_allclose(looped[1], numeric_gradient(first, X)[0], rtol=1e-5, atol=1e-7)


def test_a_mixed_second_derivative_through_a_variable_read_in_the_body():
    w = rt.Variable(np.array([0.8, -0.3]))

    def loss(x, n):
        y = x
        for _ in range(n):
            y = np.sin(y * w) + x
        return np.sum(y ** 2)

    def mixed(x, n):
        with rt.GradientTape() as outer:
            with rt.GradientTape() as inner:
                x = inner.watch(x)
                y = loss(x, n)
            gx = inner.gradient(y, x)
        return outer.gradient(gx, w)

    graph = rt.function(mixed)(X, np.int64(3))
    eager = mixed(X, 3)  # the Python loop, unrolled on the eager tapes
    np.testing.assert_allclose(graph, eager, rtol=1e-12)

    def first(v):
        w.assign(v)
        return eager_gradient_of_x(loss, X, 3)
    start = w.numpy()
    numeric = numeric_gradient(first, start)[0]
    w.assign(start)
    np.testing.assert_allclose(graph, numeric, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize('n', [5, 10])
def test_a_second_derivative_runs_the_loop_a_number_of_times_linear_in_its_trips(n):
    tests = []
    first, second = graph_derivatives(counted_loop(tests), 2)(X, np.int64(n))
    # the loop condition (a py_function) runs n + 1 times in the forward loop and n times in
    # the forward loop that the first gradient's own gradient stacks the states with
    assert len(tests) == 2 * n + 1
    unrolled = derivatives(counted_loop([]), X, np.int64(n), 2)
    np.testing.assert_allclose(second, unrolled[1], rtol=1e-12)
