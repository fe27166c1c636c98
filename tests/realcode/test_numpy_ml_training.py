"""numpy-ml's own training loops under `rt.function` (issue 23's acceptance (c) and (d)): over
several calls, the parameters, optimizer state and losses equal an eager twin's, bit for bit
with the default executor; seeded random initialisation and dropout equal eager draws."""
import warnings

import numpy as np
import pytest
from numpy_ml_cases import data

import runtime as rt

pytestmark = pytest.mark.filterwarnings('ignore::runtime.errors.TraceTimeValueWarning')


def network(ml, optimizer, seed=0):
    """A two-layer network of numpy-ml layers sharing one optimizer kind, weights drawn from
    numpy's global generator after `seed` (by numpy-ml's own initialisers)."""
    nn = ml.neural_nets
    np.random.seed(seed)
    layers = [nn.layers.FullyConnected(n_out=6, act_fn='ReLU', optimizer=optimizer()),
              nn.layers.FullyConnected(n_out=2, act_fn='Identity', optimizer=optimizer())]
    for layer, n_in in zip(layers, (4, 6)):
        layer.n_in = n_in
        layer._init_params()
    return layers


def train_on_batch(layers, loss, X, y):
    """Forward, loss, backward and each layer's optimizer update: numpy-ml's own API."""
    h = X
    for layer in layers:
        h = layer.forward(h)
    grad = 2 * (h - y) / y.size
    for layer in reversed(layers):
        grad = layer.backward(grad)
    for layer in layers:
        layer.update()
    return loss(y, h)


def state(layers):
    """Each layer's parameters and its optimizer's cache, as plain data."""
    return [({k: v.copy() for k, v in layer.parameters.items() if v is not None},
             {k: {kk: np.copy(vv) for kk, vv in v.items()} if isinstance(v, dict) else np.copy(v)
              for k, v in layer.optimizer.cache.items()}) for layer in layers]


def assert_identical(actual, expected):
    if isinstance(expected, dict):
        assert list(actual) == list(expected)
        for k in expected:
            assert_identical(actual[k], expected[k])
    elif isinstance(expected, (list, tuple)):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_identical(a, e)
    else:
        assert np.asarray(actual).tobytes() == np.asarray(expected).tobytes(), (actual, expected)


OPTIMIZERS = {
    'SGD with momentum': lambda ml: (lambda: ml.neural_nets.optimizers.SGD(lr=0.05,
                                                                          momentum=0.9)),
    'RMSProp': lambda ml: (lambda: ml.neural_nets.optimizers.RMSProp(lr=0.01)),
    'AdaGrad': lambda ml: (lambda: ml.neural_nets.optimizers.AdaGrad(lr=0.05)),
}


@pytest.mark.parametrize('optimizer', sorted(OPTIMIZERS))
def test_training_a_network_on_batches_matches_its_eager_twin(numpy_ml, optimizer):
    make = OPTIMIZERS[optimizer](numpy_ml)
    loss = numpy_ml.neural_nets.losses.SquaredError()
    eager, graph = network(numpy_ml, make), network(numpy_ml, make)
    step = rt.function(train_on_batch)
    X, y = data(90, 40, 4), data(91, 40, 2)
    for k in range(6):  # six batches: the optimizer's caches are filled at the first
        batch = slice(8 * (k % 5), 8 * (k % 5) + 8)
        expected = train_on_batch(eager, loss, X[batch], y[batch])
        actual = step(graph, loss, X[batch], y[batch])
        assert np.asarray(actual).tobytes() == np.asarray(expected).tobytes()
        assert_identical(state(graph), state(eager))
    assert step.experimental_get_tracing_count() <= 3


def test_logistic_regression_fit_on_batches_matches_its_eager_twin(numpy_ml):
    """fit draws beta from np.random, then updates it in place in a loop that may return."""
    ml = numpy_ml.linear_models
    X = data(92, 60, 3)
    y = (X[:, 0] - X[:, 1] > 0).astype(float)
    eager = ml.LogisticRegression(penalty='l2', gamma=0.1, fit_intercept=False)
    graph = ml.LogisticRegression(penalty='l2', gamma=0.1, fit_intercept=False)
    fit = rt.function(graph.fit)
    for k in range(3):
        batch = slice(20 * k, 20 * k + 20)
        np.random.seed(k)
        eager.fit(X[batch], y[batch], 0.1, 1e-7, 12)
        np.random.seed(k)
        fit(X[batch], y[batch], 0.1, 1e-7, 12)
        assert graph.beta.tobytes() == eager.beta.tobytes()
    assert np.array_equal(graph.predict(X), eager.predict(X))


def test_random_initialisation_and_dropout_match_eager_draws(numpy_ml):
    nn = numpy_ml.neural_nets
    init = nn.initializers.WeightInitializer('ReLU', 'he_uniform')
    draw = rt.function(init)
    np.random.seed(3)
    expected = [init((4, 5)), init((4, 5))]
    np.random.seed(3)
    actual = [draw((4, 5)), draw((4, 5))]
    assert_identical(actual, expected)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        layer = nn.wrappers.Dropout(network(numpy_ml, nn.optimizers.SGD)[0], p=0.5)
        twin = nn.wrappers.Dropout(network(numpy_ml, nn.optimizers.SGD)[0], p=0.5)
    forward = rt.function(layer.forward)
    X = data(93, 5, 4)
    np.random.seed(4)
    expected = [twin.forward(X, retain_derived=False) for _ in range(3)]
    np.random.seed(4)
    actual = [forward(X, retain_derived=False) for _ in range(3)]
    assert_identical(actual, expected)
    assert not np.array_equal(actual[0], actual[1])  # fresh masks at every call
