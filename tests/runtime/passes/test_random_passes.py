"""Graph passes never fold, merge, hoist, reorder or remove random draws (they are effects)."""
import numpy as np
from equality import assert_same

import runtime as rt
from runtime import passes

RNG = np.random.default_rng(0)


def twice_the_same_draw(x):
    a = RNG.normal(size=3)  # the same op on the same inputs twice: two draws, not one (CSE)
    b = RNG.normal(size=3)
    RNG.random(5)  # its value unused: still drawn (DCE)
    c = RNG.uniform(-1, 1)  # Python values only: drawn when the graph runs (folding)
    return x + a - b, c


def invariant_in_a_loop(x, n):
    acc = np.zeros(3)
    for _ in range(n):
        acc = acc + RNG.normal(size=3) * 2.0  # loop-invariant arguments: drawn at each iteration
    return acc + x


def draws(graph):
    return [(eq.params['method'], eq.params['arguments']) for eq in graph.equations
            if eq.primitive == 'draw']


def test_the_pipeline_keeps_every_draw_in_program_order():
    graph = rt.function(twice_the_same_draw).get_concrete_function(np.ones(3)).graph
    optimized = passes.optimize(graph)
    assert draws(optimized) == draws(graph) == [
        ('normal', (('size', 3),)), ('normal', (('size', 3),)), ('random', (('size', 5),)),
        ('uniform', (('low', -1), ('high', 1)))]
    loop = rt.function(invariant_in_a_loop).get_concrete_function(np.ones(3), np.int64(4)).graph
    optimized = passes.optimize(loop)
    body = next(eq for eq in optimized.equations if eq.primitive == 'while').params['body']
    assert [eq.primitive for eq in body.equations].count('draw') == 1  # not hoisted


def test_optimized_and_plain_graphs_draw_the_same_numbers_as_eager_code():
    start = RNG.bit_generator.state
    expected = [twice_the_same_draw(np.ones(3)) for _ in range(3)] + [
        invariant_in_a_loop(np.ones(3), np.int64(4)) for _ in range(3)]
    after = RNG.bit_generator.state
    for optimizations in (True, False):
        RNG.bit_generator.state = start
        f = rt.function(twice_the_same_draw, experimental_optimizations=optimizations)
        g = rt.function(invariant_in_a_loop, experimental_optimizations=optimizations)
        got = [f(np.ones(3)) for _ in range(3)] + [g(np.ones(3), np.int64(4)) for _ in range(3)]
        assert_same(got, expected)
        assert RNG.bit_generator.state == after
