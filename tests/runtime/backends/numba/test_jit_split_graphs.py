"""Split graphs: under jit_compile=True an op numba cannot compile runs its numpy kernel between
compiled parts (in loops and branches too, gradients included); jit_compile='strict' refuses it.

The tests make `sort` one such op (its numba lowering taken out of the table for the test), so
they hold whichever ops numba lowers; `rt.py_function`, which runs a Python callable, never is.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from extras import needs
from jit_helpers import assert_close

import runtime as rt
from runtime.backends.numba import UnsupportedOpError, fallback
from runtime.backends.numba.lowering import LOWERINGS

pytestmark = needs('numba')

X = np.array([3.0, -1.0, 2.5, 0.0, 7.0, -4.0])


@pytest.fixture
def sort_unlowered(monkeypatch):
    """numba cannot compile `sort` while the test runs."""
    monkeypatch.delitem(LOWERINGS._lowering, 'sort', raising=False)


def _executor_and_jit(fn, *args):
    """(the numpy executor's results, jit_compile=True's, the generated source)."""
    jitted = rt.function(fn, jit_compile=True)
    result = jitted(*args)
    source = jitted.get_concrete_function(*args).callable().__source__
    return rt.function(fn)(*args), result, source


def between(x):
    y = np.sort(x * 2.0 + 1.0)
    return np.cumsum(y) - y[0]


def in_a_loop(x, n):
    total = x
    i = 0
    while i < n:
        total = np.sort(total * -1.5) + i
        i += 1
    return total


def in_a_branch(x):
    if x.sum() > 0:
        y = np.sort(x)[::-1] * 2.0
    else:
        y = x - 1.0
    return y + 1.0


def test_an_op_numba_lacks_runs_on_numpy_between_compiled_parts(sort_unlowered):
    expected, result, source = _executor_and_jit(between, X)
    assert_close(result, expected, exact=True)
    assert 'run_numpy_op' in source and 'cumsum_rows' in source  # split, the rest compiled


def test_an_op_numba_lacks_runs_on_numpy_inside_a_loop(sort_unlowered):
    expected, result, source = _executor_and_jit(in_a_loop, X, np.int64(4))
    assert_close(result, expected, exact=True)
    assert 'while True:' in source and 'run_numpy_op' in source


@pytest.mark.parametrize('sign', [1.0, -1.0], ids=['true_branch', 'false_branch'])
def test_an_op_numba_lacks_runs_on_numpy_inside_a_branch(sort_unlowered, sign):
    expected, result, source = _executor_and_jit(in_a_branch, X * sign)
    assert_close(result, expected, exact=True)
    assert 'if ' in source and 'run_numpy_op' in source


def _loss_and_gradient(x, n):
    with rt.GradientTape() as tape:
        tape.watch(x)
        loss = np.sum(in_a_loop(x, n) ** 2) + np.sum(np.sort(x) * np.arange(6.0))
    return loss, tape.gradient(loss, x)


def test_gradients_through_a_split_graph_are_the_executors(sort_unlowered):
    expected, result, source = _executor_and_jit(_loss_and_gradient, X, np.int64(3))
    assert_close(result, expected, exact=True)
    assert 'run_numpy_op' in source
    assert result[1] is not None and result[1].shape == X.shape


def test_strict_refuses_the_op_naming_it_and_what_true_does(sort_unlowered):
    with pytest.raises(UnsupportedOpError) as info:
        rt.function(between, jit_compile='strict')(X)
    message = str(info.value)
    assert "jit_compile='strict': graph op 'sort' (f64[6])" in message
    assert 'test_jit_split_graphs.py:' in message
    assert "jit_compile=True runs it on numpy's kernel" in message


def test_jit_compile_takes_none_false_true_or_strict():
    with pytest.raises(ValueError, match="jit_compile must be None, False, True or 'strict'"):
        rt.function(between, jit_compile='fast')


def test_effects_numba_lacks_run_in_program_order():
    seen = []

    def log(value):
        seen.append(float(value))

    def logs(x):
        y = x * 2.0
        rt.py_function(log, [y[0]], [])
        z = y + 1.0
        rt.py_function(log, [z[0]], [])
        return z

    assert_close(rt.function(logs, jit_compile=True)(X), X * 2.0 + 1.0, exact=True)
    assert seen == [6.0, 7.0]


def test_an_error_in_the_numpy_kernel_propagates_naming_the_op(sort_unlowered):
    def takes(x, i):
        return np.sort(x)[i] + np.take(x * 1.0, i)

    jitted = rt.function(takes, jit_compile=True)
    assert_close(jitted(X, np.int64(2)), takes(X, 2), exact=True)
    with pytest.raises(IndexError):
        jitted(X, np.int64(40))


def test_a_reporting_errstate_region_runs_on_numpy_and_reports(sort_unlowered):
    """numba code reports no floating-point errors: such a region runs whole on numpy."""
    def divides(x):
        with np.errstate(divide='raise'):
            return 1.0 / x

    jitted = rt.function(divides, jit_compile=True)
    assert_close(jitted(X + 10.0), 1.0 / (X + 10.0), exact=True)
    with pytest.raises(FloatingPointError):
        jitted(X)
    with pytest.raises(UnsupportedOpError, match="graph op 'errstate'"):
        rt.function(divides, jit_compile='strict')(X + 10.0)


def test_a_split_is_refused_where_numba_cannot_hold_the_value_saying_why():
    def untyped(x):
        (y,) = rt.py_function(lambda v: v * 2, [x], [np.float64])
        return y

    with pytest.raises(UnsupportedOpError, match=r"graph op 'py_function'.*rank of .* unknown"):
        rt.function(untyped, jit_compile=True)(X)
    v = rt.Variable(np.zeros(6))

    def scatters(x, i):
        v[i] = x[0]
        return x

    with pytest.raises(UnsupportedOpError, match=r"updates a variable's value.*v\.assign"):
        rt.function(scatters, jit_compile=True)(X, np.int64(1))



def test_a_region_run_on_numpy_between_variable_updates_gives_the_executors_values():
    """The variable's updates stay compiled around the region (the trace hoists them out)."""
    v = rt.Variable(np.zeros(6))

    def divides_into(x):
        v.assign(x)
        with np.errstate(divide='raise'):
            v.assign_add(1.0 / x)
        return v.read_value() * 2.0

    expected = rt.function(divides_into)(X + 10.0), v.numpy()
    v.assign(np.zeros(6))
    jitted = rt.function(divides_into, jit_compile=True)
    assert_close((jitted(X + 10.0), v.numpy()), expected, exact=True)
    assert 'run_numpy_op' in jitted.get_concrete_function(X + 10.0).callable().__source__


