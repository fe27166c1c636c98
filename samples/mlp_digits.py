"""Seeds 000 and 003: a multilayer perceptron trained on handwritten digits with a gradient tape.

`train_one_step` (tape + Adam) runs as one graph per step; `train_epoch` runs a
whole epoch, every batch, as one graph loop, printing every 10 steps. The data
is scikit-learn's bundled digits (1797 8x8 images, shipped inside the package:
nothing is downloaded). `python mlp_digits.py --timing` also prints step times.
"""
import functools
import sys
import time

import numpy as np
from sklearn.datasets import load_digits

import runtime as rt

BATCH = 64


class Dense(rt.Module):
    def __init__(self, n_in, n_out, rng):
        super().__init__()
        scale = np.sqrt(2.0 / n_in)  # He initialisation, for ReLU
        self.w = rt.Variable(rng.normal(0.0, scale, (n_in, n_out)).astype(np.float32))
        self.b = rt.Variable(np.zeros(n_out, np.float32))

    def __call__(self, x):
        return x @ self.w + self.b


class MLP(rt.Module):
    def __init__(self, sizes, seed):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.layers = [Dense(a, b, rng) for a, b in zip(sizes, sizes[1:])]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = np.maximum(layer(x), 0.0)
        return self.layers[-1](x)


def cross_entropy(logits, labels):
    # mean softmax cross-entropy: log-sum-exp minus each row's label logit
    shifted = logits - rt.stop_gradient(np.max(logits, axis=1, keepdims=True))
    log_z = np.log(np.sum(np.exp(shifted), axis=1))
    picked = np.take_along_axis(shifted, labels[:, None], axis=1)[:, 0]
    return np.mean(log_z - picked)


def step(model, optimizer, x, y):
    with rt.GradientTape() as tape:
        loss = cross_entropy(model(x), y)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def accuracy(model, x, y):
    return float(np.mean(np.argmax(model(x), axis=1) == y))


def load(seed=0):
    digits = load_digits()
    x, y = (digits.data / 16.0).astype(np.float32), digits.target.astype(np.int64)
    order = np.random.default_rng(seed).permutation(len(x))
    test, train = order[:360], order[360:]
    n = len(train) // BATCH * BATCH
    return x[train[:n]], y[train[:n]], x[test], y[test]


def train_with_steps(x, y, epochs):
    model, optimizer = MLP((64, 128, 128, 10), seed=1), rt.optimizers.Adam(0.003)

    @rt.function
    def train_one_step(xb, yb):
        return step(model, optimizer, xb, yb)

    for epoch in range(epochs):
        for i in range(0, len(x), BATCH):
            loss = train_one_step(x[i:i + BATCH], y[i:i + BATCH])
        print(f'epoch {epoch + 1}: loss {float(loss):.3f}')
    print('traces of train_one_step:', train_one_step.experimental_get_tracing_count())
    return model


def train_epoch(model, optimizer, batches, labels):
    n = 0
    loss = np.float32(0.0)
    for xb, yb in zip(batches, labels):
        loss = step(model, optimizer, xb, yb)
        n += 1
        if n % 10 == 0:
            rt.print('  step', n, 'loss', loss)
    return loss


def train_with_epochs(x, y, epochs):
    model, optimizer = MLP((64, 128, 128, 10), seed=1), rt.optimizers.Adam(0.003)
    batches, labels = x.reshape(-1, BATCH, 64), y.reshape(-1, BATCH)
    # the whole epoch is one graph loop over the batches
    epoch = rt.function(functools.partial(train_epoch, model, optimizer))
    for number in range(epochs):
        loss = epoch(batches, labels)
        print(f'epoch {number + 1}: loss {float(loss):.3f}')
    return model


def timing(x, y):
    model, optimizer = MLP((64, 128, 128, 10), seed=1), rt.optimizers.Adam(0.003)
    graph_step = rt.function(lambda xb, yb: step(model, optimizer, xb, yb))
    for name, run in (('eager tape step', step), ('rt.function step', None)):
        fn = (lambda: step(model, optimizer, x[:BATCH], y[:BATCH])) if run else \
            (lambda: graph_step(x[:BATCH], y[:BATCH]))
        fn()
        start = time.perf_counter()
        for _ in range(50):
            fn()
        print(f'{name}: {(time.perf_counter() - start) / 50 * 1e6:.0f} us')


if __name__ == '__main__':
    x_train, y_train, x_test, y_test = load()
    print('train_one_step in an rt.function:')
    model = train_with_steps(x_train, y_train, epochs=10)
    print(f'held-out accuracy: {accuracy(model, x_test, y_test):.3f}')
    print('the whole epoch in one rt.function:')
    model = train_with_epochs(x_train, y_train, epochs=10)
    print(f'held-out accuracy: {accuracy(model, x_test, y_test):.3f}')
    if '--timing' in sys.argv:
        timing(x_train, y_train)
