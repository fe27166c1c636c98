"""Gradient checks: central finite differences, and the tape eagerly and in a graph."""
import numpy as np

import runtime as rt


def eager_gradient(fn, *args):
    with rt.GradientTape() as tape:
        watched = tape.watch(list(args))
        y = fn(*watched)
    return tape.gradient(y, watched)


def graph_gradient(fn, *args):
    @rt.function(autograph=False)
    def grad(*xs):
        with rt.GradientTape() as tape:
            tape.watch(list(xs))
            y = fn(*xs)
        return tape.gradient(y, list(xs))
    return grad(*args)


def numeric_gradient(fn, *args, eps=1e-6):
    grads = []
    for i, x in enumerate(args):
        g = np.zeros_like(x)
        for index in np.ndindex(x.shape):
            bumped = [a.copy() for a in args]
            bumped[i][index] += eps
            up = np.sum(fn(*bumped))
            bumped[i][index] -= 2 * eps
            down = np.sum(fn(*bumped))
            g[index] = (up - down) / (2 * eps)
        grads.append(g)
    return grads


def check(fn, *args, rtol=1e-5, atol=1e-6):
    """The eager and graph gradients of sum(fn(*args)) agree with finite differences."""
    args = [np.asarray(a, np.float64) for a in args]
    expected = numeric_gradient(fn, *args)
    eager = eager_gradient(fn, *args)
    graph = graph_gradient(fn, *args)
    for e, g, n in zip(eager, graph, expected):
        np.testing.assert_allclose(e, n, rtol=rtol, atol=atol)
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-14)


def graph_gradient_of_x(fn, jit_compile=None):
    """An rt.function giving d fn(x, n) / dx (zeros where x is unused, e.g. a loop run 0 times)."""
    @rt.function(jit_compile=jit_compile)
    def grad(x, n):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = fn(x, n)
        return tape.gradient(y, x, unconnected_gradients='zero')
    return grad


def eager_gradient_of_x(fn, x, n):
    """d fn(x, n) / dx on the eager tape (zeros where x is unused)."""
    with rt.GradientTape() as tape:
        x = tape.watch(x)
        y = fn(x, n)
    return tape.gradient(y, x, unconnected_gradients='zero')
