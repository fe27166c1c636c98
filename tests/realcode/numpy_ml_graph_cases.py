"""numpy-ml's functions and methods under `rt.function`: the survey's scenarios.

A scenario is a function of the ORIGINAL package (`ml`, the vendored `numpy_ml`) and of
`wrap`, which it applies to exactly one of numpy-ml's functions or bound methods (the
function under test, named by the scenario's key) before calling it: `wrap` is the identity
for the eager reference, `rt.function` for the graph, `rt.function(..., jit_compile=True)` for
numba. Everything else (objects, data, state between calls) is built the same way each time,
after `numpy_ml_cases.run` seeds numpy's global generator. A scenario returns plain data: the
results of its calls and the state the calls left on their objects, so a graph that drops
an update of `self` or freezes a random draw differs from eager numpy.

`SCENARIOS` maps 'module.Class.method' (or 'module.function') to each scenario.
"""
import functools
import importlib.util
from pathlib import Path

import numpy as np
from numpy_ml_cases import SEED, Raised, arrays, assert_identical, data, labels, run

import runtime as rt

SCENARIOS = {}
MODES = {'graph': rt.function, 'jit': functools.partial(rt.function, jit_compile=True)}


def _jit_helpers():
    """tests/runtime/jit_helpers.py: the jit tests' tolerance, loaded by path."""
    path = Path(__file__).resolve().parent.parent / 'runtime' / 'jit_helpers.py'
    spec = importlib.util.spec_from_file_location('_realcode_jit_helpers', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_assert_close = _jit_helpers().assert_close


def assert_close(actual, expected, where='result'):
    """`assert_identical`'s structure, leaves within the jit's tolerance (`jit_helpers`)."""
    if isinstance(expected, dict):
        assert type(actual) is dict and list(actual) == list(expected), where
        for k in expected:
            assert_close(actual[k], expected[k], f'{where}[{k!r}]')
    elif isinstance(expected, (list, tuple)):
        assert type(actual) is type(expected) and len(actual) == len(expected), where
        for i, (a, e) in enumerate(zip(actual, expected)):
            assert_close(a, e, f'{where}[{i}]')
    else:
        try:
            _assert_close(actual, expected)
        except AssertionError as e:
            raise AssertionError(f'{where}: {e}') from None


def eager(name, ml):
    """The scenario run eagerly (seeded): the reference."""
    return run(lambda m: SCENARIOS[name](m, lambda f: f), ml)


def staged(name, ml, mode):
    """The scenario with its function under `MODES[mode]` (seeded); exceptions propagate."""
    np.random.seed(SEED)
    return SCENARIOS[name](ml, MODES[mode])


def check(name, ml, mode):
    """The scenario gives eager numpy's results: bit for bit in a graph, within the jit's
    tolerance with numba."""
    expected = eager(name, ml)
    assert not isinstance(expected, Raised), f'{name} raises eagerly: {expected}'
    actual = staged(name, ml, mode)
    (assert_identical if mode == 'graph' else assert_close)(actual, expected)


def scenario(name):
    def register(fn):
        assert name not in SCENARIOS, name
        SCENARIOS[name] = fn
        return fn
    return register


# ---------------------------------------------------------------- activations: fn and grad

ACTIVATIONS = ['Sigmoid', 'ReLU', 'LeakyReLU', 'GELU', 'Tanh', 'Affine', 'Identity', 'ELU',
               'Exponential', 'SELU', 'HardSigmoid', 'SoftPlus']


def _activation_scenario(name, method):
    def run(ml, wrap):
        act = getattr(ml.neural_nets.activations, name)()
        f = wrap(getattr(act, method))
        return f(data(1, 4, 5, scale=2.0)), f(data(2, 4, 5, scale=2.0))
    scenario(f'activations.{name}.{method}')(run)


for _name in ACTIVATIONS:
    for _method in ('fn', 'grad'):
        _activation_scenario(_name, _method)


@scenario('activations.Tanh.grad2')
def _(ml, wrap):
    f = wrap(ml.neural_nets.activations.Tanh().grad2)
    return f(data(3, 4, 5))


@scenario('activations.ReLU.__call__')
def _(ml, wrap):
    f = wrap(ml.neural_nets.activations.ReLU())
    return f(data(4, 6)), f(data(5, 3, 6))


# ---------------------------------------------------------------- losses

@scenario('losses.SquaredError.loss')
def _(ml, wrap):
    f = wrap(ml.neural_nets.losses.SquaredError.loss)
    return f(data(6, 5, 3), data(7, 5, 3))


@scenario('losses.SquaredError.grad')
def _(ml, wrap):
    f = wrap(ml.neural_nets.losses.SquaredError.grad)
    act = ml.neural_nets.activations.Sigmoid()
    z = data(8, 5, 3)
    return f(data(9, 5, 3), act(z), z, act)


def _classification(seed, n=6, k=4):
    y = np.eye(k)[labels(seed, n, k)]
    e = np.exp(data(seed + 1, n, k))
    return y, e / e.sum(axis=1, keepdims=True)


@scenario('losses.CrossEntropy.loss')
def _(ml, wrap):
    return wrap(ml.neural_nets.losses.CrossEntropy.loss)(*_classification(10))


@scenario('losses.CrossEntropy.grad')
def _(ml, wrap):
    return wrap(ml.neural_nets.losses.CrossEntropy.grad)(*_classification(12))


def _vae_inputs():
    rng = np.random.default_rng(14)
    return ((rng.random((5, 6)) > 0.5).astype(float), rng.random((5, 6)), data(15, 5, 2),
            data(16, 5, 2))


@scenario('losses.VAELoss.loss')
def _(ml, wrap):
    return wrap(ml.neural_nets.losses.VAELoss.loss)(*_vae_inputs())


@scenario('losses.VAELoss.grad')
def _(ml, wrap):
    return wrap(ml.neural_nets.losses.VAELoss.grad)(*_vae_inputs())


@scenario('losses.WGAN_GPLoss.loss')
def _(ml, wrap):
    f = wrap(ml.neural_nets.losses.WGAN_GPLoss(lambda_=5).loss)
    return f(data(17, 6, 1), 'C', data(18, 6, 1), data(19, 6, 4)), f(data(17, 6, 1), 'G')


@scenario('losses.WGAN_GPLoss.grad')
def _(ml, wrap):
    f = wrap(ml.neural_nets.losses.WGAN_GPLoss(lambda_=5).grad)
    return f(data(17, 6, 1), 'C', data(18, 6, 1), data(19, 6, 4))


# ---------------------------------------------------------------- initialisers

@scenario('initializers.WeightInitializer.__call__')
def _(ml, wrap):
    """glorot_uniform draws from np.random: two calls draw different weights."""
    f = wrap(ml.neural_nets.initializers.WeightInitializer('ReLU', mode='glorot_uniform'))
    return f((4, 3)), f((4, 3))


@scenario('utils.he_uniform')
def _(ml, wrap):
    f = wrap(ml.neural_nets.utils.he_uniform)
    return f((5, 2)), f((5, 2))


@scenario('utils.truncated_normal')
def _(ml, wrap):
    f = wrap(ml.neural_nets.utils.truncated_normal)
    return f(0.0, 1.0, (6, 3)), f(0.0, 1.0, (6, 3))


@scenario('utils.calc_fan')
def _(ml, wrap):
    f = wrap(ml.neural_nets.utils.calc_fan)
    return f((3, 4)), f((2, 3, 4, 5))


# ---------------------------------------------------------------- layers: forward and backward

def _fully_connected(ml, act_fn='ReLU'):
    L = ml.neural_nets.layers.FullyConnected(n_out=3, act_fn=act_fn)
    L.n_in = 4
    L._init_params()  # eagerly: the weights are drawn outside the graph
    return L


@scenario('layers.FullyConnected._fwd')
def _(ml, wrap):
    L = _fully_connected(ml)
    f = wrap(L._fwd)
    return f(data(20, 5, 4)), f(data(21, 5, 4))


@scenario('layers.FullyConnected.forward')
def _(ml, wrap):
    """forward(retain_derived=False) reads self.parameters only."""
    L = _fully_connected(ml)
    f = wrap(L.forward)
    return f(data(20, 5, 4), retain_derived=False), f(data(21, 5, 4), retain_derived=False)


@scenario('layers.FullyConnected.forward(retain_derived)')
def _(ml, wrap):
    """forward appends X and Z to lists on self; backward (eager) reads them."""
    L = _fully_connected(ml, 'Tanh')
    y = wrap(L.forward)(data(22, 5, 4))
    return y, L.backward(data(23, 5, 3)), arrays(L.gradients)


@scenario('layers.FullyConnected.forward(lazy init)')
def _(ml, wrap):
    """The first forward initialises the weights (np.random) and stores them on self."""
    L = ml.neural_nets.layers.FullyConnected(n_out=3, act_fn='ReLU')
    f = wrap(L.forward)
    return f(data(24, 5, 4), retain_derived=False), arrays(L.parameters)


@scenario('layers.FullyConnected.forward(after update)')
def _(ml, wrap):
    """forward, eager backward and update (which rebinds self.parameters['W']), forward again."""
    L = _fully_connected(ml)
    f = wrap(L.forward)
    X = data(25, 5, 4)
    y0 = f(X, retain_derived=False)
    L.forward(X)
    L.backward(np.ones((5, 3)))
    L.update()
    return y0, f(X, retain_derived=False)


@scenario('layers.FullyConnected._bwd')
def _(ml, wrap):
    L = _fully_connected(ml, 'Sigmoid')
    return wrap(L._bwd)(data(26, 5, 3), data(27, 5, 4))


@scenario('layers.FullyConnected.backward')
def _(ml, wrap):
    """backward reads self.X (a list of arrays) and adds into self.gradients' arrays."""
    L = _fully_connected(ml, 'Sigmoid')
    L.forward(data(28, 5, 4))
    dx = wrap(L.backward)(data(29, 5, 3))
    return dx, arrays(L.gradients)


@scenario('layers.Softmax._fwd')
def _(ml, wrap):
    L = ml.neural_nets.layers.Softmax()
    return wrap(L._fwd)(data(30, 4, 6))


@scenario('layers.Softmax._bwd')
def _(ml, wrap):
    L = ml.neural_nets.layers.Softmax()
    return wrap(L._bwd)(data(31, 4, 6), data(32, 4, 6))


@scenario('layers.BatchNorm1D.forward')
def _(ml, wrap):
    """forward updates self.parameters['running_mean'/'running_var'] (rebinding them)."""
    L = ml.neural_nets.layers.BatchNorm1D(momentum=0.8)
    L.forward(data(33, 6, 3))  # initialise eagerly
    y = wrap(L.forward)(data(34, 6, 3), retain_derived=True)
    return y, arrays(L.parameters)


@scenario('layers.BatchNorm1D._bwd')
def _(ml, wrap):
    L = ml.neural_nets.layers.BatchNorm1D()
    L.forward(data(35, 6, 3))
    return wrap(L._bwd)(data(36, 6, 3), data(35, 6, 3))


@scenario('layers.LayerNorm1D.forward')
def _(ml, wrap):
    L = ml.neural_nets.layers.LayerNorm1D()
    L.forward(data(37, 4, 5), retain_derived=False)  # initialise eagerly
    return wrap(L.forward)(data(38, 4, 5), retain_derived=False)


@scenario('layers.Conv2D.forward')
def _(ml, wrap):
    L = ml.neural_nets.layers.Conv2D(out_ch=2, kernel_shape=(2, 2), pad=1, stride=1, act_fn='ReLU')
    L.forward(data(39, 1, 4, 4, 2), retain_derived=False)  # initialise eagerly
    return wrap(L.forward)(data(40, 1, 4, 4, 2), retain_derived=False)


@scenario('layers.Conv1D.forward')
def _(ml, wrap):
    L = ml.neural_nets.layers.Conv1D(out_ch=2, kernel_width=3, pad='same', act_fn='Tanh')
    L.forward(data(41, 2, 6, 2), retain_derived=False)
    return wrap(L.forward)(data(42, 2, 6, 2), retain_derived=False)


@scenario('layers.Pool2D.forward')
def _(ml, wrap):
    L = ml.neural_nets.layers.Pool2D(kernel_shape=(2, 2), stride=2, mode='max')
    return wrap(L.forward)(data(43, 2, 4, 4, 2), retain_derived=False)


@scenario('layers.Embedding._fwd')
def _(ml, wrap):
    L = ml.neural_nets.layers.Embedding(n_out=3, vocab_size=8)
    return wrap(L._fwd)(labels(44, 6, 8).reshape(2, 3))


@scenario('layers.DotProductAttention._fwd')
def _(ml, wrap):
    L = ml.neural_nets.layers.DotProductAttention(scale=True, dropout_p=0)
    L.forward(data(45, 1, 2, 3), data(46, 1, 2, 3), data(47, 1, 2, 4), retain_derived=False)
    return wrap(L._fwd)(data(48, 2, 3, 3), data(49, 2, 4, 3), data(50, 2, 4, 5))


@scenario('layers.RNNCell.forward')
def _(ml, wrap):
    """forward appends to lists in self.derived_variables and bumps self.n_timesteps."""
    L = ml.neural_nets.layers.RNNCell(n_out=3)
    f = wrap(L.forward)
    X = data(51, 2, 4, 3)
    ys = [f(X[:, :, t]) for t in range(3)]
    return ys, L.backward(np.ones((2, 3))), arrays(L.gradients)


@scenario('layers.Flatten.forward')
def _(ml, wrap):
    L = ml.neural_nets.layers.Flatten()
    return wrap(L.forward)(data(52, 2, 3, 4), retain_derived=False)


@scenario('wrappers.Dropout.forward')
def _(ml, wrap):
    """Dropout draws its mask from np.random at each call."""
    nn = ml.neural_nets
    L = nn.wrappers.Dropout(_fully_connected(ml), p=0.5)
    f = wrap(L.forward)
    return f(data(53, 5, 4), retain_derived=False), f(data(53, 5, 4), retain_derived=False)


# ---------------------------------------------------------------- optimizers

def _optimizer_scenario(name, make):
    def run(ml, wrap):
        opt = make(ml.neural_nets.optimizers)
        f = wrap(opt.update)
        W, out = data(54, 4, 3), []
        for step in range(3):
            opt.step()
            W = f(W, data(55 + step, 4, 3), 'W')
            out.append(W)
        return out, arrays(opt.cache)
    scenario(f'optimizers.{name}.update')(run)


_optimizer_scenario('SGD', lambda o: o.SGD(lr=0.1, momentum=0.9))
_optimizer_scenario('AdaGrad', lambda o: o.AdaGrad(lr=0.05))
_optimizer_scenario('RMSProp', lambda o: o.RMSProp(lr=0.01))
_optimizer_scenario('Adam', lambda o: o.Adam(lr=0.01, clip_norm=2.0))


@scenario('optimizers.SGD.update(one step)')
def _(ml, wrap):
    """One call, no momentum: the update's value, and the cache it leaves."""
    opt = ml.neural_nets.optimizers.SGD(lr=0.1)
    W = wrap(opt.update)(data(58, 4, 3), data(59, 4, 3), 'W')
    return W, arrays(opt.cache)


@scenario('schedulers.ExponentialScheduler.learning_rate')
def _(ml, wrap):
    s = ml.neural_nets.schedulers.ExponentialScheduler(initial_lr=0.1, stage_length=3)
    f = wrap(s.learning_rate)
    return [f(np.int64(step)) for step in range(4)]


# ---------------------------------------------------------------- linear models

def _regression(seed, n=20, m=3):
    X = data(seed, n, m)
    return X, X @ np.arange(1.0, m + 1) + 0.5 + 0.1 * data(seed + 1, n)


@scenario('linear_models.LinearRegression.predict')
def _(ml, wrap):
    X, y = _regression(60)
    m = ml.linear_models.LinearRegression().fit(X, y[:, None])
    return wrap(m.predict)(data(62, 5, 3))


@scenario('linear_models.LinearRegression.fit')
def _(ml, wrap):
    """fit stores beta and sigma_inv on self and returns self."""
    X, y = _regression(63)
    m = ml.linear_models.LinearRegression()
    wrap(m.fit)(X, y[:, None])
    return m.beta, m.sigma_inv, m.predict(X[:4])


@scenario('linear_models.RidgeRegression.predict')
def _(ml, wrap):
    X, y = _regression(65)
    m = ml.linear_models.RidgeRegression(alpha=0.5).fit(X, y)
    return wrap(m.predict)(data(67, 5, 3))


@scenario('linear_models.RidgeRegression.fit')
def _(ml, wrap):
    X, y = _regression(68)
    m = ml.linear_models.RidgeRegression(alpha=0.5)
    wrap(m.fit)(X, y)
    return m.beta, m.predict(X[:4])


@scenario('linear_models.LinearRegression.predict(no intercept)')
def _(ml, wrap):
    """Without an intercept, predict is `X @ self.beta`: no np.c_."""
    X, y = _regression(60)
    m = ml.linear_models.LinearRegression(fit_intercept=False).fit(X, y[:, None])
    return wrap(m.predict)(data(62, 5, 3))


@scenario('linear_models.LinearRegression.fit(no intercept)')
def _(ml, wrap):
    X, y = _regression(63)
    m = ml.linear_models.LinearRegression(fit_intercept=False)
    wrap(m.fit)(X, y[:, None])
    return m.beta, m.sigma_inv, m.predict(X[:4])


@scenario('linear_models.RidgeRegression.fit(no intercept)')
def _(ml, wrap):
    X, y = _regression(68)
    m = ml.linear_models.RidgeRegression(alpha=0.5, fit_intercept=False)
    wrap(m.fit)(X, y)
    return m.beta, m.predict(X[:4])


@scenario('linear_models.LogisticRegression.fit(no intercept)')
def _(ml, wrap):
    X = data(72, 30, 2)
    m = ml.linear_models.LogisticRegression(penalty='l2', gamma=0.1, fit_intercept=False)
    wrap(m.fit)(X, (X[:, 0] > X[:, 1]).astype(float), 0.1, 1e-7, 15)
    return m.beta


@scenario('linear_models.LogisticRegression.predict')
def _(ml, wrap):
    X = data(70, 30, 2)
    m = ml.linear_models.LogisticRegression()
    m.fit(X, (X[:, 0] > X[:, 1]).astype(float), max_iter=20)
    return wrap(m.predict)(data(71, 6, 2))


@scenario('linear_models.LogisticRegression.fit')
def _(ml, wrap):
    """fit draws beta from np.random, then updates it in place in a loop that may return."""
    X = data(72, 30, 2)
    m = ml.linear_models.LogisticRegression(penalty='l2', gamma=0.1)
    wrap(m.fit)(X, (X[:, 0] > X[:, 1]).astype(float), 0.1, 1e-7, 15)
    return m.beta


@scenario('linear_models.LogisticRegression.predict(no intercept)')
def _(ml, wrap):
    X = data(70, 30, 2)
    m = ml.linear_models.LogisticRegression(fit_intercept=False)
    m.fit(X, (X[:, 0] > X[:, 1]).astype(float), max_iter=20)
    return wrap(m.predict)(data(71, 6, 2))


@scenario('linear_models.GaussianNBClassifier._log_posterior')
def _(ml, wrap):
    X = np.concatenate([data(73, 8, 2) + 2, data(74, 8, 2) - 2])
    m = ml.linear_models.GaussianNBClassifier().fit(X, np.repeat([0, 1], 8))
    return wrap(m._log_posterior)(data(75, 5, 2))


@scenario('linear_models.GaussianNBClassifier.predict')
def _(ml, wrap):
    X = np.concatenate([data(73, 8, 2) + 2, data(74, 8, 2) - 2])
    m = ml.linear_models.GaussianNBClassifier().fit(X, np.repeat([0, 1], 8))
    return wrap(m.predict)(data(75, 5, 2))


@scenario('linear_models.GeneralizedLinearModel.predict')
def _(ml, wrap):
    X = data(76, 30, 2)
    m = ml.linear_models.GeneralizedLinearModel(link='logit')
    m.fit(X, (X[:, 0] + 0.3 * data(77, 30) > 0).astype(float))
    return wrap(m.predict)(data(78, 5, 2))


@scenario('linear_models.GeneralizedLinearModel.predict(no intercept)')
def _(ml, wrap):
    X = data(76, 30, 2)
    m = ml.linear_models.GeneralizedLinearModel(link='log', fit_intercept=False)
    m.fit(X, np.exp(0.3 * X[:, 0]))
    return wrap(m.predict)(data(78, 5, 2))


@scenario('linear_models.GeneralizedLinearModel.fit(no intercept)')
def _(ml, wrap):
    X = data(79, 30, 2)
    m = ml.linear_models.GeneralizedLinearModel(link='identity', fit_intercept=False)
    wrap(m.fit)(X, X @ np.array([1.0, -2.0]) + 0.1 * data(80, 30))
    return m.beta


@scenario('linear_models.GeneralizedLinearModel.fit')
def _(ml, wrap):
    X = data(79, 30, 2)
    m = ml.linear_models.GeneralizedLinearModel(link='identity')
    wrap(m.fit)(X, X @ np.array([1.0, -2.0]) + 0.1 * data(80, 30))
    return m.beta


# ---------------------------------------------------------------- GMM

def _gmm(ml):
    centres = np.array([[0.0, 0.0], [4.0, 4.0]])
    X = np.concatenate([data(81 + i, 8, 2) * 0.7 + c for i, c in enumerate(centres)])
    g = ml.gmm.GMM(C=2)
    g._initialize_params(X)
    return g, X


@scenario('utils.misc.logsumexp')
def _(ml, wrap):
    return wrap(ml.utils.misc.logsumexp)(data(83, 3, 4))


@scenario('utils.misc.log_gaussian_pdf')
def _(ml, wrap):
    S = np.array([[2.0, 0.3], [0.3, 1.0]])
    return wrap(ml.utils.misc.log_gaussian_pdf)(data(84, 2), data(85, 2), S)


@scenario('gmm.GMM._E_step')
def _(ml, wrap):
    """_E_step writes rows of self.parameters['Q'] and checks them with np.testing."""
    g, X = _gmm(ml)
    wrap(g._E_step)(X)
    return g.parameters['Q']


@scenario('gmm.GMM._M_step')
def _(ml, wrap):
    """_M_step updates self.parameters' 'mu' and 'sigma' arrays in place."""
    g, X = _gmm(ml)
    g._E_step(X)
    wrap(g._M_step)(X)
    return arrays(g.parameters)


@scenario('gmm.GMM.likelihood_lower_bound')
def _(ml, wrap):
    g, X = _gmm(ml)
    g._E_step(X)
    return wrap(g.likelihood_lower_bound)(X)


@scenario('gmm.GMM.predict')
def _(ml, wrap):
    g, X = _gmm(ml)
    g.fit(X, max_iter=3)
    return wrap(g.predict)(X[:4])


# ---------------------------------------------------------------- trees

def _tree(ml, **kwargs):
    X = data(86, 30, 3)
    y = (X[:, 0] > 0).astype(int) + (X[:, 1] > 0.5).astype(int)
    t = ml.trees.DecisionTree(max_depth=3, seed=5, **kwargs)
    t.fit(X, y)
    return t


@scenario('trees.DecisionTree.predict')
def _(ml, wrap):
    return wrap(_tree(ml).predict)(data(87, 6, 3))


@scenario('trees.DecisionTree._traverse')
def _(ml, wrap):
    t = _tree(ml)
    return wrap(t._traverse)(data(88, 3), t.root)


@scenario('trees.dt.entropy')
def _(ml, wrap):
    return wrap(ml.trees.dt.entropy)(labels(89, 12, 3))


@scenario('trees.dt.gini')
def _(ml, wrap):
    return wrap(ml.trees.dt.gini)(labels(90, 12, 3))


@scenario('trees.dt.mse')
def _(ml, wrap):
    return wrap(ml.trees.dt.mse)(data(91, 12))


@scenario('trees.losses.MSELoss.line_search')
def _(ml, wrap):
    return wrap(ml.trees.losses.MSELoss().line_search)(data(92, 8), data(93, 8), data(94, 8))


# ---------------------------------------------------------------- preprocessing and utils

@scenario('preprocessing.general.Standardizer.transform')
def _(ml, wrap):
    s = ml.preprocessing.general.Standardizer()
    s.fit(data(95, 10, 3, scale=3.0))
    return wrap(s.transform)(data(96, 4, 3))


@scenario('preprocessing.dsp.DCT')
def _(ml, wrap):
    return wrap(ml.preprocessing.dsp.DCT)(data(97, 8))


@scenario('preprocessing.dsp.DFT')
def _(ml, wrap):
    return wrap(ml.preprocessing.dsp.DFT)(data(98, 16))


@scenario('preprocessing.dsp.to_frames')
def _(ml, wrap):
    return wrap(ml.preprocessing.dsp.to_frames)(data(99, 40), 8, 4)


@scenario('preprocessing.dsp.preemphasis')
def _(ml, wrap):
    return wrap(ml.preprocessing.dsp.preemphasis)(data(100, 20), 0.9)


@scenario('preprocessing.dsp.autocorrelate1D')
def _(ml, wrap):
    return wrap(ml.preprocessing.dsp.autocorrelate1D)(data(101, 6))


@scenario('utils.windows.hann')
def _(ml, wrap):
    return wrap(ml.utils.windows.hann)(16)


@scenario('utils.kernels.RBFKernel.__call__')
def _(ml, wrap):
    return wrap(ml.utils.kernels.RBFKernel(sigma=1.5))(data(102, 5, 3), data(103, 4, 3))


@scenario('utils.distance_metrics.euclidean')
def _(ml, wrap):
    return wrap(ml.utils.distance_metrics.euclidean)(data(104, 6), data(105, 6))
