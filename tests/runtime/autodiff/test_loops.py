"""Gradients through graph loops: the same loop as a graph `while`, unrolled in the trace (a Python
int trip count) and run eagerly agree to 1e-12, and agree with finite differences."""
import numpy as np
import pytest
from autodiff_helpers import eager_gradient_of_x, graph_gradient_of_x, numeric_gradient

import runtime as rt

X = np.array([0.3, 0.7])
ROWS = np.array([[0.3, 0.2], [0.1, -0.4], [0.5, 0.5]])


def for_range(x, n):
    y = x
    for i in range(n):
        y = y * np.cos(y) + x[i % 2]
    return np.sum(y)


def while_counter(x, n):
    y, i = x, 0
    while i < n:
        y = np.sin(y) * x
        i += 1
    return np.sum(y)


def with_break(x, n):
    y = x
    for _ in range(n):
        if np.sum(y) > 5.0:
            break
        y = y * 1.5 + np.sin(x)
    return np.sum(y ** 2)


def with_continue(x, n):
    s = np.zeros_like(x)
    for i in range(n):
        if i % 2 == 0:
            continue
        s = s + x * i
    return np.sum(s * s)


def with_return(x, n):
    y, i = x, 0
    while i < n:
        y = np.tanh(y) * x
        if np.max(y) > 0.5:
            return np.sum(y)
        i += 1
    return np.sum(y * 3.0)


def graph_list(x, n):
    out = [x * 0.5]
    y = x
    for i in range(n):
        y = np.sin(y) + x
        out.append(y * i)
    return np.sum(np.stack(out) ** 2)


def rt_while_loop(x, n):
    _, y = rt.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * np.exp(-y) + x), (0, x))
    return np.sum(y)


def nested_loops(x, n):
    y = x
    for i in range(n):
        j = 0
        while j < i:
            y = y + np.sin(y * x)
            j += 1
    return np.sum(y)


def loop_with_cond(x, n):
    y = x
    for i in range(n):
        if np.sum(y) > 1.5:
            y = y * 0.5
        else:
            y = y + x ** 2
    return np.sum(y ** 3)


def python_accumulator(x, n):
    acc = 0.0
    for i in range(n):
        acc = acc + np.sum(x ** (i + 1))
    return acc


LOOPS = [for_range, while_counter, with_break, with_continue, with_return, graph_list,
         rt_while_loop, nested_loops, loop_with_cond, python_accumulator]


def loop_ops(concrete):
    return [eq.primitive for eq in concrete.graph.equations if 'while' in eq.primitive]


