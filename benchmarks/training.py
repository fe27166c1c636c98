"""One training step of the digits MLP (64-128-128-10, batch 64, Adam): numpy by hand vs the tape.

Side by side: forward, backward and Adam written out in numpy (the floor for
numpy kernels), the eager `rt.GradientTape` step, the same step as one
`rt.function`, a whole epoch in one `rt.function` (per step; the sample's
epoch, its `rt.print`s swallowed), and the step and the epoch compiled by
numba (`jit_compile=True`: one native function each). Run with
OPENBLAS_NUM_THREADS=1 (`make bench` sets it): on a shared 2-core machine a
threaded BLAS makes step times swing by 10x.
"""
import contextlib
import functools
import importlib.util
import io
import pathlib

import numpy as np

import runtime as rt

from .timing import best_interleaved, fmt

SAMPLE = pathlib.Path(__file__).resolve().parent.parent / 'samples' / 'mlp_digits.py'


def load_sample():
    spec = importlib.util.spec_from_file_location('mlp_digits', SAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class NumpyAdamMLP:
    """The sample's model and optimizer by hand: in-place Adam, a hand-derived backward."""

    def __init__(self, model, lr=0.003, b1=0.9, b2=0.999, eps=1e-7):
        self.params = [np.array(v.numpy()) for v in model.trainable_variables]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.lr, self.b1, self.b2, self.eps, self.t = lr, b1, b2, eps, 0

    def step(self, x, y):
        (b1_, w1, b2_, w2, b3_, w3) = self.params  # Module order: sorted attribute names
        h1 = x @ w1 + b1_
        a1 = np.maximum(h1, 0)
        h2 = a1 @ w2 + b2_
        a2 = np.maximum(h2, 0)
        logits = a2 @ w3 + b3_
        shifted = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(shifted)
        s = e.sum(axis=1, keepdims=True)
        rows = np.arange(len(y))
        loss = np.mean(np.log(s[:, 0]) - shifted[rows, y])
        d = e / s
        d[rows, y] -= 1
        d /= len(y)
        dh2 = (d @ w3.T) * (h2 > 0)
        dh1 = (dh2 @ w2.T) * (h1 > 0)
        grads = [dh1.sum(0), x.T @ dh1, dh2.sum(0), a1.T @ dh2, d.sum(0), a2.T @ d]
        self.t += 1
        alpha = np.float32(self.lr * np.sqrt(1 - self.b2 ** self.t) / (1 - self.b1 ** self.t))
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (g - m) * (1 - self.b1)
            v += (g * g - v) * (1 - self.b2)
            p -= alpha * m / (np.sqrt(v) + self.eps)
        return loss


def quiet():
    """Swallow the sample epoch's `rt.print`s while it is timed."""
    return contextlib.redirect_stdout(io.StringIO())


def run():
    sample = load_sample()
    x, y, _, _ = sample.load()
    xb, yb = x[:sample.BATCH], y[:sample.BATCH]
    model, optimizer = sample.MLP((64, 128, 128, 10), seed=1), rt.optimizers.Adam(0.003)
    by_hand = NumpyAdamMLP(sample.MLP((64, 128, 128, 10), seed=1))
    first_loss = float(sample.step(model, optimizer, xb, yb))
    assert abs(by_hand.step(xb, yb) - first_loss) < 1e-5
    graph_step = rt.function(lambda a, b: sample.step(model, optimizer, a, b))
    jit_model, jit_optimizer = sample.MLP((64, 128, 128, 10), seed=1), rt.optimizers.Adam(0.003)
    jit_step = rt.function(lambda a, b: sample.step(jit_model, jit_optimizer, a, b),
                           jit_compile=True)
    batches, labels = x.reshape(-1, sample.BATCH, 64), y.reshape(-1, sample.BATCH)
    epoch = rt.function(functools.partial(sample.train_epoch, model, optimizer))
    jit_epoch = rt.function(functools.partial(sample.train_epoch, jit_model, jit_optimizer),
                            jit_compile=True)
    graph_step(xb, yb)
    assert abs(float(jit_step(xb, yb)) - first_loss) < 1e-5  # compiles the step: once
    none = contextlib.nullcontext
    with quiet():
        epoch(batches, labels)
        jit_epoch(batches, labels)  # compiles the epoch: once
    times = best_interleaved([(lambda: by_hand.step(xb, yb), none),
                              (lambda: sample.step(model, optimizer, xb, yb), none),
                              (lambda: graph_step(xb, yb), none),
                              (lambda: epoch(batches, labels), quiet),
                              (lambda: jit_step(xb, yb), none),
                              (lambda: jit_epoch(batches, labels), quiet)], repeat=5)
    times[3] /= len(batches)
    times[5] /= len(batches)
    names = ('numpy by hand: forward + backward + Adam', 'eager rt.GradientTape step',
             'rt.function step', 'epoch in one rt.function, per step',
             'rt.function(jit_compile=True) step',
             'epoch in one rt.function(jit_compile=True), per step')
    targets = ('(the floor)', '<= 3x', '<= 1.3x', '<= 1.0x', '<= 1.0x', '<= 1.0x')
    return [f'{name:<52} {fmt(t):>10}   ratio {t / times[0]:5.2f}x   (target {target})'
            for name, t, target in zip(names, times, targets)]
