"""Op type rules with unknown dimensions and ranks, and the registry."""
import numpy as np
import pytest
from graph_helpers import trace

from runtime import graph_ops
from runtime.ir import registry
from runtime.ir.core import AbstractValue, Graph, Var


def shape_of(fn, *shapes, dtype=np.float64):
    return trace(fn, *(AbstractValue(dtype, s) for s in shapes)).out_avals[0].shape


@pytest.mark.parametrize('fn, shapes, expected', [
    (np.add, [(None, 3), (3,)], (None, 3)),
    (np.add, [(None, 1), (1, 4)], (None, 4)),
    (np.add, [(None,), (1,)], (None,)),
    (np.add, [(2, None), None], None),
    (np.matmul, [(None, 3), (3, 5)], (None, 5)),
    (np.matmul, [(7, 2, None, 3), (3,)], (7, 2, None)),
    (np.matmul, [(3,), (None, 3, 4)], (None, 4)),
    (np.vecdot, [(None, 3), (3,)], (None,)),
    (np.sum, [(None, 3)], ()),
    (lambda x: np.sum(x, axis=0, keepdims=True), [(None, 3)], (1, 3)),
    (lambda x: np.mean(x, axis=1), [None], None),
    (np.cumsum, [(None, 3)], (None,)),
    (lambda x: np.reshape(x, (-1, 6)), [(None, 3)], (None, 6)),
    (lambda x: np.reshape(x, (-1,)), [(4, 3)], (12,)),
    (np.ravel, [(2, None)], (None,)),
    (np.squeeze, [(1, None)], None),
    (lambda x: np.squeeze(x, 0), [(1, None)], (None,)),
    (np.transpose, [(None, 2, 3)], (3, 2, None)),
    (lambda x: np.moveaxis(x, [0, 1], [-1, 0]), [(1, 2, 3)], (2, 3, 1)),
    (lambda x: np.expand_dims(x, -1), [(None, 2)], (None, 2, 1)),
    (lambda x, y: np.concatenate([x, y]), [(None, 3), (2, 3)], (None, 3)),
    (lambda x, y: np.concatenate([x, y], axis=1), [(None, 3), (2, 4)], (2, 7)),
    (lambda x, y: np.concatenate([x, y], axis=None), [(2, 3), (None,)], (None,)),
    (lambda x, y: np.stack([x, y], axis=1), [(None, 3), (2, None)], (2, 2, 3)),
    (lambda x, y: np.vstack([x, y]), [(3,), (None, 3)], (None, 3)),
    (lambda x, y: np.hstack([x, y]), [(3,), (None,)], (None,)),
    (lambda x: np.split(x, [1, 3])[1], [(5, 2)], (2, 2)),
    (lambda x: np.split(x, 2, axis=1)[0], [(None, 4)], (None, 2)),
    (lambda x: np.split(x, 2)[0], [(None, 4)], (None, 4)),
    (lambda x, y: np.dot(x, y), [(None, 3), (3, 4)], (None, 4)),
    (lambda x, y: np.dot(x, y), [(2, 5, 3), (4, 3, 6)], (2, 5, 4, 6)),
    (lambda x, y: np.tensordot(x, y, axes=1), [(None, 3), (3, 4, 5)], (None, 4, 5)),
    (lambda x, y: np.einsum('bij,bjk->bik', x, y), [(None, 2, 3), (None, 3, 4)], (None, 2, 4)),
    (lambda x, y: np.einsum('...i,i', x, y), [(5, None, 3), (3,)], (5, None)),
    (lambda x, y: np.einsum('ij,jk', x, y), [(2, 3), (3, 4)], (2, 4)),
    (lambda x, y: np.outer(x, y), [(None, 2), (3,)], (None, 3)),
    (lambda x, y: np.inner(x, y), [(None, 3), (4, 3)], (None, 4)),
    (lambda x, y: np.take(x, y.astype(int), axis=1), [(None, 5, 2), (7,)], (None, 7, 2)),
    (lambda x, y: np.where(x > 0, x, y), [(None, 1), (4,)], (None, 4)),
    (lambda x: np.linalg.inv(x), [(None, 3, 3)], (None, 3, 3)),
    (lambda x: np.linalg.det(x), [(None, 3, 3)], (None,)),
    (lambda x: np.broadcast_to(x, (2, 3)), [(None,)], (2, 3)),
    (lambda x: np.zeros_like(x, shape=(4,)), [(None, 3)], (4,)),
    (lambda x: np.nonzero(x)[1], [(2, 3)], (None,)),
])
def test_shape_rules(fn, shapes, expected):
    assert shape_of(fn, *shapes) == expected


