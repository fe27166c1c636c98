"""numpy's statistics, NaN functions and predicates in graphs and on tapes: numpy's results bit
for bit, gradients against finite differences, unknown sizes, type queries, clear refusals."""
import numpy as np
import pytest
from autodiff_helpers import numeric_gradient
from extras import needs

import runtime as rt

_rng = np.random.default_rng(7)
M = _rng.normal(size=(3, 4))
V = _rng.normal(size=7)
N = np.where(_rng.uniform(size=(3, 4)) < 0.25, np.nan, M)
X = np.sort(_rng.uniform(0, 10, size=6))

SAME_AS_NUMPY = [
    (lambda a: np.median(a, axis=1, keepdims=True), (M,)),
    (lambda a: np.median(a), (np.append(V, np.nan),)),
    (lambda a: (np.median(a), np.percentile(a, 20), np.nanmedian(a)), (V,)),
    (lambda a: np.percentile(a, [5, 50, 95], axis=0), (M,)),
    (lambda a: np.quantile(a, 0.3, keepdims=True), (M.astype(np.float32),)),
    (lambda a, w: np.average(a, axis=1, weights=w, returned=True), (M, X[:4])),
    (lambda a: np.cov(a, rowvar=False, bias=True), (M,)),
    (lambda a: np.corrcoef(a), (M,)),
    (lambda a: np.gradient(a, 0.5, edge_order=2), (M,)),
    (lambda a: np.nanvar(a, axis=0, ddof=1), (N,)),
    (lambda a: np.nanmean(a, axis=1, keepdims=True), (N,)),
    (lambda a: np.nanmedian(a, axis=0), (np.vstack([N, np.full(4, np.nan)]),)),
    (lambda a: (np.nanmax(a), np.nanargmin(a, axis=1), np.nancumsum(a)), (N,)),
    (lambda a: np.isclose(a, a + 1e-9) & ~np.isposinf(a), (np.append(V, [np.inf, np.nan]),)),
    (lambda a: np.nan_to_num(a, posinf=5.0), (np.array([np.inf, -np.inf, np.nan, 1.0]),)),
    (lambda a: np.count_nonzero(a > 0, axis=0), (M,)),
    (lambda a: np.fix(a * 3), (M,)),
    (lambda a, v: np.convolve(a, v, 'same'), (V, X[:4])),
    (lambda x, xp, fp: np.interp(x, xp, fp, left=-1.0), (V * 4 + 5, X, np.sin(X))),
    (lambda a: np.histogram(a, bins=4), (M,)),
    (lambda x, w: np.bincount(x, w, minlength=9), (np.array([3, 0, 3, 5]), X[:4])),
]


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    assert isinstance(got, np.ndarray) == isinstance(want, np.ndarray), (got, want)  # 0-d
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
    assert np.array_equal(got, want, equal_nan=want.dtype.kind == 'f'), (got, want)


@pytest.mark.parametrize('call, args', SAME_AS_NUMPY)
def test_a_graph_gives_numpys_result_bit_for_bit(call, args):
    _same(rt.function(autograph=False)(call)(*args), call(*args))


DIFFERENTIABLE = [
    (lambda a: np.median(a, axis=0), (M,)),
    (lambda a: np.percentile(a, [10, 70], axis=1), (M,)),
    (lambda a, w: np.average(a, axis=1, weights=w), (M, X[:4])),
    (lambda a: np.corrcoef(a), (M,)),
    (lambda a: np.nanstd(a, axis=1), (N,)),
    (lambda a: np.gradient(a, 2.0), (V,)),
    (lambda a, v: np.correlate(a, v, 'same'), (X[:4], V)),
    (lambda x, fp: np.interp(x, X, fp), (V * 4 + 5, np.cos(X))),
]


@pytest.mark.parametrize('call, args', DIFFERENTIABLE)
def test_tape_gradients_eagerly_and_in_a_graph_match_finite_differences(call, args):
    with rt.GradientTape() as tape:
        xs = tape.watch(list(args))
        y = np.sum(call(*xs))
    eager = tape.gradient(y, xs)

    @rt.function(autograph=False)
    def in_graph(*xs):
        with rt.GradientTape() as tape:
            tape.watch(list(xs))
            y = np.sum(call(*xs))
        return tape.gradient(y, list(xs))
    for expected, got, traced in zip(numeric_gradient(call, *args), eager, in_graph(*args)):
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(traced, got, rtol=1e-12, atol=1e-12)


