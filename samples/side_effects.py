"""Seed: side effects: Python ones run while tracing; rt.print and rt.py_function every call."""
import numpy as np

import runtime as rt

external_list = []


def side_effect(x):
    print('Python side effect')
    external_list.append(x)


@rt.function
def f(x):
    rt.py_function(side_effect, inp=[x], Tout=[])


@rt.function
def get_mse(y_true, y_pred):
    print('Calculating MSE!')
    sq_diff = (y_true - y_pred) ** 2
    return np.mean(sq_diff)


@rt.function
def unused_take(x):
    np.take(x, [1])  # unused: a graph runs only what outputs and effects need
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