@pytest.mark.parametrize('fn, shapes, error, message', [
    (np.add, [(2, 3), (4,)], ValueError,
     r'could not be broadcast together with shapes \(2,3\) \(4,\)'),
    (np.matmul, [(2, 3), (4, 5)], ValueError,
     "matmul: Input operand 1 has a mismatch in its core dimension 'k'"),
    (np.matmul, [(), (3,)], ValueError, 'matmul: Input operand 0 does not have enough dimensions'),
    (lambda x: np.sum(x, axis=2), [(None, 3)], np.exceptions.AxisError, 'axis 2 is out of bounds'),
    (lambda x: np.reshape(x, (5, -1)), [(4, 3)], ValueError,
     r'cannot reshape array of size 12 into shape \(5, -1\)'),
    (lambda x: np.reshape(x, (-1, -1)), [(4, 3)], ValueError,
     'can only specify one unknown dimension'),
    (lambda x: np.reshape(x, (-1, np.shape(x)[0], -1)), [(None, None)], ValueError,
     'can only specify one unknown dimension'),
    (lambda x, y: np.concatenate([x, y]), [(2, 3), (2, 4)], ValueError,
     'along dimension 1 they differ: 3 != 4'),
    (lambda x, y: np.stack([x, y]), [(2, 3), (2, 4)], ValueError,
     'all input arrays must have the same shape'),
    (lambda x: np.split(x, 3), [(4,)], ValueError,
     'array split does not result in an equal division'),
    (lambda x, y: np.dot(x, y), [(2, 3), (4,)], ValueError,
     r'shapes \(2, 3\) and \(4,\) not aligned'),
    (lambda x: np.squeeze(x, 1), [(2, 3)], ValueError, 'cannot select an axis to squeeze out'),
    (lambda x: np.transpose(x, (0, 0)), [(2, 3)], ValueError, 'repeated axis in transpose'),
    (lambda x: np.broadcast_to(x, (2, 4)), [(3,)], ValueError, 'operands could not be broadcast'),
    (lambda x: np.linalg.inv(x), [(2, 3)], ValueError,
     'Last 2 dimensions of the array must be square'),
    (lambda x: np.take(x, 1.5), [(3,)], TypeError, 'Cannot cast array data'),
    (lambda x: np.nonzero(x), [None], ValueError, 'unknown rank'),
])
def test_rules_raise_numpy_errors_when_tracing(fn, shapes, error, message):
    with pytest.raises(error, match=message):
        shape_of(fn, *shapes)


def test_dtype_rules_follow_numpy_promotion():
    def dtype_of(fn, *dtypes):
        return trace(fn, *(AbstractValue(d, (2,)) for d in dtypes)).out_avals[0].dtype
    assert dtype_of(lambda x: x + 1, np.int8) == np.int8
    assert dtype_of(lambda x: x + 1.0, np.int8) == np.float64
    assert dtype_of(lambda x: x * 2.0, np.float16) == np.float16
    assert dtype_of(lambda x, y: x + y, np.int8, np.uint8) == np.int16
    assert dtype_of(lambda x: np.sum(x), np.int8) == np.int64
    assert dtype_of(lambda x: np.mean(x), np.int32) == np.float64
    assert dtype_of(lambda x: np.std(x), np.complex64) == np.float32
    assert dtype_of(lambda x: np.where(x > 0, x, 1), np.uint8) == np.uint8
    assert dtype_of(lambda x: np.linalg.norm(x), np.int16) == np.float64


def test_every_op_is_registered_once():
    op = graph_ops.get('sin')
    assert op.impl is np.sin and not op.stateful
    assert graph_ops.get('print').stateful and graph_ops.get('py_function').multiple_results
    with pytest.raises(ValueError, match="graph op 'sin' is registered twice"):
        graph_ops.register(op)
    with pytest.raises(KeyError, match="unknown graph op 'nope'"):
        graph_ops.get('nope')


WEAK_INT, INT = AbstractValue(np.int64, (), weak=True), AbstractValue(np.int64, ())


def identity_graph(aval):
    var = Var(aval)
    return Graph((var,), (), (var,), (), ())


@pytest.mark.parametrize('op, params', [
    ('call', lambda g: {'graph': g}),
    ('cond', lambda g: {'true_branch': g, 'false_branch': g}),
])
def test_ops_running_sub_graphs_take_python_numbers_alike(op, params):
    """Where a sub-graph declares a Python number (weak), a numpy value of its dtype is refused;
    a Python number may flow where a numpy value is declared (`call` as `cond` and `while`)."""
    pred = () if op == 'call' else (AbstractValue(np.bool_, ()),)
    rule = registry.get(op).rule
    assert rule(*pred, WEAK_INT, **params(identity_graph(WEAK_INT))) == [WEAK_INT]
    assert rule(*pred, WEAK_INT, **params(identity_graph(INT))) == [INT]
    with pytest.raises(TypeError, match='the graph expects'):
        rule(*pred, INT, **params(identity_graph(WEAK_INT)))

