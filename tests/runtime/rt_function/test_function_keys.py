"""Cache keys never call an argument's `__eq__`: dict keys by type and value, or by identity."""
import gc
import weakref

import numpy as np
import pytest

import runtime as rt
from runtime.errors import InvalidArgumentError


class Key:
    """A dict key whose instances all hash alike, so a dict of keys must compare them."""

    def __init__(self, tag):
        self.tag = tag

    def __hash__(self):
        return 0

    def __repr__(self):
        return f'Key({self.tag})'


class ArrayEq(Key):
    def __eq__(self, other):
        return np.array([True, False])

    __hash__ = Key.__hash__


class RaisingEq(Key):
    def __eq__(self, other):
        raise RuntimeError('__eq__ called')

    __hash__ = Key.__hash__


class AlwaysEq(Key):
    def __eq__(self, other):
        return True

    __hash__ = Key.__hash__


class RaisingHash:
    def __init__(self, tag):
        self.tag = tag

    def __hash__(self):
        raise RuntimeError('__hash__ called')

    def __eq__(self, other):
        raise RuntimeError('__eq__ called')


def tags_plus(d, x):
    return [k.tag for k in d], x + len(d)


def tags_of_items(items, x):
    return [item.tag for item in items], x * 2


@pytest.mark.parametrize('kind', [ArrayEq, RaisingEq, AlwaysEq])
def test_dict_keys_with_unusual_eq_are_keyed_by_identity(kind):
    f = rt.function(tags_plus)
    first, second = kind(1), kind(2)
    x = np.float32(1)
    assert f({first: 0}, x) == ([1], 2.0)
    assert f({second: 0}, x) == ([2], 2.0)
    assert f({first: 0}, x) == ([1], 2.0)
    assert f.experimental_get_tracing_count() == 2


@pytest.mark.parametrize('kind', [ArrayEq, RaisingEq, AlwaysEq, RaisingHash])
@pytest.mark.parametrize('container', [list, tuple])
def test_objects_with_unusual_eq_inside_lists_and_tuples(kind, container):
    f = rt.function(tags_of_items)
    x = np.float32(3)
    for tag in (1, 2, 1):
        items = container([kind(tag)])
        assert f(items, x) == ([tag], 6.0)
        assert f(items, x) == ([tag], 6.0)


def exact(value):
    """A value compared by type and repr, recursively: 1, True and 1.0 differ, as do 0.0 and -0.0."""
    if isinstance(value, (list, tuple)):
        return (type(value), [exact(v) for v in value])
    return (type(value), repr(value))


def keys_of(d):
    return list(d)


SCALAR_KEYS = [1, True, 1.0, 0.0, -0.0, 0, False, float('nan'), np.int64(1), np.int32(1),
               np.float64(1.0), np.float32(-0.0), np.float32(0.0), np.bool_(True), 'a',
               b'a', None, (1, 2), (True, 2), (1.0, 2), frozenset({1}), frozenset({True})]


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_dict_keys_by_type_and_value_give_the_python_result():
    f = rt.function(keys_of)
    for key in SCALAR_KEYS:
        assert exact(f({key: 0})) == exact(keys_of({key: 0})), key
    assert f.experimental_get_tracing_count() == len(SCALAR_KEYS)
    for key in SCALAR_KEYS:  # each a cache hit now, still the right result
        assert exact(f({key: 0})) == exact(keys_of({key: 0})), key
    assert f.experimental_get_tracing_count() == len(SCALAR_KEYS)


def test_nan_keys_share_one_trace():
    f = rt.function(keys_of)
    for _ in range(5):
        assert np.isnan(f({float('nan'): 0})[0])
    assert f.experimental_get_tracing_count() == 1


def plus_values(d, x):
    return x + sum(d.values())


def test_a_concrete_function_checks_dict_keys_by_type_and_value():
    key = RaisingEq(1)
    concrete = rt.function(plus_values).get_concrete_function({key: 1, 1: 2}, np.float32(1))
    assert concrete({1: 2, key: 1}, np.float32(2)) == 5.0
    for wrong in ({True: 0, key: 0}, {1: 0, RaisingEq(1): 0}, {1: 0}):
        with pytest.raises(InvalidArgumentError, match="argument 'd' was traced as"):
            concrete(wrong, np.float32(2))


def test_a_trace_does_not_keep_its_dict_key_objects_alive():
    f = rt.function(tags_plus)
    key = AlwaysEq(1)
    assert f({key: 0}, np.float32(1)) == ([1], 2.0)
    assert 'AlwaysEq object' in f.pretty_printed_concrete_signatures()
    watcher = weakref.ref(key)
    del key
    gc.collect()
    assert watcher() is None
    assert f.pretty_printed_concrete_signatures() == ''
