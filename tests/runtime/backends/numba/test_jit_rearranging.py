"""jit_compile='strict' compiles hstack/vstack, moveaxis, take, nonzero, boolean masks,
empty_like, linalg.norm, matrix-vector products and every power, with numpy's values, types and
errors (`runtime/backends/numba/rearranging.py`, `kernels.inexact_power`)."""
import numpy as np
import pytest
from extras import needs
from jit_helpers import assert_close

import runtime as rt

pytestmark = needs('numba')

M = np.arange(6.0).reshape(2, 3) / 7
V = np.array([0.5, -1.0, 2.0])

def _filled(empty, a):
    empty[...] = a > 0.3  # (an empty array's values are unspecified)
    return empty


CASES = {
    'moveaxis': (lambda a: np.moveaxis(a, 0, -1), (M,)),
    'moveaxis_several': (lambda a: np.moveaxis(a.reshape(1, 2, 3), (0, 1), (-1, -2)), (M,)),
    'take_axis': (lambda a: np.take(a, np.array([2, 0, -1]), axis=1), (M,)),
    'take_flat': (lambda a: np.take(a, np.array([-1, 4, 0])), (M,)),
    'take_scalar': (lambda a: np.take(a, np.int64(-1), axis=0), (M,)),
    'take_2d_index': (lambda a: np.take(a, np.array([[1, 2], [0, 5]])), (M,)),
    'empty_like': (lambda a: _filled(np.empty_like(a, dtype=np.int32), a), (M,)),
    'nonzero': (lambda a: np.nonzero(a > 0.3), (M,)),
    'norm_matrix': (lambda a: np.linalg.norm(a), (M,)),
    'norm_vector': (lambda a: np.linalg.norm(a[1]), (M,)),
    'hstack_vectors': (lambda a, b: np.hstack([a, b * 2]), (V, V)),
    'hstack_matrices': (lambda a, b: np.hstack([a, a[:, :1]]), (M, V)),
    'hstack_scalar': (lambda a, b: np.hstack([a[0, 0], b]), (M, V)),
    'vstack': (lambda a, b: np.vstack([a, b]), (M, V)),
    'vstack_scalars': (lambda a, b: np.vstack([a[0, 0], a[0, 1]]), (M, V)),
    'vstack_ints': (lambda a, b: np.vstack([np.arange(3), b]), (M, V)),
    'mask': (lambda a: a[a > 0.3], (M,)),
    'matrix_vector': (lambda a, b: a @ b, (M, V)),
    'vector_matrix': (lambda a, b: b[:2] @ a, (M, V)),
    'dot_matrix_vector': (lambda a, b: np.dot(a, b), (M, V)),
}


@pytest.mark.parametrize('name', CASES)
def test_compiled_without_numpy_kernels_and_equal_to_numpy(name):
    fn, args = CASES[name]
    strict = rt.function(fn, jit_compile='strict')
    assert_close(strict(*args), fn(*args), exact=True)
    assert 'run_numpy_op' not in strict.get_concrete_function(*args).callable().__source__


@pytest.mark.parametrize('fn, args', [
    (lambda a: np.take(a, np.array([7])), (M,)),
    (lambda a: np.take(a, np.array([0, -7]), axis=1), (M,)),
    (lambda a: np.take(a, np.int64(2), axis=0), (M,)),
    (lambda a, m: a[m], (M, np.ones((3, 2), bool))),
], ids=['flat', 'negative', 'scalar', 'mask_shape'])
def test_an_index_out_of_bounds_raises_index_error_as_numpy(fn, args):
    with pytest.raises(IndexError):
        fn(*args)
    with pytest.raises(IndexError):
        rt.function(fn, jit_compile='strict')(*args)


POWER_VALUES = [np.array([3, -2, 0, 7]), np.array([1.5, -2.0, 0.0, 3.25]),
                np.array([True, False, True]), np.array([3, -2, 5], np.int8),
                np.array([3, 2, 5], np.uint8), np.array([1.5, 2.0, 0.3], np.float32),
                np.linspace(0.1, 9.0, 40)]
EXPONENTS = [2, 3, 0, -1, 2.0, 0.5, 1.5, -2.3, np.int64(2), np.int64(-2), True,
             np.float32(1.5), np.float64(3.7)]
# np.power and a 0-d base take the same loops: one exponent of each kind and fast path (each
# exponent type is a trace and a numba compile)
FEWER_EXPONENTS = [2, -1, 0.5, -2.3, np.int64(-2), np.float32(1.5)]


def _outcome(fn, *args):
    try:
        return fn(*args)
    except (ValueError, OverflowError) as exc:  # (an int to a negative power; uint8 ** -1)
        return type(exc).__name__


@pytest.mark.filterwarnings('ignore::RuntimeWarning')
@pytest.mark.parametrize('x', POWER_VALUES, ids=lambda x: f'{x.dtype}{x.shape}')
def test_powers_of_every_dtype_are_numpys_bit_for_bit_with_its_errors(x):
    """numpy's result types, its fast paths (a boolean squared is int8), its ValueError for an
    integer to a negative integer power (OverflowError for a negative Python int meeting an
    unsigned array), and its float pow to the last bit."""
    for power, exponents in ((lambda x, e: x ** e, EXPONENTS), (np.power, FEWER_EXPONENTS),
                             (lambda x, e: x[0] ** e, FEWER_EXPONENTS)):
        jitted = rt.function(power, jit_compile='strict')
        for e in exponents:
            expected, actual = _outcome(power, x, e), _outcome(jitted, x, e)
            if isinstance(expected, str):
                assert actual == expected, (x.dtype, e)
            else:
                assert_close(actual, expected, exact=True)
