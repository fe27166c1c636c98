"""Property: random programs of aliases, views and in-place updates, in and out of tensor control
flow, give the same results and leave the same arguments (and the global array they update by
name, over several calls) as eager numpy, bit for bit."""
import random
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutation_helpers import check, check_with_global, define
from programs import (
    CONSTRUCTS,
    GLOBAL_CONSTRUCTS,
    GLOBAL_UPDATES,
    INDEX_KINDS,
    MADE_KINDS,
    generate,
)

import runtime as rt
from runtime.errors import MutationError

A = np.arange(16.0).reshape(4, 4) / 4
B = np.linspace(-2.0, 3.0, 16).reshape(4, 4)


def change_between_calls(g):
    """What a user might do to the global between calls."""
    g[...] = np.roll(g, 1, axis=1) * 0.5 + 1.0


def change_for(constructs):
    """How the test changes the global between calls: an array only read is a constant of the
    graph (its value while tracing, as in TensorFlow and JAX), so only if the program updates it."""
    return change_between_calls if constructs & GLOBAL_UPDATES else lambda g: None


def run(source, n, t):
    """Compare one program eagerly and as a graph; False if the graph refused it clearly."""
    return run_calls(source, [(n, t)])


def run_calls(source, calls, change=None):
    """Compare one program eagerly and as a graph over calls with these (n, t), with `change`
    made to its global `g` (if it has one) between calls; False if the graph refused it clearly."""
    with tempfile.TemporaryDirectory() as directory:
        namespace = define(Path(directory), source, 'random_program')
        args = [(A.copy(), B.copy(), np.int64(n), np.int64(t)) for n, t in calls]
        try:
            if 'g' in namespace:
                check_with_global(namespace['program'], namespace, 'g', args, change)
            else:
                check(namespace['program'], *args[0], calls=1)
        except MutationError as exc:
            assert 'random_program.py:' in str(exc), exc  # names the line
            return False
        except BaseException as exc:
            exc.add_note(f'the program, called with (n, t) in {calls}:\n{source}')
            raise
    return True


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')  # values squared often
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 4), st.sampled_from([-1, 1]))
def test_random_programs_match_eager_numpy(data, n, t):
    source, _ = generate(lambda options: data.draw(st.sampled_from(list(options))))
    run(source, n, t)


CALLS = st.lists(st.tuples(st.integers(0, 4), st.sampled_from([-1, 1])), min_size=3, max_size=3)


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), CALLS)
def test_random_programs_updating_a_global_match_eager_numpy_across_calls(data, calls):
    source, constructs = generate(lambda options: data.draw(st.sampled_from(list(options))),
                                  with_global=True)
    run_calls(source, calls, change_for(constructs))


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')
@pytest.mark.parametrize('with_global', [False, True])
def test_the_generator_makes_every_construct_and_graphs_refuse_few(with_global):
    used, refused, count = set(), 0, 60
    rng = random.Random(0)
    for _ in range(count):
        source, constructs = generate(lambda options: rng.choice(list(options)), with_global)
        used |= constructs
        calls = [(rng.randrange(5), rng.choice([-1, 1])) for _ in range(3 if with_global else 1)]
        refused += not run_calls(source, calls, change_for(constructs))
    global_constructs = set(GLOBAL_CONSTRUCTS) if with_global else set()
    assert used == set(CONSTRUCTS) | set(INDEX_KINDS) | set(MADE_KINDS) | global_constructs
    assert refused <= count // 4, f'{refused} of {count} programs refused'


def test_a_refused_program_is_one_numpy_aliasing_decides():
    source = '''
        import numpy as np


        def program(a, b, n, t):
            v0, v1 = a, b
            if t > 0:
                v0 = v1
            v0[0] = 1.0
            return (v0, v1)
    '''
    assert not run(source, 1, 1)
    assert rt.function  # the refusal is MutationError naming the line (checked in `run`)
