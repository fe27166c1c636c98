"""ONNX lowerings one by one: each small function's model, run by onnxruntime, gives what its
graph gives; symbolic dims take inputs of other sizes in the same session."""
from extras import require

require('onnx', 'onnxruntime')  # skip before importing them

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx_check import assert_same, check_against_graph

import runtime as rt
from runtime.backends.onnx import OnnxExportError

F32, I64 = np.float32, np.int64
RNG = np.random.default_rng(7)
X = RNG.normal(size=(4, 5)).astype(F32)
V = RNG.normal(size=6).astype(F32)
IDX = np.array([3, 0, 2], I64)


def _rows(x):
    out = []
    for i in range(x.shape[0]):
        out.append(x[i] + F32(i))
    return out


def _lists(x, n):
    rows, columns = [], []
    for i in range(n):
        rows.append(x[i] * F32(2))
        columns.append(x[i][:, None])
    return (np.stack(rows, axis=1), np.concatenate(rows), np.concatenate(columns, axis=1),
            np.vstack(rows), np.hstack(rows), np.vstack(columns))


def _updated(x, v, j):
    a, b, c, d, e, f = (x.copy() for _ in range(6))
    a.fill(3.0)
    np.copyto(b, v[:5], where=x > 0)
    np.putmask(c, x < 0, -x)
    np.put(d, j, F32(7))
    np.put_along_axis(e, np.argsort(x, axis=1)[:, :2], F32(0), axis=1)
    np.add.at(f, (0, j), F32(1))
    g = v.copy()
    np.subtract.at(g, j, v[:3])
    np.multiply(v, 2, out=v)
    return a, b, c, d, e, f, g, v


def _statistics(x, n):
    return (np.var(x), np.std(x, axis=1, ddof=1), np.linalg.norm(x),
            np.linalg.norm(x, axis=0, keepdims=True), np.eye(3, dtype=F32), np.eye(n, 4, k=1),
            np.var(x, axis=(0, 1), keepdims=True))


def _scalars(x, n):
    s = rt.stop_gradient(x) * 2
    i = 0
    while i < n:
        i = i + 1
    j = 0
    if x[0, 0] > 0:
        j = np.int32(2)
    return s, -i, j, np.log(np.abs(x) + 1), np.minimum(x, s)


def _created(x, n):
    return (np.zeros((n, 2)), x[:3].reshape(n, -1), np.prod(x[:, :n], axis=1), np.min(x),
            np.zeros_like(x), np.ones((n, 2), F32), np.full_like(x, 2.5), np.full((2, n), I64(7)),
            np.arange(n) * F32(0.5))


def _assigned(x, i):
    y = x.copy()
    y[0] = 1.0
    y[1:3, ::2] = y[0, ::2] * 2
    y[i, -1] = -5.0
    y[..., 1] += 3.0
    return y


def _masked(x, j):
    y = x.copy()
    y[y > 1] = 0.0
    y[j, 1] = F32(9)
    return y


