"""Lists in graph control flow: `l.append(t)` in a tensor loop collects into a graph list."""
import numpy as np
import pytest
from cf_helpers import traced
from equality import same

import runtime as rt
from runtime import ag as ag__


def collect(n):
    out = []
    for i in rt.range(n):
        out.append(i * 2)
    return rt.stack(out)


@pytest.mark.parametrize('n', [1, 4])
def test_collect_per_step_outputs(n):
    same(traced(collect, np.int64(n)), np.arange(n) * 2)


def test_a_loop_that_never_appends_gives_an_empty_stack():
    f = rt.function(collect)
    result = f(np.int64(0))
    assert result.shape == (0,) and result.dtype == np.int64
    assert f.experimental_get_tracing_count() == 1


def rows(x, threshold):
    kept = [np.zeros(3)]
    for row in x:
        if row.sum() > threshold:
            kept.append(row)
    return rt.stack(kept), len(kept)


def test_append_in_a_branch_of_a_loop_to_a_list_with_elements():
    x = np.arange(12.0).reshape(4, 3)
    for threshold in (10.0, 25.0, 99.0):
        stacked, count = traced(rows, x, np.float64(threshold))
        expected, expected_count = rows(x, threshold)
        same(stacked, expected)
        assert count == expected_count


def list_stack(values):
    return ag__.list_stack(values, None)  # `ag__` marks this helper converted: it is not again


def list_pop(values):
    return ag__.list_pop(values, None, None)


def running_means(xs):
    means = []
    total = 0.0
    for i, x in enumerate(xs):
        total += x
        means.append(total / (i + 1))
    return list_stack(means)


def test_list_stack_and_python_numbers_promoted_in_the_loop():
    xs = np.array([2.0, 4.0, 6.0], np.float32)
    same(traced(running_means, xs), np.array([2.0, 3.0, 4.0], np.float32))  # as eagerly


def read_only_list(n):
    weights = [1.0, 2.0]
    total = 0.0
    i = 0
    while i < n:
        total += weights[0] + weights[1]
        i += 1
    return total, weights


def test_lists_the_loop_does_not_change_stay_python_lists():
    total, weights = rt.function(read_only_list)(np.int64(2))
    same(total, np.float64(6.0))
    assert weights == [1.0, 2.0] and type(weights) is list


def appended_in_branch(x):
    values = [x]
    if x > 0:
        values.append(x * 10)
    return rt.stack(values)


def test_a_list_appended_in_one_branch_becomes_a_graph_list():
    f = rt.function(appended_in_branch)
    same(f(np.float64(2.0)), np.array([2.0, 20.0]))
    same(f(np.float64(-2.0)), np.array([-2.0]))


def iterate_collected(n):
    squares = []
    for i in rt.range(n):
        squares.append(i * i)
    total = 0
    for s in squares:
        total += s
    return total, len(squares)


def test_a_graph_list_is_iterated_and_measured_in_the_graph():
    same(traced(iterate_collected, np.int64(4)), (np.int64(14), np.int64(4)))


def pop_last(n):
    stack = []
    for i in rt.range(n):
        stack.append(i)
    stack, top = list_pop(stack)
    return top, rt.stack(stack)


def test_list_pop():
    top, rest = rt.function(pop_last)(np.int64(3))
    same(top, np.int64(2))
    same(rest, np.array([0, 1]))


def test_elements_of_another_dtype_are_refused():
    def f(n):
        out = []
        for i in rt.range(n):
            out.append(i)
            out.append(i.astype(np.float32))
        return rt.stack(out)

    with pytest.raises(rt.errors.StagingError,
                       match='appending a float32 element to a graph list of int64 elements'):
        rt.function(f)(np.int64(2))


def test_a_graph_list_cannot_be_iterated_in_python():
    def f(n):
        out = []
        for i in rt.range(n):
            out.append(i)
        return list(out)

    with pytest.raises(TypeError, match='so Python cannot iterate it here: iterate it in a '
                                        'converted for loop'):
        rt.function(f)(np.int64(2))


def test_rt_stack_eagerly_is_np_stack():
    same(rt.stack([np.ones(2), np.zeros(2)], axis=1), np.stack([np.ones(2), np.zeros(2)], 1))


def swap_pair(n):
    pair = [np.float64(1.0), np.float64(2.0)]
    i = 0
    while i < n:
        pair = [pair[1], pair[0] + pair[1]]
        i += 1
    return rt.stack(pair)


def test_a_list_rebuilt_in_the_loop_body():
    same(rt.function(swap_pair)(np.int64(4)), swap_pair(4))


def test_a_graph_list_returned_from_a_function_is_stacked():
    def f(n):
        out = []
        for i in range(n):
            out.append(i * 0.5)
        return out, len(out)

    stacked, count = rt.function(f)(np.int64(3))
    same(stacked, np.array([0.0, 0.5, 1.0]))
    assert count == 3
