"""The compiled executor on control flow: inlined `if`/`while`, scalar operators, pruning.

The reference interpreter is the oracle: every graph here runs on both and the
results must agree bit for bit, in type and dtype.
"""
import itertools
import re
import warnings

import numpy as np
import pytest
from cf_helpers import collatz
from equality import same

import runtime as rt
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.ir.check import check_graph
from runtime.ir.core import AbstractValue
from runtime.staging import make_graph

DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.uint64, np.float16, np.float32,
          np.float64, np.complex64]
BINARY = [np.add, np.subtract, np.multiply, np.divide, np.floor_divide, np.remainder, np.less,
          np.less_equal, np.greater, np.greater_equal, np.equal, np.not_equal, np.bitwise_and,
          np.bitwise_or, np.bitwise_xor, np.left_shift, np.right_shift, np.logical_and,
          np.logical_or, np.logical_xor]
UNARY = [np.negative, np.positive, np.invert, np.absolute, np.logical_not]
WEAK_INT = AbstractValue(np.int64, (), weak=True)


def values_of(dtype):
    samples = {'b': [True, False], 'i': [0, 3, -7, 100], 'u': [0, 3, 200],
               'f': [0.0, -2.5, 7.0, np.nan, 1e30], 'c': [0j, 1 - 2j]}[np.dtype(dtype).kind]
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return [np.dtype(dtype).type(v) for v in samples]


def outcome(run, *args):
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            return ('ok', run(*args))
        except Exception as e:  # noqa: BLE001 - the exception type is the outcome
            return ('raise', type(e))


def check_agree(fn, avals, samples):
    """Trace `fn` on `avals` (skipped if numpy refuses the types); both executors agree."""
    try:
        graph = make_graph(fn, *avals)
    except (TypeError, ValueError, OverflowError):
        return False
    compiled = compile_graph(graph)
    for args in samples:
        expected, actual = outcome(lambda *a: eval_graph(graph, *a), *args), \
            outcome(compiled, *args)
        assert expected[0] == actual[0], (fn, avals, args, expected, actual)
        if expected[0] == 'ok':
            same(actual[1], expected[1])
            assert type(actual[1][0]) is type(expected[1][0]), (fn, avals, args)
    return True


@pytest.mark.parametrize('ufunc', BINARY, ids=lambda u: u.__name__)
def test_binary_ufuncs_on_scalars_as_operators_agree_with_the_interpreter(ufunc):
    emitted = 0
    for dtype in DTYPES:
        x = AbstractValue(dtype, ())
        for other, other_values in ((x, values_of(dtype)), (3, [3]), (2.5, [2.5]), (True, [True]),
                                    (AbstractValue(np.int64, ()), values_of(np.int64)[:2]),
                                    (AbstractValue(np.float32, ()), values_of(np.float32)[:2]),
                                    (WEAK_INT, [5, -1])):
            if isinstance(other, AbstractValue):
                samples = list(itertools.product(values_of(dtype), other_values))
                emitted += check_agree(lambda a, b: ufunc(a, b), [x, other], samples)
                emitted += check_agree(lambda a, b: ufunc(b, a), [x, other], samples)
            else:
                emitted += check_agree(lambda a: ufunc(a, other), [x], [(v,) for v in
                                                                       values_of(dtype)])
    assert emitted


@pytest.mark.parametrize('ufunc', UNARY, ids=lambda u: u.__name__)
def test_unary_ufuncs_on_scalars_agree_with_the_interpreter(ufunc):
    for dtype in DTYPES:
        samples = [(v,) for v in values_of(dtype)]
        check_agree(lambda a: ufunc(a), [AbstractValue(dtype, ())], samples)


def test_operators_are_written_for_strong_scalars_only():
    def f(a, b, c):
        return a % 2, np.add(b, 1), np.remainder(c, c), np.logical_not(a > 1)

    graph = make_graph(f, AbstractValue(np.int64, ()), WEAK_INT, AbstractValue(np.int64, (3,)))
    source = compile_graph(graph).__source__
    assert 'v0 % int64_2' in source and 'add(v1, 1)' in source and 'remainder(v2, v2)' in source
    assert '~' in source


