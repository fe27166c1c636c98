"""An rt.function called under an eager tape is one recorded `call` op of its traced graph, whose
gradient is its graph's VJP graph: its Python runs once per signature, as without a tape."""
import numpy as np
from autodiff_helpers import numeric_gradient

import runtime as rt

X = np.array([[1.0, 2.0, 3.0]])


def test_seed_002_add_and_dense_layer_are_one_call_op_traced_once():
    runs = []

    @rt.function
    def add(a, b):
        runs.append(1)
        return a + b

    @rt.function
    def dense_layer(x, w, b):
        return add(np.matmul(x, w), b)

    v = rt.Variable(1.0)
    for _ in range(3):
        with rt.GradientTape(persistent=True) as tape:
            result = add(v, 1.0)
        assert tape.gradient(result, v) == 1.0
        assert [eq.primitive for eq in tape._record.equations()] == ['call']
    assert len(runs) == 1 and add.experimental_get_tracing_count() == 1
    w, b = rt.Variable(np.ones((3, 2))), rt.Variable(np.zeros(2))
    with rt.GradientTape() as tape:
        x = tape.watch(X)
        y = np.sum(dense_layer(x, w, b) ** 2)
    gx, gw, gb = tape.gradient(y, [x, w, b])
    h = X @ w.numpy() + b.numpy()
    np.testing.assert_allclose(gw, X.T @ (2 * h), rtol=1e-12)
    np.testing.assert_allclose(gb, np.sum(2 * h, axis=0), rtol=1e-12)
    np.testing.assert_allclose(gx, 2 * h @ w.numpy().T, rtol=1e-12)
    assert dense_layer.experimental_get_tracing_count() == 1


def test_a_call_with_graph_control_flow_differentiates_eagerly_as_in_a_graph():
    w = rt.Variable(np.array([0.5, -0.25, 1.0]))

    @rt.function
    def model(x, n):
        y = x
        for _ in range(n):
            if np.sum(y) > 0:
                y = np.tanh(y * w)
            else:
                y = y + w
        return np.sum(y ** 2)

    @rt.function
    def graph_grad(x, n):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = model(x, n)
        return tape.gradient(y, [x, w])

    x0, n = np.array([0.2, 0.1, -0.3]), np.int64(4)
    with rt.GradientTape() as tape:
        x = tape.watch(x0)
        y = model(x, n)
    eager = tape.gradient(y, [x, w])
    for e, g in zip(eager, graph_grad(x0, n)):
        np.testing.assert_allclose(e, g, rtol=1e-12)


def test_second_derivatives_through_a_call():
    @rt.function
    def cube(x):
        return x ** 3

    with rt.GradientTape() as outer:
        x = outer.watch(np.array([2.0, -1.0]))
        with rt.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        dy = inner.gradient(y, x)
    np.testing.assert_allclose(dy, [12.0, 3.0])
    np.testing.assert_allclose(outer.gradient(dy, x), [12.0, -6.0])


def test_a_call_reading_nothing_followed_just_runs_and_one_updating_state_runs_its_python():
    calls = rt.Variable(0)

    @rt.function
    def count(x):
        calls.assign_add(1)
        return x * 2.0

    @rt.function
    def fill(a):
        a[0] = 5.0  # updates its argument: written back by the Python call
        return np.sum(a)

    with rt.GradientTape() as tape:
        x = tape.watch(np.ones(2))
        y = np.sum(count(x)) + count(np.ones(2))[0]
        a = np.zeros(2)
        fill(a)
    assert int(calls.numpy()) == 2 and np.array_equal(a, [5.0, 0.0])
    np.testing.assert_allclose(tape.gradient(y, x), [2.0, 2.0])


def variable_model():
    """A variable and an rt.function reading it directly, in a graph loop and in a tensor if."""
    w = rt.Variable(np.array([0.5, -0.25, 1.0]))

    @rt.function
    def model(x, n):
        y = x * w
        for _ in range(n):
            y = np.sin(y) * w + x
        if np.sum(y) > 0:
            y = y * w
        return np.sum(y ** 2)
    return w, model


def gradients_then_assigned(model, w, x, n, eagerly):
    """d model / d[x, w], with w assigned between the call and tape.gradient."""
    if eagerly:
        with rt.GradientTape() as tape:
            x = tape.watch(x)
            y = model(x, n)
        w.assign(w.numpy() * 2.0 + 1.0)
        return tape.gradient(y, [x, w])

    @rt.function
    def grads(x, n):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = model(x, n)
        w.assign(w * 2.0 + 1.0)
        return tape.gradient(y, [x, w])
    return grads(x, n)


def test_a_variable_assigned_after_the_call_leaves_the_gradient_as_at_the_call():
    x = X[0]
    for eagerly in (True, False):
        w, model = variable_model()
        start = w.numpy()
        with rt.GradientTape() as tape:  # the reference: nothing assigned
            watched = tape.watch(x)
            expected = tape.gradient(model(watched, np.int64(3)), [watched, w])
        got = gradients_then_assigned(model, w, x, np.int64(3), eagerly)
        np.testing.assert_array_equal(w.numpy(), start * 2.0 + 1.0)
        for a, b in zip(got, expected):
            np.testing.assert_allclose(a, b, rtol=1e-12)
        w.assign(start)

        def loss(v):
            w.assign(v)
            return model(x, np.int64(3))
        numeric = numeric_gradient(loss, start)[0]
        w.assign(start)
        np.testing.assert_allclose(got[1], numeric, rtol=1e-6)


def test_second_derivatives_through_a_call_read_the_values_at_the_call():
    w, model = variable_model()
    start = w.numpy()

    def mixed():
        with rt.GradientTape() as outer:
            with rt.GradientTape() as inner:
                x = inner.watch(X[0])
                y = model(x, np.int64(2))
            w.assign(start + 1.0)  # after the call: neither derivative sees it
            gx = inner.gradient(y, x)
        w.assign(start)
        return gx, outer.gradient(gx, w)

    def first(v):
        w.assign(v)
        with rt.GradientTape() as tape:
            x = tape.watch(X[0])
            y = model(x, np.int64(2))
        return tape.gradient(y, x)
    gx, got = mixed()
    np.testing.assert_allclose(gx, first(start), rtol=1e-12)
    numeric = numeric_gradient(first, start)[0]
    w.assign(start)
    np.testing.assert_allclose(got, numeric, rtol=1e-5, atol=1e-7)
