"""Functions calling Functions (a `call` op holding the inner graph), and Functions as methods."""
import gc
import weakref

import numpy as np
import pytest

import runtime as rt
from runtime.ir.check import check_graph

F32 = np.float32


def test_inner_function_is_traced_once_and_staged_as_a_call(capsys):
    @rt.function
    def add(a, b):
        print('tracing add', a.shape)
        return a + b

    @rt.function
    def dense_layer(x, w, b):
        return add(np.matmul(x, w), b)

    x, w, b = np.ones([3, 2], F32), np.ones([2, 2], F32), np.ones([2], F32)
    dense_layer(x, w, b)
    dense_layer(x * 2, w, b)
    assert add(np.ones([3, 2], F32), b).tolist() == [[2.0, 2.0]] * 3  # reuses the inner trace
    assert capsys.readouterr().out == 'tracing add (3, 2)\n'
    graph = dense_layer.get_concrete_function(x, w, b).graph
    check_graph(graph)
    assert [eq.primitive for eq in graph.equations] == ['matmul', 'call']
    assert 'c:f32[3,2] = add a b' in str(graph)
    assert add.experimental_get_tracing_count() == 1


def test_inner_function_with_structured_and_python_results():
    @rt.function
    def stats(x, label):
        return {'mean': np.mean(x), 'label': label, 'both': (x.min(), x.max())}

    @rt.function
    def outer(x):
        s = stats(x, 'v')
        return s['both'][1] - s['both'][0], s['label'], s['mean']

    assert outer(np.array([1.0, 5.0, 3.0])) == (4.0, 'v', 3.0)


def test_inner_function_closing_over_an_outer_tensor():
    @rt.function
    def outer(x, y):
        @rt.function
        def shifted(z):
            return z + y  # y is a tensor of the outer trace: captured as an extra input
        return shifted(x) * 2

    assert outer(np.ones(2), np.full(2, 3.0)).tolist() == [8.0, 8.0]
    assert outer(np.zeros(2), np.ones(2)).tolist() == [2.0, 2.0]


def test_recursion_with_the_same_types_is_an_error():
    @rt.function
    def forever(x):
        return forever(x)

    with pytest.raises(RecursionError, match='calls itself with the same argument types'):
        forever(np.ones(2))


def test_recursion_on_python_values_unrolls():
    @rt.function
    def power(x, n):
        return x if n == 0 else x * power(x, n - 1)

    assert power(np.float64(2.0), 5) == 64.0


class Dense:
    def __init__(self, scale):
        self.scale = scale
        self.traces = 0

    @rt.function
    def __call__(self, x):
        self.traces += 1
        return x * self.scale

    @rt.function
    def twice(self, x):
        return self(self(x))


def test_methods_trace_per_instance():
    a, b = Dense(2.0), Dense(3.0)
    x = np.ones(2, F32)
    assert a(x).tolist() == [2.0, 2.0] and b(x).tolist() == [3.0, 3.0]
    assert a(x * 2).tolist() == [4.0, 4.0]
    assert (a.traces, b.traces) == (1, 1)
    assert a.twice(x).tolist() == [4.0, 4.0]
    assert a.__call__ is a.__call__ and a.__call__ is not b.__call__
    assert Dense.__call__.experimental_get_tracing_count() == 2
    assert a.__call__.python_function(x).tolist() == [2.0, 2.0]
    assert a.__call__.pretty_printed_concrete_signatures() == (
        '__call__(x)\n  Args:\n    x: float32 Tensor, shape=(2,)\n'
        '  Returns:\n    float32 Tensor, shape=(2,)')
    concrete = b.__call__.get_concrete_function(rt.TensorSpec([None], F32))
    assert concrete(np.ones(4, F32)).tolist() == [3.0] * 4
    assert concrete.structured_input_signature == ((rt.TensorSpec([None], F32),), {})


def test_an_instance_that_dies_takes_its_traces_with_it():
    layer = Dense(2.0)
    layer(np.ones(2, F32))
    layer.twice(np.ones(2, F32))
    traces = [weakref.ref(c) for c in Dense.__call__.concrete_functions(layer)]
    assert len(traces) == 1
    instance = weakref.ref(layer)
    del layer
    gc.collect()
    assert instance() is None and all(t() is None for t in traces)
