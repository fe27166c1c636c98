"""Blocked runs: elementwise chains run block by block, bitwise eager numpy's results and errors."""
import warnings

import numpy as np
import pytest
from equality import assert_same
from graph_helpers import check_against_eager, trace
from hypothesis import given, settings
from hypothesis import strategies as st

import runtime as rt
from runtime.backends.executor import blocking
from runtime.backends.executor.executor import compile_graph
from runtime.ir.core import AbstractValue


def chain(x, y, z):
    return (x * 1.5 + y * 0.5 - z) * (x - y)


def select(x, y, z):
    return np.where(x > 0, x * y, -z) + np.maximum(x, y) * 2.0


def overflows_then_divides(x):
    # eagerly exp warns first (its overflow is at the end), then log (its zero comes first)
    return np.exp(x) * 2.0 + np.log(np.abs(x))


def _source(fn, *avals):
    return compile_graph(trace(fn, *avals), fn.__name__).__source__


def _helper(source):
    return source[source.index('def _in_blocks('):]


def test_a_run_keeps_only_its_results_whole_and_the_rest_in_block_buffers():
    helper = _helper(_source(chain, *[AbstractValue(np.float64, (40,))] * 3))
    assert helper.count('_empty((40,), float64)') == 1  # the one result
    assert helper.count('_empty((3,), float64)') == 1  # 24-byte blocks (tests/conftest.py)
    # the result's block serves until the result is written; one work buffer does the rest
    assert [line.strip() for line in helper.splitlines()[-9:-3]] == [
        'multiply(x0, 1.5, out=y0)', 'multiply(x1, 0.5, out=t0)', 'add(y0, t0, out=y0)',
        'subtract(y0, x2, out=y0)', 'subtract(x0, x1, out=t0)', 'multiply(y0, t0, out=y0)']


def test_the_place_of_a_dying_operand_takes_the_result():
    helper = _helper(_source(lambda x: np.tanh(x * 2.0 + 1.0), AbstractValue(np.float32, (9,))))
    assert 'add(y0, 1.0, out=y0)' in helper and 'tanh(y0, out=y0)' in helper


@pytest.mark.parametrize('n', [0, 1, 2, 3, 4, 6, 7, 40])
@pytest.mark.parametrize('fn', [chain, select])
def test_results_are_eager_numpys_for_every_ragged_last_block(fn, n):
    r = np.random.default_rng(n)
    args = [r.standard_normal(n) for _ in range(3)]
    check_against_eager(fn, *args, jit=False)


@pytest.mark.parametrize('dtype', [np.int8, np.uint16, np.int64, np.float32, np.complex128])
def test_mixed_dtypes_in_one_run(dtype):
    def mixed(x, y):
        doubled = x * 2 + y
        return (doubled > 3) & (doubled < 100), np.abs(doubled) - 1.0
    r = np.random.default_rng(0)
    x = r.integers(-20, 20, size=(5, 7)).astype(dtype)
    check_against_eager(mixed, x, x[::-1].copy(), jit=False)


def test_a_non_contiguous_input_runs_unblocked():
    function = compile_graph(trace(chain, *[AbstractValue(np.float64, (6, 5))] * 3))
    x = np.asfortranarray(np.arange(30.0).reshape(6, 5))
    blocked = function.__globals__['_in_blocks']
    for y, z in ((x[::-1], np.ones((12, 5))[::2]), (x.copy(order='C'), np.ones((6, 5)))):
        assert blocked(x, y, z) is None  # a flat view of x would be a copy in another order
        assert_same(function(x, y, z)[0], chain(x, y, z))
    x = np.ascontiguousarray(x)
    assert_same(blocked(x, x + 1, x * 2)[0], chain(x, x + 1, x * 2))


def test_results_are_new_arrays_sharing_memory_with_no_argument():
    fn = rt.function(lambda x: (x + 1.0, (x + 1.0) * 2.0))
    x = np.arange(10.0)
    for result in fn(x):
        assert not np.shares_memory(result, x) and result.flags.c_contiguous and result.flags.owndata


def test_float_errors_are_reported_as_eagerly_in_order():
    x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 800.0])
    fn = rt.function(overflows_then_divides)
    with warnings.catch_warnings(record=True) as eager:
        warnings.simplefilter('always')
        expected = overflows_then_divides(x)
    with warnings.catch_warnings(record=True) as graph:
        warnings.simplefilter('always')
        actual = fn(x)
    assert_same(actual, expected)
    assert [str(w.message) for w in graph] == [str(w.message) for w in eager] == [
        'overflow encountered in exp', 'divide by zero encountered in log']


