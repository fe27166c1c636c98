"""Lists of arrays in graphs: numpy and Python take them as they take a list of arrays.

A list appended to in a tensor `for` or `while` loop (a graph list) and a list
built by a Python loop unrolled at trace time (a Python list of tensors) each
go through np.stack, np.array, np.asarray, np.concatenate, np.vstack,
np.hstack, len, indexing, iteration and sums; results must equal eager numpy
(type, dtype, shape, bytes), and both executors must agree (`traced`).
"""
import numpy as np
import pytest
from cf_helpers import traced
from equality import assert_same

import runtime as rt

ROWS = [rt.TensorSpec([None, 2], np.float64)]


def appended_in_a_for_loop(x):
    values = []
    for row in x:
        values.append(row * 2.0 - 1.0)
    return values


def appended_in_a_while_loop(x):
    values = []
    i = 0
    while i < len(x):
        values.append(x[i] + i)
        i += 1
    return values


def appended_in_an_unrolled_loop(x):
    values = []
    for i in range(3):  # a Python range: unrolled at trace time
        values.append(x[0] * i + x[-1])
    return values


def numpy_functions(build):
    def on_list(x):
        values = build(x)
        return (np.stack(values), np.stack(values, axis=1), np.array(values), np.asarray(values),
                np.array(values, dtype=np.float32), np.asarray(values, np.int64),
                np.concatenate(values), np.concatenate(values, axis=None), np.vstack(values),
                np.hstack(values), np.sum(values), np.mean(values, axis=0), np.square(values))
    on_list.__name__ = f'numpy_functions_{build.__name__}'
    return on_list


def python_operations(build):
    def on_list(x):
        values = build(x)
        total = np.zeros(2)
        for v in values:  # another graph loop over a graph list; unrolled over a Python list
            total = total + v * v
        count = 0
        last = values[0]
        for i in range(len(values)):
            count += i
            last = values[i] + last
        return len(values), values[-1], values[0], values[len(values) - 1], sum(values), \
            sum(values, np.ones(2)), total, count, last
    on_list.__name__ = f'python_operations_{build.__name__}'
    return on_list


BUILDS = [appended_in_a_for_loop, appended_in_a_while_loop, appended_in_an_unrolled_loop]
CASES = [make(build) for build in BUILDS for make in (numpy_functions, python_operations)]


@pytest.mark.parametrize('fn', CASES, ids=lambda f: f.__name__)
def test_lists_of_arrays_as_numpy_and_python_take_them(fn):
    f = rt.function(fn, input_signature=ROWS)
    for n in (3, 1, 5):
        x = np.arange(n * 2, dtype=np.float64).reshape(n, 2) / 4 - 1
        assert_same(traced(f, x), fn(x))


def test_the_length_of_a_graph_list_is_a_graph_value_that_of_an_unrolled_list_an_int():
    def lengths(x):
        return len(appended_in_a_for_loop(x)), len(appended_in_an_unrolled_loop(x))

    f = rt.function(lengths, input_signature=ROWS)
    assert_same(traced(f, np.ones((4, 2))), (4, 3))
    graph = f.get_concrete_function(np.ones((2, 2))).graph
    # the length of x (for the loop over its rows) and of the graph list; none for the other
    assert [eq.primitive for eq in graph.equations].count('dim') == 2


def test_empty_graph_lists_raise_numpy_errors():
    def stacked(n):
        values = []
        for i in rt.range(n):
            values.append(i)
        return np.stack(values), np.concatenate([values])

    f = rt.function(stacked)
    assert_same(f(np.int64(3)), (np.arange(3), np.arange(3)))
    with pytest.raises(ValueError, match='need at least one array to stack'):
        f(np.int64(0))


def test_a_graph_list_outside_converted_code_says_what_to_do():
    def collected(n):
        values = []
        for i in rt.range(n):
            values.append(i)
        return np.asarray(rt.do_not_convert(list)(values))

    with pytest.raises(TypeError, match='so Python cannot iterate it here: iterate it in a '
                                        r'converted for loop .* or use numpy on it'):
        rt.function(collected)(np.int64(2))
