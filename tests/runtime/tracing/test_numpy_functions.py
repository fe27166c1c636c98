"""Every supported numpy function, traced, compiled and interpreted, equals eager numpy exactly."""
import inspect

import numpy as np
import pytest
from graph_helpers import check_against_eager, trace

from runtime.ir.core import AbstractValue

rng = np.random.default_rng(0)
F = rng.normal(size=(3, 4)).astype(np.float32)
D = rng.normal(size=(2, 3, 4))
I = rng.integers(-5, 6, size=(3, 4)).astype(np.int32)
B = I > 0
V = np.arange(4, dtype=np.int64)
SQ = rng.normal(size=(3, 3)) + 3 * np.eye(3)

CASES = {
    'sum': (lambda x: np.sum(x, axis=1, keepdims=True), I),
    'sum_dtype': (lambda x: np.sum(x, dtype=np.float32), I),
    'sum_int8': (lambda x: np.sum(x.astype(np.int8)), I),
    'prod': (lambda x: np.prod(x, axis=(0, 1)), F),
    'mean': (lambda x: np.mean(x, axis=-1), I),
    'std': (lambda x: np.std(x, ddof=1), F),
    'var': (lambda x: np.var(x, axis=0), D),
    'max': (lambda x: np.max(x, axis=0), F),
    'amax': (lambda x: np.amax(x, initial=100), I),
    'min': (lambda x: np.min(x), D),
    'amin': (lambda x: np.amin(x, axis=2, keepdims=True), D),
    'argmax': (lambda x: np.argmax(x, axis=1), F),
    'argmin': (lambda x: np.argmin(x), I),
    'all': (lambda x: np.all(x, axis=0), B),
    'any': (lambda x: np.any(x), B),
    'cumsum': (lambda x: np.cumsum(x), I),
    'cumprod': (lambda x: np.cumprod(x, axis=1), F),
    'matmul': (lambda x: np.matmul(x, x.T), F),
    'matmul_vector': (lambda x: np.matmul(x, np.ones(4)), F),
    'dot': (lambda x: np.dot(x, np.arange(4)), F),
    'dot_nd': (lambda x: np.dot(x, np.ones((4, 2), np.float32)), D),
    'einsum': (lambda x: np.einsum('ij,kj->ik', x, x), F),
    'einsum_implicit': (lambda x: np.einsum('...ij', x), D),
    'tensordot': (lambda x: np.tensordot(x, np.ones((3, 4)), axes=([1, 2], [0, 1])), D),
    'outer': (lambda x: np.outer(x, x), V),
    'inner': (lambda x: np.inner(x, x), F),
    'reshape': (lambda x: np.reshape(x, (2, -1)), F),
    'transpose': (lambda x: np.transpose(x, (2, 0, 1)), D),
    'swapaxes': (lambda x: np.swapaxes(x, 0, 2), D),
    'moveaxis': (lambda x: np.moveaxis(x, 0, -1), D),
    'expand_dims': (lambda x: np.expand_dims(x, (0, 2)), F),
    'squeeze': (lambda x: np.squeeze(x[:, :1]), F),
    'ravel': (lambda x: np.ravel(x), D),
    'concatenate': (lambda x: np.concatenate([x, x * 2], axis=1), F),
    'concatenate_none': (lambda x: np.concatenate((x, np.arange(3)), axis=None), I),
    'stack': (lambda x: np.stack([x, x], axis=-1), I),
    'hstack': (lambda x: np.hstack((x, x)), V),
    'vstack': (lambda x: np.vstack([x, x, V]), V),
    'split': (lambda x: np.split(x, 2, axis=1), F),
    'split_indices': (lambda x: np.split(x, [1, 3]), V),
    'where': (lambda x: np.where(x > 0, x, 0.5), F),
    'where_nonzero': (lambda x: np.where(x), B),
    'nonzero': (lambda x: np.nonzero(x), B),
    'clip': (lambda x: np.clip(x, -1, 1), I),
    'clip_min_only': (lambda x: np.clip(x, 0.0, None), F),
    'take': (lambda x: np.take(x, [0, 2], axis=1), F),
    'take_flat': (lambda x: np.take(x, np.array([[1, 5]])), I),
    'maximum': (lambda x: np.maximum(x, 0), I),
    'minimum': (lambda x: np.minimum(x, x.T[0][:, None]), F),
    'broadcast_to': (lambda x: np.broadcast_to(x, (2, 3, 4)), F),
    'zeros_like': (lambda x: np.zeros_like(x), F),
    'ones_like': (lambda x: np.ones_like(x, dtype=np.int8), F),
    'full_like': (lambda x: np.full_like(x, 7), I),
    'full_like_tensor': (lambda x: np.full_like(x, x[0, 0]), F),
    'sort': (lambda x: np.sort(x, axis=0), F),
    'sort_flat': (lambda x: np.sort(x, axis=None), I),
    'argsort': (lambda x: np.argsort(x, kind='stable'), I),
    'abs': (lambda x: np.abs(x), I),
    'round': (lambda x: np.round(x, 2), F),
    'around': (lambda x: np.around(x), I),
    'isnan': (lambda x: np.isnan(x / 0.0), F),
    'norm': (lambda x: np.linalg.norm(x), F),
    'norm_axis': (lambda x: np.linalg.norm(x, axis=1, keepdims=True), I),
    'inv': (lambda x: np.linalg.inv(x), SQ),
    'det': (lambda x: np.linalg.det(x), SQ),
    'flip': (lambda x: np.flip(x, 1), F),
    'copy': (lambda x: np.copy(x), I),
    'astype_function': (lambda x: np.astype(x, np.float16), I),
    'divmod': (lambda x: np.divmod(x, 3), I),
    'add_reduce': (lambda x: np.add.reduce(x, axis=1), I),
    'maximum_reduce': (lambda x: np.maximum.reduce(x, axis=None, keepdims=True), F),
    'multiply_accumulate': (lambda x: np.multiply.accumulate(x, axis=1), I),
    'subtract_outer': (lambda x: np.subtract.outer(x, V), V),
    'vecdot': (lambda x: np.vecdot(x, x), F),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_numpy_function_matches_eager(name):
    fn, arg = CASES[name]
    with np.errstate(all='ignore'):
        check_against_eager(fn, arg)


def test_shape_ndim_and_size_are_static():
    graph = trace(lambda x: np.zeros(np.shape(x)[1]) + np.ndim(x) + np.size(x, 1),
                  AbstractValue(np.float64, (None, 3)))
    assert graph.out_avals[0] == AbstractValue(np.float64, (3,))


def test_shape_and_size_of_unknown_dimensions_are_known_when_the_graph_runs():
    def sizes(x):
        return *np.shape(x), np.size(x), np.size(x, 1), x.size, np.reshape(x, np.shape(x)[::-1])
    check_against_eager(sizes, np.ones((4, 3)), specs=[AbstractValue(np.float64, (None, 3))])
    check_against_eager(sizes, np.ones((0, 3)), specs=[AbstractValue(np.float64, (None, None))])


@pytest.mark.parametrize('func, args, kwargs', [
    (np.sum, (1,), {}), (np.sum, (1, 0), {'keepdims': True}), (np.sum, (), {'a': 1, 'axis': 1}),
    (np.sum, (1,), {'a': 2}), (np.sum, (1,), {'bogus': 2}), (np.sum, (), {}),
    (np.take_along_axis, (1, 2), {'axis': 1}), (np.take_along_axis, (1,), {}),
    (np.concatenate, ([1],), {'axis': 0})])
def test_handlers_bind_arguments_as_inspect_does(func, args, kwargs):
    # the handlers' quick binding gives inspect's arguments, in its order, or its TypeError
    from runtime.tracing.numpy_handlers import _binder
    signature = inspect.signature(func)
    try:
        expected = list(signature.bind(*args, **kwargs).arguments.items())
    except TypeError:
        with pytest.raises(TypeError):
            _binder(signature)(args, kwargs)
        return
    assert list(_binder(signature)(args, kwargs).items()) == expected
