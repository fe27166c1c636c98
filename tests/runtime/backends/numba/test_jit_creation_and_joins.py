"""jit_compile=True lowers array creation, clip, all/any/argmax/argmin, cumsum/cumprod,
concatenate, stack, flip, outer, dot and round: differential tests against eager numpy (bitwise), and the param
combinations it refuses by name."""
import numpy as np
import pytest
from extras import needs
from jit_helpers import assert_close

import runtime as rt
from runtime.backends.numba import UnsupportedOpError

pytestmark = needs('numba')  # every test here compiles a graph with numba

DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.float32, np.float64]
FLOATS = [np.float32, np.float64]


def both(fn, *args):
    """The jitted results equal eager numpy's bit for bit (one compile per argument type)."""
    jitted = rt.function(fn, jit_compile=True)
    assert_close(jitted(*args), fn(*args), exact=True)
    return jitted


def values(dtype, shape, seed=0):
    """Values of `dtype` with repeats (ties for argmax), negatives and zeros where it has them."""
    r = np.random.default_rng(seed)
    x = r.integers(-3, 4, size=shape)
    return (x > 0) if dtype is np.bool_ else x.astype(dtype)


def refused(fn, *args, op):
    """jit_compile='strict' refuses `op`; jit_compile=True runs it on its numpy kernel between
    compiled parts, giving numpy's results."""
    with pytest.raises(UnsupportedOpError, match=f"graph op '{op}'"):
        rt.function(fn, jit_compile='strict').get_concrete_function(*args)
    assert_close(rt.function(fn, jit_compile=True)(*args), fn(*args), exact=True)


@pytest.mark.parametrize('dtype', DTYPES)
def test_zeros_ones_full_eye_of_run_time_sizes(dtype):
    def make(n):
        return (np.zeros((n, 3), dtype), np.ones(n, dtype), np.full((2, n), 2, dtype),
                np.eye(n, k=1, dtype=dtype), np.eye(3, n, -1, dtype=dtype),
                np.zeros((), dtype), np.full((), 1, dtype), np.ones((2, 0, n), dtype))

    jitted = both(make, np.int64(3))
    for n in (np.int64(0), np.int64(1), np.int64(5)):
        assert_close(jitted(n), make(n), exact=True)
    both(make, np.uint8(2))  # a narrow size


@pytest.mark.parametrize('dtype', DTYPES)
def test_full_of_a_value_or_a_row_casts_as_numpy(dtype):
    def fill(x, row, n):
        return (np.full((n, 2), x), np.full((n, 3), x, np.float64), np.full((), x),
                np.full((2, 3), row), np.full((n, 3), row, np.int64), np.full(3, 7.5, dtype))

    both(fill, dtype(1), values(dtype, (3,)), np.int64(2))
    both(fill, dtype(0), values(dtype, (3,), 1), np.int64(0))


def counts(k):
    return np.arange(k), np.arange(k, 0, -1)


def int8_range(a, b, c):
    return np.arange(a, b, c, dtype=np.int8)


def stepped_range(n, s):
    return np.arange(0, n, s)


def test_arange_of_integers_and_float64_fills_as_numpy():
    def ranges(n, m):
        return (np.arange(n), np.arange(2, n, 3), np.arange(n, -4, -2),
                np.arange(m, n, dtype=np.int8), np.arange(0.1, n, 0.3), np.arange(n, 0.5, -0.7),
                np.arange(1.5, m), np.arange(n, dtype=np.float64), np.arange(m, 300))

    jitted = both(ranges, np.int64(10), np.int64(-3))
    for n, m in ((0, 0), (1, 5), (200, -100), (-7, 2)):
        assert_close(jitted(np.int64(n), np.int64(m)), ranges(np.int64(n), np.int64(m)),
                     exact=True)
    both(counts, np.uint8(7))  # uint8 results
    both(counts, np.int8(0))
    narrow = rt.function(int8_range, jit_compile=True)
    for bounds in ((120, 130, 1), (-130, -130, 1), (0, 1, 200), (5, -130, -1)):
        bounds = tuple(np.int64(b) for b in bounds)
        assert_close(narrow(*bounds), np.arange(*bounds, dtype=np.int8), exact=True)
    for bounds in ((-130, -129, 1), (126, 130, 2)):
        bounds = tuple(np.int64(b) for b in bounds)
        with pytest.raises(OverflowError):
            np.arange(*bounds, dtype=np.int8)
        with pytest.raises(OverflowError):
            narrow(*bounds)
    stepped = rt.function(stepped_range, jit_compile=True)
    with pytest.raises(ValueError, match='Maximum allowed size exceeded'):
        np.arange(0, np.int64(3), np.int64(0))  # a step of 0: an infinite length
    with pytest.raises(ValueError, match='Maximum allowed size exceeded'):
        stepped(np.int64(3), np.int64(0))


