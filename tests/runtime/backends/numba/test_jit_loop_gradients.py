"""jit_compile=True on gradients through graph loops (`while_saving`, `while_vjp` lowered):
numba against the numpy executor and the eager tape, within the documented tolerance."""
import pathlib
import sys

import numpy as np
import pytest
from autodiff_helpers import eager_gradient_of_x, graph_gradient_of_x
from extras import needs
from jit_helpers import assert_close

import runtime as rt

sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / 'autodiff'))  # the loop programs
from test_loop_second_order import POINT, derivatives, power  # noqa: E402
from test_loops import X, for_range, nested_loops, with_continue, with_return  # noqa: E402

pytestmark = needs('numba')  # every test here compiles a graph with numba


def loop_ops(grad, *args):
    return {eq.primitive: eq for eq in grad.get_concrete_function(*args).graph.equations}


@pytest.mark.parametrize('fn', [for_range, with_continue, with_return, nested_loops],
                         ids=lambda f: f.__name__)
def test_a_gradient_through_a_tensor_trip_count_compiles_to_one_numba_function(fn):
    jitted, executed = graph_gradient_of_x(fn, True), graph_gradient_of_x(fn, None)
    for n in (0, 1, 5):
        args = (X, np.int64(n))
        expected = executed(*args)
        assert_close(jitted(*args), expected)
        np.testing.assert_allclose(expected, eager_gradient_of_x(fn, X, n), rtol=1e-12)
    ops = loop_ops(jitted, X, np.int64(5))
    assert 'while_saving' in ops and ops['while_vjp'].params['stacked']
    assert 'np.empty((4,)' in jitted.get_concrete_function(*args).callable().__source__


def counted(x, n):
    """A `for` over a range with a tensor bound; its counter is weak (a Python int) in the graph."""
    y = x * 0.5
    for i in range(n):
        y = y * (i + 0.5) + x
    return np.sum(y * y)


@pytest.mark.parametrize('n', [0, 3, 40])  # 40 iterations: the state stacks grow past 4
def test_stacks_grow_and_arithmetic_gradients_are_bitwise_equal(n):
    args = (X, np.int64(n))
    assert_close(graph_gradient_of_x(counted, True)(*args), graph_gradient_of_x(counted, None)(*args),
                 exact=True)


def shrinking(x, n):
    y = x
    for _ in range(n):
        y = y[1:] * 1.5 + 1.0  # a shape that changes: the gradient runs the loop again
    return np.sum(y * y)


def test_a_loop_whose_gradient_runs_it_again_compiles():
    jitted, executed = graph_gradient_of_x(shrinking, True), graph_gradient_of_x(shrinking, None)
    x = np.linspace(-1.0, 1.0, 6)
    for n in (0, 2, 4):
        assert_close(jitted(x, np.int64(n)), executed(x, np.int64(n)), exact=True)
    assert not loop_ops(jitted, x, np.int64(2))['while_vjp'].params['stacked']


@pytest.mark.parametrize('fn, x', [(power, POINT), (for_range, X)], ids=['power', 'for_range'])
def test_second_derivatives_through_a_loop_compile(fn, x):
    """for_range's loop body (a constant in it) is emitted twice: one numba parameter."""
    def second(x, n):
        return derivatives(fn, x, n, 2)

    jitted, executed = rt.function(second, jit_compile=True), rt.function(second)
    assert_close(jitted(x, np.int64(4)), executed(x, np.int64(4)))
    if fn is power:
        np.testing.assert_allclose(jitted(x, np.int64(5))[1], 20 * x ** 3, rtol=1e-12)


def test_a_training_step_with_a_loop_is_one_numba_function():
    w = rt.Variable(np.array([0.5, -0.25]))
    optimizer = rt.optimizers.SGD(0.1)

    def step(x, n):
        with rt.GradientTape() as tape:
            y = w * x
            for _ in range(n):
                y = y * 0.9 + x
            loss = np.sum(y * y)
        optimizer.apply_gradients([(tape.gradient(loss, w), w)])
        return loss

    start = w.numpy().copy()
    jitted = rt.function(step, jit_compile=True)
    losses = [jitted(X, np.int64(3)) for _ in range(3)]
    jit_w = w.numpy().copy()
    w.assign(start)
    executed = rt.function(step)
    assert_close(losses, [executed(X, np.int64(3)) for _ in range(3)], exact=True)
    assert_close(jit_w, w.numpy(), exact=True)
    assert hasattr(jitted.get_concrete_function(X, np.int64(3)).callable(), 'dispatcher')
