"""Indexing symbolic tensors: numpy's results and shapes, unknown dims, errors, generated code."""
import numpy as np
import pytest
from graph_helpers import check_against_eager, trace

from runtime.backends.executor.executor import compile_graph
from runtime.ir.core import AbstractValue

X = np.arange(24.0).reshape(2, 3, 4)
MASK = np.array([[True, False, True], [False, True, True]])

INDEXES = {
    'int': lambda x: x[0], 'negative': lambda x: x[-1], 'two_ints': lambda x: x[0, 1],
    'scalar': lambda x: x[1, 2, 3], 'slice': lambda x: x[1:], 'reversed': lambda x: x[::-1],
    'step': lambda x: x[:, ::2], 'clamped': lambda x: x[:, 1:100, -100:2],
    'ellipsis': lambda x: x[..., 1], 'newaxis': lambda x: x[None],
    'mixed': lambda x: x[:, None, 1:], 'trailing_newaxis': lambda x: x[..., None],
    'empty_tuple': lambda x: x[()], 'list': lambda x: x[[0, 1]], 'empty_list': lambda x: x[[]],
    'array': lambda x: x[:, np.array([0, 2])],
    'separated_advanced': lambda x: x[0, :, [1, 2]],
    'adjacent_advanced': lambda x: x[:, [0, 1], [1, 2]],
    'broadcast_advanced': lambda x: x[:, [[0], [1]], [1, 2]],
    'newaxis_between': lambda x: x[[0], None, [1]],
    'const_mask': lambda x: x[MASK], 'const_mask_and_int': lambda x: x[MASK, 2],
    'tensor_mask': lambda x: x[x > 10], 'tensor_mask_rows': lambda x: x[x[:, 0, 0] > 5],
    'python_bool': lambda x: x[True], 'numpy_int': lambda x: x[np.int64(1)],
    'zero_d_array': lambda x: x[np.array(1)], 'tensor_int': lambda x: x[np.argmax(x[:, 0, 0])],
    'tensor_array': lambda x: x[:, np.argsort(x[0, :, 0])],
    'tensor_bound': lambda x: x[:, np.argmax(x[0, :, 0]):],
    'tensor_step': lambda x: x[::x.shape[0] - 1], 'chained': lambda x: x[1][2][3],
}


@pytest.mark.parametrize('name', sorted(INDEXES))
def test_indexing_matches_eager(name):
    check_against_eager(INDEXES[name], X)


@pytest.mark.parametrize('index, shape', [
    (np.s_[1:], (None, 3)), (np.s_[0], (3,)), (np.s_[:, 0], (None,)), (np.s_[[0, 1]], (2, 3)),
    (np.s_[..., None], (None, 3, 1)), (np.s_[:, 1:], (None, 2)),
    (np.s_[:, [0, 0, 1, 2]], (None, 4)),
])
def test_unknown_dimensions(index, shape):
    graph = trace(lambda x: x[index], AbstractValue(np.float32, (None, 3)))
    assert graph.out_avals[0].shape == shape


def test_boolean_tensor_index_has_an_unknown_length():
    graph = trace(lambda x: x[x > 0], AbstractValue(np.float32, (2, 3)))
    assert graph.out_avals[0].shape == (None,)
    graph = trace(lambda x: x[x[:, 0] > 0, 1:], AbstractValue(np.float32, (2, 3)))
    assert graph.out_avals[0].shape == (None, 2)


@pytest.mark.parametrize('index, error, message', [
    (np.s_[0, 0, 0, 0], IndexError,
     'too many indices for array: array is 3-dimensional, but 4 were indexed'),
    (np.s_[5], IndexError, 'index 5 is out of bounds for axis 0 with size 2'),
    (np.s_[:, -4], IndexError, 'index -4 is out of bounds for axis 1 with size 3'),
    (np.s_[1.5], IndexError, 'only integers, slices'),
    (np.s_[..., 0, ...], IndexError, 'an index can only have a single ellipsis'),
    (np.s_[np.array([0.5])], IndexError, 'arrays used as indices must be of integer'),
    (np.s_[::0], ValueError, 'slice step cannot be zero'),
    (np.s_[1.5:], TypeError, 'slice indices must be integers'),
])
def test_index_errors_are_raised_when_tracing(index, error, message):
    with np.errstate(all='ignore'):
        with pytest.raises(error, match=message):
            X[index]
        with pytest.raises(error, match=message):
            trace(lambda x: x[index], AbstractValue(X.dtype, X.shape))


def test_generated_code_indexes_directly():
    source = compile_graph(trace(lambda x, i: (x[0, 1:, None, ...], x[i, ::-1], x[:i]),
                                 AbstractValue(np.float64, (2, 3, 4)),
                                 AbstractValue(np.int64, ()))).__source__
    assert 'v2 = v0[0, 1:, None, ...]' in source
    assert 'v3 = v0[v1, ::-1]' in source
    assert 'v1 = v0[:v1]' in source
