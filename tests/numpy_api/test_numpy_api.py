"""Every claim of the numpy API table holds: each Case (`cases_*.py`) traced equals eager numpy,
the reference interpreter equals the executor, `jit_compile=True` equals the executor (where the
case claims jit), ONNX export run by onnxruntime equals it (where it claims ONNX), and tape
gradients equal finite differences (where it claims them), eagerly and inside rt.function.
The coverage table (benchmarks/numpy_api_coverage.md) is generated from these cases: it is
checked up to date here, so a supported mark in it is always a checked claim.
"""
import sys
from pathlib import Path

import numpy as np
import pytest
from extras import needs
from numpy_case import all_cases

import runtime as rt
from runtime.backends.executor.interpreter import eval_graph
from runtime.rt_function import keys

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / 'tests' / 'runtime'))  # the runtime tests' equality helpers
sys.path.insert(0, str(REPO))  # benchmarks (pytest puts only the tests' folders on sys.path)
from equality import assert_same  # noqa: E402

from benchmarks import numpy_coverage, numpy_usage  # noqa: E402

CASES = all_cases()
IDS = [f'{case.name}-{index}' for index, case in enumerate(CASES)]
# float tolerance of `exact=False` cases (LAPACK and FFT paths, which numpy itself does not
# keep bitwise across equivalent calls) and of every jit and ONNX comparison of floats
RTOL = {np.dtype(np.float16): 1e-3, np.dtype(np.float32): 1e-5, np.dtype(np.complex64): 1e-5}
RTOL_DEFAULT = 1e-9
# finite differences: central, step EPS; tolerance of gradients against them
EPS, GRAD_RTOL, GRAD_ATOL = 1e-6, 1e-5, 1e-6


GENERATORS = (np.random.Generator, np.random.RandomState)
_GLOBAL_RANDOM_STATE = np.random.mtrand._rand  # what np.random.rand() and friends draw from
_INITIAL_STATES = {}  # id(generator) -> its state before any case drew from it


def _rewind(generator):
    """Put `generator` back in the state it had before the first call: every call of a case
    (eager, traced, interpreted, compiled) draws the same numbers."""
    is_legacy = isinstance(generator, np.random.RandomState)
    state = _INITIAL_STATES.setdefault(id(generator), generator.get_state() if is_legacy
                                       else generator.bit_generator.state)
    if is_legacy:
        generator.set_state(state)
    else:
        generator.bit_generator.state = state
    return generator


def fresh(args):
    """Copies of the case's arrays (a call that updates its arguments leaves the case alone),
    and its generators, and numpy's global one, rewound to their first state. A generator
    stays the same object: a traced function holds it by reference."""
    _rewind(_GLOBAL_RANDOM_STATE)
    return tuple(a.copy() if isinstance(a, np.ndarray) else
                 _rewind(a) if isinstance(a, GENERATORS) else a for a in args)


def leaves(value):
    """The arrays and scalars of a (nested) result, in order."""
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in leaves(item)]
    return [value]


def assert_close(actual, expected, exact):
    """`actual` is `expected`: bit for bit with `exact` (types, dtypes, shapes, NaNs, layout of
    fresh arrays), else the same types, dtypes and shapes and float values within RTOL of the
    largest magnitude (sums added in another order)."""
    if exact:
        assert_same(actual, expected, exact_types=True)
        return
    actual_leaves, expected_leaves = leaves(actual), leaves(expected)
    assert len(actual_leaves) == len(expected_leaves), (actual, expected)
    for a, e in zip(actual_leaves, expected_leaves):
        a_array, e_array = np.asarray(a), np.asarray(e)
        assert (a_array.dtype, a_array.shape) == (e_array.dtype, e_array.shape), (a, e)
        if e_array.dtype.kind in 'fc':
            rtol = RTOL.get(e_array.dtype, RTOL_DEFAULT)
            scale = float(np.nanmax(np.abs(e_array), initial=0)) if e_array.size else 0.0
            np.testing.assert_allclose(a_array, e_array, rtol=rtol, atol=rtol * scale)
        else:
            assert a_array.tobytes() == e_array.tobytes(), (a, e)


def graph_inputs(concrete, args):
    """The graph inputs a call of `concrete` on `args` feeds (Python values are traced in),
    then the arrays it reads in objects and globals."""
    inputs = concrete.feed(keys.bind(concrete._binder, tuple(args), {}, 0))
    return inputs if concrete.state is None else concrete.state.feed(inputs)


# one traced function per case, shared by the tests below (each traces once per signature)
_FUNCTIONS = {}


def function(case, **options):
    key = (id(case), tuple(sorted(options.items())))
    if key not in _FUNCTIONS:
        _FUNCTIONS[key] = rt.function(case.call, **options)
    return _FUNCTIONS[key]


@pytest.mark.parametrize('case', CASES, ids=IDS)
def test_traced_equals_eager_and_the_interpreter_equals_the_executor(case):
    expected = case.call(*fresh(case.args))
    if case.numpy_scalar:
        assert type(expected) in (bool, int, float, complex), type(expected)
        expected = np.asarray(expected)[()]  # the numpy scalar of that Python scalar's kind
    traced = function(case)
    actual = traced(*fresh(case.args))
    assert_close(actual, expected, case.exact)
    concrete = traced.get_concrete_function(*fresh(case.args))
    inputs = graph_inputs(concrete, fresh(case.args))
    interpreted = concrete.rebuild(eval_graph(concrete.graph, *inputs))
    assert_close(interpreted, concrete(*fresh(case.args)), exact=True)