def test_a_compiled_split_graph_keeps_its_numpy_ops_alive_only_while_it_lives(sort_unlowered):
    import gc
    before = set(fallback.OPS)  # (other tests' functions may be collected meanwhile)
    jitted = rt.function(between, jit_compile=True)
    jitted(X)
    assert set(fallback.OPS) - before
    del jitted
    gc.collect()
    assert set(fallback.OPS) - before == set()


CACHED = textwrap.dedent('''
    import json
    import numpy as np
    import runtime as rt

    seen = []

    def twice(x):
        seen.append(('twice', float(x[0]) * 2))

    def negated(x):
        seen.append(('negated', -float(x[0])))

    def calling(callback):
        def fn(x):
            y = x + 1.0
            rt.py_function(callback, [y], [])
            return y * 3.0
        return rt.function(fn, jit_compile=True)

    x = np.array([1.0, 2.0])
    hits, results = 0, []
    for callback in (twice, negated):  # one generated source: one cache entry, two kernels
        f = calling(callback)
        results.append(f(x).tolist())
        hits += sum(f.get_concrete_function(x).callable().dispatcher.stats.cache_hits.values())
    print(json.dumps({'seen': seen, 'results': results, 'hits': hits}))
''')


def test_a_split_graph_is_not_cached_and_a_new_process_runs_its_own_numpy_kernels(tmp_path):
    """numba caches no code that calls objmode (its pointers are this process's): a split graph
    is compiled in each process, not written to the cache; it finds its numpy ops by a key
    passed in, so two graphs of one source each run their own."""
    script, folder = tmp_path / 'split.py', tmp_path / 'cache'
    script.write_text(CACHED)
    root = Path(rt.__file__).resolve().parents[1]
    env = dict(os.environ, AGCONVERT_CACHE_DIR=str(folder), PYTHONPATH=str(root))

    def run():
        done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    expected = {'seen': [['twice', 4.0], ['negated', -2.0]], 'results': [[6.0, 9.0]] * 2}
    first = run()
    assert {k: first[k] for k in expected} == expected
    second = run()
    assert {k: second[k] for k in expected} == expected
    assert first['hits'] == second['hits'] == 0  # compiled again, never loaded stale
    assert not list(folder.glob('g*.py'))  # no entry written

