"""The acceptance corpus: eager (Python control flow) and graph (graph control flow) gradients
agree to 1e-12 and with finite differences; second derivatives of elementwise ops, matmul and
reductions agree with finite differences of the first."""
import numpy as np
import pytest
from autodiff_helpers import eager_gradient_of_x, graph_gradient_of_x, numeric_gradient
from gradient_corpus import CORPUS

import runtime as rt

POINTS = [np.array([0.4, -0.3, 0.8]), np.array([-0.5, 0.25, -0.7])]
N = 4


def test_the_corpus_has_thirty_functions():
    assert len(CORPUS) >= 30


@pytest.mark.parametrize('fn', CORPUS, ids=lambda f: f.__name__)
def test_eager_and_graph_gradients_agree(fn):
    grad = graph_gradient_of_x(fn)
    for x in POINTS:
        eager = eager_gradient_of_x(fn, x, N)
        np.testing.assert_allclose(grad(x, np.int64(N)), eager, rtol=1e-12, atol=1e-13)
        np.testing.assert_allclose(eager, numeric_gradient(lambda v: fn(v, N), x)[0],
                                   rtol=1e-6, atol=1e-7)
    assert grad.experimental_get_tracing_count() == 1  # one graph for both points


SECOND_ORDER = {
    'elementwise': lambda x: np.sum(np.tanh(x) * np.exp(x) + np.sin(x) ** 2 / (1.0 + x * x)),
    'matmul': lambda x: np.sum((np.outer(x, x) @ np.reshape(x * 2.0, (3, 1))) ** 2),
    'reductions': lambda x: np.log(np.sum(np.exp(x))) + np.prod(x) + np.var(x) + np.max(x ** 2),
}


def second_derivative(fn, x):
    """d/dx of sum(d fn/dx), with nested tapes."""
    with rt.GradientTape() as outer:
        outer.watch(x)
        with rt.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        dy = inner.gradient(y, x)
    return outer.gradient(dy, x)


def eager_second_derivative(fn, x):
    with rt.GradientTape() as outer:
        x = outer.watch(x)
        with rt.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        dy = inner.gradient(y, x)
    return outer.gradient(dy, x)


@pytest.mark.parametrize('name', SECOND_ORDER)
def test_second_derivatives_against_finite_differences_of_the_first(name):
    fn = SECOND_ORDER[name]
    x = POINTS[0]
    eager = eager_second_derivative(fn, x)
    graph = rt.function(lambda x: second_derivative(fn, x))(x)
    np.testing.assert_allclose(graph, eager, rtol=1e-12)
    first = lambda v: eager_gradient_of_x(lambda u, n: fn(u), v, 0)  # noqa: E731
    np.testing.assert_allclose(eager, numeric_gradient(first, x)[0], rtol=1e-5, atol=1e-7)


def test_bad_inputs_in_graphs_are_clear_errors_or_the_documented_none():
    made = []

    @rt.function
    def f(x, n):
        with rt.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = CORPUS[8](x, n)  # for_break: a graph loop
            count = np.argmax(x)
        grads = tape.gradient(y, [x, x * 2.0], unconnected_gradients='zero')
        assert tape.gradient(y, x * 2.0) is None  # never watched
        try:
            tape.gradient(count, x)
        except ValueError as error:
            assert 'must be floating, got int64' in str(error)
        else:
            raise AssertionError('an integer target was differentiated')
        made.append(rt.Variable(np.zeros(3)))
        return grads

    gx, zeros = f(POINTS[0], np.int64(N))
    assert np.array_equal(zeros, np.zeros(3)) and np.allclose(gx, eager_gradient_of_x(
        CORPUS[8], POINTS[0], N), rtol=1e-12)
    line = f.python_function.__code__.co_firstlineno + 14  # the decorator's line, then 14 on
    with pytest.raises(ValueError, match=rf'creates a variable .* at .*test_corpus.py:{line} on '
                                         'a trace that is not its first'):
        f(np.ones(4), np.int64(N))


def test_the_gradient_of_a_loop_gradient_is_that_of_the_loop_unrolled():
    @rt.function
    def second(x, n):
        with rt.GradientTape() as outer:
            outer.watch(x)
            with rt.GradientTape() as inner:
                inner.watch(x)
                y = CORPUS[6](x, n)  # while_decay
            dy = inner.gradient(y, x)
        return outer.gradient(dy, x)
    unrolled = eager_second_derivative(lambda x: CORPUS[6](x, N), POINTS[0])
    np.testing.assert_allclose(second(POINTS[0], np.int64(N)), unrolled, rtol=1e-12)


@pytest.mark.parametrize('fn', CORPUS[::3], ids=lambda f: f.__name__)
def test_an_eager_tape_follows_exactly_the_values_a_pass_over_its_equations_finds(fn):
    # the eager backward pass takes the followed set as the active one instead of that pass
    from runtime.autodiff.backprop import active_vars
    with rt.GradientTape(persistent=True) as tape:
        fn(tape.watch(POINTS[0]), N)
    record = tape._record
    assert record.equations()
    assert active_vars(record.equations(), record.followed, record.variable_cotangents()) == \
        record.followed
