"""The survey's failures: numpy-ml scenarios that do not give eager numpy's results under
`rt.function` today, and one tiny reproducer per distinct cause. FAILURES.md explains them.

Not collected by pytest (no `test_` prefix): these are tests to enable once their cause is
fixed. `PENDING` maps (scenario, mode) to the cause, the vendored line where it shows (the
innermost vendored frame, or the line a numba error names; None where the values are silently
wrong) and the symptom: the exception's type and the start of its first line, or where the
values differ. To enable a scenario,
delete its entry: `test_numpy_ml_graphs.py` runs every scenario and mode not listed here.
To enable the whole file, rename it `test_pending_cases.py` (its tests then fail until fixed).

`python tests/realcode/pending_cases.py` (with the project on PYTHONPATH) runs every pending
scenario and says which now pass, which fail as catalogued, and which fail otherwise.
"""
import re
import sys
import traceback
from collections import namedtuple
from pathlib import Path

import numpy as np
import pytest

import runtime as rt

Pending = namedtuple('Pending', 'cause where symptom')

# the causes, by key (FAILURES.md has a section for each, with its reproducer below)
CAUSES = {
    'python-counter': 'a Python number kept in an object and changed by the trace (a step '
                      'counter): it changes once, while tracing (TensorFlow\'s rule, with a '
                      'TraceTimeValueWarning)',
    'op:np.c_': 'missing graph op: np.c_ (numpy.lib.index_tricks), which calls np.array',
    'op:np.pad': 'missing graph op: np.pad',
    'op:np.linalg.solve': 'missing graph op: np.linalg.solve',
    'op:np.linalg.slogdet': 'missing graph op: np.linalg.slogdet',
    'op:np.linalg.pinv': 'missing graph op: np.linalg.pinv',
    'op:np.array_equal': 'missing graph op: np.array_equal',
    'op:np.atleast_1d': 'missing graph op: np.atleast_1d',
    'op:np.atleast_2d': 'missing graph op: np.atleast_2d',
    'op:np.bincount': 'missing graph op: np.bincount',
    'op:np.vdot': 'missing graph op: np.vdot',
    'op:as_strided': "missing graph op: numpy.lib.stride_tricks.as_strided (and Tensor.itemsize)",
    'comprehension-over-tensor': 'other: a comprehension iterating over a tensor',
    'jit:inv': "missing numba lowering: 'inv' (np.linalg.inv)",
    'op:np.testing': 'missing graph op: np.testing.assert_allclose of a tensor',
    'jit:norm': "missing numba lowering: 'norm' (np.linalg.norm)",
    'jit:var': "missing numba lowering: 'var'",
    'jit:matmul': "missing numba lowering: 'matmul' other than 2-d @ 2-d",
    'jit:getitem-mask': "missing numba lowering: 'getitem' with a boolean mask",
    'jit:sum-0d': "missing numba lowering: 'sum' of a 0-d value",
}

