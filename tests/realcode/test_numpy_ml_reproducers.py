"""Reproducers of what numpy-ml met under `rt.function` and no longer meets: arrays and values
kept on `self` (read at each call, updated, rebound, lazily made), a bare `return` in a
tensor `if`, and numpy's random draws (made at every call). Each failed before issue 23."""
import numpy as np

import runtime as rt


def test_repro_self_keeps_tensor():
    class Layer:
        def __init__(self):
            self.X, self.cache = [], {}

        def forward(self, X):
            self.X.append(X)            # numpy-ml's layers keep their inputs for backward
            self.cache['y'] = X * 2     # and optimizers their moments
            return X + 1

    layer = Layer()
    rt.function(layer.forward)(np.ones(3))
    # before issue 23: both are Tensors of the finished trace; `layer.X[0] + 1` raises RuntimeError:
    # Tensor("X:0", shape=(3,), dtype=float64) belongs to a graph that is not being built here
    assert type(layer.X[0]) is np.ndarray and type(layer.cache['y']) is np.ndarray
    assert (layer.X[0] + 1).tolist() == [2.0, 2.0, 2.0]


def test_repro_self_keeps_tensor_made_lazily():
    class Dense:
        W = None

        def forward(self, X):
            if self.W is None:          # FullyConnected initialises its weights on first use
                self.W = np.ones((X.shape[1], 2))
            return X @ self.W

    layer = Dense()
    rt.function(layer.forward)(np.ones((2, 3)))
    assert type(layer.W) is np.ndarray  # before issue 23: a TracedArray


def test_repro_self_read_as_constant():
    class Dense:
        def __init__(self):
            self.parameters = {'W': np.ones((3, 2))}

        def forward(self, X):
            return X @ self.parameters['W']

    layer = Dense()
    forward = rt.function(layer.forward)
    forward(np.ones((1, 3)))
    layer.parameters['W'] = layer.parameters['W'] * 10  # LayerBase.update rebinds parameters
    assert forward(np.ones((1, 3))).tolist() == [[30.0, 30.0]]  # before issue 23: [[3.0, 3.0]]


def test_repro_self_read_as_constant_in_a_cache():
    class Momentum:
        def __init__(self):
            self.cache = {}

        def update(self, param, grad, name):
            if name not in self.cache:  # SGD/AdaGrad/RMSProp/Adam.update, on their first call
                self.cache[name] = np.zeros_like(grad)
            step = 0.9 * self.cache[name] + grad
            self.cache[name] = step
            return param - step

    update = rt.function(Momentum().update)
    assert update(np.zeros(2), np.ones(2), 'W').tolist() == [-1.0, -1.0]
    assert update(np.zeros(2), np.ones(2), 'W').tolist() == [-1.9, -1.9]  # before issue 23: [-1.0, -1.0]


def test_repro_self_updated_in_place():
    class Layer:
        def __init__(self):
            self.gradients = {'W': np.zeros(3)}

        def backward(self, dW):
            self.gradients['W'] += dW   # FullyConnected.backward; GMM._M_step: mu[ix, :] = ...
            return dW

    layer = Layer()
    rt.function(layer.backward)(np.ones(3))  # before issue 23: MutationError: numpy.add(out=...) updates ...
    assert layer.gradients['W'].tolist() == [1.0, 1.0, 1.0]


def test_repro_self_indexed_by_tensor():
    class Embedding:
        def __init__(self):
            self.W = np.arange(6.0)

        def lookup(self, ids):
            return self.W[ids]          # Embedding._fwd; GaussianNBClassifier.predict

    # before issue 23: OperatorNotAllowedInGraphError: converting it to a numpy array ... (a global array
    # indexed the same way works: globals are followed, attributes are not)
    assert rt.function(Embedding().lookup)(np.array([0, 2])).tolist() == [0.0, 2.0]


def test_repro_return_none_in_tensor_if():
    def fit(x, n):
        for _ in range(n):
            if x.sum() > 10:            # LogisticRegression.fit: `if l_prev - loss < tol: return`
                return
            x += 1

    x = np.ones(2)
    # before issue 23: StagingError: `if` statement at ...: the true branch returns None but the false
    # branch returns no return value (both are None in Python)
    assert rt.function(fit)(x, 20) is None and x.tolist() == [6.0, 6.0]


def test_repro_numpy_random():
    def draw(shape):
        return np.random.uniform(-1, 1, size=shape)  # initialisers, Dropout's mask

    staged = rt.function(draw)
    np.random.seed(0)
    first, second = staged((2,)), staged((2,))
    np.random.seed(0)
    assert first.tolist() == draw((2,)).tolist()
    assert second.tolist() == draw((2,)).tolist()  # before issue 23: the first draw again