def _jit_cases():
    return [pytest.param(case, id=i, marks=needs('numba')) for case, i in zip(CASES, IDS)]


@pytest.mark.parametrize('case', _jit_cases())
def test_jit_compile_equals_the_executor_or_the_case_says_why_not(case):
    if case.jit is not None:  # not claimed: the reason is what the table shows
        assert isinstance(case.jit, str) and case.jit.strip(), f'{case.name}: jit= needs a reason'
        return
    expected = function(case)(*fresh(case.args))
    actual = function(case, jit_compile=True)(*fresh(case.args))
    assert_close(actual, expected, exact=False)


@pytest.mark.parametrize('case', [pytest.param(case, id=i, marks=needs('onnx', 'onnxruntime'))
                                  for case, i in zip(CASES, IDS)])
def test_onnx_export_equals_the_executor_or_the_case_says_why_not(case):
    if case.onnx is not None:
        assert isinstance(case.onnx, str) and case.onnx.strip(), f'{case.name}: onnx= needs a reason'
        return
    import onnxruntime
    traced = function(case)
    concrete = traced.get_concrete_function(*fresh(case.args))
    model = rt.onnx.export(concrete)
    session = onnxruntime.InferenceSession(model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    inputs = graph_inputs(concrete, fresh(case.args))
    feed = {i.name: np.asarray(value) for i, value in zip(model.graph.input, inputs)}
    expected = leaves(concrete(*fresh(case.args)))
    actual = session.run(None, feed)
    assert len(actual) == len(expected), (actual, expected)
    for a, e in zip(actual, expected):
        e = np.asarray(e)
        assert (a.dtype, a.shape) == (e.dtype, e.shape), (a, e)
        if e.dtype.kind in 'fc':
            rtol = max(RTOL.get(e.dtype, 0), 2e-6)  # onnxruntime's kernels are not numpy's
            scale = float(np.nanmax(np.abs(e), initial=0)) if e.size else 0.0
            np.testing.assert_allclose(a, e, rtol=rtol, atol=rtol * scale)
        else:
            assert a.tobytes() == e.tobytes(), (a, e)


def _float_positions(args):
    return [i for i, a in enumerate(args) if isinstance(a, np.ndarray) and a.dtype.kind == 'f']


def _weighted_sum(case, weights):
    """sum(call(*args) * weights) over the float results: a scalar whose gradient weighs every
    output element differently (a plain sum would hide a wrong permutation or sign)."""
    def loss(*args):
        total = 0.0
        for out, weight in zip(leaves(case.call(*args)), weights):
            if weight is not None:
                total = total + np.sum(out * weight)
        return total
    return loss


def _weights(case, index):
    rng = np.random.default_rng(index)
    return [rng.uniform(0.5, 1.5, np.shape(out)) if np.asarray(out).dtype.kind == 'f' else None
            for out in leaves(case.call(*fresh(case.args)))]


def _finite_differences(loss, args, positions):
    grads = []
    for i in positions:
        g = np.zeros_like(args[i], dtype=np.float64)
        for index in np.ndindex(args[i].shape):
            bumped = list(fresh(args))
            bumped[i][index] += EPS
            up = loss(*bumped)
            bumped[i][index] -= 2 * EPS
            g[index] = (up - loss(*bumped)) / (2 * EPS)
        grads.append(g)
    return grads


_GRAD_CASES = [(case, i) for i, case in enumerate(CASES) if case.grad]


@pytest.mark.parametrize('case, index', _GRAD_CASES, ids=[IDS[i] for _, i in _GRAD_CASES])
def test_gradients_equal_finite_differences_eagerly_and_in_a_graph(case, index):
    args = fresh(case.args)
    positions = _float_positions(args)
    assert positions, f'{case.name}: grad=True needs a float array argument'
    loss = _weighted_sum(case, _weights(case, index))
    expected = _finite_differences(loss, args, positions)

    def gradient(*args):
        args = list(args)
        with rt.GradientTape() as tape:
            for i in positions:
                args[i] = tape.watch(args[i])
            value = loss(*args)
        return tape.gradient(value, [args[i] for i in positions],
                             unconnected_gradients='zero')

    eager = gradient(*fresh(args))
    in_graph = rt.function(gradient, autograph=False)(*fresh(args))
    for e, g, want in zip(eager, in_graph, expected):
        np.testing.assert_allclose(np.asarray(e), want, rtol=GRAD_RTOL, atol=GRAD_ATOL)
        np.testing.assert_allclose(np.asarray(g), want, rtol=GRAD_RTOL, atol=GRAD_ATOL)


def test_every_case_and_every_listed_name_is_spelled_as_the_table_spells_numpy():
    universe = set(numpy_coverage.api_names())
    misspelled = sorted({case.name for case in CASES} - universe)
    assert not misspelled, f'Case names the table does not know (typos?): {misspelled}'
    unknown = sorted({name for name, _ in numpy_usage.read_top()} - universe)
    assert not unknown, f'numpy_top300.txt names the table does not know: {unknown}'


def test_the_committed_coverage_table_is_up_to_date():
    committed = numpy_coverage.TABLE_PATH.read_text()
    assert numpy_coverage.table(CASES) == committed, (
        f'{numpy_coverage.TABLE_PATH.name} is stale: a case was added or changed; regenerate '
        'it with `python -m benchmarks.numpy_coverage` and commit it')
