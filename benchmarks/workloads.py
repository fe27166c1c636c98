"""The functions the benchmarks run; converted at run time with the project's own converter."""
import numpy as np


def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def helper(x):
    return x * 2 + 1


def call_helper(n):
    total = 0
    for i in range(n):
        total += helper(i)
    return total


def call_plain_helper(n):
    total = 0
    for i in range(n):
        total += plain_helper(i)  # noqa: F821 - set by python_mode.py: a module not converted
    return total


def identity(x):
    return x


def power(x, y):
    result = np.eye(10, dtype=np.int32)
    for _ in range(y):
        result = np.matmul(x, result)
    return result



def fill_loop(m, rows):
    """Preallocate and fill row by row; `rows` (a tensor) makes the loop one graph loop."""
    out = np.zeros_like(m)
    for i in range(rows):
        out[i] = m[i] * 2
    return out


def power_same(x, y):
    """power with an identity of x's own dtype (float32 stays float32)."""
    result = np.eye(10, dtype=x.dtype)
    for _ in range(y):
        result = np.matmul(x, result)
    return result


def chain(x, a, y, b, z):
    return (x * a + y * b - z) * (x - y)


def select(x, y, z):
    return np.where(x > 0, x * y, -z) + np.maximum(x, y) * 2.0


def tanh_chain(x, a, b, c):
    return np.tanh(x * a + b) * c + np.exp(-x)


def take_sum(x, idx):
    """`idx`: a list of Python ints, keyed by value (a constant of the trace)."""
    return x[idx].sum()


def scale_by_count(x, idx):
    return x * len(idx)


def weighted(x, w):
    """`w`: a list of Python floats."""
    return np.dot(x[:len(w)], w)
