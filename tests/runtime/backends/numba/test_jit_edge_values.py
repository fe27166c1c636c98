"""jit_compile=True against eager numpy at edge values, bit for bit (issue 24, item 8).

Every elementwise ufunc the jit lowers, on every dtype it computes it in, over
all pairs of a dtype's edge values: signed zeros, NaNs of both signs with
distinct payloads, infinities, the extremes, integer bounds. One compiled
function per dtype (all ops of the dtype in one fused loop) and its scalar
form. Results compare as bits (a NaN's sign and payload too); the
documented differences are the only exceptions (`_documented`).
"""
import warnings

import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.backends.numba import ufunc_loops
from runtime.graph_ops.elementwise import UFUNCS

pytestmark = needs('numba')  # every test here compiles a graph with numba

INTEGERS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float32, np.float64]
# libm-backed: numba's and numpy's values may differ in the last bits of finite results
# (README: "on small arrays and scalars numba's libm is used"); their NaNs, infinities and
# zeros are still numpy's
LIBM = frozenset(('arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctanh', 'cbrt', 'cos',
                  'cosh', 'exp', 'exp2', 'expm1', 'log', 'log10', 'log1p', 'log2', 'sin', 'sinh',
                  'tan', 'tanh', 'arctan2', 'power', 'float_power', 'hypot', 'logaddexp',
                  'logaddexp2', 'degrees', 'rad2deg', 'radians', 'deg2rad'))
ULPS = 4


def _bits(dtype):
    return np.dtype(f'u{np.dtype(dtype).itemsize}')


def nan_with(payload, negative, dtype):
    """A quiet NaN of `dtype` with this payload and sign."""
    unsigned = _bits(dtype)
    quiet = np.array(np.nan, dtype).view(unsigned)[()]
    sign = unsigned.type(1) << unsigned.type(8 * unsigned.itemsize - 1)
    return np.array(quiet | unsigned.type(payload) | (sign if negative else 0), unsigned).view(
        dtype)[()]


