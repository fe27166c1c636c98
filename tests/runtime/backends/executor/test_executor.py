"""The compiled executor: generated code, non-strict runs, effects in order, error locations."""
import sys

import numpy as np
import pytest
from equality import assert_same
from extras import needs
from graph_helpers import run_both, trace

import runtime as rt
from runtime.backends.executor.executor import compile_graph, literal_source
from runtime.backends.executor.interpreter import eval_graph
from runtime.converted_code.sourcemap import SourceMap
from runtime.ir.core import AbstractValue
from runtime.tracing import numpy_calls, sizes
from runtime.tracing.builders import GraphBuilder

I32_10 = AbstractValue(np.int32, (10, 10))


def power(x, y):
    result = np.eye(10, dtype=np.int32)
    for _ in range(y):
        result = np.matmul(x, result)
    return result


def test_power_compiles_to_direct_numpy_calls():
    function = compile_graph(trace(lambda x: power(x, 100), I32_10), 'power')
    lines = function.__source__.splitlines()
    assert lines[:4] == ['def power(v0):', '    try:', '        v1 = matmul(v0, k)',
                         '        v1 = matmul(v0, v1)']
    assert sum('matmul(' in line for line in lines) == 100 and len(lines) == 100 + 6
    assert function.__globals__['matmul'] is np.matmul
    x = np.random.default_rng(0).integers(-1, 2, (10, 10)).astype(np.int32)
    assert_same(function(x)[0], power(x, 100))


def test_literals_are_inlined_and_values_bound_as_globals():
    table = np.arange(3.0)
    source = compile_graph(trace(lambda x: np.sum(x * 2.5 + table, axis=0, dtype=np.float32),
                                 AbstractValue(np.float64, (3,)))).__source__
    assert 'v0 = multiply(v0, 2.5' in source  # (into a scratch buffer: tests/conftest.py)
    assert 'v0 = add(v0, k, out=v0)' in source  # the product dies here: it takes the sum
    assert 'v0 = sum_(v0, axis=0, dtype=float32)' in source


def test_dead_big_values_are_deleted_at_once():
    def f(x):
        return np.exp(x) + np.sin(x)
    big, small = (compile_graph(trace(f, AbstractValue(np.float64, shape))).__source__
                  for shape in ((None,), (2,)))
    assert big.splitlines()[2:6] == ['        v1 = exp(v0)', '        v0 = sin(v0)',
                                     '        v0 = add(v1, v0)', '        del v1']
    assert 'del' not in small


def test_unused_results_are_not_computed():
    def unused_take(x):
        np.take(x, [1])  # unused: out of range for len(x) == 1
        return x
    x = np.array([0.0])
    with pytest.raises(IndexError):
        unused_take(x)
    graph = trace(unused_take, AbstractValue(np.float64, (1,)))
    assert_same(run_both(graph, x), (x,))
    assert 'take' not in compile_graph(graph).__source__


def test_unused_outputs_of_a_live_op_are_discarded():
    graph = trace(lambda x: np.divmod(x, 3)[1], AbstractValue(np.int64, (2,)))
    source = compile_graph(graph).__source__
    assert '_, v0 = divmod_(v0, 3)' in source


def test_effects_run_in_program_order_at_every_call(capsys):
    log = []
    v = rt.Variable(0)

    def f(x):
        rt.py_function(lambda a: log.append(('py', int(a))), [x], [])
        v.assign_add(x)
        rt.print('v =', v)
        rt.py_function(lambda: log.append(('read', int(v.numpy()))), [], [])
        return x * 0
    function = compile_graph(trace(f, AbstractValue(np.int64, ())))
    graph = trace(f, AbstractValue(np.int64, ()))
    function(np.int64(1))
    function(np.int64(2))
    eval_graph(graph, np.int64(3))
    assert log == [('py', 1), ('read', 1), ('py', 2), ('read', 3), ('py', 3), ('read', 6)]
    assert capsys.readouterr().out == 'v = 1\nv = 3\nv = 6\n'


def test_run_time_errors_name_the_original_line():
    line = sys._getframe().f_lineno + 1  # the line of the lambda
    graph = trace(lambda x, i: np.take(x, i) + 1,
                  AbstractValue(np.float64, (3,)), AbstractValue(np.int64, ()))
    for run in (compile_graph(graph), lambda *a: eval_graph(graph, *a)):
        with pytest.raises(IndexError) as e:
            run(np.zeros(3), np.int64(7))
        assert e.value.__notes__ == [
            f"(agconvert) raised by graph op 'take' created at {__file__}:{line}"]


