"""Property: random programs of aliases, views and in-place updates, in and out of tensor control
flow, give the same results and leave the same arguments as eager numpy, bit for bit."""
import random
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import runtime as rt
from mutation_helpers import check, define
from programs import CONSTRUCTS, INDEX_KINDS, MADE_KINDS, generate
from runtime.errors import MutationError

A = np.arange(16.0).reshape(4, 4) / 4
B = np.linspace(-2.0, 3.0, 16).reshape(4, 4)


def run(source, n, t):
    """Compare one program eagerly and as a graph; False if the graph refused it clearly."""
    with tempfile.TemporaryDirectory() as directory:
        program = define(Path(directory), source, 'random_program')['program']
        try:
            check(program, A.copy(), B.copy(), np.int64(n), np.int64(t), calls=1)
        except MutationError as exc:
            assert 'random_program.py:' in str(exc), exc  # names the line
            return False
        except BaseException as exc:
            exc.add_note(f'the program (n={n}, t={t}):\n{source}')
            raise
    return True


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')  # values squared often
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 4), st.sampled_from([-1, 1]))
def test_random_programs_match_eager_numpy(data, n, t):
    source, _ = generate(lambda options: data.draw(st.sampled_from(list(options))))
    run(source, n, t)


@pytest.mark.filterwarnings('ignore:overflow encountered:RuntimeWarning')
def test_the_generator_makes_every_construct_and_graphs_refuse_few():
    used, refused, count = set(), 0, 60
    rng = random.Random(0)
    for _ in range(count):
        source, constructs = generate(lambda options: rng.choice(list(options)))
        used |= constructs
        refused += not run(source, rng.randrange(5), rng.choice([-1, 1]))
    assert used == set(CONSTRUCTS) | set(INDEX_KINDS) | set(MADE_KINDS)
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
