"""Tensor `if`, conditional expressions, and/or and rt.cond: both branches traced into one cond."""
import numpy as np
import pytest
from cf_helpers import count_ops, traced
from equality import same

import runtime as rt


def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = 0
    return x


def simple_relu(x):
    if np.greater(x, 0):
        return x
    else:
        return 0


def test_square_if_positive_traces_once_for_both_signs(capsys):
    f = rt.function(square_if_positive)
    a, b = np.int32(1), np.int32(-1)
    print(f(a), f(b))
    assert capsys.readouterr().out == '1 0\n'
    assert f.experimental_get_tracing_count() == 1
    same(f(np.int32(7)), np.int32(49))
    same(f(b), np.int32(0))  # `x = 0` adopts the other branch's int32
    assert 'cond[' in str(f.get_concrete_function(a).graph)


def test_square_if_positive_on_arrays_and_scalars():
    same(traced(square_if_positive, np.float32(3.0)), np.float32(9.0))
    same(traced(square_if_positive, np.array(-2.5)), np.float64(0.0))
    with pytest.raises(ValueError, match='shape \\(2,\\).*ambiguous'):
        rt.function(square_if_positive)(np.array([1.0, -1.0]))


def test_simple_relu_returns_from_both_branches():
    f = rt.function(simple_relu)
    print_first, print_second = f(np.int32(1)), f(np.int32(-1))
    same(print_first, np.int32(1))
    same(print_second, np.int32(0))
    assert f.experimental_get_tracing_count() == 1
    graph = f.get_concrete_function(np.int32(1)).graph
    assert len(graph.outputs) == 1 and graph.out_avals[0].dtype == np.int32


def branch_shapes(x, n):
    if n > 0:
        y = np.concatenate([x, x])
    else:
        y = x
    return y


def test_shapes_that_differ_merge_to_unknown_dims():
    f = rt.function(branch_shapes)
    x = np.arange(3.0)
    same(f(x, np.int64(1)), np.concatenate([x, x]))
    same(f(x, np.int64(0)), x)
    assert f.get_concrete_function(x, np.int64(1)).graph.out_avals[0].shape == (None,)


def mixed_python_numbers(x):
    if x > 0:
        y = 1
    else:
        y = 2.5
    return y, y * np.float32(2)


def test_python_numbers_on_both_paths_stay_weak():
    f = rt.function(mixed_python_numbers)
    y, doubled = f(np.float32(1))
    assert type(y) is float and y == 1.0 and doubled.dtype == np.float32
    y, doubled = f(np.float32(-1))
    assert y == 2.5 and doubled == np.float32(5.0)


def int_or_half(x):
    if x > 0:
        y = x
    else:
        y = 0.5
    return y


def test_a_python_float_against_an_int_tensor_promotes_as_numpy_does():
    f = rt.function(int_or_half)
    same(f(np.int32(3)), np.float64(3.0))
    same(f(np.int32(-3)), np.float64(0.5))


def side_effects(x, v):
    if x > 0:
        rt.print('positive', x)
        v.assign_add(x)
    else:
        rt.print('not positive', x)
        v.assign_sub(1)
    rt.print('after', v)
    return v.read_value()


def test_stateful_ops_run_only_in_the_taken_branch_in_program_order(capsys):
    v = rt.Variable(10)
    f = rt.function(side_effects)
    assert f(np.int64(5), v) == 15 and f(np.int64(-5), v) == 14
    assert capsys.readouterr().out == 'positive 5\nafter 15\nnot positive -5\nafter 14\n'
    assert f.experimental_get_tracing_count() == 1


def raise_in_branch(x):
    if x < 0:
        raise ValueError('negative input')
    return np.sqrt(x)


def test_raise_in_a_branch_raises_when_the_graph_takes_it(capsys):
    f = rt.function(raise_in_branch)
    same(f(np.float64(4.0)), np.float64(2.0))
    with pytest.raises(ValueError, match='negative input') as caught:
        f(np.float64(-1.0))
    assert any('raise ValueError' in open(n.split()[-1].rsplit(':', 1)[0]).read().splitlines()[
        int(n.rsplit(':', 1)[1]) - 1] for n in caught.value.__notes__)
    same(f(np.float64(9.0)), np.float64(3.0))  # the error is raised afresh at every such call
    with pytest.raises(ValueError, match='negative input'):
        f(np.float64(-2.0))
    assert f.experimental_get_tracing_count() == 1


def both_raise(x):
    if x > 0:
        raise KeyError('big')
    else:
        raise IndexError('small')


