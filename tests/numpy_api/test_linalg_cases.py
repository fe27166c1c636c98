"""What the linalg and FFT ops promise beyond the claims of `cases_linalg.py` (which
`test_numpy_api.py` checks, graphs bit for bit and gradients included): gradients onto the
triangle numpy reads, refusals instead of lost gradients, unknown sizes, numba's LAPACK."""
import warnings

import numpy as np
import pytest
from cases_linalg import BATCH_SPD, SPD, WELL

import runtime as rt
from runtime.errors import AutoGraphWarning, NotRecordableError
from runtime.graph_ops.gradient_helpers import NoGradientError


def _results(result):
    return [np.asarray(r) for r in result] if isinstance(result, tuple) else [np.asarray(result)]


def test_gradients_in_a_graph_fold_onto_the_triangle_numpy_reads():
    """eigh and cholesky read the lower triangle: the upper one has gradient 0, as finite
    differences of numpy's functions say."""
    @rt.function
    def grads(a):
        with rt.GradientTape() as tape:
            tape.watch(a)
            loss = np.sum(np.linalg.cholesky(a) * WELL) + np.sum(np.linalg.eigvalsh(a) * [1, 2, 3])
        return tape.gradient(loss, a)
    g = grads(SPD)
    assert np.all(np.triu(g, 1) == 0) and np.any(np.tril(g, -1) != 0)


def test_results_complex_values_would_lose_are_refused_not_none():
    signal = np.linspace(0.0, 1.0, 8)
    with rt.GradientTape() as tape:
        x = tape.watch(signal)
        with pytest.raises(NotRecordableError, match="numpy op 'rfft'"):
            np.fft.rfft(x)

    @rt.function
    def through_fft(x):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = np.sum(np.fft.irfft(np.fft.rfft(x)))
        return tape.gradient(y, x)
    with pytest.raises(NoGradientError, match="'irfft'"):
        through_fft(signal)


@pytest.mark.parametrize('through', [lambda x: np.abs(np.fft.fft(x)),
                                     lambda x: np.abs(x.astype(complex) * 1j)],
                         ids=['fft', 'astype'])
def test_a_gradient_through_complex_values_in_a_graph_is_refused_not_wrong(through):
    """The complex rules follow no one convention (abs's is TensorFlow's, multiply's JAX's):
    a gradient reaching a complex value is refused, where it was None (or of the wrong sign)."""
    @rt.function
    def gradient(x):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = np.sum(through(x))
        return tape.gradient(y, x)
    with pytest.raises(NoGradientError, match="'absolute'.*its input is complex"):
        gradient(np.arange(1.0, 4.0))


def test_eig_results_are_complex_whatever_the_values():
    """numpy's dtype depends on the eigenvalues (real when all are); a graph's cannot: always
    complex, as JAX's. The values are numpy's."""
    w, v = rt.function(np.linalg.eig)(SPD)
    assert w.dtype == v.dtype == np.complex128
    want_w, want_v = np.linalg.eig(SPD)
    assert np.array_equal(w, want_w) and np.array_equal(v, want_v)


def test_lstsq_residuals_have_an_unknown_length():
    concrete = rt.function(lambda a, b: np.linalg.lstsq(a, b)).get_concrete_function(
        np.ones((4, 3)), np.ones(4))
    x, residuals, rank, s = concrete.graph.outputs
    assert x.aval.shape == (3,) and residuals.aval.shape == (None,) and s.aval.shape == (3,)


def test_jit_runs_numbas_lapack_within_rounding():
    def decompositions(a, b):
        w, v = np.linalg.eigh(a)
        u, s, vh = np.linalg.svd(b, full_matrices=False)
        q, r = np.linalg.qr(b)
        return (np.linalg.solve(a, b[:3, 0]), np.linalg.cholesky(a), w, v ** 2, s,
                np.abs(u), r ** 2, np.linalg.pinv(b), np.linalg.slogdet(a)[1],
                np.linalg.lstsq(b, b[:, 0])[0], np.linalg.inv(a), np.linalg.det(a))
    b = np.arange(12.0).reshape(4, 3) ** 1.5
    jitted = rt.function(decompositions, jit_compile=True)(SPD, b)
    for got, want in zip(jitted, decompositions(SPD, b), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)


_RECTANGLE = np.arange(20.0).reshape(4, 5) ** 0.5
_UNKNOWN_DIMENSIONS = {
    'fftshift': (np.fft.fftshift, (WELL, _RECTANGLE)),
    'ifftshift': (np.fft.ifftshift, (WELL, _RECTANGLE)),
    'matrix_rank': (np.linalg.matrix_rank, (WELL, _RECTANGLE)),
    'matrix_power': (lambda a: np.linalg.matrix_power(a, 5), (WELL,)),
    'svd': (np.linalg.svd, (WELL, _RECTANGLE)),
    'kron': (lambda a: np.kron(a, a), (WELL, _RECTANGLE)),
    'rfftn': (np.fft.rfftn, (WELL, _RECTANGLE)),
}


@pytest.mark.parametrize('name', sorted(_UNKNOWN_DIMENSIONS))
def test_unknown_dimensions_compute_numpys_results(name):
    """The composites compute with the sizes as graph values when the trace does not know them."""
    call, inputs = _UNKNOWN_DIMENSIONS[name]
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', AutoGraphWarning)
        traced = rt.function(call, input_signature=[rt.TensorSpec((None, None), np.float64)])
        for a in inputs:
            for w, g in zip(_results(call(a)), _results(traced(a)), strict=True):
                assert g.dtype == w.dtype and np.array_equal(g, w)


def test_jit_loops_over_stacks_of_matrices():
    """numba's LAPACK bindings take one matrix: stacks of known shape loop over it."""
    def stacked(a, b):
        return (np.linalg.inv(a), np.linalg.det(a), np.linalg.cholesky(a), np.linalg.eigvalsh(a),
                np.linalg.solve(a, b))
    for dtype in (np.float64, np.float32):
        a, b = BATCH_SPD.astype(dtype), np.arange(12.0, dtype=dtype).reshape(2, 3, 2)
        for got, want in zip(rt.function(stacked, jit_compile=True)(a, b), stacked(a, b),
                             strict=True):
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_allclose(got, want, rtol=1e-5 if dtype == np.float32 else 1e-12)
