"""The trace cache's bound: least recently used traces go, with what they own, and a warning."""
import gc
import linecache
import warnings
import weakref
from dataclasses import dataclass

import numpy as np
import pytest

import runtime as rt
from runtime.errors import RetracingWarning

X = np.float32(1.5)


def add(x, n):
    return x + n


def counting(**options):
    """An rt.function of `add` and the list of the `n`s it traced."""
    traced = []

    def add_counted(x, n):
        traced.append(n)
        return x + n
    return rt.function(add_counted, **options), traced


def eviction_warnings(caught):
    return [w for w in caught if issubclass(w.category, RetracingWarning)
            and 'dropped the least recently used' in str(w.message)]


def test_distinct_python_ints_leave_at_most_the_default_number_of_traces():
    assert rt.config.get_max_traces() == 256
    f = rt.function(add)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        for n in range(300):
            assert f(X, n) == X + n
    assert len(f.concrete_functions()) == 256
    [warning] = eviction_warnings(caught)
    assert str(warning.message).startswith(
        'add holds 256 traces, its limit, and dropped the least recently used one '
        '(for x: float32[], n: 0)')
    assert 'rt.function(max_traces=...)' in str(warning.message)
    assert warning.filename == __file__


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
@pytest.mark.parametrize('use', ['fast path', 'keywords', 'concrete lookup'])
def test_the_least_recently_used_trace_goes_first(use):
    f, traced = counting(max_traces=3)
    for n in (1, 2, 3):
        f(X, n)
    if use == 'fast path':
        f(X, 1)
    elif use == 'keywords':
        f(x=X, n=1)
    else:
        f.get_concrete_function(X, 1)
    f(X, 4)  # drops the trace of 2, the least recently used
    for n in (1, 3, 4):
        assert f(X, n) == X + n
    assert traced == [1, 2, 3, 4]
    assert f(X, 2) == X + 2
    assert traced == [1, 2, 3, 4, 2]


class Model:
    def __init__(self, scale):
        self.scale = scale

    @rt.function(max_traces=2)
    def apply(self, x, n):
        return x * self.scale + n


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_uses_through_an_instances_fast_path_count_too():
    model = Model(2.0)
    model.apply(X, 1)
    model.apply(X, 2)
    model.apply(X, 1)  # a fast-path hit of the bound method
    model.apply(X, 3)
    assert [c.structured_input_signature[0][2] for c in Model.apply.concrete_functions()] == [1, 3]
    assert model.apply(X, 1) == X * 2 + 1


def test_the_bound_is_configurable(monkeypatch):
    monkeypatch.setattr(rt.config, '_max_traces', rt.config.get_max_traces())
    rt.config.set_max_traces(4)
    assert rt.config.get_max_traces() == 4
    default, own = rt.function(add), rt.function(add, max_traces=6)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RetracingWarning)
        for n in range(10):
            default(X, n)
            own(X, n)
    assert (len(default.concrete_functions()), len(own.concrete_functions())) == (4, 6)
    assert (default.max_traces, own.max_traces) == (4, 6)


@pytest.mark.parametrize('bad', [0, -1, 2.0, True, None])
def test_a_bad_bound_is_refused(bad):
    with pytest.raises(ValueError, match='max_traces must be an int >= 1'):
        rt.config.set_max_traces(bad)
    if bad is not None:  # None: rt.config's bound
        with pytest.raises(ValueError, match='max_traces must be an int >= 1'):
            rt.function(add, max_traces=bad)


def graph_sources(name):
    return [k for k in linecache.cache if k.startswith(f'<graph {name} #')]


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_a_dropped_trace_takes_its_graph_code_and_source_with_it():
    def dropped_owner(x, n):
        return x * n
    f = rt.function(dropped_owner, max_traces=2)
    f(X, 0)
    first = weakref.ref(f.concrete_functions()[0])
    compiled = weakref.ref(first().callable())
    assert len(graph_sources('dropped_owner')) == 1
    for n in range(1, 20):
        f(X, n)
    gc.collect()
    assert first() is None and compiled() is None
    assert len(graph_sources('dropped_owner')) == 2


class Deletions:
    count = 0


@dataclass(slots=True)
class SlotsConfig:
    """Instances cannot be weakly referenced."""
    scale: float

    def __del__(self):
        Deletions.count += 1


def scaled(x, config):
    return x * config.scale


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_objects_without_weak_references_live_only_while_their_traces_are_cached():
    with pytest.raises(TypeError):
        weakref.ref(SlotsConfig(1.0))
    f = rt.function(scaled, max_traces=10)
    before = Deletions.count
    for i in range(100):
        assert f(X, SlotsConfig(float(i))) == X * i
    gc.collect()
    assert len(f.concrete_functions()) == 10
    assert Deletions.count - before == 90  # all but the 10 cached


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_sentinel_objects_leave_a_bounded_number_of_traces():
    f = rt.function(lambda x, token: x, max_traces=5)
    kept = object()
    f(X, kept)
    for _ in range(50):
        f(X, object())
        f(X, kept)  # stays the most recently used: never dropped, never retraced
    assert len(f.concrete_functions()) == 5
    assert f.experimental_get_tracing_count() == 51


def test_shapes_accepted_by_one_trace_do_not_accumulate():
    f = rt.function(lambda x: x * 2, reduce_retracing=True)
    for n in range(1, 1500):
        assert f(np.ones(n, np.float32)).shape == (n,)
    assert f.experimental_get_tracing_count() == 2
    assert len(f._cache._by_key) <= 2 + 64  # keys of other shapes remembered for one trace
    assert len(f._fast) <= 1024             # fast-path entries


def test_graph_sources_go_with_their_function():
    def short_lived(x):
        return x * 3
    f = rt.function(short_lived)
    f(X)
    f(np.ones(2))
    assert len(graph_sources('short_lived')) == 2
    del f
    gc.collect()
    assert graph_sources('short_lived') == []
