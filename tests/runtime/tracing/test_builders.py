"""Graph builders: placeholders, captures, nesting, threads, names and source locations."""
import os
import sys
import threading

import numpy as np
import pytest
from graph_helpers import run_both, trace

import runtime as rt
from runtime.ag_operators import dispatch
from runtime.converted_code.sourcemap import SourceMap
from runtime.ir.core import AbstractValue, Var
from runtime.tracing import builders
from runtime.tracing.builders import GraphBuilder, current_builder

F64_2 = AbstractValue(np.float64, (2,))


def test_entering_a_builder_starts_a_trace():
    assert not dispatch.tracing
    with GraphBuilder() as builder:
        assert dispatch.tracing == {threading.get_ident(): True} and current_builder() is builder
        with GraphBuilder(parent=builder) as inner:
            assert current_builder() is inner
        assert current_builder() is builder
    assert not dispatch.tracing and current_builder() is None


def test_builder_api_end_to_end():
    with GraphBuilder() as builder:
        x = builder.placeholder(F64_2, name='x')
        k = builder.capture_constant(np.array([10.0, 20.0]))
        y = builder.emit('add', [x, k], {})
        graph = builder.finish([y, builder.emit('sum', [y], {'axis': 0})])
    assert str(graph).splitlines()[0] == '{ lambda a:f64[2] ; b:f64[2]. let'
    assert x.name == 'x:0' and y.name == 'add:0'
    assert y.op is graph.equations[0] and y.graph is builder and x.op is None
    outputs = run_both(graph, np.array([1.0, 2.0]))
    assert [o.tolist() for o in outputs] == [[11.0, 22.0], 33.0]


def test_constants_are_captured_by_value_once():
    table = np.array([1.0, 2.0])

    def f(x):
        return x + table, x * table
    graph = trace(f, F64_2)
    table[:] = 100.0
    assert len(graph.consts) == 1
    assert run_both(graph, np.ones(2))[0].tolist() == [2.0, 3.0]


def test_resources_are_captured_by_reference_once():
    v = rt.Variable([1.0, 2.0])
    graph = trace(lambda x: (x + v, x - v), F64_2)
    assert graph.resources == ((graph.resources[0][0], v),)
    v.assign([5.0, 5.0])
    assert run_both(graph, np.zeros(2))[0].tolist() == [5.0, 5.0]


def test_nested_builder_captures_outer_tensors_as_extra_inputs():
    with GraphBuilder() as outer:
        x = outer.placeholder(F64_2, name='x')
        y = np.exp(x)
        with GraphBuilder(parent=outer) as middle:
            with GraphBuilder(parent=middle) as inner:
                z = inner.placeholder(F64_2)
                inner_graph = inner.finish([z * y + y + x])
            middle_graph = middle.finish(middle.emit('call', [middle.placeholder(F64_2),
                                                                *inner.captured],
                                                     {'graph': inner_graph}))
        assert len(inner_graph.inputs) == 3 and len(middle_graph.inputs) == 3
        assert [t.graph for t in inner.captured] == [middle, middle]
        assert [t._var for t in middle.captured] == [y._var, x._var]
        (result,) = outer.emit('call', [x, *middle.captured], {'graph': middle_graph})
        graph = outer.finish([result])
    x_value = np.array([0.0, 1.0])
    expected = x_value * np.exp(x_value) + np.exp(x_value) + x_value
    assert run_both(graph, x_value)[0].tolist() == expected.tolist()


def test_concurrent_traces_in_threads_do_not_interfere():
    barrier = threading.Barrier(2)
    graphs = {}

    def trace_in_thread(name, fn):
        with GraphBuilder() as builder:
            x = builder.placeholder(F64_2)
            barrier.wait()
            y = fn(x)
            barrier.wait()
            graphs[name] = builder.finish([fn(y)])

    threads = [threading.Thread(target=trace_in_thread, args=('sin', np.sin)),
               threading.Thread(target=trace_in_thread, args=('neg', np.negative))]
    for t in threads:
        t.start()
    assert current_builder() is None
    for t in threads:
        t.join()
    assert [eq.primitive for eq in graphs['sin'].equations] == ['sin', 'sin']
    assert [eq.primitive for eq in graphs['neg'].equations] == ['negative', 'negative']


def test_leaked_tensors_are_rejected():
    leaked = []
    trace(lambda x: leaked.append(x) or x, F64_2)
    with pytest.raises(RuntimeError, match='leaked out of a finished trace'):
        trace(lambda x: x + leaked[0], F64_2)
    with pytest.raises(RuntimeError, match='leaked out of a finished trace'):
        np.sin(leaked[0])


def test_a_finished_graph_takes_no_more_ops():
    with GraphBuilder() as builder:
        x = builder.placeholder(F64_2)
        builder.finish([x])
        with pytest.raises(RuntimeError, match='this graph is finished'):
            np.sin(x)


def test_op_names_are_unique_per_graph():
    with GraphBuilder() as builder:
        x = builder.placeholder(F64_2, name='x')
        a, b = np.sin(x), np.sin(x)
        q, r = np.divmod(x, 2)
    assert (a.name, b.name, q.name, r.name) == ('sin:0', 'sin_1:0', 'divmod:0', 'divmod:1')
    assert repr(a) == 'Tensor("sin:0", shape=(2,), dtype=float64)'


def test_source_location_is_the_user_line():
    line = sys._getframe().f_lineno + 1
    graph = trace(lambda x: np.sum(np.sin(x)), F64_2)
    assert [eq.source for eq in graph.equations] == [f'{__file__}:{line}'] * 2


def test_source_location_of_converted_code_is_the_original_line(tmp_path):
    converted = tmp_path / 'build' / 'module.py'
    source = 'import numpy as np\n\n\ndef f(x):\n    return np.cos(x)\n'
    namespace = {'__name__': 'module', '__file__': str(converted),
                 '__ag_source_map__': SourceMap('../src/module.py', '1:20')}
    exec(compile(source, str(converted), 'exec'), namespace)
    graph = trace(namespace['f'], F64_2)
    expected = os.path.normpath(tmp_path / 'src' / 'module.py')
    assert graph.equations[0].source == f'{expected}:24'


def test_make_graph_outputs_may_be_values():
    graph = trace(lambda x: (x, 2, np.float32(1.5)), F64_2)
    assert isinstance(graph.outputs[0], Var) and graph.outputs[1].value == 2
    outputs = run_both(graph, np.zeros(2))
    assert outputs[1] == 2 and outputs[2].dtype == np.float32


def test_lists_of_tensors_are_not_arrays():
    with pytest.raises(TypeError, match=r'stack it first \(np.stack\(values\)\)'):
        trace(lambda x: x + [x, x], F64_2)


def test_bind_requires_a_trace():
    with pytest.raises(RuntimeError, match="op 'sin' can only be staged while a graph is being"):
        builders.bind('sin', np.zeros(2))
