"""Gradients of the update ops that have no eager form under a tape (watched values are immutable):
np.put, np.place, np.putmask, ufuncs with out=, graph-list joins; graph vs finite differences."""
import numpy as np
import pytest
from autodiff_helpers import graph_gradient, numeric_gradient

import runtime as rt

A = np.array([[0.5, -1.2, 2.0], [0.3, 1.1, -0.7]])
V = np.array([1.5, -0.4])
MASK = np.array([[True, False, True], [False, True, True]])


def put(a, v):
    a = a * 1.0
    np.put(a, [0, 4, -1, 4], v)  # a repeated index: the last write stays; v repeated cyclically
    return a ** 2


def put_clip(a, v):
    a = a * 1.0
    np.put(a, [1, 9], v, mode='clip')
    return np.sin(a)


def putmask(a, v):
    a = a * 1.0
    np.putmask(a, MASK, v)  # values repeated over the flat positions of a
    return a ** 3


def place(a, v):
    a = a * 1.0
    np.place(a, MASK, v)  # values repeated over the True positions, in order
    return a * np.arange(6.0).reshape(2, 3)


def ufunc_out(a, v):
    out = a * 0.0
    np.multiply(a, v[0], out=out)
    np.add(out, a ** 2, out=out)
    return out


def ufunc_out_two_outputs(a, v):
    frac, whole = a * 0.0, a * 0.0
    np.modf(a * v[1] * 3.0, out=(frac, whole))
    return frac * 2.0


def list_joins(a, v):
    rows = []
    for i in range(3):
        rows.append(a[:, i] * v[0] + i)
    return np.concatenate(rows) ** 2 + np.sum(np.hstack(rows)) + np.sum(np.vstack(rows) ** 3)


@pytest.mark.parametrize('fn', [put, put_clip, putmask, place, ufunc_out, ufunc_out_two_outputs],
                         ids=lambda f: f.__name__)
def test_update_ops_against_finite_differences(fn):
    got = graph_gradient(fn, A, V)
    for g, n in zip(got, numeric_gradient(fn, A, V)):
        np.testing.assert_allclose(g, n, rtol=1e-6, atol=1e-8)


def test_graph_list_joins_against_finite_differences_and_the_unrolled_loop():
    @rt.function
    def grad(a, v, n):
        with rt.GradientTape() as tape:
            tape.watch([a, v])
            rows = []
            for i in range(n):
                rows.append(a[:, i] * v[0] + i)
            y = np.concatenate(rows) ** 2 + np.sum(np.hstack(rows)) + np.sum(np.vstack(rows) ** 3)
        return tape.gradient(y, [a, v])
    looped, unrolled = grad(A, V, np.int64(3)), grad(A, V, 3)
    for g, u, n in zip(looped, unrolled, numeric_gradient(list_joins, A, V)):
        np.testing.assert_allclose(g, u, rtol=1e-12)
        np.testing.assert_allclose(g, n, rtol=1e-6, atol=1e-8)
    ops = [eq.primitive for eq in grad.get_concrete_function(A, V, np.int64(3)).graph.equations]
    assert {'concatenate_rows', 'hstack_rows', 'vstack_rows'} <= set(ops)
