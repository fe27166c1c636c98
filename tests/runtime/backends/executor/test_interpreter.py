"""The reference interpreter: arguments, environment, non-strictness and error notes."""
import numpy as np
import pytest
from graph_helpers import trace

import runtime as rt
from runtime.backends.executor.interpreter import eval_graph
from runtime.ir.core import AbstractValue

F64 = AbstractValue(np.float64, ())


def test_inputs_constants_resources_and_literals():
    v = rt.Variable(10.0)
    table = np.array([1.0, 2.0])
    graph = trace(lambda x: (x * table + v, 7), F64)
    outputs = eval_graph(graph, np.float64(3.0))
    assert outputs[0].tolist() == [13.0, 16.0] and outputs[1] == 7


def test_argument_count_is_checked():
    with pytest.raises(TypeError, match=r'the graph takes 1 inputs \(2 given\)'):
        eval_graph(trace(np.sin, F64), 1.0, 2.0)


def test_only_needed_equations_run():
    calls = []
    graph = trace(lambda x: (np.sqrt(rt.py_function(calls.append, [x], np.float64)), x)[1], F64)
    assert [eq.primitive for eq in graph.equations] == ['py_function', 'sqrt']
    eval_graph(graph, np.float64(-1.0))  # sqrt is dead: no warning, no result
    assert calls == [-1.0]


def test_errors_keep_their_type_and_gain_one_note():
    graph = trace(lambda x: np.linalg.inv(x), AbstractValue(np.float64, (2, 2)))
    with pytest.raises(np.linalg.LinAlgError) as e:
        eval_graph(graph, np.zeros((2, 2)))
    assert len(e.value.__notes__) == 1 and e.value.__ag_noted__
    assert e.value.__notes__[0].startswith("(agconvert) raised by graph op 'inv' created at ")
