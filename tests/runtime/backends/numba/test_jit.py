"""jit_compile=True: whole graphs (control flow, counters, variables) in one numba function."""
import warnings

import numpy as np
import pytest
from cf_helpers import collatz
from extras import needs
from jit_helpers import assert_close

import runtime as rt
from runtime.backends.numba import UnsupportedOpError
from runtime.backends.numba.control import EMITTERS
from runtime.backends.numba.lowering import LOWERINGS
from runtime.ir.lowerings import NOT_WRITTEN

pytestmark = needs('numba')  # every test here compiles a graph with numba

R = np.random.default_rng(0)
X, Y, Z = (R.standard_normal(1000) for _ in range(3))


def both(fn, *args, exact=False):
    jitted = rt.function(fn, jit_compile=True)
    assert_close(jitted(*args), fn(*args), exact)
    return jitted


def test_collatz_on_numpy_scalars_with_a_python_counter():
    jitted = both(collatz, np.int64(27), exact=True)
    assert 'while True:' in jitted.get_concrete_function(np.int64(27)).callable().__source__
    assert jitted(np.int64(97)) == collatz(np.int64(97)) == 118


def test_elementwise_chains_are_fused_and_bitwise_equal():
    def chain(x, y, z):
        return (x * 1.5 + y * 0.5 - z) * (x - y)

    def select(x, y, z):
        return np.where(x > 0, x * y, -z) + np.maximum(x, y) * 2.0

    for fn in (chain, select):
        jitted = both(fn, X, Y, Z, exact=True)
        source = jitted.get_concrete_function(X, Y, Z).callable().__source__
        assert source.count('for ') == 1 and 'np.empty((1000,)' in source


