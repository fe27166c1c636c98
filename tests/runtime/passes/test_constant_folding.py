"""Constant folding: constants and static sizes fold; overflow, NaN-making and failing ops do not."""
import numpy as np
import pytest
from pass_helpers import F64, I8, check_pass

from runtime.ir.core import AbstractValue
from runtime.passes import constant_folding
from runtime.tracing.builders import bind

X = np.array([0.5, -0.0, np.nan])


def test_constants_and_static_sizes_fold():
    def fn(x):
        return x + bind('multiply', np.float64(2.0), np.float64(3.0)) + bind('dim', x, axis=0)

    check_pass(constant_folding.run, fn, [F64], """
        { lambda a:f64[] b:f64[] ; c:f64[3]. let
            d:f64[] = multiply a b
            e:f64[3] = add c d
            f:i64[] = dim[axis=0] c
            g:f64[3] = add e f
          in (g,) }""", """
        { lambda a:f64[] b:f64[] c:f64[] ; d:f64[3]. let
            e:f64[3] = add d c
            f:f64[3] = add e 3
          in (f,) }""", args=[X])


@pytest.mark.filterwarnings('ignore:overflow:RuntimeWarning')
def test_integer_overflow_is_left_to_run_time():
    check_pass(constant_folding.run, lambda x: x + bind('add', np.int8(127), np.int8(1)), [I8], """
        { lambda a:i8[] b:i8[] ; c:i8[3]. let
            d:i8[] = add a b
            e:i8[3] = add c d
          in (e,) }""", None, args=[np.arange(3, dtype=np.int8)])


@pytest.mark.filterwarnings('ignore:invalid value:RuntimeWarning')
def test_an_op_that_warns_is_left_to_run_time():
    check_pass(constant_folding.run,
               lambda x: x + bind('divide', np.float64(0.0), np.float64(0.0)), [F64], """
        { lambda a:f64[] b:f64[] ; c:f64[3]. let
            d:f64[] = divide a b
            e:f64[3] = add c d
          in (e,) }""", None, args=[X])


def test_an_op_that_fails_is_left_to_run_time_and_pruned_when_dead():
    check_pass(constant_folding.run, lambda x: x + bind('take', np.ones(3), np.int64(5)), [F64], """
        { lambda a:f64[3] b:i64[] ; c:f64[3]. let
            d:f64[] = take a b
            e:f64[3] = add c d
          in (e,) }""", None)
    check_pass(constant_folding.run, lambda x: (bind('take', np.ones(3), np.int64(5)), x)[1],
               [F64], """
        { lambda a:f64[3] b:i64[] ; c:f64[3]. let
            d:f64[] = take a b
          in (c,) }""", None, args=[X])


def test_a_folded_array_is_never_handed_out_for_writing():
    check_pass(constant_folding.run, lambda x: (bind('negative', np.ones(3)), x)[0], [F64], """
        { lambda a:f64[3] ; b:f64[3]. let
            c:f64[3] = negative a
          in (c,) }""", None, args=[X])


def test_ones_like_of_a_fully_known_type_folds_and_so_do_read_only_broadcasts_of_it():
    def fn(x):
        seed = np.broadcast_to(np.expand_dims(np.ones_like(np.sum(x)), 0), (3,))
        return x * (seed / 3)

    check_pass(constant_folding.run, fn, [F64], """
        { lambda ; a:f64[3]. let
            b:f64[] = sum a
            c:f64[] = ones_like b
            d:f64[1] = expand_dims[axis=0] c
            e:f64[3] = broadcast_to[shape=(3,)] d
            f:f64[3] = divide e 3
            g:f64[3] = multiply a f
          in (g,) }""", """
        { lambda a:f64[] b:f64[1] c:f64[3] d:f64[3] ; e:f64[3]. let
            f:f64[] = sum e
            g:f64[3] = multiply e d
          in (g,) }""", args=[X])


def test_zeros_like_of_an_unknown_dim_or_of_a_big_value_stays():
    def fn(x):
        return np.zeros_like(x) + x

    unknown = AbstractValue(np.float64, (None,))
    check_pass(constant_folding.run, fn, [unknown], """
        { lambda ; a:f64[?]. let
            b:f64[?] = zeros_like a
            c:f64[?] = add b a
          in (c,) }""", None, args=[X])
    big = AbstractValue(np.float64, (constant_folding.MAX_ELEMENTS + 1,))
    check_pass(constant_folding.run, fn, [big], f"""
        {{ lambda ; a:f64[{big.shape[0]}]. let
            b:f64[{big.shape[0]}] = zeros_like a
            c:f64[{big.shape[0]}] = add b a
          in (c,) }}""", None)
