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
    'self-keeps-tensor': 'object state on self: a value computed in the trace is stored on self',
    'self-read-as-constant': 'object state on self: arrays and values on self are trace constants',
    'self-updated-in-place': 'object state on self: an in-place update of an array on self',
    'self-indexed-by-tensor': 'object state on self: an array on self indexed with a tensor',
    'numpy-random': 'numpy randomness: np.random draws once, while tracing',
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
    'return-none-in-tensor-if': 'other: `return` (None) in a tensor `if` vs. falling off the end',
    'jit:pow': "missing numba lowering: 'pow' (the ** operator)",
    'jit:norm': "missing numba lowering: 'norm' (np.linalg.norm)",
    'jit:var': "missing numba lowering: 'var'",
    'jit:matmul': "missing numba lowering: 'matmul' other than 2-d @ 2-d",
    'jit:getitem-mask': "missing numba lowering: 'getitem' with a boolean mask",
    'jit:sum-0d': "missing numba lowering: 'sum' of a 0-d value",
}

PENDING = {
    ('activations.LeakyReLU.fn', 'jit'): Pending(
        'jit:getitem-mask', 'numpy_ml/neural_nets/activations/activations.py:180',
        "UnsupportedOpError: jit_compile=True: graph op 'getitem' (f64[4,5], bool[4,5])"),
    ('activations.LeakyReLU.grad', 'jit'): Pending(
        'jit:getitem-mask', 'numpy_ml/neural_nets/activations/activations.py:195',
        "UnsupportedOpError: jit_compile=True: graph op 'getitem' (f64[4,5], bool[4,5])"),
    ('activations.GELU.fn', 'jit'): Pending(
        'jit:pow', 'numpy_ml/neural_nets/activations/activations.py:251',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[4,5], i64[])"),
    ('activations.GELU.grad', 'jit'): Pending(
        'jit:pow', 'numpy_ml/neural_nets/activations/activations.py:273',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[4,5], i64[])"),
    ('activations.Tanh.grad', 'jit'): Pending(
        'jit:pow', 'numpy_ml/neural_nets/activations/activations.py:326',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[4,5], i64[])"),
    ('activations.Tanh.grad2', 'jit'): Pending(
        'jit:pow', 'numpy_ml/neural_nets/activations/activations.py:339',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[4,5], i64[])"),
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
    ('losses.VAELoss.loss', 'jit'): Pending(
        'jit:pow', 'numpy_ml/neural_nets/losses/losses.py:291',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[5,2], i64[])"),
    ('losses.WGAN_GPLoss.loss', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/losses/losses.py:442',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[6,4])"),
    ('losses.WGAN_GPLoss.grad', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/losses/losses.py:495',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[6,4])"),
    ('initializers.WeightInitializer.__call__', 'graph'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('initializers.WeightInitializer.__call__', 'jit'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('utils.he_uniform', 'graph'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('utils.he_uniform', 'jit'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('utils.truncated_normal', 'graph'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('utils.truncated_normal', 'jit'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('layers.FullyConnected.forward(retain_derived)', 'graph'): Pending(
        'self-keeps-tensor', 'numpy_ml/neural_nets/layers/layers.py:2170',
        'RuntimeError: Tensor("X:0", shape=(5, 4), dtype=float64) belongs to a graph that is'),
    ('layers.FullyConnected.forward(retain_derived)', 'jit'): Pending(
        'self-keeps-tensor', 'numpy_ml/neural_nets/layers/layers.py:2170',
        'RuntimeError: Tensor("X:0", shape=(5, 4), dtype=float64) belongs to a graph that is'),
    ('layers.FullyConnected.forward(lazy init)', 'graph'): Pending(
        'self-keeps-tensor', None,
        "values differ at result[1]['W']"),
    ('layers.FullyConnected.forward(lazy init)', 'jit'): Pending(
        'self-keeps-tensor', None,
        "values differ at result[1]['W']"),
    ('layers.FullyConnected.forward(after update)', 'graph'): Pending(
        'self-read-as-constant', None,
        'values differ at result[1]'),
    ('layers.FullyConnected.forward(after update)', 'jit'): Pending(
        'self-read-as-constant', None,
        'values differ at result[1]'),
    ('layers.FullyConnected.backward', 'graph'): Pending(
        'self-updated-in-place', 'numpy_ml/neural_nets/layers/layers.py:2160',
        'MutationError: numpy.add(out=...) updates a numpy array with a graph value'),
    ('layers.FullyConnected.backward', 'jit'): Pending(
        'self-updated-in-place', 'numpy_ml/neural_nets/layers/layers.py:2160',
        'MutationError: numpy.add(out=...) updates a numpy array with a graph value'),
    ('layers.Softmax._bwd', 'graph'): Pending(
        'op:np.atleast_2d', 'numpy_ml/neural_nets/layers/layers.py:2344',
        'TypeError: numpy.atleast_2d is not supported on symbolic tensors: it has no graph op'),
    ('layers.Softmax._bwd', 'jit'): Pending(
        'op:np.atleast_2d', 'numpy_ml/neural_nets/layers/layers.py:2344',
        'TypeError: numpy.atleast_2d is not supported on symbolic tensors: it has no graph op'),
    ('layers.BatchNorm1D.forward', 'graph'): Pending(
        'self-keeps-tensor', None,
        "values differ at result[1]['running_mean']"),
    ('layers.BatchNorm1D.forward', 'jit'): Pending(
        'jit:var', 'numpy_ml/neural_nets/layers/layers.py:1379',
        "UnsupportedOpError: jit_compile=True: graph op 'var' (f64[6,3])"),
    ('layers.BatchNorm1D._bwd', 'jit'): Pending(
        'jit:var', 'numpy_ml/neural_nets/layers/layers.py:1430',
        "UnsupportedOpError: jit_compile=True: graph op 'var' (f64[6,3])"),
    ('layers.LayerNorm1D.forward', 'jit'): Pending(
        'jit:var', 'numpy_ml/neural_nets/layers/layers.py:1744',
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
    ('layers.Embedding._fwd', 'graph'): Pending(
        'self-indexed-by-tensor', 'numpy_ml/neural_nets/layers/layers.py:1958',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('layers.Embedding._fwd', 'jit'): Pending(
        'self-indexed-by-tensor', 'numpy_ml/neural_nets/layers/layers.py:1958',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('layers.DotProductAttention._fwd', 'jit'): Pending(
        'jit:matmul', 'numpy_ml/neural_nets/layers/layers.py:308',
        "UnsupportedOpError: jit_compile=True: graph op 'matmul' (f64[2,3,3], f64[2,3,4])"),
    ('layers.RNNCell.forward', 'graph'): Pending(
        'self-keeps-tensor', 'numpy_ml/neural_nets/activations/activations.py:326',
        'RuntimeError: Tensor("add_1:0", shape=(2, 3), dtype=float64) belongs to a graph that'),
    ('layers.RNNCell.forward', 'jit'): Pending(
        'self-keeps-tensor', 'numpy_ml/neural_nets/activations/activations.py:326',
        'RuntimeError: Tensor("add_1:0", shape=(2, 3), dtype=float64) belongs to a graph that'),
    ('wrappers.Dropout.forward', 'graph'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('wrappers.Dropout.forward', 'jit'): Pending(
        'numpy-random', None,
        'values differ at result[1]'),
    ('optimizers.SGD.update', 'graph'): Pending(
        'self-read-as-constant', None,
        'values differ at result[0][1]'),
    ('optimizers.SGD.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:143',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.AdaGrad.update', 'graph'): Pending(
        'self-read-as-constant', None,
        'values differ at result[0][1]'),
    ('optimizers.AdaGrad.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:253',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.RMSProp.update', 'graph'): Pending(
        'self-read-as-constant', None,
        'values differ at result[0][1]'),
    ('optimizers.RMSProp.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:355',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.Adam.update', 'graph'): Pending(
        'self-read-as-constant', None,
        'values differ at result[0][1]'),
    ('optimizers.Adam.update', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:465',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('optimizers.SGD.update(one step)', 'graph'): Pending(
        'self-keeps-tensor', None,
        "values differ at result[1]['W']"),
    ('optimizers.SGD.update(one step)', 'jit'): Pending(
        'jit:norm', 'numpy_ml/neural_nets/optimizers/optimizers.py:143',
        "UnsupportedOpError: jit_compile=True: graph op 'norm' (f64[4,3])"),
    ('schedulers.ExponentialScheduler.learning_rate', 'jit'): Pending(
        'jit:pow', 'numpy_ml/neural_nets/schedulers/schedulers.py:141',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[], f64[])"),
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
    ('linear_models.RidgeRegression.fit(no intercept)', 'graph'): Pending(
        'self-keeps-tensor', 'numpy_ml/linear_models/ridge.py:104',
        'RuntimeError: Tensor("matmul_2:0", shape=(3,), dtype=float64) belongs to a graph that'),
    ('linear_models.RidgeRegression.fit(no intercept)', 'jit'): Pending(
        'self-keeps-tensor', 'numpy_ml/linear_models/ridge.py:104',
        'RuntimeError: Tensor("matmul_2:0", shape=(3,), dtype=float64) belongs to a graph that'),
    ('linear_models.LogisticRegression.fit(no intercept)', 'graph'): Pending(
        'return-none-in-tensor-if', 'numpy_ml/linear_models/logistic.py:116',
        'StagingError: `if` statement: the true branch returns None but the false branch'),
    ('linear_models.LogisticRegression.fit(no intercept)', 'jit'): Pending(
        'return-none-in-tensor-if', 'numpy_ml/linear_models/logistic.py:116',
        'StagingError: `if` statement: the true branch returns None but the false branch'),
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
    ('linear_models.GaussianNBClassifier._log_posterior', 'jit'): Pending(
        'jit:pow', 'numpy_ml/linear_models/naive_bayes.py:213',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[5,2], i64[])"),
    ('linear_models.GaussianNBClassifier.predict', 'graph'): Pending(
        'self-indexed-by-tensor', 'numpy_ml/linear_models/naive_bayes.py:143',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
    ('linear_models.GaussianNBClassifier.predict', 'jit'): Pending(
        'self-indexed-by-tensor', 'numpy_ml/linear_models/naive_bayes.py:143',
        'OperatorNotAllowedInGraphError: converting it to a numpy array (np.asarray, np.array,'),
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
        'op:np.atleast_1d', 'numpy_ml/linear_models/linear_regression.py:198',
        'TypeError: numpy.atleast_1d is not supported on symbolic tensors: it has no graph op'),
    ('linear_models.GeneralizedLinearModel.fit(no intercept)', 'jit'): Pending(
        'op:np.atleast_1d', 'numpy_ml/linear_models/linear_regression.py:198',
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
        'op:np.linalg.solve', 'numpy_ml/utils/misc.py:22',
        'TypeError: numpy.linalg.solve is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM._E_step', 'jit'): Pending(
        'op:np.linalg.solve', 'numpy_ml/utils/misc.py:22',
        'TypeError: numpy.linalg.solve is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM._M_step', 'graph'): Pending(
        'self-updated-in-place', 'numpy_ml/gmm/gmm.py:224',
        'MutationError: an item assignment (`a[i] = t` where `a` is a numpy array) updates a'),
    ('gmm.GMM._M_step', 'jit'): Pending(
        'self-updated-in-place', 'numpy_ml/gmm/gmm.py:224',
        'MutationError: an item assignment (`a[i] = t` where `a` is a numpy array) updates a'),
    ('gmm.GMM.likelihood_lower_bound', 'graph'): Pending(
        'op:np.linalg.solve', 'numpy_ml/utils/misc.py:22',
        'TypeError: numpy.linalg.solve is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM.likelihood_lower_bound', 'jit'): Pending(
        'op:np.linalg.solve', 'numpy_ml/utils/misc.py:22',
        'TypeError: numpy.linalg.solve is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM.predict', 'graph'): Pending(
        'op:np.linalg.solve', 'numpy_ml/utils/misc.py:22',
        'TypeError: numpy.linalg.solve is not supported on symbolic tensors: it has no graph op'),
    ('gmm.GMM.predict', 'jit'): Pending(
        'op:np.linalg.solve', 'numpy_ml/utils/misc.py:22',
        'TypeError: numpy.linalg.solve is not supported on symbolic tensors: it has no graph op'),
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
    ('trees.dt.mse', 'jit'): Pending(
        'jit:pow', 'numpy_ml/trees/dt.py:219',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[12], i64[])"),
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
        'jit:pow', 'numpy_ml/utils/kernels.py:342',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[4,3], i64[])"),
    ('utils.distance_metrics.euclidean', 'jit'): Pending(
        'jit:pow', 'numpy_ml/utils/distance_metrics.py:26',
        "UnsupportedOpError: jit_compile=True: graph op 'pow' (f64[6], i64[])"),
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
    # today: both are Tensors of the finished trace; `layer.X[0] + 1` raises RuntimeError:
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
    assert type(layer.W) is np.ndarray  # today: a TracedArray


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
    assert forward(np.ones((1, 3))).tolist() == [[30.0, 30.0]]  # today: [[3.0, 3.0]]


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
    assert update(np.zeros(2), np.ones(2), 'W').tolist() == [-1.9, -1.9]  # today: [-1.0, -1.0]


def test_repro_self_updated_in_place():
    class Layer:
        def __init__(self):
            self.gradients = {'W': np.zeros(3)}

        def backward(self, dW):
            self.gradients['W'] += dW   # FullyConnected.backward; GMM._M_step: mu[ix, :] = ...
            return dW

    layer = Layer()
    rt.function(layer.backward)(np.ones(3))  # today: MutationError: numpy.add(out=...) updates ...
    assert layer.gradients['W'].tolist() == [1.0, 1.0, 1.0]


def test_repro_self_indexed_by_tensor():
    class Embedding:
        def __init__(self):
            self.W = np.arange(6.0)

        def lookup(self, ids):
            return self.W[ids]          # Embedding._fwd; GaussianNBClassifier.predict

    # today: OperatorNotAllowedInGraphError: converting it to a numpy array ... (a global array
    # indexed the same way works: globals are followed, attributes are not)
    assert rt.function(Embedding().lookup)(np.array([0, 2])).tolist() == [0.0, 2.0]


def test_repro_numpy_random():
    def draw(shape):
        return np.random.uniform(-1, 1, size=shape)  # initialisers, Dropout's mask

    staged = rt.function(draw)
    np.random.seed(0)
    first, second = staged((2,)), staged((2,))
    np.random.seed(0)
    assert first.tolist() == draw((2,)).tolist()
    assert second.tolist() == draw((2,)).tolist()  # today: the first draw again


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


def test_repro_return_none_in_tensor_if():
    def fit(x, n):
        for _ in range(n):
            if x.sum() > 10:            # LogisticRegression.fit: `if l_prev - loss < tol: return`
                return
            x += 1

    x = np.ones(2)
    # today: StagingError: `if` statement at ...: the true branch returns None but the false
    # branch returns no return value (both are None in Python)
    assert rt.function(fit)(x, 20) is None and x.tolist() == [6.0, 6.0]


@pytest.mark.parametrize('fn, args', [
    (lambda x: x ** 2, (np.linspace(-1, 1, 6),)),                    # 'pow' (f64[6], i64[])
    (lambda a, b: a ** b, (np.float64(0.5), np.float64(2.0))),        # 'pow' (f64[], f64[])
    (lambda x: np.linalg.norm(x), (np.ones((2, 3)),)),               # 'norm' (f64[2,3])
    (lambda x: x.var(axis=0), (np.arange(6.0).reshape(2, 3),)),      # 'var' (f64[2,3])
    (lambda a, b: a @ b, (np.ones((2, 3, 3)), np.ones((2, 3, 4)))),  # 'matmul' (f64[2,3,3], ...)
    (lambda a, b: a @ b, (np.ones((3, 2)), np.ones(2))),             # 'matmul' (f64[3,2], f64[2])
    (lambda x: x[x < 0], (np.linspace(-1, 1, 6),)),                  # 'getitem' (f64[6], bool[6])
    (lambda x: np.sum(np.sum(x)), (np.ones(3),)),                    # 'sum' (f64[])
], ids=['pow', 'pow-scalars', 'norm', 'var', 'matmul-batched', 'matmul-vector', 'getitem-mask',
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