def test_dtypes_follow_numpy_promotion():
    x32, i8 = X.astype(np.float32), np.arange(-4, 4, dtype=np.int8)
    both(lambda x: x * 2.5 + 1, x32, exact=True)
    both(lambda k: k * 100 + k // 3 - (k % 3), i8, exact=True)  # int8 wraps as in numpy
    both(lambda k, x: k + x, i8, x32[:8], exact=True)


def test_transcendental_float32_ops_keep_numpy_kernels():
    def tanh_chain(x, a, b, c):
        return np.tanh(x * a + b) * c + np.exp(-x)

    x = R.standard_normal(4096).astype(np.float32)
    args = (x, np.float32(1.5), np.float32(0.5), np.float32(2.0))
    jitted = both(tanh_chain, *args, exact=True)
    source = jitted.get_concrete_function(*args).callable().__source__
    assert source.count('objmode') == 2 and 'np.tanh(' in source


def test_cond_while_and_matmul():
    def power(x, n):
        result = np.eye(4, dtype=x.dtype)
        i = 0
        while i < n:
            result = x @ result if i % 2 == 0 else result @ x
            i += 1
        return result

    m = R.standard_normal((4, 4)).astype(np.float32)
    both(power, m, np.int64(7))
    both(power, m.astype(np.int32), np.int64(5), exact=True)


def test_graph_lists_built_in_a_loop():
    def rows(x, n):
        out = []
        i = 0
        while i < n:
            out.append(x * i)
            i += 1
        return np.stack(out)

    both(rows, X[:3], np.int64(4), exact=True)
    with pytest.raises(ValueError, match='need at least one array'):
        rt.function(rows, jit_compile=True)(X[:3], np.int64(0))


def test_variables_are_read_and_updated():
    v = rt.Variable(np.zeros(3))
    total = rt.Variable(0.0)

    @rt.function(jit_compile=True)
    def step(x):
        v.assign_add(x * 2.0)
        total.assign(total + np.sum(x))
        return v.read_value() + 1.0

    assert_close(step(X[:3]), X[:3] * 2.0 + 1.0)
    step(X[:3])
    assert_close(v.numpy(), X[:3] * 4.0)
    assert total.numpy() == pytest.approx(2 * np.sum(X[:3]))


def test_a_result_never_shares_an_updated_variables_array():
    v = rt.Variable(np.zeros(3))

    @rt.function(jit_compile=True)
    def step(x):
        v.assign(x * 2.0)
        return v.read_value()

    result = step(X[:3])
    result[0] = 5.0  # the caller's array: the variable's value does not change with it
    assert_close(v.numpy(), X[:3] * 2.0, exact=True)
    assert not v.read_value().flags.writeable


def test_variables_given_one_temporary_never_share_its_array():
    # the last reader of a temporary the function made takes its array (no copy); the
    # others, and a result, get arrays of their own
    a, b, c = (rt.Variable(np.zeros(3)) for _ in range(3))

    @rt.function(jit_compile=True)
    def step(x):
        t = x * 2.0  # a result
        a.assign(t)
        s = x - 1.0
        b.assign(s)
        c.assign(s)  # the last reader: s's array
        b.assign_add(x + 1.0)  # into the dying sum's array
        c.assign_sub(t)
        return t

    for x in (X[:3], -X[:3]):
        result = step(x)
        assert_close(result, x * 2.0, exact=True)
        values = [v.read_value() for v in (a, b, c)]
        for i, value in enumerate(values):
            assert not np.shares_memory(value, result)
            assert not any(np.shares_memory(value, other) for other in values[i + 1:])
        assert_close(values, [x * 2.0, (x - 1.0) + (x + 1.0), (x - 1.0) - x * 2.0], exact=True)
    assert 'np.add(r' in step.get_concrete_function(X[:3]).callable().__source__


def test_strict_refuses_an_op_that_cannot_lower_at_trace_time_naming_op_dtypes_and_line():
    @rt.function(jit_compile='strict')
    def outer_sums(x):
        return np.add.outer(x, x) + 1

    with pytest.raises(UnsupportedOpError) as info:
        outer_sums.get_concrete_function(X)
    message = str(info.value)
    assert "graph op 'ufunc_outer' (f64[1000], f64[1000])" in message
    assert 'test_jit.py:' in message and "jit_compile='strict'" in message
    assert 'jit_compile=True runs it' in message


def test_without_numba_jit_compile_says_how_to_install_it(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, 'numba', None)  # `import numba` raises ImportError
    fn = rt.function(lambda x: x + 1, jit_compile=True)
    with pytest.raises(ImportError, match=r"pip install 'agconvert\[jit\]'"):
        fn(X)
    assert np.array_equal(rt.function(lambda x: x + 1)(X), X + 1)  # the rest works


# Registry ops without a numba lowering nor a declared reason (`LOWERINGS.unlowered`): adding an
# op means deciding its lowering, here or beside the op.
NOT_LOWERED = frozenset({
    'assert', 'concatenate_rows', 'copyto', 'empty', 'fill', 'hstack_rows', 'inner', 'place',
    'put', 'putmask', 'py_function', 'raise', 'reshape_as', 'scatter_variable', 'std',
    'ufunc_accumulate', 'ufunc_out', 'ufunc_outer', 'ufunc_reduce', 'var', 'vstack_rows'})


def test_the_ops_without_a_lowering_are_the_known_list():
    missing = {name for name, why in LOWERINGS.missing().items()
               if name not in EMITTERS and why == NOT_WRITTEN}
    assert missing == NOT_LOWERED


POWER_BASES = [np.array([-0.0, 0.0, 2.5, -3.0, np.inf, -np.inf, np.nan, 1e200]),
               np.array([1.5, 4.0, 0.25], np.float32), np.array([3, -2, 0, 7]),
               np.array([1 + 1j, -2.0j])]


@pytest.mark.filterwarnings('ignore::RuntimeWarning')
@pytest.mark.parametrize('base', POWER_BASES, ids=lambda b: str(b.dtype))
def test_the_power_operator_takes_numpys_fast_paths(base):
    def powers(x, e):
        results = [x ** 2, x ** 1, x ** e]
        if x.dtype.kind in 'fc':
            results += [x ** 0.5, x ** -1, x ** 0, x ** 3.5, x ** e * 2]
        return tuple(results)
    e = np.int64(3)
    assert_close(rt.function(powers, jit_compile=True)(base, e), powers(base, e))


@pytest.mark.filterwarnings('ignore::RuntimeWarning')
@pytest.mark.parametrize('dtype', [np.float64, np.float32, np.int64, np.int32])
def test_augmented_assignment_updates_as_numpy_does(dtype):
    def update(x, y, s):
        x = x.copy()
        x += y
        x *= s
        x -= y[0]
        t = x * 1
        t //= np.maximum(y, 1)
        t %= 5
        x[1:] += 2
        if x.dtype.kind == 'f':
            x /= 3
            x **= 2
        return x, t
    x = np.arange(6, dtype=dtype).reshape(2, 3) - 2
    y = np.array([2, 1, 3], dtype=dtype)
    assert_close(rt.function(update, jit_compile=True)(x, y, dtype(2)), update(x, y, dtype(2)))


def _with_warnings(fn, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        result = fn(*args)
    return result, sorted(str(w.message) for w in caught if w.category is RuntimeWarning)


def test_an_augmented_integer_division_by_zero_warns_as_numpy_does():
    def divides(x, y):
        x = x.copy()
        x //= y
        x %= y + 1
        return x

    args = (np.arange(4), np.array([1, 0, 2, 0]))
    expected, eager_warnings = _with_warnings(divides, *args)
    result, jit_warnings = _with_warnings(rt.function(divides, jit_compile=True), *args)
    assert_close(result, expected, exact=True)
    assert jit_warnings == eager_warnings and len(eager_warnings) == 1


def test_integer_division_by_zero_warns_as_numpy_does():
    def divides(a, b, x, y):
        return a // b, a % b, x // y, np.fmod(x * 3, y) - x % y  # scalars; arrays; a fused loop

    args = (np.int64(7), np.int64(0), np.arange(4), np.array([1, 0, 2, 0]))
    jitted = rt.function(divides, jit_compile=True)
    expected, eager_warnings = _with_warnings(divides, *args)
    result, jit_warnings = _with_warnings(jitted, *args)
    assert_close(result, expected, exact=True)
    assert jit_warnings == eager_warnings and len(eager_warnings) == 5
    assert 'divide by zero encountered in scalar floor_divide' in jit_warnings
    with np.errstate(divide='raise'), pytest.raises(FloatingPointError, match='floor_divide'):
        jitted(*args)
    with np.errstate(divide='ignore'):
        assert _with_warnings(jitted, *args)[1] == []
    nonzero = (np.int64(7), np.int64(-2), args[2], args[2] + 1)
    result, jit_warnings = _with_warnings(jitted, *nonzero)
    assert_close(result, divides(*nonzero), exact=True)
    assert jit_warnings == []
