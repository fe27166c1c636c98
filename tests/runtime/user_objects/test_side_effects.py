"""rt.print, rt.py_function and assert_that: eagerly at once, in graphs at every run."""
import numpy as np
import pytest
from graph_helpers import trace

import runtime as rt
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.errors import InvalidArgumentError
from runtime.ir.core import AbstractValue
from runtime.user_objects.side_effects import assert_that

I32 = AbstractValue(np.int32, ())


def test_print_runs_at_every_call_not_while_tracing(capsys):
    def f(x):
        print('追踪：', x)
        rt.print('执行：', x)
    function = compile_graph(trace(f, I32))
    assert capsys.readouterr().out == '追踪： Tensor("input:0", shape=(), dtype=int32)\n'
    function(np.int32(1))
    function(np.int32(2))
    assert capsys.readouterr().out == '执行： 1\n执行： 2\n'


def test_print_formats_like_python_print(capsys):
    values = (np.array([[1, 2], [3, 4]]), np.float32(0.1), 'text', None, [1.5])
    rt.print(*values, sep='|', end='.\n')
    eager = capsys.readouterr().out
    print(*values, sep='|', end='.\n')
    assert eager == capsys.readouterr().out
    graph = trace(lambda m, f: rt.print(m, f, 'text', None, [1.5], sep='|', end='.\n'),
                  AbstractValue(np.int64, (2, 2)), AbstractValue(np.float32, ()))
    compile_graph(graph)(values[0], values[1])
    eval_graph(graph, values[0], values[1])
    assert capsys.readouterr().out == eager * 2


def test_print_of_a_variable_prints_its_value(capsys):
    v = rt.Variable(np.arange(3))
    rt.print(v)
    compile_graph(trace(lambda: rt.print('v', v)))()
    assert capsys.readouterr().out == '[0 1 2]\nv [0 1 2]\n'


def test_py_function_runs_at_every_call():
    external = []

    def side_effect(x):
        external.append(x)
    function = compile_graph(trace(lambda x: rt.py_function(side_effect, inp=[x], Tout=[]), I32))
    for _ in range(3):
        function(np.int32(1))
    assert external == [1, 1, 1] and all(type(x) is np.int32 for x in external)
    assert rt.py_function(side_effect, [2], []) == [] and external[-1] == 2


def test_py_function_results_have_the_declared_dtypes():
    def f(x):
        single = rt.py_function(lambda a: a * 2, [x], np.float32)
        pair = rt.py_function(lambda a, b: (a + b, [a, b]), [x, 1], [np.int8, np.int64])
        return single, pair[0], pair[1]
    graph = trace(f, I32)
    assert [str(a) for a in graph.out_avals] == ['f32[*]', 'i8[*]', 'i64[*]']
    three = np.int32(3)
    for results in (compile_graph(graph)(three), eval_graph(graph, three), f(three)):
        assert [(r.dtype, r.tolist()) for r in results] == [
            (np.float32, 6.0), (np.int8, 4), (np.int64, [3, 1])]


def test_py_function_result_count_is_checked():
    graph = trace(lambda x: rt.py_function(lambda a: (a, a), [x], [np.int32]), I32)
    function = compile_graph(graph)
    with pytest.raises(ValueError, match='returned 2 values where Tout declares 1') as e:
        function(np.int32(1))
    assert "raised by graph op 'py_function' created at" in e.value.__notes__[0]


def test_assert_that_raises_invalid_argument_at_run_time():
    graph = trace(lambda x: assert_that(x > 0, 'x must be positive, got', x), I32)
    function = compile_graph(graph)
    function(np.int32(1))
    for run in (function, lambda x: eval_graph(graph, x)):
        with pytest.raises(InvalidArgumentError) as e:
            run(np.int32(-2))
        assert str(e.value) == 'x must be positive, got -2'
    with pytest.raises(InvalidArgumentError) as e:
        assert_that(np.array([True, False]))
    assert str(e.value) == 'assertion failed'
    assert_that(np.array([True, True]), 'never raised')
