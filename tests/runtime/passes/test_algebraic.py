"""Algebraic simplification: exact IEEE identities fire; -0.0, NaN, promotion and overflow stop them."""
import numpy as np
import pytest
from pass_helpers import F64, I8, check_pass

from runtime.ir.core import AbstractValue
from runtime.passes import algebraic

X = np.array([-0.0, np.nan, -np.inf])
K = np.array([127, -128, 0], np.int8)
pytestmark = pytest.mark.filterwarnings('ignore:invalid value:RuntimeWarning')


def test_exact_identities_fire():
    check_pass(algebraic.run, lambda x: np.sin(x * 1) + (x - 0) * (x + -0.0) / 1, [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = multiply a 1
            c:f64[3] = sin b
            d:f64[3] = subtract a 0
            e:f64[3] = add a -0.0
            f:f64[3] = multiply d e
            g:f64[3] = divide f 1
            h:f64[3] = add c g
          in (h,) }""", """
        { lambda ; a:f64[3]. let
            b:f64[3] = sin a
            c:f64[3] = multiply a a
            d:f64[3] = add b c
          in (d,) }""", args=[X])


def test_identities_that_change_signed_zeros_or_nans_do_not_fire():
    check_pass(algebraic.run, lambda x: np.sin(x + 0.0) + x * 0 + (x - x), [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = add a 0.0
            c:f64[3] = sin b
            d:f64[3] = multiply a 0
            e:f64[3] = add c d
            f:f64[3] = subtract a a
            g:f64[3] = add e f
          in (g,) }""", None, args=[X])


def test_integer_identities_fire_and_overflow_is_not_reassociated():
    check_pass(algebraic.run, lambda x: (x + 0) * 1 - 0, [I8], """
        { lambda ; a:i8[3]. let
            b:i8[3] = add a 0
            c:i8[3] = multiply b 1
            d:i8[3] = subtract c 0
          in (d,) }""", """
        { lambda ; a:i8[3]. let
            b:i8[3] = subtract a 0
          in (b,) }""", args=[K])
    check_pass(algebraic.run, lambda x: (x + 1) - 1, [I8], """
        { lambda ; a:i8[3]. let
            b:i8[3] = add a 1
            c:i8[3] = subtract b 1
          in (c,) }""", None, args=[K])


def test_a_promoting_identity_does_not_fire():
    check_pass(algebraic.run, lambda x: np.sin(x * 1.0), [I8], """
        { lambda ; a:i8[3]. let
            b:f64[3] = multiply a 1.0
            c:f64[3] = sin b
          in (c,) }""", None, args=[K])


def test_a_result_returned_stays_a_new_array():
    check_pass(algebraic.run, lambda x: x * 1, [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = multiply a 1
          in (b,) }""", None, args=[X])


def test_a_ufunc_reads_the_operand_of_a_broadcast_its_own_broadcasting_repeats():
    def fn(x):
        return np.broadcast_to(x[:, None], (3, 2)) * np.ones((3, 2))

    check_pass(algebraic.run, fn, [F64], """
        { lambda a:f64[3,2] ; b:f64[3]. let
            c:f64[3,1] = getitem[index=(:, None)] b
            d:f64[3,2] = broadcast_to[shape=(3, 2)] c
            e:f64[3,2] = multiply d a
          in (e,) }""", """
        { lambda a:f64[3,2] ; b:f64[3]. let
            c:f64[3,1] = getitem[index=(:, None)] b
            d:f64[3,2] = broadcast_to[shape=(3, 2)] c
            e:f64[3,2] = multiply c a
          in (e,) }""", args=[X])


def test_a_broadcast_that_gives_the_result_its_shape_stays():
    check_pass(algebraic.run, lambda x: np.broadcast_to(x, (2, 3)) * 2.0, [F64], """
        { lambda ; a:f64[3]. let
            b:f64[2,3] = broadcast_to[shape=(2, 3)] a
            c:f64[2,3] = multiply b 2.0
          in (c,) }""", None, args=[X])
    check_pass(algebraic.run, lambda x: np.broadcast_to(x, (3,)) * x, [F64], """
        { lambda ; a:f64[3]. let
            b:f64[3] = broadcast_to[shape=(3,)] a
            c:f64[3] = multiply b a
          in (c,) }""", """
        { lambda ; a:f64[3]. let
            b:f64[3] = broadcast_to[shape=(3,)] a
            c:f64[3] = multiply a a
          in (c,) }""", args=[X])


def test_a_broadcast_of_an_unknown_dim_stays():
    unknown = AbstractValue(np.float64, (None,))
    check_pass(algebraic.run, lambda x: np.broadcast_to(x, (3,)) * x[:1], [unknown], """
        { lambda ; a:f64[?]. let
            b:f64[3] = broadcast_to[shape=(3,)] a
            c:f64[?] = getitem[index=(:1,)] a
            d:f64[3] = multiply b c
          in (d,) }""", None, args=[np.array([2.0])])
