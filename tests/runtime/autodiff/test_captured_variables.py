"""Variables read inside sub-graphs (called rt.functions, cond branches, nested both ways) are
differentiated through them, summed with their direct reads: graph vs eager vs finite differences."""
import numpy as np
import pytest

import runtime as rt

V0 = np.array([1.0, 2.0, -3.0])
W0 = np.array([0.5, -1.0, 2.0])


def make(v, w):
    """Losses of x that read v and w directly, in a called function, in branches and nested."""
    @rt.function
    def inner(x):
        return np.sum(v * x) + np.sum(np.tanh(w))

    @rt.function
    def inner_with_cond(x):
        if np.sum(x) > 0:
            y = np.sum(w * v * x)
        else:
            y = np.sum(v ** 3)
        return inner(x) * y

    def direct_and_called(x):
        return inner(x) + np.sum(v ** 2)

    def in_branches(x):
        if np.sum(x) > 0:
            y = np.sum(w * v)
        else:
            y = -np.sum(w * x)
        return y * np.sum(v)

    def branch_calls(x):
        if np.sum(x) > 0:
            y = inner(x * 2.0)
        else:
            y = inner(x) * np.sum(w)
        return y + np.sum(v * w)

    def nested(x):
        return inner_with_cond(x) + inner(x) ** 2

    return [direct_and_called, in_branches, branch_calls, nested]


def graph_gradients(loss, v, w):
    @rt.function
    def grad(x):
        with rt.GradientTape() as tape:
            y = loss(x)
        return tape.gradient(y, [v, w])
    return grad


def eager_gradients(loss, v, w, x):
    with rt.GradientTape() as tape:
        y = loss(x)
    return tape.gradient(y, [v, w])


def numeric(loss, variable, x, eps=1e-6):
    base = variable.numpy()
    grad = np.zeros_like(base)
    for i in np.ndindex(base.shape):
        for sign in (1, -1):
            bumped = base.copy()
            bumped[i] += sign * eps
            variable.assign(bumped)
            grad[i] += sign * float(np.sum(loss(x)))
    variable.assign(base)
    return grad / (2 * eps)


@pytest.mark.parametrize('index', range(4))
@pytest.mark.parametrize('x', [np.array([1.0, 0.5, 2.0]), np.array([-1.0, 0.5, -2.0])])
def test_variables_read_in_sub_graphs_get_their_gradients(index, x):
    v, w = rt.Variable(V0), rt.Variable(W0)
    loss = make(v, w)[index]
    graph = graph_gradients(loss, v, w)(x)
    eager = eager_gradients(loss, v, w, x)
    for g, e, variable in zip(graph, eager, (v, w)):
        assert g is not None
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(g, numeric(loss, variable, x), rtol=1e-6, atol=1e-8)


def test_a_variable_read_only_in_an_untaken_branch_gets_zeros_and_an_unread_one_none():
    v, w, u = rt.Variable(V0), rt.Variable(W0), rt.Variable(W0)

    @rt.function
    def grad(x):
        with rt.GradientTape() as tape:
            if np.sum(x) > 0:
                y = np.sum(v * x)
            else:
                y = np.sum(w * x)
        return tape.gradient(y, [v, w, u])
    gv, gw, gu = grad(np.ones(3))
    assert np.array_equal(gv, np.ones(3)) and np.array_equal(gw, np.zeros(3)) and gu is None


def test_watched_variables_include_those_read_in_sub_graphs_and_untrainable_ones_are_not():
    v, frozen = rt.Variable(V0), rt.Variable(W0, trainable=False)

    @rt.function
    def inner(x):
        return np.sum(v * frozen * x)

    @rt.function
    def grad(x):
        with rt.GradientTape() as tape:
            y = inner(x)
        assert tape.watched_variables() == (v,)
        return tape.gradient(y, [v, frozen])
    gv, gf = grad(np.ones(3))
    assert np.array_equal(gv, W0) and gf is None


def loop_then_if(x, n, w):
    y = x
    for _ in range(n):
        y = np.sin(y * w)
    if np.sum(y) > 0:
        y = y * w
    return np.sum(y ** 2)


@pytest.mark.parametrize('assign', [False, True])
def test_a_variable_assigned_after_a_loop_and_an_if_in_the_same_graph(assign):
    w = rt.Variable(np.array([0.5, -1.0]))
    start = w.numpy()

    @rt.function
    def grads(x, n):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = loop_then_if(x, n, w)
        if assign:
            w.assign(w * 3.0)  # after the forward pass: the gradient reads the values before
        return tape.gradient(y, [x, w])
    x = np.array([0.3, 0.7])
    got = grads(x, np.int64(3))
    w.assign(start)
    with rt.GradientTape() as tape:  # the loop unrolled on the eager tape
        watched = tape.watch(x)
        expected = tape.gradient(loop_then_if(watched, 3, w), [watched, w])
    for a, b in zip(got, expected):
        np.testing.assert_allclose(a, b, rtol=1e-12)
    ops = [eq.primitive for eq in grads.get_concrete_function(x, np.int64(3)).graph.equations]
    # assigned: the loop and the if are each a call of a graph reading w first; else the loop
    # saves its states itself
    assert ('while_saving' in ops) is not assign and (ops.count('call') >= 2) is assign
