"""Graph functions for the save/load and ONNX differential tests: `CORPUS` of (function, calls).

Each function is an rt.function; each call a tuple of arguments. They cover
tensor `if`/`while`/`for`, graph lists, variables, arguments updated in place,
nested rt.function calls, unknown dims, structured results, asserts, prints and gradients
(the tape's backward pass in the same graph, through a cond and a loop).
"""
import collections

import numpy as np

import runtime as rt

F32, I64 = np.float32, np.int64
counter = rt.Variable(np.zeros((), np.float32), name='counter')
weights = rt.Variable(np.linspace(-1, 1, 6, dtype=np.float32).reshape(3, 2), name='weights')
bias = rt.Variable(np.zeros((2,), np.float32), name='bias')
Pair = collections.namedtuple('Pair', ['low', 'high'])


def _x(*shape, dtype=F32, seed=0):
    return np.random.default_rng(seed).normal(size=shape).astype(dtype)


@rt.function
def affine(x):
    return x @ weights + bias


@rt.function
def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = 0.0 * x
    return x


@rt.function
def collatz(n):
    steps = np.int64(0)
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@rt.function
def cumulative(xs):
    total = np.zeros_like(xs[0])
    for x in xs:
        total = total + x
    return total


@rt.function
def running_list(xs):
    out = []
    for x in xs:
        out.append(x * 2.0)
    return np.stack(out)


@rt.function
def break_early(xs, limit):
    total = np.float32(0)
    for x in xs:
        if total > limit:
            break
        total += x
    return total


@rt.function
def count_up():
    counter.assign_add(np.float32(1))
    return counter.read_value()


@rt.function
def sgd_step(x, y):
    error = x @ weights + bias - y
    loss = np.mean(error * error)
    weights.assign_sub(np.float32(0.1) * 2 * (x.T @ error) / x.shape[0])
    bias.assign_sub(np.float32(0.1) * 2 * np.mean(error, axis=0))
    return loss


@rt.function
def softmax(x):
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


@rt.function
def reductions(x):
    return np.sum(x), np.mean(x, axis=0), np.max(x, axis=1), np.argmin(x, axis=1), np.prod(x)


@rt.function
def indexing(x, i):
    return x[1:, ::2], x[i], x[..., -1], x[None, 0], x[x > 0]


@rt.function
def reshape_ops(x):
    return x.reshape(-1), x.T, np.transpose(x.reshape(2, 3, 2), (2, 0, 1)), np.expand_dims(x, 0)


@rt.function
def joins(a, b):
    return np.concatenate([a, b], axis=0), np.stack([a, b], axis=1), np.hstack([a, b])


@rt.function
def elementwise(a, b):
    return (np.sqrt(np.abs(a)) + np.sin(b) * np.cos(a) - np.tanh(a) / (1 + b * b),
            np.maximum(a, b), np.where(a > b, a, b), np.floor(a), a ** 2, -a)


@rt.function
def comparisons(a, b):
    return (a < b) & (a > -1), np.logical_or(a == b, a >= 0.5), ~(a != b)


@rt.function
def dtypes(a):
    return a.astype(np.int32), a.astype(np.float64) * 2, (a > 0).astype(np.float32)


@rt.function
def matmul_chain(a, b):
    return a @ b @ b.T


@rt.function
def power(x, n):
    result = np.eye(3, dtype=x.dtype)
    for _ in range(n):
        result = x @ result
    return result


@rt.function
def update_argument(a):
    a[0] = 1.0
    a += 1.0
    return np.sum(a)


@rt.function
def inner(x):
    return x * 3.0 + 1.0


@rt.function
def outer(x):
    if np.sum(x) > 0:
        y = inner(x)
    else:
        y = inner(-x)
    return y


@rt.function
def structured(x):
    return {'low': np.min(x), 'pair': Pair(x[0], x[-1]), 'list': [x, x + 1], 'static': 3}


@rt.function(reduce_retracing=True)
def unknown_dims(x):
    return np.sum(x, axis=0) / len(x)


@rt.function
def with_assert(x):
    assert np.all(x >= 0), 'x must be non-negative'
    return np.sqrt(x)


@rt.function
def with_print(x):
    rt.print('value', x)
    return x + 1


@rt.function
def nested_loops(n):
    total = np.int64(0)
    for i in range(n):
        j = np.int64(0)
        while j < i:
            total += i * j
            j += 1
    return total


