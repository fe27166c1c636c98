"""jit_compile=True computes what numpy computes, or refuses by name: where numba's own differs.

Found by running every graph test's graph through the numba backend: numba's
float `floor_divide` is `floor(a / b)`, it has no loop for some ufuncs (or
dtypes: float16), it would take a boolean index for the integers 1 and 0, and
it casts no complex value to a real or boolean type.
"""
import warnings

import numpy as np
import pytest
from extras import needs
from jit_helpers import assert_close

import runtime as rt
from runtime.backends.numba import UnsupportedOpError

pytestmark = needs('numba')  # every test here compiles a graph with numba

R = np.random.default_rng(1)
SPECIAL_A = [1.0, 0.7, -3.0, 3.0, 0.0, -0.0, np.nan, np.inf, -np.inf, 1.0, -1.0, 0.0, 5.0, -7.5]
SPECIAL_B = [0.1, 0.1, 0.3, 0.1, 0.0, 1.0, 1.0, 2.0, 2.0, 0.0, -0.0, -0.0, np.inf, -2.5]


def _operands(dtype):
    a = np.concatenate([SPECIAL_A, R.standard_normal(500) * 10]).astype(dtype)
    b = np.concatenate([SPECIAL_B, R.standard_normal(500)]).astype(dtype)
    return a, b


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_float_floor_divide_is_numpys_bit_for_bit(dtype):
    a, b = _operands(dtype)
    with np.errstate(all='ignore'):
        arrays = rt.function(lambda x, y: np.floor_divide(x, y), jit_compile=True)
        assert_close(arrays(a, b), np.floor_divide(a, b), exact=True)
        broadcast = (a[:40].reshape(-1, 1), b[:7])
        assert_close(arrays(*broadcast), np.floor_divide(*broadcast), exact=True)
        fused = rt.function(lambda x, y: (x // y) * 2 + x, jit_compile=True)
        assert_close(fused(a, b), (a // b) * 2 + a, exact=True)
        scalars = rt.function(lambda x, y: x // y, jit_compile=True)
        for x, y in zip(a[:len(SPECIAL_A)], b):
            assert_close(scalars(x, y), x // y, exact=True)


@pytest.mark.parametrize('fn, args, why', [
    (np.bitwise_count, (np.arange(5),), 'numba has no bitwise_count'),
    (np.heaviside, (np.ones(3), np.zeros(3)), 'numba has no heaviside'),
    (np.signbit, (np.arange(-2, 3, dtype=np.int8),), 'numba has no float16 arrays|'
                                                      'numba has no signbit loop for float16'),
], ids=['bitwise_count', 'heaviside', 'signbit_int8'])
def test_ufuncs_numba_lacks_are_refused_by_name_when_strict_else_run_on_numpy(fn, args, why):
    strict = rt.function(lambda *a: fn(*a), jit_compile='strict')
    with pytest.raises(UnsupportedOpError, match=fr"graph op '{fn.__name__}'.*({why})"):
        strict(*args)
    np.testing.assert_array_equal(rt.function(lambda *a: fn(*a))(*args), fn(*args))
    assert_close(rt.function(lambda *a: fn(*a), jit_compile=True)(*args), fn(*args), exact=True)


X = np.arange(24.0).reshape(2, 3, 4)


def _mask_assign(x):
    y = x.copy()
    y[x > 10] = 0.0
    return y


@pytest.mark.parametrize('fn', [lambda x: x[x[:, 0, 0] > 5],  # (a whole-shape mask compiles:
                                lambda x: x[True], lambda x: x[False]],  # below)
                         ids=['row_mask', 'true', 'false'])
def test_boolean_indices_are_not_taken_for_integers(fn):
    """numba would take a boolean index for integers: strict refuses, and jit_compile=True runs
    it on numpy's kernel."""
    with pytest.raises(UnsupportedOpError, match=r"graph op '(getitem|set_item)'"):
        rt.function(fn, jit_compile='strict')(X)
    np.testing.assert_array_equal(rt.function(fn)(X), fn(X))
    assert_close(rt.function(fn, jit_compile=True)(X), fn(X), exact=True)


@pytest.mark.parametrize('fn', [lambda x: x[x > 10], _mask_assign], ids=['mask', 'mask_assign'])
def test_a_mask_of_the_whole_array_compiles_to_numpys_result(fn):
    np.testing.assert_array_equal(rt.function(fn, jit_compile=True)(X), fn(X))


@pytest.mark.parametrize('dtype', [np.bool_, np.int8, np.uint8, np.int32, np.int64, np.float32])
def test_complex_values_cast_to_real_types_as_numpys(dtype):
    """numpy takes the real part (or tests for nonzero); numba has no such cast."""
    values = np.array([1.9 + 2j, 0j, -2.7 + 0j, 1j, -0.0 - 0j], np.complex64)
    cast = rt.function(lambda x: x.astype(dtype), jit_compile=True)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', np.exceptions.ComplexWarning)  # eager numpy's
        assert_close(cast(values), values.astype(dtype), exact=True)
        for value in values:
            assert_close(cast(value), value.astype(dtype), exact=True)


def test_a_float16_argument_is_refused_by_name_even_unused():
    with pytest.raises(UnsupportedOpError, match=r'argument 2 \(f16\[\]\) has a dtype numba'):
        rt.function(lambda x, unused: -x, jit_compile=True)(np.int8(3), np.float16(1))
    with pytest.raises(UnsupportedOpError, match=r'result 1 \(f16\[2\]\)'):
        rt.function(lambda: np.ones(2, np.float16), jit_compile=True)()


@pytest.mark.parametrize('fn', [lambda x: x[...], lambda x: x[..., 0], lambda x: x[0, ...],
                                lambda x: x[None, ...] * 2, lambda x: np.sin(x)[...]],
                         ids=['all', 'last', 'first', 'new_axis', 'of_a_result'])
def test_an_ellipsis_index_lowers_to_the_slices_it_stands_for(fn):
    """numba takes no bare `x[...]`: the generated code spells its slices out."""
    x = np.arange(12.0).reshape(3, 4)
    assert_close(rt.function(fn, jit_compile=True)(x), fn(x), exact=True)


@pytest.mark.parametrize('fn', [np.negative, np.absolute, np.positive, np.invert, np.sign])
def test_unary_ufuncs_of_int64_scalars(fn):
    for n in (np.int64(-3), np.int64(0), np.int64(7)):
        assert_close(rt.function(lambda x: fn(x), jit_compile=True)(n), fn(n), exact=True)