def edge_values(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == 'b':
        return np.array([False, True])
    if dtype.kind in 'iu':
        info = np.iinfo(dtype)
        values = [0, 1, 2, 7, info.max, info.max - 1, info.min, info.min + 1]
        values += [-1, -2, -7] if dtype.kind == 'i' else [8, 9]  # (8, 9: shift counts >= bits)
        return np.array(sorted(set(values)), dtype)
    finfo = np.finfo(dtype)
    values = [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 6.0, np.inf, -np.inf, finfo.max, -finfo.max,
              finfo.smallest_subnormal, 1e-3]
    nans = [nan_with(0, False, dtype), nan_with(0, True, dtype), nan_with(1, False, dtype),
            nan_with(2, True, dtype)]
    return np.concatenate([np.array(values, dtype), np.array(nans, dtype)])


def _lowered(name, dtype, nin):
    """True if the jit lowers ufunc `name` on `dtype` inputs (integer dtypes: the ops whose
    result is an integer or a boolean; the float ones are the float dtypes' tests)."""
    ufunc = UFUNCS[name]
    if ufunc.nin != nin or ufunc.nout != 1 or ufunc.signature:
        return False
    try:
        dtypes = ufunc.resolve_dtypes((np.dtype(dtype),) * nin + (None,))
    except TypeError:
        return False
    if np.dtype(dtype).kind in 'biu' and dtypes[-1].kind not in 'biu':
        return False
    return ufunc_loops.missing_loop(ufunc, dtypes) is None


def _ops(dtype):
    unary = [n for n in sorted(UFUNCS) if _lowered(n, dtype, 1)]
    binary = [n for n in sorted(UFUNCS) if _lowered(n, dtype, 2)]
    return unary, binary


def _documented(name, x, y, got, want, scalar):
    """True where the README documents that the jit's result differs from numpy's."""
    kind = np.asarray(got).dtype.kind
    if kind in 'iu':
        # not matched yet: numpy's integer reciprocal of 0 is its cast of inf (0 for int8, the
        # smallest int64), and its lcm past the dtype's bound wraps in another order
        return name == 'reciprocal' and x == 0 or name == 'lcm' and (
            np.lcm(int(x), int(y), dtype=object) > np.iinfo(got.dtype).max // 2)
    if kind != 'f':
        return False
    both_nan = x != x and y is not None and y != y
    if name in ('fmax', 'fmin') and scalar:
        # numpy's own fmax/fmin at ties of zeros and of two NaNs depend on where the element
        # falls (its SIMD loop or its libm tail): the jit follows the SIMD loop
        return x == y or both_nan
    if name == 'remainder' and both_nan:
        return True  # numpy's remainder of two NaNs gives either payload (its fmod's)
    if name in ('power', 'float_power') and scalar and (y == 0.5 or both_nan):
        return True  # numpy's scalar power of 0.5 is sqrt (-0.0 ** 0.5 = -0.0)
    if name == 'float_power' and x != x and abs(y) == 1:
        return True  # numpy's float_power (libm's pow) of a -NaN to +-1 clears its sign
    return False


def _agree(name, x, y, got, want, scalar=False):
    got, want = np.asarray(got), np.asarray(want)
    if got.dtype != want.dtype:
        return False
    if got.tobytes() == want.tobytes() or _documented(name, x, y, got, want, scalar):
        return True
    if name in LIBM and np.isfinite(want) and np.isfinite(got) and want != 0 and got != 0:
        unsigned = _bits(got.dtype)
        distance = abs(int(got.view(unsigned)) - int(want.view(unsigned)))
        return distance <= ULPS
    return False


def _run_all(unary, binary):
    def all_ops(x, y):
        return tuple([UFUNCS[n](x) for n in unary] + [UFUNCS[n](x, y) for n in binary])
    return all_ops


def _differences(names, nin, xs, ys, got, want, scalar=False):
    bad = []
    for name, g, w in zip(names, got, want):
        g, w = np.atleast_1d(g), np.atleast_1d(w)
        for i in range(len(w)):
            y = ys[i] if nin[name] == 2 else None
            if not _agree(name, xs[i], y, g[i], w[i], scalar):
                bad.append((name, xs[i], y, g[i], w[i]))
    return bad


def _warnings_of(function, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        result = function(*args)
    # (not matched yet: numpy's warnings of an integer reciprocal of 0)
    return result, sorted({str(w.message) for w in caught if w.category is RuntimeWarning
                           and 'reciprocal' not in str(w.message)})


@pytest.mark.parametrize('dtype', [np.bool_] + INTEGERS + FLOATS, ids=lambda d: np.dtype(d).name)
def test_elementwise_ops_at_edge_values_are_numpys_bit_for_bit(dtype):
    unary, binary = _ops(dtype)
    # an integer power by a negative exponent raises (tested below): the exponents here are >= 0
    values = edge_values(dtype)
    xs, ys = np.repeat(values, len(values)), np.tile(values, len(values))
    if 'power' in binary and np.dtype(dtype).kind in 'iu':
        ys = np.where(ys < 0, 0, ys).astype(dtype)
    names = unary + binary
    nin = {n: UFUNCS[n].nin for n in names}
    all_ops = _run_all(unary, binary)
    jitted = rt.function(all_ops, jit_compile=True)
    with np.errstate(all='ignore' if np.dtype(dtype).kind == 'f' else 'warn'):
        want, eager_warnings = _warnings_of(all_ops, xs, ys)
        got, jit_warnings = _warnings_of(jitted, xs, ys)
        assert _differences(names, nin, xs, ys, got, want) == []
        # the numpy executor calls numpy: its own results, but fmax/fmin at ties and two NaNs
        # (numpy's depend on the element's place, and the executor runs blocks of elements)
        executor = rt.function(all_ops)(xs, ys)
        assert {n for n, g, w in zip(names, executor, want) if g.tobytes() != w.tobytes()} <= {
            'fmax', 'fmin'}
        assert _differences(names, nin, xs, ys, executor, want, scalar=True) == []
        if np.dtype(dtype).kind != 'f':  # (float warnings: not given under jit, documented)
            assert jit_warnings == eager_warnings, (jit_warnings, eager_warnings)
    # the scalar form: numba's scalar ufuncs and Python operators (the libm-backed ops' scalar
    # kernels are their loops' elements, checked above: left out to halve the compile), for
    # each kind's narrowest and widest dtypes (the middle ones compile the same source)
    if np.dtype(dtype) in (np.int16, np.int32, np.uint16, np.uint32):
        return
    unary, binary = [n for n in unary if n not in LIBM], [n for n in binary if n not in LIBM]
    names, all_ops = unary + binary, _run_all(unary, binary)
    jitted, bad = rt.function(all_ops, jit_compile=True), []
    with np.errstate(all='ignore'):
        for x, y in zip(xs, ys):
            bad += _differences(names, nin, [x], [y], jitted(x, y), all_ops(x, y), scalar=True)
    assert bad == []


@pytest.mark.parametrize('dtype', [np.int8, np.int64])
def test_integer_power_by_a_negative_exponent_raises_numpys_value_error(dtype):
    jitted = rt.function(lambda x, y: x ** y, jit_compile=True)
    x, y = np.array([2, 3], dtype), np.array([1, -1], dtype)
    for args in ((x, y), (x[0], y[1])):
        with pytest.raises(ValueError, match='Integers to negative integer powers'):
            args[0] ** args[1]
        with pytest.raises(ValueError, match='Integers to negative integer powers'):
            jitted(*args)


def _out_of_bounds(dtype):
    info = np.iinfo(dtype)
    return [info.max + 1, info.min - 1]


@pytest.mark.parametrize('dtype', INTEGERS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('form', ['array', 'scalar', 'fused', 'inplace'])
def test_python_int_literals_out_of_bounds_raise_numpys_overflow_error(dtype, form):
    """NEP 50: `uint8_array + 300` raises; numpy at the call, the jit when it traces."""
    def make(literal):
        def array(x):
            return x + literal

        def fused(x):
            return np.maximum(x * 2, literal) - x

        def inplace(x):
            x = x.copy()
            x -= literal
            return x
        return {'array': array, 'scalar': array, 'fused': fused, 'inplace': inplace}[form]
    x = np.array([1, 2, 3], dtype)
    if form == 'scalar':
        x = x[0]
    for literal in _out_of_bounds(dtype):
        fn = make(literal)
        with pytest.raises(OverflowError, match='out of bounds|too large') as eager:
            fn(x)
        message = str(eager.value)
        for jit in (None, True):
            with pytest.raises(OverflowError) as traced:
                rt.function(fn, jit_compile=jit)(x)
            assert str(traced.value).startswith(message), (jit, str(traced.value))


@pytest.mark.parametrize('dtype', INTEGERS, ids=lambda d: np.dtype(d).name)
def test_comparisons_take_python_ints_out_of_bounds(dtype):
    """numpy compares with any Python int; so does the jit (and refuses no such literal)."""
    above, below = _out_of_bounds(dtype)

    def compare(x):
        return x < above, x == below, x != above, x >= below, x > below
    x = edge_values(dtype)
    got, want = rt.function(compare, jit_compile=True)(x), compare(x)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.tobytes() == w.tobytes()


SIGNED = INTEGERS[:4]


@pytest.mark.parametrize('dtype', SIGNED, ids=lambda d: np.dtype(d).name)
def test_smallest_integer_floor_divided_by_minus_one_is_itself_with_numpys_warning(dtype):
    smallest = np.iinfo(dtype).min
    x, y = np.array([smallest, 7, smallest], dtype), np.array([-1, -1, 2], dtype)
    cases = [(lambda a, b: a // b, (x, y)), (lambda a, b: a // b, (x[0], y[0])),
             (lambda a, b: a // -1, (x, y)), (lambda a, b: (a // b) * 1, (x, y))]
    for fn, args in cases:
        jitted = rt.function(fn, jit_compile=True)
        want, eager_warnings = _warnings_of(fn, *args)
        got, jit_warnings = _warnings_of(jitted, *args)
        assert np.asarray(got).tobytes() == np.asarray(want).tobytes()
        assert jit_warnings == eager_warnings and eager_warnings  # 'overflow encountered in ...'
        with np.errstate(over='raise'), pytest.raises(FloatingPointError, match='overflow'):
            jitted(*args)


@pytest.mark.parametrize('dtype', SIGNED, ids=lambda d: np.dtype(d).name)
def test_remainder_and_fmod_by_minus_one_give_numpys_zero(dtype):
    """numba divided the smallest integer by -1 in the processor, which traps (SIGFPE)."""
    smallest = np.iinfo(dtype).min
    x, y = np.array([smallest, -7, 7], dtype), np.array([-1, -1, -1], dtype)
    def both(a, b):
        return np.remainder(a, b), np.fmod(a, b)
    jitted = rt.function(both, jit_compile=True)
    for args in ((x, y), (x[0], y[0])):
        for got, want in zip(jitted(*args), both(*args)):
            assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


@pytest.mark.parametrize('dtype', FLOATS, ids=lambda d: np.dtype(d).name)
def test_maximum_and_minimum_of_signed_zeros_are_numpys(dtype):
    """numpy's maximum keeps the second operand at ties: maximum(0.0, -0.0) is -0.0."""
    a, b = np.array([0.0, -0.0, 1.0], dtype), np.array([-0.0, 0.0, 1.0], dtype)
    for ufunc in (np.maximum, np.minimum):
        jitted = rt.function(lambda x, y: ufunc(x, y), jit_compile=True)
        fused = rt.function(lambda x, y: ufunc(x, y) * 1, jit_compile=True)
        assert jitted(a, b).tobytes() == ufunc(a, b).tobytes()
        assert fused(a, b).tobytes() == (ufunc(a, b) * 1).tobytes()
        for x, y in zip(a, b):
            assert np.asarray(jitted(x, y)).tobytes() == np.asarray(ufunc(x, y)).tobytes()


@pytest.mark.parametrize('dtype', FLOATS, ids=lambda d: np.dtype(d).name)
def test_fmax_and_fmin_follow_numpys_simd_loop(dtype):
    """Documented: numpy's fmax/fmin of two NaNs or of +-0.0 depend on the element's place (its
    SIMD loop, or its libm tail); the jit gives the SIMD loop's: the first of two NaNs, the
    second operand at ties. Elsewhere it is numpy's."""
    first, second = nan_with(1, False, dtype), nan_with(2, True, dtype)
    a = np.array([first, 0.0, -0.0, 1.0, first, 2.0], dtype)
    b = np.array([second, -0.0, 0.0, second, 1.0, 3.0], dtype)
    for ufunc in (np.fmax, np.fmin):
        got = rt.function(lambda x, y: ufunc(x, y), jit_compile=True)(a, b)
        assert got[:3].tobytes() == np.array([first, -0.0, 0.0], dtype).tobytes()
        assert got[3:].tobytes() == ufunc(a[3:], b[3:]).tobytes()


@pytest.mark.parametrize('dtype', FLOATS, ids=lambda d: np.dtype(d).name)
def test_invalid_operations_give_numpys_nan(dtype):
    """numpy's log(-1) and arccos(6) are -NaN (the processor's default NaN), numba's +NaN."""
    x = np.array([-1.0, 6.0, -6.0, np.inf], dtype)
    ufuncs = (np.log, np.arccos, np.arcsin, np.log10, np.sqrt)

    def each(v):  # one fused loop for arrays; numba's scalar ufuncs for scalars
        return tuple(f(v) for f in ufuncs) + (sum(f(v) for f in ufuncs[:2]),)
    jitted = rt.function(each, jit_compile=True)
    with np.errstate(invalid='ignore'):
        assert np.signbit(np.log(x[0]))
        for got, want in zip(jitted(x), each(x)):
            assert got.tobytes() == want.tobytes()
        for value in x:
            for got, want in zip(jitted(value), each(value)):
                assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


def test_nans_do_not_depend_on_the_arrays_layout():
    """Documented: numpy's log of a reversed (negatively strided) array takes another path
    than of a contiguous one, with +NaN for log(-1); the jit gives the contiguous one's."""
    x = np.array([-1.0, 2.0, -3.0])
    with np.errstate(invalid='ignore'):
        got = rt.function(lambda v: np.log(v[::-1]), jit_compile=True)(x)
        assert got.tobytes() == np.log(np.ascontiguousarray(x[::-1])).tobytes()
