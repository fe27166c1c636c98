"""Seed: side effects: Python ones run while tracing; rt.print and rt.py_function every call."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import numpy as np

import runtime as rt

external_list = []


def side_effect(x):
    with ag__.FunctionScope('side_effect', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(print, ('Python side effect',), None, fscope)
        ag__.converted_call(external_list.append, (x,), None, fscope)


@rt.function
def f(x):
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(rt.py_function, (side_effect, ), {'inp': [x], 'Tout': []}, fscope)


@rt.function
def get_mse(y_true, y_pred):
    with ag__.FunctionScope('get_mse', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(print, ('Calculating MSE!',), None, fscope)
        sq_diff = (y_true - y_pred) ** 2
        return ag__.converted_call(np.mean, (sq_diff,), None, fscope)


@rt.function
def unused_take(x):
    with ag__.FunctionScope('unused_take', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(np.take, (x, [1]), None,
            fscope)  # unused: a graph runs only what outputs and effects need
        return x


if __name__ == '__main__':
    f(1)
    f(1)
    f(1)
    print(external_list)
    y_true = np.array([3, 6, 5, 2, 3], np.int32)
    y_pred = np.array([4, 2, 3, 1, 3], np.int32)
    for _ in range(3):
        error = get_mse(y_true, y_pred)
    print(error)
    rt.config.run_functions_eagerly(True)
    for _ in range(3):
        error = get_mse(y_true, y_pred)
    rt.config.run_functions_eagerly(False)
    print(unused_take(np.array([0.0])))
__ag_source_map__ = ag__.SourceMap('../side_effects.py', '1:1,6:2,14=9,15:10,21=15,22:16,27=20,28:21,35=27,36=28,38:29', 'b97d3d9ca04b2dcc')
