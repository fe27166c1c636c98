"""Dead-code elimination: before/after text forms, effects kept in order, failing dead ops gone."""
import numpy as np
from pass_helpers import EXECUTIONS, F64, check_pass

import runtime as rt
from runtime.passes import dce

X = np.array([0.5, -0.0, np.nan])


def test_dead_equations_go():
    check_pass(dce.run, lambda x: (np.sin(x), np.cos(x))[1], [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = sin a
            c:f64[3] = cos a
          in (c,) }""", """
        { lambda ; a:f64[3]. let
            b:f64[3] = cos a
          in (b,) }""", args=[X])


def test_effects_stay_in_program_order(capsys):
    graph = check_pass(dce.run, lambda x: (rt.print('first', x), np.sin(x), rt.print('second'),
                                           np.cos(x))[3], [F64], """
        { lambda ; a:f64[3]. let
            _ = print[end='\\n' parts=('first', $0) sep=' '] a
            b:f64[3] = sin a
            _ = print[end='\\n' parts=('second',) sep=' ']
            c:f64[3] = cos a
          in (c,) }""", """
        { lambda ; a:f64[3]. let
            _ = print[end='\\n' parts=('first', $0) sep=' '] a
            _ = print[end='\\n' parts=('second',) sep=' ']
            b:f64[3] = cos a
          in (b,) }""", args=[X])
    assert len(graph.equations) == 3
    assert capsys.readouterr().out.count('first') == 2 * EXECUTIONS  # 2 graphs


def test_a_dead_failing_op_is_pruned_as_eager_non_strict_execution_does():
    fn = rt.function(lambda x, n: (x[n], x * 2)[1], experimental_optimizations=False)
    n = np.int64(7)  # out of bounds: the dead x[n] would raise
    assert np.array_equal(fn(X, n), X * 2, equal_nan=True)
    graph = fn.get_concrete_function(X, n).graph
    assert 'getitem' in str(graph) and 'getitem' not in str(dce.run(graph))
