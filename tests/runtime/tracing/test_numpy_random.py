"""numpy's random generators in graphs: every call draws, in the eager code's order, bitwise.

Each test runs a function N times eagerly and N times as an rt.function, from generators in the
same state (a seeded Generator, RandomState, or the global one behind `np.random.*`), and checks
the results bit for bit (types included) and the generators' states afterwards.
"""
import threading

import hypothesis.strategies as st
import numpy as np
import pytest
from equality import assert_same
from hypothesis import given, settings
from random_programs import (
    CALLS,
    CASES,
    KINDS,
    X,
    differential,
    in_tensor_if,
    in_tensor_loops,
    make,
    nested,
    state,
)

import runtime as rt
from runtime.errors import StagingError


@pytest.mark.parametrize('name, kind', [(name, kind) for name, (_, kinds) in CASES.items()
                                        for kind in kinds])
def test_each_draw_is_eager_numpys_at_every_call(name, kind):
    differential(CASES[name][0], kind, X)


def shuffled_copy(rng, x):
    y = x.copy()
    rng.shuffle(y)
    z = np.stack([x, -x, 2 * x])
    rng.shuffle(z)  # along the first axis
    return y, z


def shuffled_argument(rng, x):
    rng.shuffle(x)  # in place: written back into the caller's array after each call
    return x[0]


def shuffled_made_array(rng, x):
    a = np.arange(6.0)  # numpy until the shuffle writes a graph value into it
    rng.shuffle(a)
    return a * x[0]


@pytest.mark.parametrize('kind', KINDS)
@pytest.mark.parametrize('fn', [shuffled_copy, shuffled_argument, shuffled_made_array])
def test_shuffle_updates_a_graph_array_in_place(fn, kind):
    differential(fn, kind, X)


def unused_draws(rng, x):
    rng.normal(size=1000)  # nothing reads it: it still advances the generator, as eagerly
    rng.random()
    return x + 1


@pytest.mark.parametrize('kind', KINDS)
def test_a_draw_nothing_reads_still_advances_the_generator(kind):
    function = differential(unused_draws, kind, X)
    graph = function.get_concrete_function(make(kind), X).graph
    assert [eq.primitive for eq in graph.equations].count('draw') == 2


@pytest.mark.parametrize('kind', KINDS)
@pytest.mark.parametrize('fn', [in_tensor_if, in_tensor_loops, nested])
def test_draws_in_tensor_control_flow_run_as_often_as_the_code_runs(fn, kind):
    differential(fn, kind, X)
    differential(fn, kind, X[::-1] * 3)


def python_values_only(rng):
    return rng.uniform(-1, 1, 3), rng.normal(), rng.choice(10)


@pytest.mark.parametrize('kind', KINDS)
def test_draws_of_python_values_happen_at_every_call(kind):
    rng = make(kind)
    eager = [python_values_only(rng) for _ in range(CALLS)]
    rng = make(kind)
    function = rt.function(python_values_only)
    graph = [function(rng) for _ in range(CALLS)]
    assert_same(graph, eager)
    assert not np.array_equal(graph[0][0], graph[1][0])
    assert function.experimental_get_tracing_count() == 1


def the_issue(x):
    return x + np.random.uniform(-1, 1, x.shape)


def test_the_issue_np_random_uniform_draws_fresh_numbers_at_every_call():
    noisy = rt.function(the_issue)
    x = np.zeros(3)
    np.random.seed(0)
    graph = [noisy(x) for _ in range(CALLS)]
    after = state(np.random)
    np.random.seed(0)
    assert_same(graph, [the_issue(x) for _ in range(CALLS)])
    assert state(np.random) == after


def reseeded(rng, x):
    a = rng.normal(size=2)
    rng.seed(3)  # staged where it stands: the draws after it start again from seed 3
    return a, rng.normal(size=2), np.random.rand()


@pytest.mark.parametrize('kind', KINDS[:2])
def test_seed_inside_a_traced_function_is_staged_in_order(kind):
    differential(reseeded, kind, X)


def with_set_state(rng, x):
    rng.set_state(SAVED)
    return rng.random(2)


SAVED = np.random.RandomState(11).get_state()


@pytest.mark.parametrize('kind', KINDS[:2])
def test_set_state_of_a_random_state_is_staged(kind):
    differential(with_set_state, kind, X)


# --- where the generator comes from -------------------------------------------------------------

RNG = np.random.default_rng(0)


def from_global(x):
    return x * RNG.random(x.shape), RNG.integers(3)


class Model:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    @rt.function
    def __call__(self, x):
        return x + self.rng.normal(size=x.shape)

    def eager(self, x):
        return x + self.rng.normal(size=x.shape)


