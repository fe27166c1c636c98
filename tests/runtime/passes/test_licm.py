"""Loop-invariant code motion: invariants leave the body, guarded by the loop's first test."""
import numpy as np
import pytest
from pass_helpers import F64, I64, check_pass

import runtime as rt
from runtime.passes import licm

X, K = np.array([0.5, -0.0, np.nan]), np.array([1.0, 2.0, 0.0])


def loop(x, k, n):
    i = 0
    while i < n:
        x = x + np.sin(k) * 2.0
        i += 1
    return x


def test_invariant_ops_move_before_the_loop_under_its_first_test():
    converted = rt.autograph.to_graph(loop)
    check_pass(licm.run, converted, [F64, F64, I64], """
        { lambda ; a:f64[3] b:f64[3] c:i64[]. let
            d:bool[] = greater c 0
            e:bool[] f:i64[] g:f64[3] h:f64[3] = while[body={ lambda ; a:bool[] b:i64[] c:f64[3] d:f64[3] e:f64[3] f:i64[]. let
                  g:f64[3] = sin e
                  h:f64[3] = multiply g 2.0
                  i:f64[3] = add c h
                  j:i64[] = py_binary[op='+'] b 1
                  k:bool[] = less j f
                in (k, j, i, d) } carried=4 cond={ lambda ; a:bool[] b:i64[] c:f64[3] d:f64[3] e:f64[3] f:i64[]. let
                in (a,) }] d 0 a a b c
          in (g,) }""", """
        { lambda ; a:f64[3] b:f64[3] c:i64[]. let
            d:bool[] = greater c 0
            e:bool[] f:i64[] g:f64[3] h:f64[3] = cond[false_branch={ lambda ; a:bool[] b:i64[] c:f64[3] d:f64[3] e:f64[3] f:i64[]. let
                in (a, b, c, d) } true_branch={ lambda ; a:bool[] b:i64[] c:f64[3] d:f64[3] e:f64[3] f:i64[]. let
                  g:f64[3] = sin e
                  h:f64[3] = multiply g 2.0
                  i:bool[] j:i64[] k:f64[3] l:f64[3] = while[body={ lambda ; a:bool[] b:i64[] c:f64[3] d:f64[3] e:f64[3] f:i64[] g:f64[3] h:f64[3]. let
                        i:f64[3] = add c h
                        j:i64[] = py_binary[op='+'] b 1
                        k:bool[] = less j f
                      in (k, j, i, d) } carried=4 cond={ lambda ; a:bool[] b:i64[] c:f64[3] d:f64[3] e:f64[3] f:i64[] g:f64[3] h:f64[3]. let
                      in (a,) }] a b c d e f g h
                in (i, j, k, l) }] d d 0 a a b c
          in (g,) }""", args=[X, K, np.int64(3)])


@pytest.mark.filterwarnings('error')
def test_a_loop_that_runs_no_iteration_runs_no_hoisted_op():
    def warns_if_run(x, k, n):
        i = 0
        while i < n:
            x = x + np.log(k)  # log(0) warns: eagerly only if the loop runs
            i += 1
        return x

    fn = rt.function(warns_if_run)
    assert np.array_equal(fn(X, K, np.int64(0)), X, equal_nan=True)
    assert 'true_branch' in str(licm.run(fn.get_concrete_function(X, K, np.int64(0)).graph))


def test_loops_with_effects_are_left_alone(capsys):
    def printing(x, k, n):
        i = 0
        while i < n:
            rt.print(i)
            x = x + np.sin(k)
            i += 1
        return x

    graph = rt.function(printing).get_concrete_function(X, K, np.int64(2)).graph
    assert str(licm.run(graph)) == str(graph)
