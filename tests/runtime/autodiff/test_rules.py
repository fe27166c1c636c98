"""Per-op gradient rules against central finite differences, eagerly and in graphs (float64)."""
import numpy as np
import pytest
from autodiff_helpers import check
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# Values on grids that keep finite differences off kinks (0, the clip bounds, 0.3) and ties:
# distinct within an array, and never equal between the two operands of a binary op.
FINITE = st.integers(-20, 20).map(lambda i: i / 10 + 0.037)
OTHER = st.integers(-20, 20).map(lambda i: i / 10 + 0.061)
POSITIVE = st.integers(2, 30).map(lambda i: i / 10 + 0.037)
SETTINGS = settings(max_examples=6, deadline=None)


def arrays(shape, elements=FINITE):
    return hnp.arrays(np.float64, shape, elements=elements, unique=True)


UNARY = {
    'exp': np.exp, 'tanh': np.tanh, 'sin': np.sin, 'cos': np.cos, 'square': np.square,
    'negative': np.negative, 'expm1': np.expm1, 'arctan': np.arctan, 'sinh': np.sinh,
    'cosh': np.cosh, 'abs': np.abs, 'sum_axis0': lambda x: np.sum(x, axis=0),
    'mean_keepdims': lambda x: np.mean(x, axis=1, keepdims=True), 'max': lambda x: np.max(x, 1),
    'min': np.min, 'var': lambda x: np.var(x, axis=0), 'std': np.std,
    'prod': lambda x: np.prod(x, axis=1), 'cumsum': lambda x: np.cumsum(x, axis=1),
    'reshape': lambda x: np.reshape(x, (3, 2)) * np.arange(6).reshape(3, 2),
    'transpose': lambda x: x.T * np.arange(6).reshape(3, 2), 'ravel': lambda x: np.ravel(x) ** 2,
    'getitem_basic': lambda x: x[1, ::2] * 3.0, 'getitem_advanced': lambda x: x[[0, 1, 1], [2, 0, 2]],
    'take': lambda x: np.take(x, [0, 2, 2], axis=1), 'flip': lambda x: np.flip(x, 1) * np.arange(3),
    'take_along_axis': lambda x: np.take_along_axis(x, np.array([[2], [0]]), axis=1),
    'take_along_axis_repeats': lambda x: np.take_along_axis(
        x, np.array([[2, 2, 0], [1, 0, 1]]), axis=1) * np.arange(3),
    'take_along_axis_broadcast': lambda x: np.take_along_axis(
        x[:1], np.array([[2], [0]]), axis=1) * np.array([[1.0], [2.0]]),
    'getitem_whole': lambda x: x[:, None][:, 0, ...] ** 3,
    'clip': lambda x: np.clip(x, -0.5, 0.5), 'sort': lambda x: np.sort(x, axis=1) * np.arange(3),
    'expand_squeeze': lambda x: np.squeeze(np.expand_dims(x, 0), 0) ** 3,
    'broadcast_to': lambda x: np.broadcast_to(x[0], (4, 3)) * np.arange(12).reshape(4, 3),
    'stack': lambda x: np.stack([x, x * 2], axis=1) ** 2,
    'concatenate': lambda x: np.concatenate([x, x[:, :1]], axis=1) ** 2,
    'split': lambda x: np.split(x, 3, axis=1)[1] * 2.0,
    'astype': lambda x: x.astype(np.float32).astype(np.float64) * 0,
    'norm': np.linalg.norm, 'logsumexp': lambda x: np.log(np.sum(np.exp(x), axis=1)),
    'where_maximum': lambda x: np.where(x > 0, x, 0.1 * x) + np.maximum(x, 0.3),
}
POSITIVE_UNARY = {'log': np.log, 'sqrt': np.sqrt, 'log1p': np.log1p, 'reciprocal': np.reciprocal,
                  'power_exponent': lambda x: 2.0 ** x + x ** 2.5, 'cbrt': np.cbrt}
BINARY = {
    'add_broadcast': lambda x, y: x + y[0], 'subtract': lambda x, y: x - y,
    'multiply_broadcast': lambda x, y: x * y[:, :1], 'divide': lambda x, y: x / (y * y + 1),
    'maximum': np.maximum, 'minimum': np.minimum, 'logaddexp': np.logaddexp,
    'arctan2': np.arctan2, 'hypot': np.hypot,
    'matmul': lambda x, y: x @ y.T, 'matmul_vector': lambda x, y: x @ y[0],
    'dot': lambda x, y: np.dot(x.T, y), 'einsum': lambda x, y: np.einsum('ij,kj->ik', x, y),
    'tensordot': lambda x, y: np.tensordot(x, y, axes=([1], [1])),
    'outer': lambda x, y: np.outer(x[0], y[1]),
    'weak_scalars': lambda x, y: 2.0 * x - y / 3 + 1,
}


@pytest.mark.parametrize('name', sorted(UNARY))
@SETTINGS
@given(x=arrays((2, 3)))
def test_unary(name, x):
    check(UNARY[name], x)


@pytest.mark.parametrize('name', sorted(POSITIVE_UNARY))
@SETTINGS
@given(x=arrays((2, 3), POSITIVE))
def test_positive_unary(name, x):
    check(POSITIVE_UNARY[name], x)


@pytest.mark.parametrize('name', sorted(BINARY))
@SETTINGS
@given(x=arrays((2, 3)), y=arrays((2, 3), OTHER))
def test_binary(name, x, y):
    check(BINARY[name], x, y)