def test_run_time_errors_of_converted_code_name_the_original_file(tmp_path):
    converted = tmp_path / 'module.py'
    source = 'import numpy as np\ndef f(x, i):\n    y = x + 1\n    return y[i]\n'
    namespace = {'__name__': 'module', '__file__': str(converted),
                 '__ag_source_map__': SourceMap('original.py', '1:40')}
    exec(compile(source, str(converted), 'exec'), namespace)
    graph = trace(namespace['f'], AbstractValue(np.float64, (3,)), AbstractValue(np.int64, ()))
    with pytest.raises(IndexError) as e:
        compile_graph(graph)(np.zeros(3), np.int64(5))
    assert e.value.__notes__ == ["(agconvert) raised by graph op 'getitem' created at "
                                 f"{tmp_path / 'original.py'}:43"]


def test_traceback_shows_the_generated_line():
    graph = trace(lambda x: np.linalg.inv(x), AbstractValue(np.float64, (2, 2)))
    with pytest.raises(np.linalg.LinAlgError) as e:
        compile_graph(graph, 'invert')(np.zeros((2, 2)))
    entry = [tb for tb in e.traceback if tb.frame.code.raw.co_name == 'invert'][0]
    assert str(entry.statement).strip() == 'v0 = inv(v0)'


def test_sub_graphs_are_compiled_once_and_called():
    scalar = AbstractValue(np.float64, ())
    inner = trace(lambda a, b: (a * b, a - b), scalar, scalar)
    with GraphBuilder() as builder:
        x = builder.placeholder(AbstractValue(np.float64, ()))
        product, difference = builder.emit('call', [x, 2.0], {'graph': inner})
        graph = builder.finish([product + difference])
    function = compile_graph(graph)
    assert 'v0, v1 = call(v0, 2.0, graph=call_graph)' in function.__source__
    assert_same(function(np.float64(3.0)), (np.float64(7.0),))
    assert_same(eval_graph(graph, np.float64(3.0)), (np.float64(7.0),))


def test_sub_graphs_with_effects_are_kept(capsys):
    inner = trace(lambda a: (rt.print('inner', a), a)[1], AbstractValue(np.int64, ()))
    with GraphBuilder() as builder:
        x = builder.placeholder(AbstractValue(np.int64, ()))
        builder.emit('call', [x], {'graph': inner})  # result unused
        graph = builder.finish([x])
    compile_graph(graph)(np.int64(4))
    eval_graph(graph, np.int64(5))
    assert capsys.readouterr().out == 'inner 4\ninner 5\n'


def test_outputs_may_be_inputs_literals_and_constants():
    table = np.ones(2)
    graph = trace(lambda x: (x, 1.5, table, x), AbstractValue(np.float64, (2,)))
    x = np.zeros(2)
    outputs = run_both(graph, x)
    assert outputs[0] is x and outputs[3] is x and outputs[1] == 1.5
    assert_same(outputs[2], table)


def test_literal_source():
    assert literal_source((1, -2.5, None, 'a', True, (3,))) == "(1, -2.5, None, 'a', True, (3,))"
    assert literal_source(float('inf')) is None and literal_source(np.float32(1)) is None
    assert literal_source(-0.0) == '-0.0' and literal_source(1j) == '1j'


def test_sizes_known_when_the_graph_runs_compile_to_direct_numpy_code():
    def f(x):
        n = sizes.length(x)
        return (numpy_calls.zeros((n, 2)), np.reshape(x, (n, 1)), x.size,
                numpy_calls.eye(3, n, dtype=int))

    graph = trace(f, AbstractValue(np.float64, (None,)))
    source = compile_graph(graph).__source__
    assert 'v1 = v0.shape[0]' in source and 'zeros((v1, 2), dtype=float64)' in source
    assert 'reshape(v0, (v1, 1))' in source and '= v0.size' in source
    for n in (0, 3):
        x = np.arange(n, dtype=np.float64)
        assert_same(run_both(graph, x), (np.zeros((n, 2)), x.reshape(n, 1), n,
                                         np.eye(3, n, dtype=int)))


@pytest.mark.parametrize('jit', [None, pytest.param(True, marks=needs('numba'))])
def test_a_constant_a_cond_passes_through_is_returned_as_a_new_writeable_array(jit):
    def pick(x, t):
        if t > 0:
            y = x * 2
        else:
            y = np.zeros(3)   # a constant of the graph: eagerly a new array at each call
        return y
    f = rt.function(pick, jit_compile=jit)
    first, second = f(np.ones(3), np.int64(-1)), f(np.ones(3), np.int64(-1))
    assert first.flags.writeable and second.flags.writeable and first is not second
    first[0] = 5.0
    assert f(np.ones(3), np.int64(-1)).tolist() == [0.0, 0.0, 0.0]