def test_arange_of_narrow_float_bounds_is_refused():
    def narrow_bounds(x):
        return np.arange(x, 3.0, 0.1)

    def narrow_result(n):
        return np.arange(n, dtype=np.float32)

    refused(narrow_bounds, np.float32(0), op='arange')
    refused(narrow_result, np.int64(3), op='arange')


@pytest.mark.parametrize('dtype', DTYPES[1:])
def test_clip_by_scalars_and_arrays(dtype):
    def clip(x, lo, hi, s):
        return (np.clip(x, 0, 2), np.clip(x, lo, hi), np.clip(x, lo[0], 1),
                np.clip(s, lo[0], hi[1]), np.clip(s, 1, 2), np.clip(x[:0], lo, 1))

    x = values(dtype, (4, 5))
    both(clip, x, values(dtype, (5,), 1), values(dtype, (4, 5), 2) + dtype(2), dtype(3))


@pytest.mark.parametrize('dtype', FLOATS)
def test_clip_keeps_nans_and_numpys_signed_zeros_at_ties(dtype):
    def clip(x, lo, hi, s):
        return (np.clip(x, dtype(0), dtype(1)), np.clip(x, lo, hi), np.clip(x, -1.0, hi),
                np.clip(s, lo[0], dtype(0)), np.clip(s, np.array(0.0, dtype), 1.0))

    x = np.array([-0.0, 0.0, np.nan, 2.0, -2.0, 0.5], dtype)
    lo = np.array([0.0, -0.0, 0.0, np.nan, -1.0, 0.0], dtype)
    hi = np.array([1.0, -0.0, 1.0, 1.0, np.nan, -0.0], dtype)
    for s in (dtype(-0.0), dtype(0.0), dtype(np.nan), dtype(3)):
        both(clip, x, lo, hi, s)
    both(clip, x[::-1].copy(), hi, lo, dtype(np.nan))


REDUCED_SHAPES = [(), (5,), (3, 4), (2, 3, 4)]


@pytest.mark.parametrize('dtype', DTYPES)
def test_argmax_argmin_all_any_over_axes(dtype):
    # every shape's reductions in one graph (one numba compile per dtype, not per shape)
    def reduce(*xs):
        out = []
        for x, shape in zip(xs, REDUCED_SHAPES):
            ndim = len(shape)
            out += [np.argmax(x), np.argmin(x), np.all(x), np.any(x),
                    np.argmax(x, keepdims=True), np.any(x, keepdims=True)]
            for axis in {0, -1, ndim - 1} if ndim else ():
                out += [np.argmax(x, axis=axis), np.argmin(x, axis, keepdims=True),
                        np.all(x, axis=axis), np.any(x, axis, keepdims=True)]
            if ndim == 3:
                out += [np.all(x, axis=(0, 2)), np.any(x, axis=(-1, 1), keepdims=True)]
        return tuple(out)

    both(reduce, *(values(dtype, shape) for shape in REDUCED_SHAPES))


@pytest.mark.parametrize('dtype', DTYPES)
def test_all_and_any_of_empty_arrays(dtype):
    def truth(x):
        return np.all(x), np.any(x), np.all(x, axis=1), np.any(x, -1, keepdims=True), \
            np.all(x, axis=0)

    both(truth, values(dtype, (3, 0)))
    both(truth, values(dtype, (0, 2)))