def test_literals_beside_strong_scalars_become_numpy_scalars_only_where_exact():
    def f(a, b):
        return a * 2, a * 1.5, a - 300, b + 0.1, b * -0.0, b > 1e300, a + 2**70

    graph = make_graph(f, AbstractValue(np.int8, ()), AbstractValue(np.float32, ()))
    source = compile_graph(graph).__source__
    # 1.5 makes the product float64; 300 and 2**70 do not fit int8; 0.1 and 1e300 are not
    # float32 values: numpy's own conversion stays
    assert 'v0 * int8_2' in source and 'v0 * 1.5' in source and 'v0 - 300' in source
    assert 'v1 + 0.1' in source and 'v1 * float32__0_0' in source and 'v1 > 1e+300' in source
    assert check_agree(lambda a, b: (a * 2, a * 1.5, b + 0.1, b * -0.0, b > 1e300),
                       [AbstractValue(np.int8, ()), AbstractValue(np.float32, ())],
                       [(np.int8(100), np.float32(3e38)), (np.int8(-7), np.float32(-0.0))])


@pytest.mark.parametrize('value', [np.int64(7), np.int32(-5), np.float32(0.0), np.float64(-0.0)])
def test_scalar_operators_warn_and_wrap_as_eager_numpy(value):
    def f(a):
        return a // 0, a % 0, a * 2**30 * 2**30 * 16, a / 0

    with warnings.catch_warnings(record=True) as eager_warnings:
        warnings.simplefilter('always')
        expected = f(value)
    with warnings.catch_warnings(record=True) as graph_warnings:
        warnings.simplefilter('always')
        actual = rt.function(f)(value)
    same(actual, expected)
    assert [type(r) for r in actual] == [type(r) for r in expected]
    assert [str(w.message) for w in graph_warnings] == [str(w.message) for w in eager_warnings]


def piecewise(x, n):
    total = x * 0
    i = 0
    while i < n:
        if i % 3 == 0:
            total = total + x * i
        elif i % 3 == 1:
            total = total - i
        else:
            rt.print('two', i)
        i += 1
    return total


@pytest.mark.parametrize('x, n', [(np.float32(1.5), 7), (np.arange(3.0), 4),
                                  (np.array([[1, 2]]), 0)])
def test_cond_and_while_graphs_agree_with_the_interpreter(capsys, x, n):
    f = rt.function(piecewise)
    graph = f.get_concrete_function(x, np.int64(n)).graph
    check_graph(graph)
    expected = eval_graph(graph, x, np.int64(n))
    interpreted = capsys.readouterr().out
    same(compile_graph(graph)(x, np.int64(n)), expected)
    assert capsys.readouterr().out == interpreted == ''.join(
        f'two {i}\n' for i in range(n) if i % 3 == 2)
    same(f(x, np.int64(n)), piecewise(x, n))


def test_unused_loop_values_are_pruned():
    def f(n):
        i, unused, kept = 0, 0.0, 1
        while i < n:
            unused = unused + np.sqrt(i * 1.0)
            kept = kept * 2
            i += 1
        return kept

    source = rt.function(f).get_concrete_function(np.int64(3)).callable().__source__
    assert 'sqrt' not in source and rt.function(f)(np.int64(3)) == 8


def test_errors_in_inlined_code_name_the_original_line():
    def f(x, n):
        i = 0
        while i < n:
            x = x + x[i + 5]  # out of bounds at run time
            i += 1
        return x

    with pytest.raises(IndexError) as caught:
        rt.function(f)(np.arange(3.0), np.int64(1))
    assert caught.value.__notes__[-1].endswith(
        f"{__file__}:{f.__code__.co_firstlineno + 3}")


def test_loop_and_branch_results_go_straight_into_their_slots():
    source = rt.function(collatz).get_concrete_function(np.int64(27)).callable().__source__
    body = source.split('while ')[1].split('\n    return')[0]
    moves = [line for line in body.splitlines()
             if re.fullmatch(r'\s*v\d+(, v\d+)* = v\d+(, v\d+)*', line)]
    assert moves == ['        v0 = v4'], source  # only the result, once, after the loop
    assert rt.function(collatz)(np.int64(27)) == collatz(np.int64(27)) == 111


def crossing(a, b, c, n):
    i = 0
    while i < n:
        doubled = a * 2  # `a` is read again below: its slot must not take `doubled` yet
        b = a + b
        a = doubled
        if b > c:
            b, c = c - b, b  # each branch result reads the other's old value
        i += 1
    return a, b, c, i


@pytest.mark.parametrize('a, b, c, n', [(1, 2, 50, 12), (-3, 5, 0, 0), (7, 7, -9, 30)])
def test_results_written_into_slots_never_clobber_values_still_read(a, b, c, n):
    args = tuple(map(np.int64, (a, b, c, n)))
    f = rt.function(crossing)
    graph = f.get_concrete_function(*args).graph
    same(compile_graph(graph)(*args), eval_graph(graph, *args))
    same(f(*args), crossing(*args))
