"""Common-subexpression elimination: merges, and literals, outputs, effects and state it keeps."""
import numpy as np
from pass_helpers import EXECUTIONS, F64, check_pass

import runtime as rt
from runtime.passes import cse

X = np.array([0.5, -0.0, np.nan])


def test_a_repeated_pure_op_is_computed_once():
    check_pass(cse.run, lambda x: np.sin(x) + np.sin(x), [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = sin a
            c:f64[3] = sin a
            d:f64[3] = add b c
          in (d,) }""", """
        { lambda ; a:f64[3]. let
            b:f64[3] = sin a
            c:f64[3] = add b b
          in (c,) }""", args=[X])


def test_literals_differing_only_in_the_sign_of_zero_or_type_are_not_merged():
    check_pass(cse.run, lambda x: (x + 0.0) * (x + -0.0) * (x * 2) * (x * 2.0), [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = add a 0.0
            c:f64[3] = add a -0.0
            d:f64[3] = multiply b c
            e:f64[3] = multiply a 2
            f:f64[3] = multiply d e
            g:f64[3] = multiply a 2.0
            h:f64[3] = multiply f g
          in (h,) }""", None, args=[X])


def test_two_arrays_returned_stay_two_arrays():
    check_pass(cse.run, lambda x: (np.sin(x), np.sin(x)), [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = sin a
            c:f64[3] = sin a
          in (b, c) }""", None, args=[X])


def test_effects_are_never_merged(capsys):
    check_pass(cse.run, lambda x: (rt.print(x), rt.print(x), x)[2], [F64], """
        { lambda ; a:f64[3]. let
            _ = print[end='\\n' parts=($0,) sep=' '] a
            _ = print[end='\\n' parts=($0,) sep=' '] a
          in (a,) }""", None, args=[X])
    assert capsys.readouterr().out.count('\n') == 2 * 2 * EXECUTIONS  # 2 prints, 2 graphs


def test_reads_of_a_variable_around_an_assignment_stay_apart():
    v = rt.Variable(1.0)

    @rt.function
    def f():
        before = v.read_value()
        v.assign_add(1.0)
        return before + v.read_value()

    assert f() == 3.0 and f() == 5.0
    text = str(cse.run(f.get_concrete_function().graph))
    assert text.count('read_variable') == 2