def test_generators_in_globals_attributes_and_closures():
    start = RNG.bit_generator.state
    expected = [from_global(X) for _ in range(CALLS)]
    after, RNG.bit_generator.state = RNG.bit_generator.state, start
    assert_same([rt.function(from_global)(X) for _ in range(CALLS)], expected)
    assert RNG.bit_generator.state == after

    eager, graph = Model(4), Model(4)
    assert_same([graph(X) for _ in range(CALLS)], [eager.eager(X) for _ in range(CALLS)])
    assert graph.rng.bit_generator.state == eager.rng.bit_generator.state

    def make_closure(seed):
        rng = np.random.RandomState(seed)

        def closure(x):
            return rng.permutation(x) * rng.rand()
        return closure, rng
    eager_fn, eager_rng = make_closure(2)
    graph_fn, graph_rng = make_closure(2)
    graph_fn = rt.function(graph_fn)
    assert_same([graph_fn(X) for _ in range(CALLS)], [eager_fn(X) for _ in range(CALLS)])
    assert state(graph_rng) == state(eager_rng)


def test_unconverted_code_calling_np_random_functions_draws_at_every_call():
    def library(shape):  # not converted (autograph=False): np.random.* is staged all the same
        return np.random.normal(size=shape) + np.random.randint(3)

    function = rt.function(lambda x: x + library(x.shape), autograph=False)
    np.random.seed(1)
    graph = [function(X) for _ in range(CALLS)]
    np.random.seed(1)
    assert_same(graph, [X + library(X.shape) for _ in range(CALLS)])
    assert np.random.normal == np.random.mtrand._rand.normal  # numpy's own again after tracing


def draw_like(rng, x):
    return rng.random(x.shape)


def test_one_graph_draws_from_each_generator_by_reference_and_seeding_between_calls_counts():
    function = rt.function(draw_like)
    rng = np.random.default_rng(0)
    first = function(rng, X)
    rng.bit_generator.state = np.random.default_rng(0).bit_generator.state
    assert_same(function(rng, X), first)
    other = np.random.default_rng(0)
    assert_same(function(other, X), first)  # another generator: another trace, its own state
    assert function.experimental_get_tracing_count() == 2


# --- arguments and types ------------------------------------------------------------------------

def sized(rng, x):
    n = len(x)  # unknown while tracing with the signature below: a graph value
    return rng.random(n), rng.normal(size=(2, n)), rng.integers(0, n, size=n), rng.permutation(n)


def test_sizes_known_only_when_the_graph_runs():
    function = rt.function(sized, reduce_retracing=True)  # a trace for every length
    rng, expected = np.random.default_rng(2), []
    for n in (3, 4, 5):
        expected.append(sized(rng, np.ones(n)))
    rng = np.random.default_rng(2)
    assert_same([function(rng, np.ones(n)) for n in (3, 4, 5)], expected)


def normal_3_4(rng, x):
    return rng.normal(x, 2.0, size=(3, 4))


def test_the_graph_shows_the_draws_and_the_generator():
    function = rt.function(normal_3_4)
    text = str(function.get_concrete_function(np.random.default_rng(0), X).graph)
    assert 'a:rng{Generator}' in text
    assert "draw[arguments=(('loc', $0), ('scale', 2.0), ('size', (3, 4))) method='normal'] a b" \
        in text


def normal_scale(rng, x):
    return rng.normal(0.0, x)


@pytest.mark.parametrize('kind', KINDS)
def test_errors_of_bad_arguments_are_numpys_when_the_graph_runs(kind):
    function = rt.function(normal_scale)
    with pytest.raises(ValueError, match='scale < 0'):
        function(make(kind), -X)


RNG_TO_REFUSE = np.random.default_rng(0)


def refused_bytes(x):
    return RNG_TO_REFUSE.bytes(3)


def refused_get_state(x):
    return np.random.get_state()


def refused_spawn(x):
    return RNG_TO_REFUSE.spawn(2)


def refused_default_rng(x):
    return np.random.default_rng(3).random()


def refused_random_state(x):
    return np.random.RandomState(3).rand()


def refused_out(x):
    return RNG_TO_REFUSE.random(out=np.empty(2))


def refused_list(x):
    items = [1, 2, 3]
    RNG_TO_REFUSE.shuffle(items)
    return items


def refused_set_bit_generator(x):
    np.random.set_bit_generator(np.random.PCG64())


@pytest.mark.parametrize('fn, message', [
    (refused_bytes, 'np.random.Generator.bytes at .*:[0-9]+ cannot be called in a traced '
                    'function: it gives a bytes object'),
    (refused_get_state, "np.random.get_state at .* reads the generator's state"),
    (refused_spawn, 'spawn at .* makes new generators'),
    (refused_default_rng, r'np.random.default_rng\(...\) at .* makes a random generator while '
                          'tracing'),
    (refused_random_state, 'np.random.RandomState.* makes a random generator while tracing'),
    (refused_out, 'out= is not supported in graphs'),
    (refused_list, 'shuffles an array in place, not a list'),
    (refused_set_bit_generator, 'set_bit_generator at .* cannot be called')])