@pytest.mark.parametrize('fn', LOOPS, ids=lambda f: f.__name__)
@pytest.mark.parametrize('n', [0, 1, 5])
def test_a_graph_loop_differentiates_as_the_loop_unrolled(fn, n):
    grad = graph_gradient_of_x(fn)
    looped = grad(X, np.int64(n))
    assert loop_ops(grad.get_concrete_function(X, np.int64(n)))[-1] == 'while_vjp'
    unrolled = grad(X, n)  # a Python int: unrolled at trace time (unless a tensor breaks it)
    eager = eager_gradient_of_x(fn, X, n)  # the Python loop
    np.testing.assert_allclose(looped, unrolled, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(looped, eager, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(looped, numeric_gradient(lambda x: fn(x, n), X)[0],
                               rtol=1e-6, atol=1e-8)


def over_rows(x):
    acc = 0.0
    for row in x:
        acc = acc + np.sum(row ** 2) * acc + 1.0
    return acc


def test_a_loop_over_a_tensors_rows():
    @rt.function
    def grad(x):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = over_rows(x)
        return tape.gradient(y, x)
    np.testing.assert_allclose(grad(ROWS), eager_gradient_of_x(lambda x, n: over_rows(x), ROWS, 0),
                               rtol=1e-12)
    np.testing.assert_allclose(grad(ROWS), numeric_gradient(over_rows, ROWS)[0], rtol=1e-6)


def test_variables_read_in_a_loop_body_and_rt_cond():
    w = rt.Variable(np.array([0.5, -0.2]))

    def loss(x, n):
        y = x
        for _ in range(n):
            y = rt.cond(np.sum(y) > 0, lambda: np.tanh(y * w), lambda: y + w)
        return np.sum(y * w)

    @rt.function
    def grad(x, n):
        with rt.GradientTape() as tape:
            y = loss(x, n)
        return tape.gradient(y, w)
    with rt.GradientTape() as tape:
        y = loss(X, 4)
    eager = tape.gradient(y, w)
    np.testing.assert_allclose(grad(X, np.int64(4)), eager, rtol=1e-12)

    def numeric(x):
        w.assign(x)
        return loss(X, 4)
    np.testing.assert_allclose(eager, numeric_gradient(numeric, w.numpy())[0], rtol=1e-6)


def test_the_backward_loop_saves_only_what_the_body_gradient_reads_and_repeats_no_effect():
    calls = rt.Variable(0)

    @rt.function
    def grad(x, n):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = graph_list(x, n)
            for _ in range(n):
                calls.assign_add(1)
        return tape.gradient(y, x)
    grad(X, np.int64(6))
    assert int(calls.numpy()) == 6  # the loop run again for the gradient has no effects
    (eq,) = [e for e in grad.get_concrete_function(X, np.int64(6)).graph.equations
             if e.primitive == 'while_vjp']
    saved = [eq.params['body'].inputs[i].aval for i in eq.params['saved']]
    assert all(None not in aval.shape for aval in saved)  # not the growing list: linear memory


def counted_loop(tests):
    """An rt.function differentiating a loop whose condition appends to `tests` when it runs."""
    def below(i, n):
        tests.append(int(i))
        return i < n

    def loss(x, n):
        y, i = x * 1.0, np.int64(0)
        while np.reshape(rt.py_function(below, [i, n], np.bool_), ()):  # py_function: no shape
            y = np.sin(y) * x
            i = i + 1
        return np.sum(y)
    return loss


def test_the_forward_loop_runs_once_saving_what_its_gradient_reads():
    tests = []
    loss = counted_loop(tests)

    @rt.function
    def grads(x, n):
        with rt.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = loss(x, n)
            doubled = y * 2.0
        return tape.gradient(y, x), tape.gradient(doubled, x)
    first, twice = grads(X, np.int64(4))
    assert tests == [0, 1, 2, 3, 4]  # one run of the loop, read by both gradients
    ops = [eq.primitive for eq in grads.get_concrete_function(X, np.int64(4)).graph.equations]
    assert ops.count('while_saving') == 1 and 'while' not in ops
    reference = eager_gradient_of_x(counted_loop([]), X, np.int64(4))  # the Python loop
    np.testing.assert_allclose(first, reference, rtol=1e-12)
    np.testing.assert_allclose(twice, 2 * first, rtol=1e-12)


def test_an_eager_call_runs_its_loop_again_in_its_vjp_graph():
    tests = []
    loss = rt.function(counted_loop(tests))
    with rt.GradientTape() as tape:
        x = tape.watch(X)
        y = loss(x, np.int64(3))
    assert tests == [0, 1, 2, 3]  # the forward call
    gradient = tape.gradient(y, x)
    assert tests == [0, 1, 2, 3] * 2  # the VJP graph runs the call's graph again (README)
    reference = eager_gradient_of_x(counted_loop([]), X, np.int64(3))
    np.testing.assert_allclose(gradient, reference, rtol=1e-12)


def weak_counter(x, n):
    y, i = x, 0
    while i < n:
        y = np.sin(y) * (i + 0.5) + x  # the body's gradient reads i, a Python int in the graph
        i += 1
    return np.sum(y)


def test_saved_python_numbers_stay_python_numbers():
    x = X.astype(np.float32)
    grad = graph_gradient_of_x(weak_counter)
    looped = grad(x, np.int64(3))
    eager = eager_gradient_of_x(weak_counter, x, 3)
    assert looped.dtype == eager.dtype == np.float32  # (i + 0.5) stayed weak: no float64
    np.testing.assert_allclose(looped, eager, rtol=1e-6)
    (eq,) = [e for e in grad.get_concrete_function(x, np.int64(3)).graph.equations
             if e.primitive == 'while_vjp']
    assert eq.params['stacked'] and eq.params['weak'] == (True, False)  # i, then y


def growing(x, n):
    y = x
    for _ in range(n):
        y = np.concatenate([np.sin(y), x])  # a shape that changes: not stackable
    return np.sum(y ** 2)


def test_values_of_changing_shapes_are_saved_by_running_the_loop_again():
    grad = graph_gradient_of_x(growing)
    np.testing.assert_allclose(grad(X, np.int64(3)), eager_gradient_of_x(growing, X, 3),
                               rtol=1e-12)
    ops = {eq.primitive: eq for eq in grad.get_concrete_function(X, np.int64(3)).graph.equations}
    assert 'while' in ops and not ops['while_vjp'].params['stacked']