def test_a_raising_error_state_raises_eager_numpys_first_error():
    x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 800.0])
    fn = rt.function(overflows_then_divides)
    fn(x[1:6])
    with np.errstate(all='raise'):
        with pytest.raises(FloatingPointError, match='overflow encountered in exp'):
            fn(x)
        with pytest.raises(FloatingPointError, match='divide by zero encountered in log'):
            fn(x[:6])


def test_ignored_errors_keep_the_blocked_results_and_a_callback_sees_eagers_calls():
    x = np.array([0.0, 1.0, 800.0, 2.0])
    fn = rt.function(overflows_then_divides)
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('error')
        assert_same(fn(x), overflows_then_divides(x))
    calls = {}
    for name, function in (('eager', overflows_then_divides), ('graph', fn)):
        calls[name] = []
        with np.errstate(all='call', call=lambda kind, flag: calls[name].append(kind)):
            function(x)
    assert calls['graph'] == calls['eager'] == ['overflow', 'divide by zero']


def test_float_errors_counted_in_blocks_are_reported_only_when_the_caller_would():
    errors = blocking.FloatErrors()
    assert not errors.reported()
    errors('underflow', 4)
    assert not errors.reported()  # numpy ignores underflow by default
    errors('overflow', 2)
    assert errors.reported()
    with np.errstate(over='ignore'):
        assert not errors.reported()


def test_a_result_that_would_take_a_dying_inputs_array_leaves_the_run_unblocked():
    # unblocked, the sum goes into the sorted copy's array; blocked it would need a new one
    source = _source(lambda x: np.sort(x) * 2.0 + 1.0, AbstractValue(np.float64, (8,)))
    assert '_in_blocks' not in source


def test_small_arrays_are_not_blocked(monkeypatch):
    monkeypatch.setattr(blocking, 'MIN_BYTES', 1 << 20)
    n = (1 << 20) // 8
    assert '_in_blocks' not in _source(chain, *[AbstractValue(np.float64, (n - 1,))] * 3)
    assert '_in_blocks' in _source(chain, *[AbstractValue(np.float64, (n,))] * 3)


_UNARY = ['negative', 'exp', 'sqrt', 'abs', 'tanh', 'square']
_BINARY = ['add', 'subtract', 'multiply', 'divide', 'maximum', 'fmin', 'arctan2', 'hypot']


@st.composite
def programs(draw):
    """A random chain of float ufuncs and selects on three inputs (each reads earlier values)."""
    steps = []
    for index in range(draw(st.integers(2, 8))):
        known = 3 + index
        kind = draw(st.sampled_from(['unary', 'binary', 'select']))
        if kind == 'unary':
            steps.append((draw(st.sampled_from(_UNARY)), draw(st.integers(0, known - 1))))
        else:  # a select: np.where(a > 0, b, c)
            name = draw(st.sampled_from(_BINARY)) if kind == 'binary' else 'select'
            steps.append((name, *(draw(st.integers(0, known - 1))
                                   for _ in range(2 if kind == 'binary' else 3))))
    outputs = draw(st.lists(st.integers(3, 2 + len(steps)), min_size=1, max_size=3))
    return steps, outputs


def _program(steps, outputs):
    def program(x, y, z):
        values = [x, y, z]
        for name, *operands in steps:
            args = [values[i] for i in operands]
            if name == 'select':
                values.append(np.where(args[0] > 0, args[1], args[2]))
            else:
                values.append(getattr(np, name)(*args))
        return tuple(values[i] for i in outputs)
    return program


@settings(max_examples=60, deadline=None)
@given(programs(), st.integers(0, 11), st.sampled_from([8, 16, 24, 40, 1 << 10]))
def test_random_chains_run_block_by_block_give_eager_numpys_bits(program, n, block_bytes):
    fn = _program(*program)
    r = np.random.default_rng(n)
    args = [r.standard_normal(n) * 3 for _ in range(3)]
    with pytest.MonkeyPatch.context() as patch, np.errstate(all='ignore'):
        patch.setattr(blocking, 'BLOCK_BYTES', block_bytes)
        function = compile_graph(trace(fn, *[AbstractValue(np.float64, (n,))] * 3))
        assert_same(function(*args), fn(*args))