CASES = {  # name: (function, arguments)
    'slices': (lambda x: (x[::-1, 1:4:2], x[-2:, ::-2], x[1, None, :], x[..., 2]), (X,)),
    'dynamic_bounds': (lambda x, i: (x[i:], x[:i, i], x[i]), (X, I64(2))),
    'array_index': (lambda x, j: (x[j], x[:, j], x[1, j], x[j, 2]), (X, IDX)),
    'mask': (lambda x: (x[x > 0], x[:, x[0] > 0], x[x[:, 0] > 0, 1:]), (X,)),
    'set_slices': (lambda x, i: _assigned(x, i), (X, I64(1))),
    'set_mask_and_array': (lambda x, j: _masked(x, j), (X, IDX)),
    'reductions': (lambda x: (np.sum(x, axis=1, keepdims=True), np.mean(x, axis=(0, 1)),
                              np.max(x, axis=-1), np.argmax(x, axis=0), np.all(x > -3, axis=1),
                              np.any(x > 2), np.argmin(x)), (X,)),
    'joins': (lambda x, v: (np.concatenate([x, x], axis=1), np.stack([v, v, v], axis=-1),
                            np.vstack([v, v]), np.hstack([v, v]), np.concatenate([x, x], None)),
              (X, V)),
    'python_lists': (lambda x: (np.stack(_rows(x), axis=1), np.concatenate(_rows(x)),
                                np.vstack(_rows(x)), np.hstack(_rows(x))), (X,)),
    'graph_lists': (_lists, (X, I64(3))),
    'shapes': (lambda x: (np.swapaxes(x, 0, 1), np.moveaxis(x[None], 0, -1), np.squeeze(x[None]),
                          np.broadcast_to(x[0], (3, 5)), np.flip(x, 1), x.ravel(),
                          np.expand_dims(x, -1)), (X,)),
    'creation': (_created, (X, I64(3))),
    'sorting': (lambda v: (np.sort(v), np.argsort(v), np.cumsum(v), np.take(v, [1, 4]),
                           np.take_along_axis(v, np.argsort(v), axis=0)), (V,)),
    'integer_division': (lambda a, b: (a // b, a % b, np.floor_divide(a, 3), a % -4),
                         (np.array([7, -7, 9, -1], I64), np.array([2, 2, -4, 3], I64))),
    'ufuncs': (lambda a, b: (np.log10(np.abs(a)), np.log2(np.abs(a)), np.log1p(np.abs(a)),
                             np.expm1(a), np.trunc(a * 3), np.cbrt(a), np.hypot(a, b),
                             np.fmod(a, b), np.logaddexp(a, b), np.logaddexp2(a, b),
                             np.heaviside(a, b), np.round(a * 10), np.round(a, 2), np.exp2(a),
                             np.arcsinh(a), np.arctanh(a / 3), np.arccosh(np.abs(a) + 1),
                             np.degrees(a), np.deg2rad(a), np.float_power(np.abs(a), b)),
               (V, V[::-1] + F32(0.5))),
    'ufunc_methods': (lambda x, v: (np.add.reduce(x, axis=1), np.maximum.reduce(x, axis=None),
                                    np.add.accumulate(x, axis=1), np.multiply.outer(v, x[0]),
                                    np.subtract.outer(v, v)), (X, V)),
    'products': (lambda x, v: (np.dot(x, x.T), np.dot(v, 2), np.inner(x, x), np.outer(v, v),
                               np.vecdot(x, x), np.einsum('ij,kj->ik', x, x),
                               np.linalg.det(x[:4, :4])), (X, V)),
    'elementwise': (lambda a, b, i: (
        np.isnan(a / b), np.isinf(a * F32(np.inf)), np.isfinite(np.where(a > 0, a, F32(np.inf))), np.square(a), np.rint(a * 4),
        np.sign(a), np.reciprocal(b), np.fmax(a, b), np.fmin(a, b), np.rad2deg(a),
        np.radians(a), np.arctan(a), np.sinh(a), np.cosh(a), np.tan(a), np.arcsin(a / 3),
        np.arccos(a / 3), i & 6, i | 1, i ^ 3, ~i, np.logical_xor(a > 0, b > 0),
        np.logical_not(a > 0), np.fabs(a), np.ceil(a), np.power(np.abs(a), b), +a,
        np.ones_like(i), np.zeros((2, 3), I64), np.empty_like(a).shape, np.less_equal(a, b),
        a.astype(np.int16), np.true_divide(i, 4)),
        (V, V[::-1] + F32(0.5), np.arange(6, dtype=I64))),
    'updates': (_updated, (X, V, np.array([1, -2, 1], I64))),
    'multiple_results': (lambda x: (*np.nonzero(x > 0), *np.split(x, [1, 3], axis=1),
                                    *np.split(x, 2), *np.divmod(x, F32(0.5)), *np.modf(x * 3)),
                         (X,)),
    'statistics': (_statistics, (X, I64(3))),
    'more_products': (lambda x, v: (np.matvec(x, x[0]), np.vecmat(x[:, 0], x),
                                    np.arctan2(x, x[::-1]), np.ldexp(x, np.arange(5)),
                                    np.conjugate(x), np.arctan2(v, -v), np.tensordot(x, x, 2),
                                    np.tensordot(x, x, ([0], [0])), np.tensordot(x, x, 0)),
                      (X, V)),
    'scalars': (_scalars, (X, I64(3))),
    'float_division': (lambda a: (a // F32(0.5), a % F32(0.75)), (V,)),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_the_model_computes_what_the_graph_computes(tmp_path, name):
    function, args = CASES[name]
    concrete = rt.function(function).get_concrete_function(*args)
    check_against_graph(concrete, [np.copy(a) for a in args], tmp_path / 'model.onnx')


def _session(model):
    return onnxruntime.InferenceSession(model.SerializeToString(),
                                        providers=['CPUExecutionProvider'])


def test_dims_stay_symbolic_through_loops_lists_and_indexing():
    @rt.function(input_signature=[rt.TensorSpec([None, None], F32)])
    def grow(x):
        out = []
        total = x[0] * 0
        i = 0
        while i < len(x):
            total = total + x[i]
            out.append(total[:-1])
            i += 1
        return np.stack(out), np.sum(x[:, 1:], axis=0)
    model = rt.onnx.export(grow.get_concrete_function())
    assert all(d.dim_param for d in model.graph.input[0].type.tensor_type.shape.dim)
    session = _session(model)
    for shape in [(3, 4), (6, 2), (1, 7)]:
        x = RNG.normal(size=shape).astype(F32)
        for actual, expected in zip(session.run(None, {'input_0': x}), grow(x)):
            assert_same(actual, expected, str(shape))


def test_a_loop_assigning_variables_carries_them():
    total = rt.Variable(np.zeros(3, F32), name='total')
    last = rt.Variable(np.zeros(3, F32), name='last')

    @rt.function
    def accumulate(x, n):
        for i in range(n):
            if i % 2 == 0:
                total.assign_add((x * i).astype(F32))
            else:
                total.assign_sub(x)
                last.assign(total.read_value())
        total[1:] = total[:2] * F32(2)
        return total.read_value() * 2

    x = np.arange(3, dtype=F32)
    model = rt.onnx.export(accumulate.get_concrete_function(x, I64(5)))
    loop = next(n for n in model.graph.node if n.op_type == 'Loop')
    assert len(loop.output) == 4  # the loop test, the counter and the two variables
    actual = dict(zip([o.name for o in model.graph.output],
                      _session(model).run(None, {'input_0': x, 'input_1': np.array(5, I64)})))
    expected = accumulate(x, I64(5))
    assert_same(actual['output_0'], expected, 'result')
    assert_same(actual['updated_variable_0_total'], total.numpy(), 'total')
    assert_same(actual['updated_variable_1_last'], last.numpy(), 'last')


def test_a_loop_gradient_with_respect_to_a_variable_runs_backward(tmp_path):
    weight = rt.Variable(np.full(3, 0.5, F32), name='weight')

    @rt.function
    def gradients(x, n):
        with rt.GradientTape() as tape:
            tape.watch(x)
            y = x
            for _ in range(n):
                y = np.tanh(y * weight.read_value()) + x
            loss = np.sum(y)
        return tape.gradient(loss, [weight, x])

    for n in (3, 0):  # zero iterations: nothing saved, the cotangents as they came
        args = [np.arange(3, dtype=F32) / 3, I64(n)]
        concrete = gradients.get_concrete_function(*args)
        assert 'while_vjp' in str(concrete.graph)
        check_against_graph(concrete, args, tmp_path / 'model.onnx')


@pytest.mark.parametrize('function, why', [
    (lambda x, j: x[j, :, j], 'more than one array in one index'),
    (lambda x, j: x[j, :, 0], 'an int index apart from the array index'),
    (lambda x, j: x[::j[0]], 'a slice step known only when the graph runs'),
])
def test_index_forms_numpy_reorders_are_refused_by_name(function, why):
    concrete = rt.function(function).get_concrete_function(np.ones((3, 3, 3), F32), IDX[:2])
    with pytest.raises(OnnxExportError, match=rf"op 'getitem' at .*test_onnx_lowerings\.py:\d+ "
                                              rf'has no ONNX mapping: {why}'):
        rt.onnx.export(concrete)


def test_the_model_file_is_what_export_returns(tmp_path):
    model = rt.onnx.export(rt.function(lambda x: x * 2).get_concrete_function(V),
                           tmp_path / 'm.onnx')
    assert onnx.load(str(tmp_path / 'm.onnx')) == model