def test_both_branches_raising():
    f = rt.function(both_raise)
    with pytest.raises(KeyError):
        f(np.int64(1))
    with pytest.raises(IndexError):
        f(np.int64(-1))


def logic(a, b):
    return (a > 0 and b > 0, a > 0 or b > 1, not a > 0, a if a > b else b, 0 < a < b,
            a < b < 3 < a + 10, a and b)


@pytest.mark.parametrize('a, b', [(1.0, 2.0), (-1.0, 2.0), (3.0, -2.0), (0.0, 0.0)])
def test_and_or_not_conditional_expressions_and_chains_on_tensors(a, b):
    a, b = np.float64(a), np.float64(b)
    same(traced(logic, a, b), logic(a, b))


def mixed_and(a, b):
    return a > 0 and b


def test_and_of_values_of_two_dtypes_is_an_error():
    with pytest.raises(rt.errors.StagingError, match=r'`and` expression at .*:\d+: its value is '
                       r'a float64 tensor of shape \(\) on one path and a bool tensor'):
        rt.function(mixed_and)(np.float64(1.0), np.float64(2.0))


def lazy_guard(x, i):
    if i < 3 and x[i] > 0:
        return x[i]
    return -1.0


def test_and_traces_its_right_operand_as_a_branch():
    x = np.array([1.0, -2.0, 3.0])
    f = rt.function(lazy_guard)
    same(f(x, np.int64(0)), np.float64(1.0))
    same(f(x, np.int64(1)), np.float64(-1.0))
    same(f(x, np.int64(7)), np.float64(-1.0))  # x[7] is never evaluated: no IndexError


def test_rt_cond():
    def f(x):
        return rt.cond(x > 0, lambda: (x * 2, x), lambda: (-x, x + 1))

    same(traced(f, np.float32(3)), (np.float32(6), np.float32(3)))
    same(traced(f, np.float32(-3)), (np.float32(3), np.float32(-2)))
    assert rt.cond(True, lambda: 'yes', lambda: 'no') == 'yes'  # a Python bool picks a branch


def nested(x, y):
    if x > 0:
        if y > 0:
            z = x + y
        else:
            z = x - y
    elif y > 0:
        z = y
    else:
        z = 0.0
    return z


@pytest.mark.parametrize('x, y', [(1, 2), (1, -2), (-1, 2), (-1, -2)])
def test_nested_conds(x, y):
    x, y = np.float64(x), np.float64(y)
    same(traced(nested, x, y), nested(x, y))


def unchanged(x, n):
    scale = 2.0
    if n > 0:
        x = x * scale
    return x, scale


def test_values_equal_on_both_paths_are_not_cond_outputs():
    f = rt.function(unchanged)
    x = np.ones(3)
    out, scale = f(x, np.int64(1))
    assert scale == 2.0 and type(scale) is float
    same(out, x * 2.0)
    graph = f.get_concrete_function(x, np.int64(1)).graph
    assert len(graph.outputs) == 1 and count_ops(graph) == 3  # greater, cond, multiply


def test_strings_of_two_lengths_merge():
    def label(x):
        if x > 0:
            name = np.str_('positive')
        else:
            name = np.str_('no')
        return name

    f = rt.function(label)
    assert f(np.int64(1)) == 'positive' and f(np.int64(-1)) == 'no'


def test_the_text_form_of_a_cond():
    graph = rt.function(square_if_positive).get_concrete_function(np.int32(1)).graph
    # the false branch gives the constant np.int32(0) (`x = 0` adopted int32)
    assert str(graph) == (
        '{ lambda ; a:i32[]. let\n'
        '    b:bool[] = greater a 0\n'
        '    c:i32[] = cond[false_branch={ lambda a:i32[] ; b:i32[]. let\n'
        '        in (a,) } true_branch={ lambda ; a:i32[]. let\n'
        '          b:i32[] = multiply a a\n'
        '        in (b,) }] b a\n'
        '  in (c,) }')


def test_a_bare_return_in_a_tensor_if_merges_with_falling_off_the_end():
    def fit(x, n):
        loss_prev = np.inf
        for _ in range(n):           # a Python loop: unrolled, its later iterations conds
            loss = (x ** 2).sum()
            x = x * 0.5
            if loss_prev - loss < 0.1:
                return               # None, as falling off the end gives
            loss_prev = loss
    f = rt.function(fit)
    for x in (np.ones(2), np.full(2, 0.2)):
        assert f(x, 6) is None and fit(x, 6) is None
