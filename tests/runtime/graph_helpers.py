"""Helpers for the graph runtime tests: trace, run both executors, compare bit for bit."""

import numpy as np
from equality import assert_same
from extras import installed

from runtime import passes
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.ir import structure
from runtime.ir.core import PYTHON_TYPE, AbstractValue
from runtime.staging import make_graph


def spec(value):
    """The (strong) abstract value of a concrete argument."""
    value = value if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value)
    return AbstractValue(value.dtype, value.shape)


def trace(fn, *specs):
    """The graph of `fn` on placeholders of these types (checked: tests/conftest.py)."""
    return make_graph(fn, *specs)


def assert_type_fits(aval, value):
    """The traced type of an output describes the value the graph computed."""
    if aval.weak:  # a Python number
        assert type(value) is PYTHON_TYPE[aval.dtype.kind], (aval, value)
        return
    assert aval.dtype == value.dtype, (aval, value.dtype)
    if aval.shape is not None:
        assert len(aval.shape) == np.ndim(value), (aval, np.shape(value))
        assert all(d is None or d == n for d, n in zip(aval.shape, np.shape(value))), (aval, value)


# how often run_both runs a graph: interpreter, executor, optimized, and jit (with numba)
EXECUTIONS = 4 if installed('numba') else 3


def run_both(graph, *args, jit=True):
    """Outputs of the compiled executor, checked equal (bitwise) to the interpreter's and to
    the optimized graph's, and (unless `jit` is false) to the numba backend's (within its
    tolerance) where every op of the graph lowers."""
    function = compile_graph(graph)
    compiled = function(*args)
    assert_scratch_stays_inside(function, (compiled, args))
    assert_same(compiled, eval_graph(graph, *args))
    assert_same(compile_graph(passes.optimize(graph))(*args), compiled)
    if jit:
        check_jit(graph, args, compiled)
    return compiled


def assert_scratch_stays_inside(function, values):
    """No array among `values` (results, arguments) shares memory with the scratch buffers the
    compiled `function` keeps for its next call (`runtime.backends.executor.scratch`)."""
    scratch = function.__globals__.get('_scratch')
    if scratch is None:
        return
    leaves = []
    structure.flatten(values, leaves)
    arrays = [a for a in leaves if isinstance(a, np.ndarray)]
    buffers = [b for given_back in scratch._free for b in given_back]
    assert buffers, 'the call gave its scratch buffers back'
    assert not any(np.shares_memory(a, b) for a in arrays for b in buffers)


def check_jit(graph, args, expected):
    """The numba backend's results equal `expected` (exact for integers and booleans); nothing
    to check without numba (the `jit` extra): the callers' other executors are still compared."""
    if not installed('numba'):
        return
    from jit_helpers import assert_close

    from runtime.backends.numba import UnsupportedOpError, compile_jit
    try:
        jitted = compile_jit(passes.optimize(graph), 'differential')
    except UnsupportedOpError:
        return  # an op (or dtype) numba lacks: such graphs refuse jit_compile=True
    assert_close(jitted(*args), expected)


def check_against_eager(fn, *args, specs=None, jit=True):
    """`fn(*args)` traced, compiled and interpreted gives eager numpy's exact results and types
    (and the numba backend too, within its tolerance, where the graph lowers)."""
    expected = fn(*args)
    expected = tuple(expected) if isinstance(expected, (tuple, list)) else (expected,)
    graph = trace(fn, *(specs or [spec(a) for a in args]))
    actual = run_both(graph, *args, jit=jit)
    assert_same(actual, expected)
    for aval, value in zip(graph.out_avals, actual):
        assert_type_fits(aval, value)
    return graph
