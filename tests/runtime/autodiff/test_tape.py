"""rt.GradientTape's interface, eagerly and in graphs: TensorFlow's behaviours and errors."""
import numpy as np
import pytest

import runtime as rt
from runtime.autodiff.backprop import NoGradientError

X = np.array([0.5, -1.0, 2.0])


def test_watch_returns_the_value_to_compute_with_and_gradients_are_numpy():
    with rt.GradientTape() as tape:
        x = tape.watch(X)
        y = np.sum(x * x)
    g = tape.gradient(y, x)
    assert type(g) is np.ndarray and np.array_equal(g, 2 * X)


def test_trainable_variables_are_watched_and_untrainable_ones_are_not():
    v, frozen = rt.Variable(X), rt.Variable(X, trainable=False)
    with rt.GradientTape() as tape:
        y = np.sum(v * frozen)
    gv, gf = tape.gradient(y, [v, frozen])
    assert np.array_equal(gv, X) and gf is None
    with rt.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(frozen)
        y = np.sum(v * frozen)
    assert tape.watched_variables() == (frozen,)
    assert tape.gradient(y, {'a': v, 'b': frozen})['a'] is None


def test_non_scalar_targets_are_summed_and_output_gradients_weight_them():
    with rt.GradientTape(persistent=True) as tape:
        x = tape.watch(X)
        y = x * 3.0
    assert np.array_equal(tape.gradient(y, x), [3.0, 3.0, 3.0])
    assert np.array_equal(tape.gradient(y, x, output_gradients=np.array([1.0, 0.0, 2.0])),
                          [3.0, 0.0, 6.0])


def test_unconnected_sources_are_none_or_zeros():
    with rt.GradientTape(persistent=True) as tape:
        x, z = tape.watch([X, X + 1])
        y = np.sum(x)
    assert tape.gradient(y, z) is None
    assert np.array_equal(tape.gradient(y, z, unconnected_gradients='zero'), np.zeros(3))
    assert tape.gradient(y, np.ones(3)) is None  # not watched


def test_a_non_persistent_tape_gives_one_set_of_gradients():
    with rt.GradientTape() as tape:
        x = tape.watch(X)
        y = np.sum(x)
    tape.gradient(y, x)
    with pytest.raises(RuntimeError, match='non-persistent GradientTape can only be used to'):
        tape.gradient(y, x)


def test_integer_targets_are_an_error_and_integer_sources_have_no_gradient():
    with rt.GradientTape() as tape:
        x = tape.watch(X)
        n = tape.watch(np.arange(3))
        y = np.argmax(x)
    assert y.dtype == np.int64 and n.dtype == np.int64
    with pytest.raises(ValueError, match='must be floating, got int64'):
        tape.gradient(x.astype(np.int64), [x, n])


def test_stop_recording_and_stop_gradient():
    with rt.GradientTape() as tape:
        x = tape.watch(X)
        with tape.stop_recording():
            hidden = x * 10.0
        y = np.sum(x * x + hidden + rt.stop_gradient(x) * x)
    assert np.allclose(tape.gradient(y, x), 2 * X + X)


def test_nested_tapes_give_second_derivatives_eagerly_and_in_graphs():
    def second(x):
        with rt.GradientTape() as outer:
            outer.watch(x)
            with rt.GradientTape() as inner:
                inner.watch(x)
                y = np.sum(x ** 3)
            dy = inner.gradient(y, x)
        return outer.gradient(dy, x)

    def eager(x):
        with rt.GradientTape() as outer:
            x = outer.watch(x)
            with rt.GradientTape() as inner:
                inner.watch(x)
                y = np.sum(x ** 3)
            dy = inner.gradient(y, x)
        return outer.gradient(dy, x)
    assert np.allclose(eager(X), 6 * X)
    assert np.allclose(rt.function(second, autograph=False)(X), 6 * X)


def test_an_op_without_a_rule_names_the_op_and_the_line():
    @rt.function(autograph=False)
    def f(x):
        with rt.GradientTape() as tape:
            tape.watch(x)
            a = rt.py_function(np.sort, [x * 2.0], np.float64)
            y = np.sum(a)
        return tape.gradient(y, x)
    line = f.python_function.__code__.co_firstlineno + 4
    with pytest.raises(NoGradientError, match=rf"no gradient for 'py_function' at .*test_tape.py:"
                                              rf"{line}: .*Python code the graph cannot see") as e:
        f(X)
    assert isinstance(e.value, rt.errors.AgError)  # the project's own errors share one base


def test_seed_002_a_tf_function_op_has_gradients():
    @rt.function
    def add(a, b):
        return a + b

    v = rt.Variable(1.0)
    with rt.GradientTape() as tape:
        result = add(v, 1.0)
    assert tape.gradient(result, v) == 1.0

    @rt.function
    def dense_layer(x, w, b):
        return add(np.matmul(x, w), b)

    w, b = rt.Variable(np.ones((3, 2))), rt.Variable(np.zeros(2))
    x = np.array([[1.0, 2.0, 3.0]])
    with rt.GradientTape() as tape:
        y = np.sum(dense_layer(x, w, b))
    gw, gb = tape.gradient(y, [w, b])
    assert np.array_equal(gw, np.repeat(x.T, 2, axis=1)) and np.array_equal(gb, [1.0, 1.0])

    @rt.function
    def graph_gradients(x, w, b):  # a call op in the graph: its VJP is a graph too
        with rt.GradientTape() as tape:
            tape.watch([w, b])
            y = np.sum(dense_layer(x, w, b))
        return tape.gradient(y, [w, b])
    gw2, gb2 = graph_gradients(x, w.numpy(), b.numpy())
    assert np.array_equal(gw2, gw) and np.array_equal(gb2, gb)


def test_variables_may_be_created_on_the_first_trace_only():
    made = []

    @rt.function
    def f(x):
        made.append(rt.Variable(np.zeros(3)))
        return x + made[-1]

    f(X)
    with pytest.raises(ValueError, match='on a trace that is not its first'):
        f(np.ones(4))
