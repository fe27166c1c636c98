"""SGD (momentum, Nesterov) and Adam against TensorFlow's (Keras') formulas written out in numpy,
eagerly and inside rt.function; slots made on the first call of a traced training step."""
import numpy as np
import pytest

import runtime as rt

W0 = np.array([0.5, -1.5, 2.0])
TARGET = np.array([1.0, 0.0, -1.0])
SCALE = np.array([1.0, 3.0, 0.5])
STEPS = 5


def loss(w):
    return np.sum((w - TARGET) ** 2 * SCALE)


def gradient(w):
    return 2 * (w - TARGET) * SCALE


def sgd_reference(lr, momentum, nesterov):
    w, m = W0.copy(), np.zeros(3)
    for _ in range(STEPS):
        g = gradient(w)
        if not momentum:
            w = w - lr * g
            continue
        m = momentum * m - lr * g
        w = w + (momentum * m - lr * g if nesterov else m)
    return w


def adam_reference(lr, beta_1, beta_2, epsilon):
    w, m, v = W0.copy(), np.zeros(3), np.zeros(3)
    for t in range(1, STEPS + 1):
        g = gradient(w)
        m = beta_1 * m + (1 - beta_1) * g
        v = beta_2 * v + (1 - beta_2) * g * g
        lr_t = lr * np.sqrt(1 - beta_2 ** t) / (1 - beta_1 ** t)
        w = w - lr_t * m / (np.sqrt(v) + epsilon)
    return w


def train(optimizer, in_function):
    w = rt.Variable(W0)

    def step():
        with rt.GradientTape() as tape:
            y = loss(w)
        optimizer.apply_gradients([(tape.gradient(y, w), w)])
    step = rt.function(step) if in_function else step
    for _ in range(STEPS):
        step()
    if in_function:
        assert step.experimental_get_tracing_count() == 1
    return w.numpy()


CASES = [
    (lambda: rt.optimizers.SGD(0.05), lambda: sgd_reference(0.05, 0.0, False)),
    (lambda: rt.optimizers.SGD(0.05, momentum=0.9), lambda: sgd_reference(0.05, 0.9, False)),
    (lambda: rt.optimizers.SGD(0.05, momentum=0.8, nesterov=True),
     lambda: sgd_reference(0.05, 0.8, True)),
    (lambda: rt.optimizers.Adam(0.1), lambda: adam_reference(0.1, 0.9, 0.999, 1e-7)),
    (lambda: rt.optimizers.Adam(0.02, beta_1=0.5, beta_2=0.9, epsilon=1e-3),
     lambda: adam_reference(0.02, 0.5, 0.9, 1e-3)),
]


@pytest.mark.parametrize('in_function', [False, True], ids=['eager', 'rt.function'])
@pytest.mark.parametrize('case', range(len(CASES)))
def test_optimizer_steps_follow_tensorflows_formulas(case, in_function):
    make, reference = CASES[case]
    np.testing.assert_allclose(train(make(), in_function), reference(), rtol=1e-12)


def test_train_one_step_makes_adam_slots_on_the_first_call_and_keeps_one_trace():
    w, b = rt.Variable(np.ones((3, 2))), rt.Variable(np.zeros(2))
    optimizer = rt.optimizers.Adam(0.01)
    x, y = np.arange(12.0).reshape(4, 3) / 10, np.array([[1.0, 0.0]] * 4)

    @rt.function
    def train_one_step(x, y):
        with rt.GradientTape() as tape:
            loss = np.mean((x @ w + b - y) ** 2)
        grads = tape.gradient(loss, [w, b])
        optimizer.apply_gradients(zip(grads, [w, b]))
        return loss

    assert optimizer.variables() == [optimizer.iterations]
    losses = [float(train_one_step(x, y)) for _ in range(20)]
    slots = optimizer.variables()[1:]
    assert [s.shape for s in slots] == [(3, 2), (3, 2), (2,), (2,)]
    assert train_one_step.experimental_get_tracing_count() == 1
    assert int(optimizer.iterations.numpy()) == 20 and losses[-1] < losses[0]
    assert len(optimizer.variables()) == 5  # no slot made after the first call


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_eager_adam_on_values_is_bitwise_the_staged_update(dtype):
    # outside any tape Adam computes on the values; under a recording tape (which follows
    # nothing here) it goes through the variables' ops: both must give the same bits
    rng = np.random.default_rng(3)
    grads = [rng.normal(size=(4, 3)).astype(dtype) for _ in range(4)]
    results = []
    for under_tape in (False, True):
        w, optimizer = rt.Variable(np.ones((4, 3), dtype)), rt.optimizers.Adam(0.05)
        for g in grads:
            if under_tape:
                with rt.GradientTape(watch_accessed_variables=False):
                    optimizer.apply_gradients([(g, w)])
            else:
                optimizer.apply_gradients([(g, w)])
        results.append([v.numpy().tobytes() for v in (w, *optimizer.variables())])
    assert results[0] == results[1]
