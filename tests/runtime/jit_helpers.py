"""Helpers for the jit tests: compare compiled results with eager numpy within the documented
tolerance (exact for integers, booleans and fused elementwise arithmetic)."""
import numpy as np

RTOL = {np.dtype(np.float16): 1e-3, np.dtype(np.float32): 1e-5, np.dtype(np.float64): 1e-10,
        np.dtype(np.complex64): 1e-5, np.dtype(np.complex128): 1e-10}


def assert_close(actual, expected, exact=False):
    """Same Python type (but a numpy scalar for a 0-d array), dtype and shape; values equal
    (floats: within RTOL unless `exact`)."""
    if isinstance(expected, (tuple, list)):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_close(a, e, exact)
        return
    if type(expected) is np.ndarray and expected.ndim == 0 and isinstance(actual, np.generic):
        actual = np.asarray(actual)  # documented: jit's 0-d results are numpy scalars
    assert type(actual) is type(expected), (type(actual), type(expected))
    if not isinstance(expected, (np.ndarray, np.generic)):
        assert actual == expected or (actual != actual and expected != expected)
        return
    assert actual.dtype == expected.dtype and np.shape(actual) == np.shape(expected)
    if exact or expected.dtype not in RTOL:
        assert np.asarray(actual).tobytes() == np.asarray(expected).tobytes(), (actual, expected)
    else:
        # sums (matmul, reductions) add in another order: errors relative to the largest value
        scale = float(np.nanmax(np.abs(expected), initial=0)) if expected.size else 0.0
        np.testing.assert_allclose(actual, expected, rtol=RTOL[expected.dtype],
                                   atol=RTOL[expected.dtype] * scale)
