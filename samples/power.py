"""Seed: `power(x, 100)`: 100 small matmuls, eager numpy against the traced graph."""
import sys
import timeit

import numpy as np

import runtime as rt


def power(x, y):
    result = np.eye(10, dtype=np.int32)
    for _ in range(y):
        result = np.matmul(x, result)
    return result


power_as_graph = rt.function(power)

if __name__ == '__main__':
    x = np.random.default_rng(0).integers(-1, 2, size=(10, 10), dtype=np.int32)
    eager = power(x, 100)
    graph = power_as_graph(x, 100)
    print('graph equals eager:', np.array_equal(eager, graph), graph.dtype, graph.shape)
    print('ops in the graph:', len(power_as_graph.get_concrete_function(x, 100).graph.equations))
    if '--time' in sys.argv:
        print('Eager execution:', timeit.timeit(lambda: power(x, 100), number=1000))
        print('Graph execution:', timeit.timeit(lambda: power_as_graph(x, 100), number=1000))