PENDING = {
    ('optimizers.Adam.update', 'graph'): Pending(
        'python-counter', None, 'values differ at result[0][2]'),
    ('activations.LeakyReLU.fn', 'jit'): Pending(
        'jit:getitem-mask', 'numpy_ml/neural_nets/activations/activations.py:180',
        "UnsupportedOpError: jit_compile=True: graph op 'getitem' (f64[4,5], bool[4,5])"),
    ('activations.LeakyReLU.grad', 'jit'): Pending(
        'jit:getitem-mask', 'numpy_ml/neural_nets/activations/activations.py:195',
        "UnsupportedOpError: jit_compile=True: graph op 'getitem' (f64[4,5], bool[4,5])"),
    ('losses.SquaredError.loss', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/losses/losses.py:65',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[5,3])"),
    ('losses.CrossEntropy.loss', 'graph'): Pending(
        'op:np.array_equal', 'numpy_ml/utils/testing.py:54',
        'TypeError: numpy.array_equal is not supported on symbolic tensors: it has no graph op'),
    ('losses.CrossEntropy.loss', 'jit'): Pending(
        'op:np.array_equal', 'numpy_ml/utils/testing.py:54',
        'TypeError: numpy.array_equal is not supported on symbolic tensors: it has no graph op'),
    ('losses.CrossEntropy.grad', 'graph'): Pending(
        'op:np.array_equal', 'numpy_ml/utils/testing.py:54',
        'TypeError: numpy.array_equal is not supported on symbolic tensors: it has no graph op'),
    ('losses.CrossEntropy.grad', 'jit'): Pending(
        'op:np.array_equal', 'numpy_ml/utils/testing.py:54',
        'TypeError: numpy.array_equal is not supported on symbolic tensors: it has no graph op'),
    ('losses.WGAN_GPLoss.loss', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/losses/losses.py:442',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[6,4])"),
    ('losses.WGAN_GPLoss.grad', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/losses/losses.py:495',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[6,4])"),
    ('utils.truncated_normal', 'jit'): Pending(
        'jit:getitem-mask', 'numpy_ml/neural_nets/utils/utils.py:1028',
        "UnsupportedOpError: jit_compile=True: graph op 'set_item' (f64[6,3], f64[?], bool[6,3])"),
    ('layers.Softmax._bwd', 'graph'): Pending(
        'op:np.atleast_2d', 'numpy_ml/neural_nets/layers/layers.py:2344',
        'TypeError: numpy.atleast_2d is not supported on symbolic tensors: it has no graph op'),
    ('layers.Softmax._bwd', 'jit'): Pending(
        'op:np.atleast_2d', 'numpy_ml/neural_nets/layers/layers.py:2344',
        'TypeError: numpy.atleast_2d is not supported on symbolic tensors: it has no graph op'),
    ('layers.BatchNorm1D.forward', 'jit'): Pending(
        'jit:var', 'numpy_ml/neural_nets/layers/layers.py:1379',
        "UnsupportedOpError: jit_compile=True: graph op 'var' (f64[6,3])"),
    ('layers.BatchNorm1D._bwd', 'jit'): Pending(
        'jit:var', 'numpy_ml/neural_nets/layers/layers.py:1430',
        "UnsupportedOpError: jit_compile=True: graph op 'var' (f64[6,3])"),
    ('layers.LayerNorm1D.forward', 'jit'): Pending(
        'jit:var', 'numpy_ml/neural_nets/layers/layers.py:1745',
        "UnsupportedOpError: jit_compile=True: graph op 'var' (f64[4,5])"),
    ('layers.Conv2D.forward', 'graph'): Pending(
        'op:np.pad', 'numpy_ml/neural_nets/utils/utils.py:293',
        'TypeError: numpy.pad is not supported on symbolic tensors: it has no graph op'),
    ('layers.Conv2D.forward', 'jit'): Pending(
        'op:np.pad', 'numpy_ml/neural_nets/utils/utils.py:293',
        'TypeError: numpy.pad is not supported on symbolic tensors: it has no graph op'),
    ('layers.Conv1D.forward', 'graph'): Pending(
        'op:np.pad', 'numpy_ml/neural_nets/utils/utils.py:234',
        'TypeError: numpy.pad is not supported on symbolic tensors: it has no graph op'),
    ('layers.Conv1D.forward', 'jit'): Pending(
        'op:np.pad', 'numpy_ml/neural_nets/utils/utils.py:234',
        'TypeError: numpy.pad is not supported on symbolic tensors: it has no graph op'),
    ('layers.Pool2D.forward', 'graph'): Pending(
        'op:np.pad', 'numpy_ml/neural_nets/utils/utils.py:293',
        'TypeError: numpy.pad is not supported on symbolic tensors: it has no graph op'),
    ('layers.Pool2D.forward', 'jit'): Pending(
        'op:np.pad', 'numpy_ml/neural_nets/utils/utils.py:293',
        'TypeError: numpy.pad is not supported on symbolic tensors: it has no graph op'),
    ('layers.DotProductAttention._fwd', 'jit'): Pending(
        'jit:matmul', 'numpy_ml/neural_nets/layers/layers.py:308',
        "UnsupportedOpError: jit_compile=True: graph op 'matmul' (f64[2,3,3], f64[2,3,4])"),
    ('optimizers.SGD.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:143',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.AdaGrad.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:253',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.RMSProp.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:355',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.Adam.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:465',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.SGD.update(one step)', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:143',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('linear_models.LinearRegression.predict', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/linear_regression.py:235',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LinearRegression.predict', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/linear_regression.py:235',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LinearRegression.fit', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/linear_regression.py:210',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LinearRegression.fit', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/linear_regression.py:210',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.RidgeRegression.predict', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/ridge.py:103',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.RidgeRegression.predict', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/ridge.py:103',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.RidgeRegression.fit', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/ridge.py:79',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.RidgeRegression.fit', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/ridge.py:79',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LinearRegression.fit(no intercept)', 'graph'): Pending(
        'op:np.linalg.pinv', 'numpy_ml/linear_models/linear_regression.py:212',
        'TypeError: numpy.linalg.pinv is not supported on symbolic tensors: it has no graph op'),
    ('linear_models.LinearRegression.fit(no intercept)', 'jit'): Pending(
        'op:np.linalg.pinv', 'numpy_ml/linear_models/linear_regression.py:212',
        'TypeError: numpy.linalg.pinv is not supported on symbolic tensors: it has no graph op'),
    ('linear_models.RidgeRegression.fit(no intercept)', 'jit'): Pending(
        'jit:inv', 'numpy_ml/linear_models/ridge.py:82',
        "UnsupportedOpError: jit_compile=True: graph op 'inv' (f64[3,3])"),
    ('linear_models.LogisticRegression.fit(no intercept)', 'jit'): Pending(
        'jit:matmul', 'numpy_ml/linear_models/logistic.py:114',
        "UnsupportedOpError: jit_compile=True: graph op 'matmul' (f64[30,2], f64[2])"),
    ('linear_models.LogisticRegression.predict', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/logistic.py:167',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LogisticRegression.predict', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/logistic.py:167',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LogisticRegression.fit', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/logistic.py:109',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LogisticRegression.fit', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/logistic.py:109',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.LogisticRegression.predict(no intercept)', 'jit'): Pending(
        'jit:matmul', 'numpy_ml/linear_models/logistic.py:168',
        "UnsupportedOpError: jit_compile=True: graph op 'matmul' (f64[6,2], f64[2])"),
    ('linear_models.GeneralizedLinearModel.predict', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/glm.py:209',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.GeneralizedLinearModel.predict', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/glm.py:209',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.GeneralizedLinearModel.predict(no intercept)', 'jit'): Pending(
        'jit:matmul', 'numpy_ml/linear_models/glm.py:211',
        "UnsupportedOpError: jit_compile=True: graph op 'matmul' (f64[5,2], f64[2])"),
    ('linear_models.GeneralizedLinearModel.fit(no intercept)', 'graph'): Pending(
        'op:np.atleast_1d', 'numpy_ml/linear_models/linear_regression.py:199',
        'TypeError: numpy.atleast_1d is not supported on symbolic tensors: it has no graph op'),
    ('linear_models.GeneralizedLinearModel.fit(no intercept)', 'jit'): Pending(
        'op:np.atleast_1d', 'numpy_ml/linear_models/linear_regression.py:199',
        'TypeError: numpy.atleast_1d is not supported on symbolic tensors: it has no graph op'),
    ('linear_models.GeneralizedLinearModel.fit', 'graph'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/glm.py:157',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.GeneralizedLinearModel.fit', 'jit'): Pending(
        'op:np.c_', 'numpy_ml/linear_models/glm.py:157',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('utils.misc.log_gaussian_pdf', 'graph'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph'),
    ('utils.misc.log_gaussian_pdf', 'jit'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph'),
    ('gmm.GMM._E_step', 'graph'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM._E_step', 'jit'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM._M_step', 'graph'): Pending(
        'op:np.testing', 'numpy_ml/gmm/gmm.py:240',
        'OperatorNotAllowedInGraphError: converting it to a numpy array'),
    ('gmm.GMM._M_step', 'jit'): Pending(
        'op:np.testing', 'numpy_ml/gmm/gmm.py:240',
        'OperatorNotAllowedInGraphError: converting it to a numpy array'),
    ('gmm.GMM.likelihood_lower_bound', 'graph'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM.likelihood_lower_bound', 'jit'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM.predict', 'graph'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM.predict', 'jit'): Pending(
        'op:np.linalg.slogdet', 'numpy_ml/utils/misc.py:20',
        'TypeError: numpy.linalg.slogdet is not supported on symbolic tensors: it has no graph op'),
    ('trees.DecisionTree.predict', 'graph'): Pending(
        'comprehension-over-tensor', 'numpy_ml/trees/dt.py:102',
        'OperatorNotAllowedInGraphError: iterating over it (a Python for loop, unpacking,'),
    ('trees.DecisionTree.predict', 'jit'): Pending(
        'comprehension-over-tensor', 'numpy_ml/trees/dt.py:102',
        'OperatorNotAllowedInGraphError: iterating over it (a Python for loop, unpacking,'),
    ('trees.dt.entropy', 'graph'): Pending(
        'op:np.bincount', 'numpy_ml/trees/dt.py:226',
        'TypeError: numpy.bincount is not supported on symbolic tensors: it has no graph op'),
    ('trees.dt.entropy', 'jit'): Pending(
        'op:np.bincount', 'numpy_ml/trees/dt.py:226',
        'TypeError: numpy.bincount is not supported on symbolic tensors: it has no graph op'),
    ('trees.dt.gini', 'graph'): Pending(
        'op:np.bincount', 'numpy_ml/trees/dt.py:235',
        'TypeError: numpy.bincount is not supported on symbolic tensors: it has no graph op'),
    ('trees.dt.gini', 'jit'): Pending(
        'op:np.bincount', 'numpy_ml/trees/dt.py:235',
        'TypeError: numpy.bincount is not supported on symbolic tensors: it has no graph op'),
    ('trees.losses.MSELoss.line_search', 'jit'): Pending(
        'jit:sum-0d', 'numpy_ml/trees/losses.py:49',
        "UnsupportedOpError: jit_compile=True: graph op 'sum' (f64[])"),
    ('preprocessing.dsp.DFT', 'graph'): Pending(
        'op:np.vdot', 'numpy_ml/preprocessing/dsp.py:272',
        'TypeError: numpy.vdot is not supported on symbolic tensors: it has no graph op'),
    ('preprocessing.dsp.DFT', 'jit'): Pending(
        'op:np.vdot', 'numpy_ml/preprocessing/dsp.py:272',
        'TypeError: numpy.vdot is not supported on symbolic tensors: it has no graph op'),
    ('preprocessing.dsp.to_frames', 'graph'): Pending(
        'op:as_strided', 'numpy_ml/preprocessing/dsp.py:406',
        "AttributeError: 'Tensor' object has no attribute 'itemsize'"),
    ('preprocessing.dsp.to_frames', 'jit'): Pending(
        'op:as_strided', 'numpy_ml/preprocessing/dsp.py:406',
        "AttributeError: 'Tensor' object has no attribute 'itemsize'"),
    ('utils.kernels.RBFKernel.__call__', 'jit'): Pending(
        'jit:getitem-mask', 'numpy_ml/utils/kernels.py:343',
        "UnsupportedOpError: jit_compile=True: graph op 'set_item' (f64[5,4], i64[], bool[5,4])"),
}


# ---------------------------------------------------------------- symptoms

_STOPS = ('. ', ', which is not allowed', ' (kept in', ': its value is only known')


def symptom(name, ml, mode):
    """(where, symptom) of a scenario that fails as PENDING records it, or None if it passes."""
    from numpy_ml_copies import VENDOR
    from numpy_ml_graph_cases import check
    vendor = f'{VENDOR}/'
    try:
        check(name, ml, mode)
    except AssertionError as e:
        return None, 'values differ at ' + str(e).split(':')[0]
    except Exception as e:  # noqa: BLE001 - the exception is the symptom
        lines = str(e).splitlines()
        text = f"{type(e).__name__}: {lines[0] if lines else ''}".replace(vendor, '')
        located = re.match(r"(UnsupportedOpError: .*?) at (numpy_ml/\S+:\d+) ", text)
        if located:
            return located.group(2), located.group(1)
        text = re.sub(r' at numpy_ml/\S+:\d+', '', text)
        for stop in _STOPS:
            text = text.split(stop)[0]
        frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.startswith(vendor)]
        where = f'{frames[-1].filename[len(vendor):]}:{frames[-1].lineno}' if frames else None
        return where, text
    return None


# ---------------------------------------------------------------- the scenarios, to enable

@pytest.mark.parametrize('name, mode', list(PENDING), ids=[f'{n}-{m}' for n, m in PENDING])
def test_pending_scenario(name, mode, numpy_ml):
    from numpy_ml_graph_cases import check
    check(name, numpy_ml, mode)


# ---------------------------------------------------------------- one reproducer per cause
# Each asserts what eager numpy does; each fails today with the symptom its comment gives.

def test_repro_index_trick_c_():
    def design(X):
        return np.c_[np.ones(X.shape[0]), X]  # every linear model with fit_intercept=True

    # today: OperatorNotAllowedInGraphError: converting it to a numpy array (...) is not allowed
    # on a symbolic tensor (np.c_.__getitem__ is numpy's code: it calls np.array on the tensor)
    X = np.arange(4.0).reshape(2, 2)
    assert rt.function(design)(X).tolist() == [[1.0, 0.0, 1.0], [1.0, 2.0, 3.0]]


@pytest.mark.parametrize('fn, args', [
    (lambda x: np.pad(x, 1), (np.ones(2),)),                           # TypeError: numpy.pad is not
    (lambda a, b: np.linalg.solve(a, b), (np.eye(2), np.ones(2))),     # supported on symbolic
    (lambda x: np.linalg.slogdet(x), (np.eye(2),)),                    # tensors: it has no graph op
    (lambda x: np.linalg.pinv(x), (np.eye(2),)),
    (lambda x: np.array_equal(x, x.astype(bool)), (np.eye(2),)),
    (lambda x: np.atleast_1d(x), (np.ones(2),)),
    (lambda x: np.atleast_2d(x), (np.ones(2),)),
    (lambda x: np.bincount(x), (np.array([0, 1, 1]),)),
    (lambda a, b: np.vdot(a, b), (np.ones(2), np.ones(2))),
    (lambda x: np.lib.stride_tricks.as_strided(x, (2, 2), (x.itemsize, x.itemsize)), (np.ones(3),)),
], ids=['pad', 'solve', 'slogdet', 'pinv', 'array_equal', 'atleast_1d', 'atleast_2d',
        'bincount', 'vdot', 'as_strided'])
def test_repro_missing_graph_op(fn, args):
    def staged(*a):
        return fn(*a)

    expected = fn(*args)
    actual = rt.function(staged)(*args)
    for a, e in zip(actual if isinstance(expected, tuple) else [actual],
                    expected if isinstance(expected, tuple) else [expected]):
        assert np.asarray(a).tobytes() == np.asarray(e).tobytes()


def test_repro_comprehension_over_tensor():
    def row_sums(X):
        return np.array([x.sum() for x in X])  # DecisionTree.predict, RandomForest.predict

    # today: OperatorNotAllowedInGraphError: iterating over it (...) is not allowed on a tensor
    assert rt.function(row_sums)(np.ones((2, 3))).tolist() == [3.0, 3.0]


@pytest.mark.parametrize('fn, args', [
    (lambda x: np.linalg.norm(x), (np.ones((2, 3)),)),               # 'norm' (f64[2,3])
    (lambda x: x.var(axis=0), (np.arange(6.0).reshape(2, 3),)),      # 'var' (f64[2,3])
    (lambda a, b: a @ b, (np.ones((2, 3, 3)), np.ones((2, 3, 4)))),  # 'matmul' (f64[2,3,3], ...)
    (lambda a, b: a @ b, (np.ones((3, 2)), np.ones(2))),             # 'matmul' (f64[3,2], f64[2])
    (lambda x: x[x < 0], (np.linspace(-1, 1, 6),)),                  # 'getitem' (f64[6], bool[6])
    (lambda x: np.sum(np.sum(x)), (np.ones(3),)),                    # 'sum' (f64[])
], ids=['norm', 'var', 'matmul-batched', 'matmul-vector', 'getitem-mask',
        'sum-0d'])
def test_repro_missing_numba_lowering(fn, args):
    def staged(*a):
        return fn(*a)

    # today: UnsupportedOpError: jit_compile=True: graph op '...' (...) cannot be compiled
    actual = rt.function(staged, jit_compile=True)(*args)
    np.testing.assert_allclose(actual, fn(*args), rtol=1e-10)


# ---------------------------------------------------------------- status report

def main():
    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here)]
    import numpy_ml_copies
    ml = numpy_ml_copies.import_original()
    counts = {'now passes': 0, 'as catalogued': 0, 'otherwise': 0}
    for (name, mode), pending in PENDING.items():
        found = symptom(name, ml, mode)
        if found is None:
            status = 'now passes'
        elif found[0] == pending.where and found[1].startswith(pending.symptom):
            status = 'as catalogued'
        else:
            status = 'otherwise'
        counts[status] += 1
        if status != 'as catalogued':
            print(f'{status}: {name} [{mode}]' + (f': {found[1]} @ {found[0]}' if found else ''))
    print(', '.join(f'{n} {status}' for status, n in counts.items()), f'(of {len(PENDING)})')


if __name__ == '__main__':
    main()