def test_what_graphs_refuse_is_named(fn, message):
    with pytest.raises((StagingError, TypeError), match=message):
        rt.function(fn)(X)


class Holder:
    pass


HOLDER = Holder()
HOLDER.a = np.arange(4.0)
GLOBAL_ARRAY = np.arange(4.0)


def shuffle_attribute(rng):
    rng.shuffle(HOLDER.a)  # reached through an attribute: by reference, written back


def shuffle_global(rng):
    rng.shuffle(GLOBAL_ARRAY)  # a global array the trace writes: by reference, written back


@pytest.mark.parametrize('shuffle, target', [
    (shuffle_attribute, lambda: HOLDER.a), (shuffle_global, lambda: GLOBAL_ARRAY)],
    ids=['attribute', 'global'])
def test_arrays_kept_in_objects_are_shuffled_in_place_as_eagerly(shuffle, target):
    rng, expected = np.random.default_rng(0), []
    for _ in range(CALLS):
        shuffle(rng)
        expected.append(target().copy())
    target()[...] = np.arange(4.0)
    rng, function, graph = np.random.default_rng(0), rt.function(shuffle), []
    for _ in range(CALLS):
        function(rng)
        graph.append(target().copy())
    target()[...] = np.arange(4.0)
    assert_same(graph, expected)


def test_draws_at_trace_time_by_unconverted_code_are_refused_and_undone(monkeypatch):
    from runtime.tracing import numpy_random
    monkeypatch.setattr(numpy_random._watched, 'states', {})  # what an interrupted trace leaves
    rng = np.random.default_rng(0)
    before = rng.bit_generator.state

    @rt.do_not_convert
    def helper(r):
        return r.normal()  # a Generator's method in code that is not converted: runs now

    function = rt.function(lambda r, x: x + helper(r), autograph=False)
    with pytest.raises(StagingError, match='was used while tracing by code the trace does not'):
        function(rng, X)
    assert rng.bit_generator.state == before

    from numpy.random import normal  # numpy's own function, bound before any trace

    @rt.do_not_convert
    def library(x):
        return x + normal()
    with pytest.raises(StagingError, match=r'the global RandomState \(np.random.\*\) was used '
                                           'while tracing by code the trace does not stage'):
        rt.function(library)(X)

    def set_state_inside(r, x):
        r.bit_generator.state = before  # an attribute store: runs once, while tracing
        return r.random() + x
    rng.random()
    with pytest.raises(StagingError, match='its state set'):
        rt.function(set_state_inside)(rng, X)


def test_other_threads_draw_from_numpy_while_a_trace_runs():
    entered, release, results = threading.Event(), threading.Event(), []

    def slow(rng, x):
        entered.set()
        release.wait(10)
        return rng.random() + np.random.normal()

    thread = threading.Thread(target=lambda: results.append(
        rt.function(slow)(np.random.default_rng(0), X)))
    thread.start()
    entered.wait(10)
    assert np.random.normal is not np.random.mtrand._rand.normal  # the stand-ins, while tracing
    np.random.seed(3)
    drawn = np.random.normal(size=2)  # this thread does not trace: numpy's own draw
    np.random.seed(3)
    assert_same(drawn, np.random.mtrand._rand.normal(size=2))
    release.set()
    thread.join(10)
    assert results and isinstance(results[0], float)


# --- random programs ----------------------------------------------------------------------------

STEPS = st.lists(st.tuples(st.sampled_from(['random', 'normal', 'uniform', 'exponential',
                                            'poisson', 'choice', 'permutation', 'shuffle']),
                           st.integers(0, 3), st.booleans()), min_size=1, max_size=6)


def program(rng, x, steps):
    out = []
    for name, size, guarded in steps:  # a Python loop: unrolled while tracing
        y = x[:size + 1]
        if name == 'shuffle':
            z = y.copy()
            rng.shuffle(z)
        elif name in ('choice', 'permutation'):
            z = getattr(rng, name)(y)
        elif guarded:
            if np.sum(y) > 2:  # a tensor condition: drawn only when taken
                z = getattr(rng, name)(size=size) + 0.0  # poisson's ints too: one dtype
            else:
                z = np.zeros(size)
        elif name == 'random':
            z = rng.random(y.shape)
        elif name == 'uniform':
            z = rng.uniform(-y, y + 1)
        else:
            z = getattr(rng, name)(y + 1)  # the first parameter of the distribution
        out.append(z)
    return out


@settings(max_examples=20, deadline=None)
@given(steps=STEPS, kind=st.sampled_from(KINDS[1:]), data=st.lists(
    st.floats(0, 3), min_size=4, max_size=4))
def test_random_sequences_of_draws(steps, kind, data):
    differential(program, kind, np.array(data), tuple(steps), calls=2)
