"""The claims of cases_shape.py (array creation and manipulation) checked: traced results equal
eager numpy's bit for bit, jit and ONNX equal the executor where claimed, tape gradients match
finite differences where claimed (eagerly and in a graph)."""
import numpy as np
import pytest
from cases_shape import CASES

import runtime as rt

_FIRST_OF_EACH_NAME = list({case.name: case for case in reversed(CASES)}.values())


def _arrays(result):
    if isinstance(result, (tuple, list)):
        return [a for item in result for a in _arrays(item)]
    return [np.asarray(result)]


def _assert_same(actual, expected):
    actual, expected = _arrays(actual), _arrays(expected)
    assert len(actual) == len(expected)
    for a, e in zip(actual, expected):
        assert (a.dtype, a.shape) == (e.dtype, e.shape)
        assert np.array_equal(a, e, equal_nan=True), (a, e)


def _args(case):
    return [np.copy(a) if isinstance(a, np.ndarray) else a for a in case.args]


@pytest.mark.parametrize('case', CASES, ids=repr)
def test_the_traced_call_gives_numpys_result(case):
    _assert_same(rt.function(case.call)(*_args(case)), case.call(*_args(case)))


@pytest.mark.parametrize('case', [c for c in _FIRST_OF_EACH_NAME if c.jit is None], ids=repr)
def test_jit_compile_gives_numpys_result(case):
    _assert_same(rt.function(case.call, jit_compile=True)(*_args(case)), case.call(*_args(case)))


@pytest.mark.parametrize('case', [c for c in _FIRST_OF_EACH_NAME if c.onnx is None], ids=repr)
def test_the_onnx_model_computes_numpys_result(case):
    onnxruntime = pytest.importorskip('onnxruntime')
    args = _args(case)
    model = rt.onnx.export(rt.function(case.call).get_concrete_function(*args))
    session = onnxruntime.InferenceSession(model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    feed = {i.name: np.asarray(a) for i, a in zip(session.get_inputs(), args)}
    _assert_same(session.run(None, feed), _arrays(case.call(*args)))


def _weighted(call):
    """A scalar of every result element, each weighted differently (so a gradient that puts
    elements in the wrong place shows)."""
    def weighted(*args):
        total = 0.0
        for k, result in enumerate(_results(call(*args))):
            weights = np.arange(np.size(result)).reshape(np.shape(result)) * 0.37 + 1.0 + k
            total = total + np.sum(result * weights)
        return total
    return weighted


def _results(result):
    return [r for item in result for r in _results(item)] if isinstance(result, (tuple, list)) \
        else [result]


@pytest.mark.parametrize('case', [c for c in CASES if c.grad], ids=repr)
def test_tape_gradients_match_finite_differences(case):
    args = _args(case)
    floats = [i for i, a in enumerate(args) if isinstance(a, np.ndarray) and a.dtype.kind == 'f']
    f = _weighted(case.call)
    with rt.GradientTape() as tape:
        watched = list(args)
        for i in floats:
            watched[i] = tape.watch(args[i])
        y = f(*watched)
    eager = tape.gradient(y, [watched[i] for i in floats])

    @rt.function
    def in_graph(*xs):
        with rt.GradientTape() as tape:
            for i in floats:
                tape.watch(xs[i])
            y = f(*xs)
        return tape.gradient(y, [xs[i] for i in floats])
    graph = in_graph(*args)
    for i, e, g in zip(floats, eager, graph):
        numeric = np.zeros_like(args[i])
        for index in np.ndindex(args[i].shape):
            bumped = [list(args), list(args)]
            for sign, values in zip((1, -1), bumped):
                values[i] = args[i].copy()
                values[i][index] += sign * 1e-6
            numeric[index] = (f(*bumped[0]) - f(*bumped[1])) / 2e-6
        np.testing.assert_allclose(e, numeric, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-14)
