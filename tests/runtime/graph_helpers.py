"""Helpers for the graph runtime tests: trace, run both executors, compare bit for bit."""
import numpy as np

from runtime.execution.executor import compile_graph
from runtime.execution.interpreter import eval_graph
from runtime.ir.core import PYTHON_TYPE, AbstractValue
from runtime.staging import make_graph
from equality import assert_same


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


def run_both(graph, *args):
    """Outputs of the compiled executor, checked equal (bitwise) to the interpreter's."""
    compiled = compile_graph(graph)(*args)
    assert_same(compiled, eval_graph(graph, *args))
    return compiled


def check_against_eager(fn, *args, specs=None):
    """`fn(*args)` traced, compiled and interpreted gives eager numpy's exact results and types."""
    expected = fn(*args)
    expected = tuple(expected) if isinstance(expected, (tuple, list)) else (expected,)
    graph = trace(fn, *(specs or [spec(a) for a in args]))
    actual = run_both(graph, *args)
    assert_same(actual, expected)
    for aval, value in zip(graph.out_avals, actual):
        assert_type_fits(aval, value)
    return graph
