"""Property: random methods updating arrays kept on their object (attribute, dict entry, list
item; in place, rebound, through aliases and views; in and out of tensor `if`/`for`/`while`)
give, over three calls with the objects changed between them, the results, arguments and
object state (values bit for bit, and which places hold one array) of eager numpy."""
import collections
import random
import tempfile
from pathlib import Path

import numpy as np
import pytest
from equality import assert_same
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutation_helpers import define
from object_programs import CONSTRUCTS, REBINDS, generate

import runtime as rt
from runtime.errors import MutationError

A = np.arange(16.0).reshape(4, 4) / 4
B = np.linspace(-2.0, 3.0, 16).reshape(4, 4)
CHANGES = ('nothing', 'in place', 'rebind', 'alias')


def places(obj):
    return {'self.w': obj.w, "self.d['k']": obj.d['k'], "self.d['r']": obj.d['r'],
            'self.l[0]': obj.l[0], 'self.l[1]': obj.l[1]}


def layout(obj, args):
    """Which places (and arguments) hold the same array object, and which share memory."""
    arrays = list(places(obj).values()) + list(args)
    same = [next(i for i, b in enumerate(arrays) if b is a) for a in arrays]
    shared = [[np.shares_memory(a, b) for b in arrays] for a in arrays]
    return same, shared


def change(obj, how):
    """What a user might do to the object between calls."""
    if how == 'in place':
        obj.w[...] = obj.w * 0.5 + 1.0
        obj.l[1][0] += 1.0
    elif how == 'rebind':
        obj.d['k'] = obj.d['k'] + 1.0
        obj.l[1] = obj.l[1] * -1.0
    elif how == 'alias':
        obj.l[0] = obj.w


def run_calls(source, calls, changes):
    """Compare the method eagerly and as an rt.function over calls with these (n, t), changing
    the objects between calls; False if the graph refused it clearly (naming the line)."""
    with tempfile.TemporaryDirectory() as directory:
        namespace = define(Path(directory), source, 'object_program')
        state = namespace['State']
        eager, graph = state(), state()
        method = rt.function(graph.program)
        try:
            for (n, t), how in zip(calls, changes):
                eager_args, graph_args = (A.copy(), B.copy()), (A.copy(), B.copy())
                expected = state.program(eager, *eager_args, np.int64(n), np.int64(t))
                actual = method(*graph_args, np.int64(n), np.int64(t))
                assert_same(actual, expected)
                assert_same(graph_args, eager_args)
                assert_same(places(graph), places(eager))
                assert layout(graph, graph_args) == layout(eager, eager_args)
                change(eager, how)
                change(graph, how)
        except MutationError as exc:
            assert 'object_program.py:' in str(exc), exc  # names the line
            return False
        except BaseException as exc:
            exc.add_note(f'the program, called with (n, t) in {calls}, changes {changes}:\n'
                         f'{source}')
            raise
    return True


CALLS = st.lists(st.tuples(st.integers(0, 4), st.sampled_from([-1, 1])), min_size=3, max_size=3)


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')
@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), CALLS, st.lists(st.sampled_from(CHANGES), min_size=3, max_size=3))
def test_random_methods_updating_their_object_match_eager_numpy(data, calls, changes):
    source, _ = generate(lambda options: data.draw(st.sampled_from(list(options))))
    run_calls(source, calls, changes)


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')
@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_the_generator_makes_every_construct_and_graphs_refuse_few():
    used, refused, by_construct, count = set(), 0, collections.Counter(), 60
    rng = random.Random(0)
    for _ in range(count):
        source, constructs = generate(lambda options: rng.choice(list(options)))
        used |= constructs
        calls = [(rng.randrange(5), rng.choice([-1, 1])) for _ in range(3)]
        if not run_calls(source, calls, [rng.choice(CHANGES) for _ in range(3)]):
            refused += 1
            by_construct.update(constructs)
    assert used == set(CONSTRUCTS) | {f'rebind {how}' for how in REBINDS}
    assert refused <= count // 4, f'{refused} of {count} refused; by construct: {by_construct}'
