"""Seed: `if` on a tensor becomes a graph cond; one trace serves positive and negative inputs."""
import numpy as np

import runtime as rt


@rt.function
def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = 0
    return x


@rt.function
def simple_relu(x):
    # returns from both branches of a tensor `if`
    if np.greater(x, 0):
        return x
    else:
        return 0


if __name__ == '__main__':
    a = np.array(1, np.int32)
    b = np.array(-1, np.int32)
    print(square_if_positive(a), square_if_positive(b))
    print('traces of square_if_positive:', square_if_positive.experimental_get_tracing_count())
    print('First branch, with graph:', simple_relu(np.array(1, np.int32)))
    print('Second branch, with graph:', simple_relu(np.array(-1, np.int32)))
    print(rt.autograph.to_code(square_if_positive.python_function))
