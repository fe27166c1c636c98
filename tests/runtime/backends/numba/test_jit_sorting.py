"""jit_compile=True on sorting, searching, sets, nonzero, take and boolean masks: results equal to
eager numpy bit for bit (numpy's order of equal keys included), sizes depending on the data."""
import numpy as np
import pytest
from extras import needs

import runtime as rt

pytestmark = needs('numba')  # every test here compiles a graph with numba

R = np.random.default_rng(3)
TIES = np.round(R.standard_normal(200), 1)  # many equal keys, long enough for numpy's introsort
TIES[::17] = np.nan


def assert_same(actual, expected):
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_same(a, e)
        return
    actual, expected = np.asarray(actual), np.asarray(expected)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    assert np.array_equal(actual, expected, equal_nan=actual.dtype.kind == 'f')


def both(fn, *args):
    jitted = rt.function(fn, jit_compile=True)
    assert_same(jitted(*args), fn(*args))
    return jitted


def test_sorts_give_numpys_order_of_equal_keys_in_a_loop():
    def sorts(x, n):
        order = np.argsort(x)
        for _ in range(n):  # numpy's kernel through objmode, inside a compiled loop
            order = order + np.argsort(x)
        return (np.sort(x), order, np.argsort(x, kind='stable'), np.sort(np.reshape(x, (20, 10)), 0),
                np.argsort(np.reshape(x, (20, 10)), axis=None), np.partition(x, 7),
                np.argpartition(x, (3, 50)), np.lexsort((x, np.round(x))))
    both(sorts, TIES, 2)


def test_unique_and_the_set_functions_have_sizes_of_the_data():
    def sets(x, y):
        return (np.unique(x), np.unique(x, return_index=True, return_inverse=True,
                                        return_counts=True),
                np.intersect1d(x, y, return_indices=True), np.union1d(x, y), np.setdiff1d(x, y),
                np.setxor1d(x, y), np.isin(x, y), np.isin(x, y, invert=True))
    jitted = both(sets, TIES, TIES[::3] + 0.1)
    assert_same(jitted(TIES[:5], TIES[:0]), sets(TIES[:5], TIES[:0]))  # another size, and empty
    ints = np.array([3, 1, 2, 3, 0])
    assert_same(rt.function(sets, jit_compile=True)(ints, ints[1:]), sets(ints, ints[1:]))


def test_searches_and_nonzero_are_numbas_and_equal_numpys():
    def searches(edges, x):
        return (np.searchsorted(edges, x), np.searchsorted(edges, x, side='right'),
                np.searchsorted(edges, 0.5), np.digitize(x, edges), np.digitize(x, edges, True),
                np.searchsorted(x, edges, sorter=np.argsort(x)), np.nonzero(x > 0),
                np.argwhere(np.reshape(x, (20, 10)) > 0), np.flatnonzero(x), np.where(x < 0))
    both(searches, np.sort(TIES), TIES)


def test_boolean_masks_read_and_write_under_jit():
    def masks(x):
        m = np.reshape(x, (20, 10))
        picked = m[m > 0.5]
        y = m * 2.0
        y[y < 0] = 0.0
        y[y > 2.0] = np.arange(np.sum(y > 2.0), dtype=np.float64)
        return picked, y, x[np.isnan(x)]
    both(masks, TIES)


def test_a_mask_of_another_shape_and_too_few_values_raise_as_numpy():
    wrong_shape = rt.function(lambda x, m: x[m], jit_compile=True)
    with pytest.raises(IndexError, match='boolean index'):
        wrong_shape(np.ones(3), np.array([True, False]))

    def assign(x, v):
        y = x * 1.0
        y[y > 0] = v
        return y
    with pytest.raises(ValueError, match='boolean array indexing assignment'):
        rt.function(assign, jit_compile=True)(np.ones(3), np.ones(2))


def test_take_with_indices_of_any_rank_checks_them():
    a = R.standard_normal((3, 4))
    index = np.array([[0, -1], [2, 2]])

    def take(a, i):
        return (np.take(a, i), np.take(a, i, axis=0), np.take(a, i, axis=-1), a.take(i[0, 1]),
                np.take(a, i[0], axis=1))
    jitted = both(take, a, index)
    with pytest.raises(IndexError):
        jitted(a, index + 4)


def test_put_along_axis_runs_numpys_in_a_loop():
    def put(a, n):
        b = a * 1.0
        for k in range(n):
            np.put_along_axis(b, np.argmax(b, axis=1, keepdims=True), -k, axis=1)
        np.put_along_axis(b, np.array([[0, -1, 1, 2]]), np.array([[7.0, 8.0, 9.0, 10.0]]), axis=0)
        return b
    both(put, R.standard_normal((3, 4)), 3)

    def out_of_bounds(a):
        b = a * 1.0
        np.put_along_axis(b, np.array([[9]]), 0.0, axis=1)
        return b
    with pytest.raises(IndexError):
        rt.function(out_of_bounds, jit_compile=True)(np.ones((1, 2)))