def test_bincount_gives_an_unknown_dimension():
    concrete = rt.function(autograph=False)(np.bincount).get_concrete_function(
        rt.TensorSpec((None,), np.int64))
    assert concrete.graph.outputs[0].aval.shape == (None,)
    np.testing.assert_array_equal(concrete(np.array([1, 4, 1])), [0, 2, 0, 0, 1])


def test_type_queries_answer_from_the_abstract_type_as_numpy_does():
    @rt.function(autograph=False)
    def f(a, i):
        assert np.result_type(a, i, 1) == np.float32 and np.can_cast(i, np.float64)
        assert not np.can_cast(a, np.int32) and np.isrealobj(a) and not np.iscomplexobj(i)
        return np.zeros(2, np.result_type(i, np.float16))
    assert f(np.ones(2, np.float32), np.ones(2, np.int8)).dtype == np.float16


def test_closeness_answers_a_bool_as_numpy_in_a_graph_and_on_a_tape():
    def close(a, b):
        return np.allclose(a, b), np.array_equal(a, b, equal_nan=True), np.array_equal(a, b[:2])
    traced = rt.function(autograph=False)(close)
    for b in (N + 1e-12, N + 1e-3, N):
        assert tuple(bool(v) for v in traced(N, b)) == close(N, b)
    with rt.GradientTape() as tape:
        x = tape.watch(N)
        assert close(x, N) == (False, True, False)  # Python bools, as numpy's


@pytest.mark.parametrize('call, message', [
    (lambda a: np.median(a, axis=(0, 1)), 'reduces one axis or all'),
    (lambda a: np.percentile(a, 50, method='nearest'), "method='linear'"),
    (lambda a: np.gradient(a, np.arange(4.0), axis=1), 'scalar spacings'),
    (lambda a: np.histogram(a, bins='auto'), 'an estimator'),
    (lambda a: np.cov(a, fweights=np.ones(4, int)), 'fweights'),
])
def test_unsupported_arguments_are_refused_naming_the_function(call, message):
    with pytest.raises(TypeError, match=message):
        rt.function(autograph=False)(call)(M)


@needs('numba')
def test_jit_compiles_interp_bincount_diff_and_nan_reductions_as_numpy():
    def f(x, xp, fp, i, w, m, n):
        return (np.interp(x, xp, fp, left=-1.0, right=2.0), np.bincount(i, w, minlength=7),
                np.diff(m, 2, axis=0), np.diff(m > 0), np.diff(i), np.nanstd(n, axis=1),
                np.nanmean(n, axis=0, keepdims=True), np.count_nonzero(m > 0, axis=1))
    args = (np.append(V * 4 + 5, [np.nan, X[-1], X[0]]), X, np.sin(X), np.array([3, 0, 3, 5]),
            X[:4], M, N)
    _same(rt.function(autograph=False, jit_compile=True)(f)(*args), f(*args))


@needs('onnx', 'onnxruntime')
def test_onnx_exports_diff_nan_to_num_and_infinity_tests():
    import onnxruntime

    def f(a):
        return (np.diff(a, axis=0), np.diff(a > 0, 2), np.nan_to_num(a, posinf=7.0),
                np.isposinf(a), np.isneginf(a), np.isclose(a, 1.0, equal_nan=True))
    a = np.array([[1.0, np.inf, -2.0], [np.nan, -np.inf, 1.0], [0.5, 3.0, 1.0 + 1e-9]])
    model = rt.onnx.export(rt.function(autograph=False)(f).get_concrete_function(a))
    session = onnxruntime.InferenceSession(model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    for got, want in zip(session.run(None, {session.get_inputs()[0].name: a}), f(a)):
        _same(got, want)


def test_an_unknown_dimension_is_fine_unless_the_function_reduces_along_it():
    def f(a):
        return (np.median(a, axis=1), np.percentile(a, [20, 50], axis=1, keepdims=True),
                np.average(a, axis=1, weights=X[:4]), np.gradient(a, axis=1),
                np.nanmedian(a, axis=-1))
    batch = rt.function(autograph=False, input_signature=[rt.TensorSpec((None, 4), np.float64)])
    _same(batch(f)(N), f(N))
    with pytest.raises(TypeError, match='numpy.median .* needs the size along axis 0 known'):
        batch(lambda a: np.median(a, axis=0))(N)