@rt.function
def while_with_tensor_state(x):
    y = x + 0
    while np.sum(y) < 100:
        y = y * 2 + 1
    return y


@rt.function
def python_counter(x):
    i = 0
    while x[i] < 10:
        x = x + 1
        i += 1
        if i >= 3:
            i = 0
    return x, i


@rt.function
def cond_returns(x):
    if x[0] > 0:
        return x * 2
    return x - 2


@rt.function
def clip_and_scale(x, low, high):
    return np.clip(x, low, high) * np.float32(0.5)


@rt.function
def cumsum_sort(x):
    return np.cumsum(x), np.sort(x), np.argsort(x)


@rt.function
def zeros_of_size(x):
    buffer = np.zeros(len(x))
    for i in range(len(x)):
        buffer[i] = x[i] * i
    return buffer


@rt.function
def variable_in_loop(n):
    for _ in range(n):
        counter.assign_add(np.float32(0.5))
    return counter.read_value()


@rt.function
def tape_step(x, y):
    """A training step whose gradients the tape adds to the same graph (autodiff)."""
    with rt.GradientTape() as tape:
        loss = np.mean((np.tanh(x @ weights + bias) - y) ** 2)
    grad_w, grad_b = tape.gradient(loss, [weights, bias])
    weights.assign_sub(F32(0.1) * grad_w)
    bias.assign_sub(F32(0.1) * grad_b)
    return loss


@rt.function
def gradient_through_cond(x):
    with rt.GradientTape() as tape:
        tape.watch(x)
        if np.sum(x) > 0:
            y = np.sum(x ** 3)
        else:
            y = np.sum(np.sin(x))
    return tape.gradient(y, x)


@rt.function
def gradient_through_loop(x, n):
    with rt.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(n):
            y = np.tanh(y) * x
        total = np.sum(y)
    return tape.gradient(total, x)


CORPUS = [
    (affine, [(_x(4, 3),), (_x(4, 3, seed=1),)]),
    (square_if_positive, [(F32(3),), (F32(-2),)]),
    (collatz, [(I64(27),), (I64(6),)]),
    (cumulative, [(_x(5, 3),)]),
    (running_list, [(_x(4, 2),)]),
    (break_early, [(_x(6), F32(0.5)), (_x(6, seed=2), F32(-5))]),
    (count_up, [(), ()]),
    (sgd_step, [(_x(8, 3), _x(8, 2, seed=1)), (_x(8, 3, seed=2), _x(8, 2, seed=3))]),
    (softmax, [(_x(3, 4),)]),
    (reductions, [(_x(3, 4),)]),
    (indexing, [(_x(4, 4), I64(2))]),
    (reshape_ops, [(_x(3, 4),)]),
    (joins, [(_x(2, 3), _x(2, 3, seed=1))]),
    (elementwise, [(_x(5), _x(5, seed=1))]),
    (comparisons, [(_x(5), _x(5, seed=1))]),
    (dtypes, [(_x(4) * 3,)]),
    (matmul_chain, [(_x(3, 4), _x(4, 4, seed=1))]),
    (power, [(_x(3, 3), 5)]),
    (update_argument, [(np.arange(4.0),)]),
    (outer, [(_x(3),), (-np.abs(_x(3)),)]),
    (structured, [(_x(4),)]),
    (unknown_dims, [(_x(3, 2),), (_x(5, 2),)]),
    (with_assert, [(np.abs(_x(3)),)]),
    (with_print, [(_x(2),)]),
    (nested_loops, [(I64(5),)]),
    (while_with_tensor_state, [(np.abs(_x(3)),)]),
    (python_counter, [(np.array([1.0, 5.0, 2.0]),)]),
    (cond_returns, [(np.array([1.0, 2.0]),), (np.array([-1.0, 2.0]),)]),
    (clip_and_scale, [(_x(6), F32(-0.5), F32(0.5))]),
    (cumsum_sort, [(_x(6),)]),
    (zeros_of_size, [(_x(5),)]),
    (variable_in_loop, [(I64(4),)]),
    (tape_step, [(_x(8, 3), _x(8, 2, seed=1)), (_x(8, 3, seed=2), _x(8, 2, seed=3))]),
    (gradient_through_cond, [(_x(4),), (-np.abs(_x(4)),)]),
    (gradient_through_loop, [(_x(3), I64(3)), (_x(3, seed=1), I64(0))]),
]
