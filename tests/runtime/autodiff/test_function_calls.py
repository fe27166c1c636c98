"""An rt.function called under an eager tape is one recorded `call` op of its traced graph, whose
gradient is its graph's VJP graph: its Python runs once per signature, as without a tape."""
import numpy as np

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
