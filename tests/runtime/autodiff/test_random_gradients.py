"""Gradients through code that draws random numbers: the numbers are constants of the gradient.

Dropout-like code (`x * mask`, the mask drawn) differentiates with the mask the forward pass
drew, wherever the draw is: at the top of the traced function, in an rt.function called under a
tape (eagerly or in a trace), in a tensor `if`, in a graph loop. Each gradient is checked against
the same code run eagerly under a tape from a generator in the same state, against finite
differences with the numbers fixed (the generator put back in that state for each evaluation),
and the generator's state afterwards against the eager forward pass's.
"""
import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.autodiff.backprop import NoGradientError

W0 = np.linspace(-1, 1, 12).reshape(3, 4) / 2
X0 = np.linspace(0.2, 1.4, 6).reshape(2, 3)


def dropout_net(rng, x, w):
    h = np.tanh(x @ w)
    keep = rng.random(h.shape) < 0.6  # bernoulli mask
    d = h * keep / 0.6
    return np.sum(d * d) + np.sum(rng.normal(0, 0.1, h.shape) * h)


def dropout_in_if(rng, x, w):
    h = np.tanh(x @ w)
    if np.sum(x) > 0:  # a tensor if: the mask drawn only when it is taken
        h = h * (rng.random(h.shape) < 0.5)
    else:
        h = h * 2.0
    return np.sum(h * h)


def dropout_in_loop(rng, x, w):
    h = x @ w
    for _ in range(np.int64(3) + (np.sum(x) > 100)):  # a graph loop
        h = np.tanh(h) * (rng.random(h.shape) < 0.7) + rng.normal(0, 0.1, h.shape)
    return np.sum(h * h)


def dropout_nested(rng, x, w):
    h = x @ w
    i = 0
    while i < 2:
        if h[0, 0] > -10:
            h = np.sin(h) * (rng.random(h.shape) < 0.5) + rng.uniform(0, 0.1)
        i += 1
    return np.sum(h * h) + rng.normal()


def dropout_until(rng, x, w):
    h = x @ w
    while rng.random() < 0.8:  # a draw in the loop's test, before each iteration
        h = np.tanh(h) * (rng.random(h.shape) < 0.7)
    return np.sum(h * h)


FORWARDS = [dropout_net, dropout_in_if, dropout_in_loop, dropout_nested, dropout_until]


def eager_gradient(forward, seed, x, w):
    rng = np.random.default_rng(seed)
    with rt.GradientTape() as tape:
        xs, ws = tape.watch(x), tape.watch(w)
        loss = forward(rng, xs, ws)
    return tape.gradient(loss, [xs, ws]), rng.bit_generator.state


def finite_differences(forward, seed, x, w, eps=1e-6):
    """Central differences of `forward` in `x` and `w`, every evaluation drawing the same
    numbers (the generator in the same state)."""
    def loss(x, w):
        return forward(np.random.default_rng(seed), x, w)
    grads = []
    for which in (0, 1):
        value = (x, w)[which]
        grad = np.zeros_like(value)
        for i in np.ndindex(value.shape):
            up, down = value.copy(), value.copy()
            up[i] += eps
            down[i] -= eps
            args_up = (up, w) if which == 0 else (x, up)
            args_down = (down, w) if which == 0 else (x, down)
            grad[i] = (loss(*args_up) - loss(*args_down)) / (2 * eps)
        grads.append(grad)
    return grads


def check(graph_grads, graph_state, forward, seed, x=X0, w=W0, rtol=1e-12):
    expected, state = eager_gradient(forward, seed, x, w)
    for g, e in zip(graph_grads, expected):
        np.testing.assert_allclose(g, e, rtol=rtol, atol=rtol)
    for g, f in zip(graph_grads, finite_differences(forward, seed, x, w)):
        np.testing.assert_allclose(g, f, rtol=1e-5, atol=1e-7)
    assert graph_state == state  # the gradient drew from copies, never from the generator


@pytest.mark.parametrize('jit', [None, pytest.param(True, marks=needs('numba'))])
@pytest.mark.parametrize('forward', FORWARDS)
def test_a_tape_inside_the_traced_function(forward, jit):
    @rt.function(jit_compile=jit)
    def step(rng, x, w):
        with rt.GradientTape() as tape:
            tape.watch(x)
            tape.watch(w)
            loss = forward(rng, x, w)
        return tape.gradient(loss, [x, w])

    for seed in (0, 1, 2):
        rng = np.random.default_rng(seed)
        # under jit numba's matmul adds in another order: its documented tolerance
        check(step(rng, X0, W0), rng.bit_generator.state, forward, seed,
              rtol=1e-10 if jit else 1e-12)