def test_argmax_of_an_empty_array_raises_as_numpy():
    with pytest.raises(ValueError, match='attempt to get argmax of an empty sequence'):
        np.argmax(np.zeros(0))
    with pytest.raises(ValueError, match='attempt to get argmax of an empty sequence'):
        rt.function(lambda x: np.argmax(x), jit_compile=True)(np.zeros(0))
    with pytest.raises(ValueError, match='attempt to get argmin of an empty sequence'):
        rt.function(lambda x: np.argmin(x, axis=1), jit_compile=True)(np.zeros((2, 0)))


@pytest.mark.parametrize('dtype', FLOATS)
def test_argmax_argmin_give_the_first_nans_index_and_all_counts_nan_as_true(dtype):
    def reduce(x):
        return (np.argmax(x), np.argmin(x), np.argmax(x, axis=0), np.argmin(x, axis=-1),
                np.all(x, axis=1), np.any(x, 0), np.all(x))

    x = np.array([[1.0, np.nan, 3.0, np.nan], [np.nan, -np.inf, 0.0, -0.0],
                  [2.0, 2.0, -1.0, np.inf]], dtype)
    both(reduce, x)
    both(reduce, np.where(np.isnan(x), 5.0, x).astype(dtype))
    both(lambda s: (np.argmax(s), np.all(s), np.any(s)), dtype(np.nan))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(), (0,), (6,), (3, 4), (2, 3, 4), (2, 0, 3)])
