"""Control flow nested deeper than Python compiles in one function (100 levels of indentation, 20
nested loops): the interpreter, the compiled executor and the jit run it, traced or loaded, with
the results of eager code; a graph deeper than the runtime runs is refused naming its depth."""
import json

import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime import passes
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.backends.numba import compile_jit
from runtime.ir.check import check_graph
from runtime.ir.core import AbstractValue, Equation, Graph, Literal, Var
from runtime.ir.nesting import MAX_NESTING, GraphNestingError, nesting_depth, recursion_room
from runtime.saving.graphs import write_graph
from runtime.staging.cond import MAX_DEPTH as TRACER_DEPTH

F64 = AbstractValue(np.dtype(np.float64), ())
I64 = AbstractValue(np.dtype(np.int64), ())
BOOL = AbstractValue(np.dtype(np.bool_), ())


@pytest.fixture(autouse=True)
def _private_jit_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path_factory.getbasetemp() / 'jit-cache'))


def _eq(primitive, inputs, params, aval):
    out = Var(aval)
    return Equation(primitive, tuple(inputs), params, (out,)), out


def _one_input(make):
    """A graph of one f64 input `a`: `make(a) -> (equations, output)`."""
    a = Var(F64)
    equations, out = make(a)
    return Graph((a,), tuple(equations), (out,))


def cond_chain(depth):
    """The graph a loaded file may hold: `depth` conds, each in the last one's true branch:
    level i is `cond(a > i, level i + 1 on a + 1, (a + 1) - i)`, the innermost `2 * a`. Built
    inside out, without recursion."""
    def innermost(a):
        eq, out = _eq('multiply', (a, Literal(2.0)), {}, F64)
        return [eq], out
    graph = _one_input(innermost)
    for i in reversed(range(depth)):
        false = _one_input(lambda a, i=i: _single(_eq('subtract', (a, Literal(float(i))), {}, F64)))

        def level(a, true=graph, false=false, i=i):
            test, p = _eq('greater', (a, Literal(i)), {}, BOOL)
            step, s = _eq('add', (a, Literal(1.0)), {}, F64)
            cond, out = _eq('cond', (p, s), {'true_branch': true, 'false_branch': false}, F64)
            return [test, step, cond], out
        graph = _one_input(level)
    return graph


def _single(pair):
    eq, out = pair
    return [eq], out


def cond_chain_eager(x, depth):
    """What `cond_chain(depth)` computes, in plain Python."""
    for i in range(depth):
        if not x > i:
            return (x + 1.0) - i
        x = x + 1.0
    return x * 2.0


def nested(x, n, depth, i=0):
    """`depth` levels of tensor control flow, alternating a loop of `n` trips and an `if`, run
    eagerly on numpy values or traced (each level is a Python call: at most the tracer's depth)."""
    if i == depth:
        return x + 1.0
    if i % 2:
        return rt.cond(x > float(i), lambda: nested(x, n, depth, i + 1), lambda: x * 3.0)

    def body(k, acc):
        return k + 1, nested(acc, n, depth, i + 1)
    return rt.while_loop(lambda k, acc: k < n, body, (np.int64(0), x))[1]


@pytest.mark.parametrize('depth', [1, 99, 100, 101, 199, 300])
def test_deep_conds_run_alike_in_the_interpreter_the_executor_and_optimized(depth):
    graph = cond_chain(depth)
    check_graph(graph)
    assert nesting_depth(graph) == depth
    for x in (np.float64(depth / 2), np.float64(depth + 5)):  # a false branch deep inside; none
        expected = np.float64(cond_chain_eager(x, depth))
        assert eval_graph(graph, x) == (expected,)
        assert compile_graph(graph)(x) == (expected,)
        assert compile_graph(passes.optimize(graph))(x) == (expected,)


@needs('numba')
@pytest.mark.parametrize('depth', [1, 101])  # numba at -O0: 199 levels take 8 s
def test_deep_conds_run_alike_under_jit(depth):
    jitted = compile_jit(cond_chain(depth), 'deep')
    for x in (np.float64(depth / 2), np.float64(depth + 5)):
        assert jitted(x) == (np.float64(cond_chain_eager(x, depth)),)


@pytest.mark.parametrize('run', [eval_graph, lambda g, x: compile_graph(g)(x),
                                 pytest.param(lambda g, x: compile_jit(g, 'too_deep')(x),
                                              marks=needs('numba'), id='jit')])
def test_a_graph_deeper_than_the_runtime_runs_is_refused_naming_its_depth(run):
    graph = cond_chain(MAX_NESTING + 1)
    with pytest.raises(GraphNestingError, match=f'nested {MAX_NESTING + 1} levels deep'):
        run(graph, np.float64(1.0))


def test_traced_loops_and_conds_as_deep_as_the_tracer_nests_run_in_the_executor():
    # 26 loops nested in the numpy executor's code (each a `for` in an `if`): past Python's 20
    # nested blocks and 100 levels of indentation
    f = rt.function(lambda x, n: nested(x, n, TRACER_DEPTH))
    for x in (np.float64(100.0), np.float64(20.5)):
        for n in (np.int64(1), np.int64(0)):
            assert f(x, n) == nested(x, n, TRACER_DEPTH)
    graph = f.get_concrete_function(np.float64(1.0), np.int64(1)).graph
    x, n = np.float64(20.5), np.int64(1)
    assert compile_graph(graph)(x, n) == eval_graph(graph, x, n) == (nested(x, n, TRACER_DEPTH),)


@needs('numba')
def test_traced_loops_nested_past_pythons_block_limit_run_under_jit():
    depth = 44  # 22 loops in one numba function: past Python's 20 nested blocks
    f = rt.function(lambda x, n: nested(x, n, depth), jit_compile=True)
    for x in (np.float64(100.0), np.float64(20.5)):
        assert f(x, np.int64(1)) == nested(x, np.int64(1), depth)


def test_a_saved_deeply_nested_function_loads_and_runs(tmp_path):
    f = rt.function(lambda x, n: nested(x, n, TRACER_DEPTH))
    x, n = np.float64(30.5), np.int64(1)
    f(x, n)
    rt.saved_model.save(f, tmp_path / 'm')
    assert rt.saved_model.load(tmp_path / 'm')(x, n) == nested(x, n, TRACER_DEPTH)


class _NoArrays:
    def add(self, array):
        raise AssertionError('the graph holds no arrays')


def test_a_loaded_graph_nested_deeper_than_the_tracer_nests_runs(tmp_path):
    depth = 150  # a file edited (or written by hand) nests as deep as it likes
    f = rt.function(lambda x: rt.cond(x > 0.0, lambda: x * 2.0, lambda: x - 1.0))
    f(np.float64(1.0))
    rt.saved_model.save(f, tmp_path / 'm')
    path = tmp_path / 'm' / 'graphs' / '0.json'
    data = json.loads(path.read_text())
    graph = cond_chain(depth)
    with recursion_room(graph, 'the test writing it'):  # saving recurses a few frames a level
        data['graph'] = write_graph(graph, _NoArrays(), None)
    path.write_text(json.dumps(data))
    loaded = rt.saved_model.load(tmp_path / 'm')
    for x in (np.float64(40.5), np.float64(200.0)):
        assert loaded(x) == cond_chain_eager(x, depth)
    # saved again and printed: the walks of saving and printing get the room they need too
    rt.saved_model.save(loaded, tmp_path / 'again')
    again = rt.saved_model.load(tmp_path / 'again')
    assert again(np.float64(40.5)) == cond_chain_eager(np.float64(40.5), depth)
    assert str(graph).count('cond[') == depth
