"""The fast path (a memo of calls already resolved) gives what the full call gives, every time."""
import itertools
import re

import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.rt_function import keys

SAMPLES = [
    np.int64(1), np.int64(2), np.int32(1), np.int8(1), np.uint64(1), np.longlong(1),
    np.float64(1), np.float64(-0.0), np.float64('nan'), np.float32(1), np.float16(1),
    np.complex64(1), np.bool_(True), np.bool_(False),
    np.array(1), np.array(2), np.array(1, np.int32), np.array(1.0), np.array(True),
    np.array([1]), np.array([[1]]), np.array([1.0]), np.zeros(0), np.zeros((0, 1)),
    np.array(1, '>i8'), np.datetime64('2020-01-01', 'D'), np.datetime64('2020-01-01', 's'),
    np.array(np.datetime64('2020-01-01', 'D')), np.timedelta64(1, 's'), np.timedelta64(1, 'ms'),
    True, False, 1, 0, 2, 1.0, 2.5, 'a', '', None,
    # lists and tuples of Python scalars: by their items' types and values (floats' bits)
    [1], [True], [1.0], [2, 1], [1, 2], [1, True], [True, 1], [1, None], ['a', b'a'], [],
    (1,), (), (1, 2), [0.0], [-0.0], [0.0, 1.5], [-0.0, 1.5], [float('inf')], [1 << 70],
]
NO_KEY = [-0.0, 0.0, float('nan'), 1j, b'a', object(), {'a': 1}, np.ma.array([1]),
          [float('nan')], [1.0, float('nan')], [1, 2.0], [1j], [[1]], [np.int64(1)], [object()],
          [np.ones(2)], (np.ones(2),)]


def _stable_id(value):
    """A test id that is the same in every process (an object's repr holds its address)."""
    return re.sub(' at 0x[0-9a-f]+', '', repr(value))


def same_call(a, b):
    """Whether a compiled call could serve both `a` and `b`: the same class, and the same dtype
    and shape (numpy) or value (Python), as the memo must tell apart."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (np.ndarray, np.generic)):
        return a.dtype == b.dtype and a.shape == b.shape
    if type(a) is list or type(a) is tuple:
        return len(a) == len(b) and all(map(same_call, a, b))
    if type(a) is float:
        return repr(a) == repr(b)  # -0.0 is not 0.0
    return a == b


def test_one_arguments_key_equals_another_only_for_the_same_kind_of_call():
    for a, b in itertools.product(SAMPLES, repeat=2):
        key_a, key_b = keys.fast_key((a,)), keys.fast_key((b,))
        assert key_a is not None and hash(key_a) is not None
        assert (key_a == key_b) is same_call(a, b), (a, b)


def test_keys_of_different_argument_counts_never_meet():
    every = [(), *[(a,) for a in SAMPLES], *itertools.product(SAMPLES[:12], repeat=2),
             *itertools.product(SAMPLES[12:24:3], repeat=3)]
    by_key = {}
    for args in every:
        by_key.setdefault(keys.fast_key(args), []).append(args)
    for group in by_key.values():
        first = group[0]
        assert all(len(args) == len(first) and all(map(same_call, args, first))
                   for args in group), group


@pytest.mark.parametrize('value', NO_KEY, ids=_stable_id)
def test_values_the_memo_cannot_tell_apart_have_no_key(value):
    assert keys.fast_key((value,)) is None
    assert keys.fast_key((np.int64(1), value)) is None


def scaled(x):
    return x * 2 + 1


CALLS = [np.int64(100), np.int8(100), np.array(100, np.int8), np.int8(-100), np.uint8(200),
         np.array(200, np.uint8), np.int32(7), np.float32(1.5), np.array(1.5, np.float32),
         np.float64(1.5), np.bool_(True), np.array([3, 4], np.int16), 100, True, 2.5]


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
@pytest.mark.parametrize('jit_compile', [None, pytest.param(True, marks=needs('numba'))])
def test_numpy_scalars_zero_d_and_python_values_each_get_their_own_result(
        jit_compile, tmp_path, monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path))  # jit: a compile cache of its own
    f = rt.function(scaled, jit_compile=jit_compile)
    with np.errstate(over='ignore'):  # int8 wraps around, as numpy's scalars do
        for _ in range(3):  # traced, then memoized, then served from the memo
            for x in CALLS:
                result, expected = f(x), scaled(x)
                assert type(result) is type(expected), (x, result, expected)
                assert np.asarray(result).dtype == np.asarray(expected).dtype, x
                assert np.array_equal(result, expected), (x, result, expected)


class Model:
    def __init__(self):
        self.w = rt.Variable(np.array([2.0, 3.0]))
        self.runs = 0  # runs of its Python code: traces, or calls when functions run eagerly

    def product(self, x):
        self.runs += 1
        return (self.w * x).sum()

    @rt.function
    def apply(self, x):
        return self.product(x)


X = np.array([3.0, 2.0])


def memoized_calls():
    """(a Function, a method) of one model's `product`, called until the memo serves them."""
    model = Model()
    function = rt.function(model.product)
    for _ in range(2):
        function(X), model.apply(X)
    return (function, model.apply), model


@pytest.mark.parametrize('which', [0, 1], ids=['function', 'method'])
def test_a_memoized_call_under_a_tape_is_recorded(which):
    calls, model = memoized_calls()
    with rt.GradientTape() as tape:
        y = calls[which](X)
    assert np.array_equal(tape.gradient(y, model.w), X)


@pytest.mark.parametrize('which', [0, 1], ids=['function', 'method'])
def test_a_memoized_call_runs_python_when_functions_run_eagerly(which):
    calls, model = memoized_calls()
    before = model.runs
    rt.config.run_functions_eagerly(True)
    try:
        assert [calls[which](X), calls[which](X)] == [12.0, 12.0]
        assert model.runs == before + 2
    finally:
        rt.config.run_functions_eagerly(False)
    assert calls[which](X) == 12.0
    assert model.runs == before + 2  # the memo serves it again


@pytest.mark.parametrize('which', [0, 1], ids=['function', 'method'])
def test_a_memoized_call_inside_a_trace_is_staged(which):
    calls, _ = memoized_calls()
    outer = rt.function(lambda x: calls[which](x) + 1)
    assert outer(X) == 13.0
    graph = str(outer.get_concrete_function(X).graph)
    assert 'call[' in graph and 'mul' in graph, graph