@pytest.mark.parametrize('forward', FORWARDS)
def test_an_eager_tape_over_an_rt_function_that_draws(forward):
    model = rt.function(forward)
    for seed in (3, 4):
        rng = np.random.default_rng(seed)
        with rt.GradientTape() as tape:
            xs, ws = tape.watch(X0), tape.watch(W0)
            loss = model(rng, xs, ws)
        check(tape.gradient(loss, [xs, ws]), rng.bit_generator.state, forward, seed)


@pytest.mark.parametrize('forward', FORWARDS)
def test_a_tape_in_a_trace_over_a_called_rt_function_that_draws(forward):
    model = rt.function(forward)

    @rt.function
    def step(rng, x, w):
        with rt.GradientTape() as tape:
            tape.watch(x)
            tape.watch(w)
            loss = model(rng, x, w) * 1.0
        return tape.gradient(loss, [x, w])

    for seed in (5, 6):
        rng = np.random.default_rng(seed)
        check(step(rng, X0, W0), rng.bit_generator.state, forward, seed)


def test_an_rt_function_that_draws_and_assigns_a_variable_under_an_eager_tape():
    count = rt.Variable(0.0)
    w = rt.Variable(W0.copy())

    @rt.function
    def model(rng, x):
        count.assign_add(1.0)  # it assigns a variable: read at gradient time, as without draws
        return dropout_net(rng, x, w)

    rng = np.random.default_rng(8)
    with rt.GradientTape() as tape:
        xs = tape.watch(X0)
        loss = model(rng, xs)
    graph_grads = tape.gradient(loss, [xs, w])
    check(graph_grads, rng.bit_generator.state, dropout_net, 8)
    assert count.numpy() == 1.0


def test_variables_trained_through_dropout_with_the_global_generator():
    w = rt.Variable(W0.copy())
    opt = rt.optimizers.SGD(0.1)

    @rt.function
    def train(x):
        with rt.GradientTape() as tape:
            h = np.tanh(x @ w)
            loss = np.sum((h * (np.random.rand(*h.shape) < 0.5)) ** 2)
        opt.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
        return loss

    np.random.seed(7)
    losses = [train(X0) for _ in range(3)]
    w_graph, after = w.numpy(), np.random.get_state()[1].copy()
    w.assign(W0)
    np.random.seed(7)
    eager = []
    for _ in range(3):  # the same steps eagerly
        with rt.GradientTape() as tape:
            h = np.tanh(X0 @ w)
            loss = np.sum((h * (np.random.rand(*h.shape) < 0.5)) ** 2)
        opt.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
        eager.append(loss)
    np.testing.assert_allclose(losses, eager, rtol=1e-12)
    np.testing.assert_allclose(w_graph, w.numpy(), rtol=1e-12)
    assert (after == np.random.get_state()[1]).all()


def test_a_draw_is_a_constant_for_its_arguments():
    @rt.function
    def f(rng, mu):
        with rt.GradientTape() as tape:
            tape.watch(mu)
            y = rng.normal(mu, 1.0) * mu  # d/dmu: the number drawn (its own mu-dependence: none)
        return tape.gradient(y, mu), y

    grad, y = f(np.random.default_rng(0), np.float64(2.0))
    np.testing.assert_allclose(grad, y / 2.0)


def loop_growing(rng, x):
    h = x
    for _ in range(np.int64(2) + (np.sum(x) > 100)):  # a graph loop
        h = np.concatenate([h, h * (rng.random(np.shape(h)) < 0.5)])  # a shape that changes
    return np.sum(h * h)


def test_a_gradient_that_would_draw_again_is_refused():
    @rt.function
    def step(rng, x):
        with rt.GradientTape() as tape:
            tape.watch(x)
            loss = loop_growing(rng, x)
        return tape.gradient(loss, x)

    with pytest.raises(NoGradientError, match='no gradient through the random draw '
                                              'Generator.random at .*: the gradient of the graph '
                                              'loop holding it runs the loop again'):
        step(np.random.default_rng(0), np.ones(3))


def test_a_second_order_gradient_through_a_loop_that_draws_is_refused():
    @rt.function
    def hessian(rng, x):
        with rt.GradientTape() as outer:
            outer.watch(x)
            with rt.GradientTape() as inner:
                inner.watch(x)
                h = x
                for _ in range(np.int64(2) + (np.sum(x) > 100)):  # a graph loop
                    h = np.sin(h) * (rng.random(3) < 0.5)
                y = np.sum(h)
            g = inner.gradient(y, x)
        return outer.gradient(g, x)

    with pytest.raises(NoGradientError, match='no gradient through the random draw'):
        hessian(np.random.default_rng(0), np.ones(3))
