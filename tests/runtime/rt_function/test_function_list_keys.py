"""Lists and tuples of Python scalars key as runs (`keys.run_key`) by TensorFlow's rules: their
structure, and each item by type and value (`1`, `True` and `1.0` differ, `0.0` and `-0.0`
differ, all NaNs are one key), exactly as keyed one item at a time."""
import itertools
import math

import numpy as np
import pytest

import runtime as rt
from runtime.ir import structure
from runtime.rt_function import keys

X = np.arange(10.0)
NAN, OTHER_NAN = float('nan'), math.inf - math.inf  # two nans with other bits (sign)

LISTS = [
    [], [1], [True], [1.0], [2], [1, 2], [2, 1], [1, True], [True, 1], [1.0, 2.0], [1, 2.0],
    [0.0], [-0.0], [0.0, 1.0], [-0.0, 1.0], [NAN], [OTHER_NAN], [NAN, 1.0], [OTHER_NAN, 1.0],
    [math.inf], [-math.inf], ['a'], [b'a'], [None], ['a', None, 1], [1 << 80], [1j], [0j],
    [np.int64(1)], [np.float32(1)], [[1, 2]], [[1], 2], [(1, 2)], (), (1,), (1, 2), (1.0,),
    ((1, 2), [3]), {'a': [1, 2]}, {'a': [1.0, 2]}, [{'a': 1}], [X], [X, 1],
]


def per_leaf_key(values):
    """The key a call had before runs: the structure and each leaf's own key."""
    leaves = []
    tree = structure.flatten(values, leaves)
    return tree, tuple(map(keys.leaf_key, leaves))


def test_runs_key_exactly_as_their_items_do():
    for a, b in itertools.product(LISTS, repeat=2):
        key_a, key_b = keys.Arguments((X, a)).key, keys.Arguments((X, b)).key
        assert (key_a == key_b) is (per_leaf_key((X, a)) == per_leaf_key((X, b))), (a, b)
        fast_a, fast_b = keys.fast_key((X, a)), keys.fast_key((X, b))
        if fast_a is not None and fast_a == fast_b:  # the memo's key: never for other traces
            assert key_a == key_b, (a, b)


@pytest.mark.parametrize('value', LISTS, ids=lambda value: repr(value)[:30])
def test_leaves_and_their_keys_are_those_of_the_items(value):
    arguments = keys.Arguments((X, value))
    tree, leaf_keys = per_leaf_key((X, value))
    assert arguments.structure == tree
    assert arguments.leaf_keys == leaf_keys
    assert [id(v) for v in arguments.leaves] == [id(v) for v in structure_leaves((X, value))]


def structure_leaves(values):
    leaves = []
    structure.flatten(values, leaves)
    return leaves


def take_and_count(x, idx):
    return np.take(x, idx).sum() + len(idx)


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_calls_with_lists_give_the_python_result_each_time():
    f = rt.function(take_and_count)
    calls = [[1, 2], [2, 1], [1, True], [True, 1], [0, 0, 0], list(range(10)), (1, 2), [0],
             [1, 2, 3]]
    for _ in range(3):  # traced, memoized, served from the memo
        for idx in calls:
            assert f(X, idx) == take_and_count(X, idx), idx
            assert f(x=X, idx=idx) == take_and_count(X, idx), idx
    assert f.experimental_get_tracing_count() == len(calls)


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_float_lists_tell_signed_zeros_apart_and_share_nans():
    f = rt.function(lambda x, weights: x[:len(weights)] * np.array(weights))
    for weights in ([0.0, 1.0], [-0.0, 1.0], [NAN, 1.0], [OTHER_NAN, 1.0], [float('nan'), 1.0]):
        for _ in range(2):
            np.testing.assert_array_equal(f(X, weights), X[:2] * np.array(weights))
    assert np.signbit(f(X, [-0.0, 1.0])[0]) and not np.signbit(f(X, [0.0, 1.0])[0])
    assert f.experimental_get_tracing_count() == 3  # 0.0, -0.0, and every nan


def test_a_list_changed_in_place_is_keyed_by_its_new_items():
    f = rt.function(take_and_count)
    idx = [1, 2]
    assert f(X, idx) == 5
    idx[0] = 3
    assert f(X, idx) == 7
    idx[0] = True
    assert f(X, idx) == 5
    idx.append(4)
    assert f(X, idx) == 10
    assert f.experimental_get_tracing_count() == 4


def test_a_concrete_function_checks_list_items_by_type_and_value():
    f = rt.function(take_and_count)
    concrete = f.get_concrete_function(X, [1, 2])
    assert concrete(X, [1, 2]) == 5
    for other in ([1, 2.0], [True, 2], [2, 1], [1, 2, 3], (1, 2)):
        with pytest.raises(rt.errors.InvalidArgumentError, match='was traced as'):
            concrete(X, other)
