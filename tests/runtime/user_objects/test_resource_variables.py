"""rt.Variable: eager semantics, numpy compatibility, and capture by reference in graphs."""
import numpy as np
import pytest
from equality import assert_same
from graph_helpers import run_both, trace

import runtime as rt
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.errors import OperatorNotAllowedInGraphError
from runtime.ir.core import AbstractValue
from runtime.tracing.builders import GraphBuilder


def test_eager_methods_act_at_once():
    v = rt.Variable([1, 2], dtype=np.int8, name='counts')
    assert (v.dtype, v.shape, v.ndim, v.size, v.name) == (np.int8, (2,), 1, 2, 'counts')
    assert v.assign([3, 4]) is v
    v.assign_add(1)
    v.assign_sub(np.array([2, 2], np.int8))
    assert_same(v.read_value(), np.array([2, 3], np.int8))
    assert repr(v) == "<rt.Variable 'counts' shape=(2,) dtype=int8, numpy=[2, 3]>"


def test_values_are_read_only_and_numpy_is_a_copy():
    v = rt.Variable(np.zeros(2))
    with pytest.raises(ValueError, match='read-only'):
        v.read_value()[0] = 1.0
    copy = v.numpy()
    copy[0] = 5.0
    assert v.read_value()[0] == 0.0
    source = np.ones(2)
    v.assign(source)
    source[0] = 7.0
    assert v.read_value().tolist() == [1.0, 1.0]


def test_updates_replace_the_value_by_a_read_only_array_and_earlier_reads_keep_theirs():
    v = rt.Variable(np.zeros(3, np.float32))
    before = v.read_value()
    v.assign_add(np.ones(3, np.float32))  # numpy's new sum becomes the value itself
    v.assign_sub(np.float64(0.5))         # a float64 difference, cast back
    v[0] = 4.0
    assert before.tolist() == [0.0, 0.0, 0.0]
    assert_same(v.read_value(), np.array([4.0, 0.5, 0.5], np.float32))
    with pytest.raises(ValueError, match='read-only'):
        v.read_value()[1] = 0.0
    with pytest.raises(ValueError, match=r'shape \(2, 3\) to a variable of shape \(3,\)'):
        v.assign_add(np.ones((2, 3), np.float32))
    counter = rt.Variable(np.int64(0))
    counter.assign_add(1)
    assert_same(counter.read_value(), np.array(1, np.int64))
    assert not counter.read_value().flags.writeable


def test_numpy_compatible_arithmetic():
    v = rt.Variable(np.array([1.5, -2.0], np.float32))
    value = v.read_value()
    for result, expected in [(v + 1, value + 1), (1 - v, 1 - value), (v * v, value * value),
                             (v ** 2, value ** 2), (-v, -value), (abs(v), abs(value)),
                             (v > 0, value > 0), (np.sin(v), np.sin(value)),
                             (np.sum(v), np.sum(value)), (np.add.reduce(v), np.add.reduce(value)),
                             (value + v, value + value), (v[1], value[1]),
                             (np.asarray(v, dtype=np.float64), value.astype(np.float64)),
                             (np.concatenate([v, value]), np.concatenate([value, value]))]:
        assert_same(result, expected)
    assert len(v) == 2 and bool(rt.Variable(1)) and float(rt.Variable(2.5)) == 2.5
    assert [float(x) for x in v] == [1.5, -2.0]


def test_assignments_check_dtype_and_shape():
    v = rt.Variable(np.zeros(2, np.int32))
    with pytest.raises(TypeError, match="cannot assign a value of dtype float64 to a variable of "
                                        "dtype int32 \\(numpy's 'same_kind' casting rule\\)"):
        v.assign([1.5, 2.5])
    with pytest.raises(ValueError, match=r'a value of shape \(3,\) to a variable of shape \(2,\)'):
        v.assign([1, 2, 3])
    with pytest.raises(TypeError, match='dtype float64'):
        v.assign_add(0.5)
    with pytest.raises(OverflowError):
        rt.Variable(np.int8(0)).assign(300)
    with pytest.raises(TypeError, match='dtype float64 to a variable of dtype int32'):
        trace(lambda x: v.assign(x), AbstractValue(np.float64, (2,)))


def test_the_seeds_counter_runs_in_the_graph():
    a = rt.Variable(0.0)

    def g():
        a.assign(a + 1.0)
        return a
    function = compile_graph(trace(g))
    assert [function()[0].item() for _ in range(3)] == [1.0, 2.0, 3.0]
    assert a.read_value() == 3.0


def test_graphs_see_eager_changes_and_each_other():
    v = rt.Variable(np.array([1.0, 2.0]))
    read = compile_graph(trace(lambda: v * 10))

    def add(x):
        v.assign_add(x)
    bump = compile_graph(trace(add, AbstractValue(np.float64, (2,))))
    v.assign([3.0, 4.0])
    assert read()[0].tolist() == [30.0, 40.0]
    bump(np.array([1.0, 1.0]))
    assert read()[0].tolist() == [40.0, 50.0] and v.read_value().tolist() == [4.0, 5.0]


def test_variables_mix_with_tensors_either_side():
    v = rt.Variable(np.array([1.0, 2.0]))
    graph = trace(lambda x: (np.add(x, v), np.add(v, x), x @ v, np.stack([v, x])),
                  AbstractValue(np.float64, (2,)))
    assert sum(eq.primitive == 'read_variable' for eq in graph.equations) == 4
    x = np.array([3.0, 5.0])
    assert_same(run_both(graph, x), (x + 1 * v.read_value(), v.read_value() + x, x @ v.read_value(),
                                     np.stack([v.read_value(), x])))


def test_reads_follow_assignments_in_program_order():
    v = rt.Variable(1)

    def f():
        before = v.read_value()
        v.assign(v * 2)
        return before, v.read_value()
    graph = trace(f)
    assert [eq.primitive for eq in graph.equations] == [
        'read_variable', 'read_variable', 'multiply', 'assign_variable', 'read_variable']
    assert [int(o) for o in compile_graph(graph)()] == [1, 2]
    assert [int(o) for o in eval_graph(graph)] == [2, 4]
    assert int(v.read_value()) == 4


def test_concrete_values_are_not_available_while_tracing():
    v = rt.Variable(1.0)
    with GraphBuilder():
        with pytest.raises(OperatorNotAllowedInGraphError, match='Use read_value'):
            v.numpy()
        with pytest.raises(OperatorNotAllowedInGraphError, match='converting a variable'):
            np.asarray(v)
        with pytest.raises(OperatorNotAllowedInGraphError, match='Python bool'):
            bool(v > 0)
    with pytest.raises(TypeError, match='concrete initial value'):
        trace(lambda x: rt.Variable(x), AbstractValue(np.float64, ()))
