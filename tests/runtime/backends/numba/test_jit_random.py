"""Random draws under jit_compile=True: numpy's own generator, called through objmode, bitwise."""
import numpy as np
import pytest
from equality import assert_same
from extras import needs
from jit_helpers import assert_close
from random_programs import CASES, X, differential, in_tensor_if, in_tensor_loops, make, nested

import runtime as rt

pytestmark = needs('numba')  # every test here compiles a graph with numba


def close(actual, expected):
    """Within jit's documented tolerance (numba's sums add in another order); a bool drawn as a
    Python bool (`randint(2, dtype=bool)`) is a numpy one, as every 0-d result of jit is."""
    assert_close(actual, _numpy_bools(expected))


def _numpy_bools(value):
    if isinstance(value, (tuple, list)):
        return type(value)(map(_numpy_bools, value))
    return np.bool_(value) if type(value) is bool else value


@pytest.mark.parametrize('name, kind', [(name, kind) for name, (_, kinds) in CASES.items()
                                        for kind in kinds])
def test_each_draw_is_numpys_under_jit(name, kind):
    differential(CASES[name][0], kind, X, same=close, jit_compile=True)


@pytest.mark.parametrize('kind', ['module', 'RandomState', 'Generator'])
@pytest.mark.parametrize('fn', [in_tensor_if, in_tensor_loops, nested])
def test_draws_in_control_flow_under_jit(fn, kind):
    differential(fn, kind, X, same=close, jit_compile=True)


def dropout_and_noise(rng, x):
    keep = rng.random(x.shape) < 0.75
    return x * keep / 0.75 + rng.normal(0.0, 0.1, x.shape), rng.integers(0, 5, size=3)


def test_draws_and_elementwise_arithmetic_on_them_are_bitwise_under_jit():
    x = np.linspace(-1, 1, 24).reshape(4, 6)
    function = differential(dropout_and_noise, 'Generator', x, jit_compile=True)
    source = function.get_concrete_function(make('Generator'), x)._compiled.__source__
    assert "value = draw_from(key, 'random', (('size', (4, 6)),))" in source
    assert 'np.random' not in source  # never numba's own generator


def test_the_numpy_executor_and_jit_agree_bitwise_on_draws():
    x = np.linspace(0.5, 2, 8)
    results = []
    for jit in (None, True):
        rng = np.random.default_rng(9)
        function = rt.function(dropout_and_noise, jit_compile=jit)
        results.append([function(rng, x) for _ in range(3)])
    assert_same(results[1], results[0])
