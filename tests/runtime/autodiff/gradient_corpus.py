"""Functions of a float vector `x` and a trip count `n` with control flow on tensors, graph lists
and nested rt.function calls: differentiated eagerly (Python control flow) and in graphs."""
import numpy as np

import runtime as rt


@rt.function
def smooth(x):
    return np.tanh(x) * x


@rt.function
def scaled(x, k):
    if np.sum(x) > 0:
        return smooth(x) * k
    return x * k + 1.0


@rt.function
def reduce_loop(x, n):
    total = 0.0
    for i in range(n):
        total = total + np.sum(np.sin(x * (i + 1)))
    return total


def if_positive(x, n):
    if np.sum(x) > 0:
        y = x ** 2
    else:
        y = -x
    return np.sum(y)


def if_elif(x, n):
    s = np.sum(x)
    if s > 1.0:
        y = np.exp(x)
    elif s > -1.0:
        y = np.sin(x) * 2.0
    else:
        y = x ** 3
    return np.sum(y)


def if_no_else(x, n):
    y = x * 1.0
    if np.max(x) > 0.5:
        y = y * np.cos(x)
    return np.sum(y)


def early_return(x, n):
    if np.min(x) < -0.9:
        return np.sum(x ** 2)
    return np.sum(np.exp(x)) * 0.5


def for_power(x, n):
    y = np.ones_like(x)
    for _ in range(n):
        y = y * x
    return np.sum(y)


def for_index(x, n):
    total = 0.0
    for i in range(n):
        total = total + x[i % 3] * x[(i + 1) % 3]
    return total


def while_decay(x, n):
    y, i = x, 0
    while i < n:
        y = y - 0.1 * np.tanh(y)
        i += 1
    return np.sum(y ** 2)


def while_tensor_test(x, n):
    y, i = x, 0
    while np.sum(y ** 2) < 20.0 and i < n + 3:
        y = y * 1.3 + 0.1
        i += 1
    return np.sum(y)


def for_break(x, n):
    y = x
    for _ in range(n):
        y = np.sin(y) + x
        if np.sum(y) > 2.0:
            break
    return np.sum(y * y)


def for_continue(x, n):
    total = np.zeros_like(x)
    for i in range(n):
        if np.sum(total) > 1.0:
            continue
        total = total + x * (i + 1)
    return np.sum(total ** 2)


def while_return(x, n):
    y, i = x, 0
    while i < n:
        y = y * x + 0.5
        if np.max(y) > 3.0:
            return np.sum(y)
        i += 1
    return np.sum(np.sqrt(y ** 2 + 1.0))


def loop_with_if(x, n):
    y = x
    for i in range(n):
        if i % 2 == 0:
            y = y + np.sin(y)
        else:
            y = y * np.cos(x)
    return np.sum(y)


def loop_with_tensor_if(x, n):
    y = x
    for _ in range(n):
        if np.sum(y) > 0:
            y = y - 0.3 * y ** 2
        else:
            y = y + 0.2
    return np.sum(y * x)


def nested_for(x, n):
    y = x
    for i in range(n):
        for j in range(2):
            y = y + 0.1 * np.sin(y * (i + j + 1))
    return np.sum(y)


def list_stack(x, n):
    rows = [x]
    for i in range(n):
        rows.append(np.tanh(rows[-1] + x * i))
    return np.sum(np.stack(rows) ** 2)


def list_sum_along(x, n):
    values = [x * 0.0]
    y = x
    for _ in range(n):
        y = y * 0.9 + np.exp(-y)
        values.append(y)
    return np.sum(np.mean(np.stack(values), axis=0) * x)


def list_concatenate(x, n):
    parts = [x[:2]]
    for i in range(n):
        parts.append(x[1:] * (i + 2))
    return np.sum(np.concatenate(parts) ** 2)


def calls_function(x, n):
    return np.sum(smooth(x) ** 2)


def calls_in_loop(x, n):
    y = x
    for _ in range(n):
        y = smooth(y) + 0.5 * x
    return np.sum(y)


def calls_with_cond(x, n):
    return np.sum(scaled(x, 2.0) * x)


def calls_loop_function(x, n):
    return reduce_loop(x, n) * np.sum(x)


def call_in_branch(x, n):
    if np.sum(x) > 0:
        y = smooth(x * 2.0)
    else:
        y = scaled(x, 3.0)
    return np.sum(y)


def matmul_loop(x, n):
    m = np.outer(x, x) * 0.1 + np.eye(3)
    v = x
    for _ in range(n):
        v = np.tanh(m @ v)
    return np.sum(v)


def reductions(x, n):
    y = x
    for _ in range(n):
        y = y - np.mean(y) + 0.1 * np.max(y)
    return np.log(np.sum(np.exp(y))) + np.std(y)


def indexing_loop(x, n):
    y = x * 1.0
    for i in range(n):
        y = y + x[i % 3] * y[::-1]
    return np.sum(y)


def clip_where(x, n):
    y = x
    for _ in range(n):
        y = np.where(y > 0, y * 1.2, y * 0.5)
        y = np.clip(y, -2.0, 2.0)
    return np.sum(y * y)


def python_counter_and_tensor(x, n):
    acc, scale = 0.0, 1.0
    for _ in range(n):
        scale = scale * 0.5
        acc = acc + scale * np.sum(x ** 2)
    return acc


def logaddexp_loop(x, n):
    y, i = x, 0
    while i < n:
        y = np.logaddexp(y, x * 0.5)
        i += 1
    return np.sum(y)


def one_hot_updates(x, n):
    y = x * 1.0
    for i in range(n):
        y = y + np.eye(3)[i % 3] * (y * x[(i + 1) % 3] + 0.1)
    return np.sum(y ** 2)


def rt_cond_and_while(x, n):
    y = rt.cond(np.sum(x) > 0, lambda: x * 2.0, lambda: x - 1.0)
    _, y = rt.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, np.sin(y) * x), (0, y))
    return np.sum(y)


CORPUS = [
    if_positive, if_elif, if_no_else, early_return, for_power, for_index, while_decay,
    while_tensor_test, for_break, for_continue, while_return, loop_with_if, loop_with_tensor_if,
    nested_for, list_stack, list_sum_along, list_concatenate, calls_function, calls_in_loop,
    calls_with_cond, calls_loop_function, call_in_branch, matmul_loop, reductions,
    indexing_loop, clip_where, python_counter_and_tensor, logaddexp_loop,
    one_hot_updates, rt_cond_and_while,
]