def test_cumsum_cumprod_over_axes(dtype, shape):
    ndim = len(shape)

    def scan(x):
        out = [np.cumsum(x), np.cumprod(x)]
        for axis in sorted({0, -1, ndim - 1, ndim // 2}) if ndim else ():
            out += [np.cumsum(x, axis=axis), np.cumprod(x, axis)]
        return tuple(out)

    both(scan, values(dtype, shape))


@pytest.mark.parametrize('dtype', FLOATS)
def test_float_scans_keep_signed_zeros_and_nans_in_order(dtype):
    def scan(x):
        return np.cumsum(x), np.cumsum(x, axis=0), np.cumprod(x, axis=1), \
            np.cumsum(x, dtype=np.float64), np.cumsum(x.astype(np.int32), axis=-1)

    x = np.array([[-0.0, 0.1, np.nan], [-0.0, -0.0, 3.5], [1e30, -1e30, 1e-30]], dtype)
    with np.errstate(invalid='ignore'):
        both(scan, x)
    both(scan, np.random.default_rng(0).standard_normal((40, 30)).astype(dtype))


@pytest.mark.parametrize('dtype', DTYPES)
def test_concatenate_and_stack_on_static_axes(dtype):
    def join(x, y, s):
        return (np.concatenate([x, y]), np.concatenate((x, y.T.T, x), axis=-1),
                np.concatenate([x, x.T], axis=None), np.concatenate([x[:, :0], y], 1),
                np.concatenate([x]), np.stack([x, y]), np.stack((x, y, x), axis=-1),
                np.stack([x, y.T.T], 1), np.stack([s, s, dtype(1)]), np.stack([s], axis=-1),
                np.concatenate([x, y.astype(np.int64)]), np.stack([x[:1], y[1:2] * 2], 0))

    x, y = values(dtype, (3, 3)), values(dtype, (3, 3), 1)
    both(join, x, y, dtype(1))
    both(join, values(dtype, (0, 0)), values(dtype, (0, 0), 1), dtype(0))


def test_joins_of_unknown_lengths_and_mixed_dtypes():
    @rt.function(jit_compile=True, input_signature=[rt.TensorSpec((None, 2), np.int8),
                                                    rt.TensorSpec((None, 2), np.float32)])
    def join(a, b):
        return np.concatenate([a, b]), np.stack([a, a], -1), np.concatenate([b, a], axis=None)

    for n in (0, 3):
        a, b = values(np.int8, (n, 2)), values(np.float32, (n, 2), 1)
        expected = (np.concatenate([a, b]), np.stack([a, a], -1),
                    np.concatenate([b, a], axis=None))
        assert_close(join(a, b), expected, exact=True)


@pytest.mark.parametrize('dtype', DTYPES)
def test_flip_on_axes(dtype):
    def flip(x, s):
        return np.flip(x), np.flip(x, 1), np.flip(x, (0, -1)), np.flip(x, -2) + x, np.flip(s)

    both(flip, values(dtype, (3, 4, 2)), dtype(1))
    both(flip, values(dtype, (0, 3, 1)), dtype(0))


@pytest.mark.parametrize('dtype', DTYPES[1:])
def test_outer_of_raveled_values_wraps_as_numpy(dtype):
    def outer(x, v, s):
        return np.outer(x, v), np.outer(v, x[0]), np.outer(s, v), np.outer(v[:0], v)

    x = values(dtype, (3, 4)) * dtype(60)  # int8 products wrap
    both(outer, x, values(dtype, (5,), 1) * dtype(50), dtype(3))


@pytest.mark.parametrize('dtype', FLOATS)
def test_dot_of_vectors_and_matrices_within_tolerance(dtype):
    def dot(x, v):
        return np.dot(x, x.T), np.dot(v, v), np.dot(x, v), np.dot(v[:3], x), \
            np.dot(x.astype(np.float64), v)

    r = np.random.default_rng(0)
    x, v = r.standard_normal((3, 4)).astype(dtype), r.standard_normal(4).astype(dtype)
    jitted = rt.function(dot, jit_compile=True)
    assert_close(jitted(x, v), dot(x, v))
    fortran = np.asfortranarray(x)
    assert_close(jitted(fortran, v), dot(fortran, v))


@pytest.mark.parametrize('dtype', FLOATS)
def test_round_scales_by_numpys_powers_of_ten(dtype):
    def round_(x, s):
        return (np.round(x), np.round(x, 2), np.round(x, -1), np.round(x, 3), np.round(s, 1),
                np.round(s), np.round(x, 300), np.round(s, -2), np.round(x, 20))

    special = [0.5, 1.5, 2.5, -0.5, -0.0, 0.125, 1.005, 2.675, np.nan, np.inf, -np.inf, 1e300,
               1e-300, 1e308, 1e30, 3.5e-20]
    x = np.concatenate([np.random.default_rng(0).standard_normal(200) * 1000, special])
    with np.errstate(all='ignore'):
        for s in (2.675, -0.05, np.nan, 1e300):
            both(round_, x.astype(dtype), dtype(s))


@pytest.mark.parametrize('dtype', [np.int8, np.int64, np.uint8])
def test_round_of_integers_to_nonnegative_decimals_copies(dtype):
    both(lambda x, s: (np.round(x), np.round(x, 2), np.round(s, 1)),
         values(dtype, (5,)), dtype(3))


def fortran_zeros(n):
    return np.zeros((n, 3), order='F')


def test_param_combinations_without_a_lowering_are_refused_by_name():
    x = np.arange(6.0).reshape(2, 3)
    refused(lambda x: np.clip(x, None, 2.0), x, op='clip')
    refused(lambda x: np.clip(x, 0.0, None), x, op='clip')
    refused(lambda z: np.argmax(z), x + 1j, op='argmax')
    refused(lambda z: np.cumsum(z, axis=0), x + 1j, op='cumsum')
    refused(lambda x: np.concatenate([x, x], dtype=np.float32), x, op='concatenate')
    refused(fortran_zeros, np.int64(2), op='zeros')
    refused(lambda b: np.outer(b, b), x > 1, op='outer')
    refused(lambda k: np.dot(k, k), np.arange(3), op='dot')
    refused(lambda s: np.dot(s, x), np.float64(2), op='dot')
    refused(lambda k: np.round(k, -1), np.arange(3), op='round')  # numpy's integer rounding
