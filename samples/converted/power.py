"""Seed: `power(x, 100)`: 100 small matmuls, eager numpy against the traced graph."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import sys
import timeit

import numpy as np

import runtime as rt


def power(x, y):
    with ag__.FunctionScope('power', 'fscope', ag__.STD) as fscope:
        result = ag__.converted_call(np.eye, (10, ), {'dtype': np.int32}, fscope)

        def get_state():
            return (result,)

        def set_state(vars_):
            nonlocal result
            (result,) = vars_

        def loop_body(itr):
            nonlocal result
            _ = itr
            result = ag__.converted_call(np.matmul, (x, result), None, fscope)
        ag__.for_stmt(ag__.converted_call(range, (y,), None, fscope), None, loop_body, get_state,
            set_state, ('result',), {'iterate_names': '_'})
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
__ag_source_map__ = ag__.SourceMap('../power.py', '1:1,6:2,15=10,16:11,18=12,28:13,29=12,31:14', '832da5855d028b26')
