"""jit_compile=True: dropped traces free what they made, and numba compiles once for traces that
differ only in the Python numbers they were called with (numba never frees compiled code: about
a megabyte a compile)."""
import gc
import sys
import weakref

import numpy as np
import pytest
from extras import needs
from memory_helpers import PER_TRACE, left_per_trace, rss_per_trace

import runtime as rt

pytestmark = needs('numba')  # every test here compiles a graph with numba

X = np.ones(3)


def plain(x, n):
    return x * n + 1


def parity(x, n):
    return x * (n % 2) + n  # n % 2 is computed while tracing: a literal of its own


def graph_modules():
    """The modules of the compile cache's entries loaded (`cache.load_or_compile`)."""
    return sorted(name for name in sys.modules if name.startswith('agconvert_jit_'))


def dispatcher(f, *args):
    return f.get_concrete_function(*args).callable().dispatcher


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_traces_for_other_numbers_share_one_compile():
    f = rt.function(plain, jit_compile=True)
    for n in (2, 3, -7, 1 << 40):
        assert np.array_equal(f(X, n), X * n + 1)
    for n in (0.5, -0.0, float('nan'), True, False):
        np.testing.assert_array_equal(f(X, n), X * n + 1)
    assert f.experimental_get_tracing_count() == 9
    ints = {id(dispatcher(f, X, n)) for n in (2, 3, -7, 1 << 40)}
    assert len(ints) == 1
    assert dispatcher(f, X, 0.5) is dispatcher(f, X, -0.0) is dispatcher(f, X, 2)
    assert len(dispatcher(f, X, 2).overloads) == 3  # one compile per type: int, float, bool


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_numbers_of_the_code_stay_literals():
    f = rt.function(parity, jit_compile=True)
    for n in range(2, 8):
        assert np.array_equal(f(X, n), X * (n % 2) + n)
    sources = {n: f.get_concrete_function(X, n).callable().__source__ for n in range(2, 8)}
    assert len(set(sources.values())) == 2  # even and odd n: n % 2 is a literal of the source
    assert 'np.float64(0)' in sources[2] and 'p' in sources[2].splitlines()[0]


@pytest.mark.parametrize('cache', [True, False])
def test_dropped_jit_traces_leave_nothing_behind(cache):
    rt.config.set_compile_cache(cache)
    try:
        f = rt.function(plain, jit_compile=True, max_traces=2)
        f(X, -1)
        modules = graph_modules()
        left = rss_per_trace(lambda n: f(X, n))
        assert left < PER_TRACE, f'{left:.0f} bytes of RSS per trace'
        assert graph_modules() == modules
        left = left_per_trace(lambda n: f(X, n))
        assert left < PER_TRACE, f'{left:.0f} bytes left per trace'
    finally:
        rt.config.set_compile_cache(True)


def test_the_compiled_code_goes_with_the_last_trace_using_it():
    def short_lived(x, n):
        return x * n - 1
    f = rt.function(short_lived, jit_compile=True)
    f(X, 1)
    f(X, 2)
    shared = dispatcher(f, X, 1)
    [module] = [name for name, m in sys.modules.items()
                if getattr(m, 'jit_short_lived', None) is shared.py_func]
    shared = weakref.ref(shared)
    del f
    gc.collect()
    assert shared() is None
    assert module not in sys.modules


def _plus_own_transpose(m):
    x = m * 2.0
    return x + x.T


def _add_own_transpose_in_place(m):
    x = m * 2.0
    x += x.T
    return x


def _add_own_reversal_fused(m):
    x = m * 2.0
    return (x + x[::-1]) * 3.0 - x


@pytest.mark.parametrize('fn', [_plus_own_transpose, _add_own_transpose_in_place,
                                _add_own_reversal_fused])
def test_a_result_is_never_written_into_an_array_a_view_of_it_still_reads(fn):
    """An array dying at an op is reused for its result, unless another operand is a view of
    its memory (x.T, x[::-1]): numpy buffers such overlaps, numba's loops do not (found by the
    split-graph merge: the executor's answer, and numba's was silently another)."""
    m = np.arange(16.0).reshape(4, 4)
    np.testing.assert_array_equal(rt.function(fn, jit_compile=True)(m), fn(m))
