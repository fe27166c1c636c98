"""ONNX models on numpy's edge values: NaN, +-0.0, +-inf, the largest and smallest floats and
each integer type's minimum, maximum and 0, for every op of the export table that takes them
and every dtype numpy gives it. The model computes what the graph computes, bit for bit where
numpy's loops define the result, or the export refuses naming the op and its line."""
import re
import warnings

from extras import require

require('onnx', 'onnxruntime')  # skip before importing them

import numpy as np
import onnx
import onnxruntime
import pytest

import runtime as rt
from runtime.backends.onnx import OnnxExportError

FLOATS = [np.dtype(t) for t in (np.float16, np.float32, np.float64)]
INTEGERS = [np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                                  np.uint32, np.uint64)]
DTYPES = [np.dtype(bool)] + INTEGERS + FLOATS


def edge_values(dtype):
    if dtype.kind == 'f':
        info = np.finfo(dtype)
        return np.array([np.nan, 0.0, -0.0, np.inf, -np.inf, 1, -1, 0.5, -2.5, 3, info.max,
                         -info.max, info.tiny, -info.smallest_subnormal], dtype)
    if dtype.kind == 'b':
        return np.array([False, True])
    info = np.iinfo(dtype)
    values = [0, 1, 2, 7, info.max, info.max - 1, info.min]
    return np.array(values + ([-1, -2, -7, info.min + 1] if info.min else []), dtype)


def pairs(dtype):
    """Every edge value against every other."""
    v = edge_values(dtype)
    return np.repeat(v, len(v)), np.tile(v, len(v))


def _of(name):
    """np.<name> in a lambda (rt.function converts Python functions such as np.sum's own)."""
    function = getattr(np, name)
    return lambda *args: function(*args)


UNARY = {name: _of(name) for name in (
    'negative', 'positive', 'absolute', 'fabs', 'sign', 'floor', 'ceil', 'trunc', 'rint',
    'square', 'sqrt', 'reciprocal', 'invert', 'logical_not', 'isnan', 'isinf', 'isfinite',
    'modf', 'conjugate', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'cbrt', 'sin',
    'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh',
    'arctanh', 'deg2rad', 'rad2deg')}
UNARY.update({'round': np.round, 'round_2': lambda x: np.round(x, 2),
              'cube': lambda x: x ** 3, 'to_int32': lambda x: x.astype(np.int32)})
BINARY = {name: _of(name) for name in (
    'add', 'subtract', 'multiply', 'true_divide', 'floor_divide', 'remainder', 'fmod', 'divmod',
    'maximum', 'minimum', 'fmax', 'fmin', 'power', 'float_power', 'hypot', 'arctan2',
    'logaddexp', 'logaddexp2', 'heaviside', 'ldexp', 'bitwise_and', 'bitwise_or',
    'bitwise_xor', 'less', 'less_equal', 'greater', 'greater_equal', 'equal', 'not_equal',
    'logical_and', 'logical_or', 'logical_xor')}
BINARY.update({'clip': lambda a, b: np.clip(a, b, np.flip(b)),
               'where': lambda a, b: np.where(a != b, a, b)})
REDUCTIONS = {name: _of(name) for name in (
    'sum', 'prod', 'max', 'min', 'mean', 'var', 'argmax', 'argmin', 'cumsum', 'sort', 'all',
    'any')}
REDUCTIONS.update({'sum_axis': lambda x: np.sum(x.reshape(-1, 1), axis=1),
                   'max_axis': lambda x: np.max(x.reshape(1, -1), axis=1, keepdims=True),
                   'add_reduce': lambda x: np.add.reduce(x)})

# Results numpy's loops round exactly (or only move values): compared bit for bit. The rest
# (libm functions and compositions of several ONNX operators) to a few units in the last
# place, with the same NaNs, infinities and signs.
EXACT = {'negative', 'positive', 'absolute', 'fabs', 'sign', 'floor', 'ceil', 'trunc', 'rint',
         'square', 'sqrt', 'reciprocal', 'invert', 'logical_not', 'isnan', 'isinf', 'isfinite',
         'modf', 'conjugate', 'round', 'cube', 'to_int32', 'add', 'subtract', 'multiply',
         'true_divide', 'floor_divide', 'remainder', 'fmod', 'divmod', 'maximum', 'minimum',
         'fmax', 'fmin', 'heaviside', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'less',
         'less_equal', 'greater', 'greater_equal', 'equal', 'not_equal', 'logical_and',
         'logical_or', 'logical_xor', 'clip', 'where', 'sum', 'max', 'min', 'argmax', 'argmin',
         'cumsum', 'sort', 'all', 'any', 'sum_axis', 'max_axis', 'add_reduce'}
RTOL = {np.dtype(np.float16): 2e-3, np.dtype(np.float32): 4e-6, np.dtype(np.float64): 1e-13}
# Where numpy's own answer depends on the array's length or layout, not on the values:
ZERO_SIGN_UNDEFINED = {'fmax', 'fmin',  # fmax(0.0, -0.0) is either zero by the length
                       'sum', 'sum_axis', 'add_reduce', 'mean'}  # a zero sum's sign by the path
ORDER_OF_ZEROS_UNDEFINED = {'sort'}  # -0.0 == 0.0: sorted in either order
# onnxruntime runs a chain of float16 operators in float32, rounding only the chain's result:
# np.round(x, 2) of 65504 overflows in numpy's x * 100 (inf), not in the model (65504).
FLOAT16_CHAIN = {'round_2'}
# Refused, and why (README: ONNX).
NO_FLOAT64 = {'tan', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'arcsinh', 'arccosh',
              'arctanh', 'arctan2'}  # no float64 kernel in onnxruntime
REFUSED = {
    **{('reciprocal', kind): "numpy's integer reciprocal of 0" for kind in 'iub'},
    **{('power', kind): 'an integer power with an exponent known only' for kind in 'iub'},
    **{('prod', kind): 'ReduceProd multiplies integers as float64' for kind in 'iub'},
    **{(op, 'uint64'): 'has no uint64 kernel in onnxruntime' for op in (
        'max', 'min', 'argmax', 'argmin', 'sort', 'max_axis')},
}


def _refusal(name, dtype, expected):
    if name in NO_FLOAT64 and np.asarray(expected).dtype == np.float64:
        return 'has no float64 kernel in onnxruntime'
    return REFUSED.get((name, dtype.name)) or REFUSED.get((name, dtype.kind))


def _run(model, args):
    session = onnxruntime.InferenceSession(model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    return session.run(None, {i.name: a for i, a in zip(model.graph.input, args)})


def _assert_same(name, dtype, actual, expected, args):
    expected = np.asarray(expected)
    what = f'{name}[{dtype}]'
    assert actual.dtype == expected.dtype and actual.shape == expected.shape, (what, actual)
    if actual.dtype.kind != 'f':
        if name in ('mean', 'var'):  # integers averaged in float64: rounding follows the order
            scale = np.sum(np.abs(args[0].astype(np.float64)))
            np.testing.assert_allclose(actual, expected, atol=1e-15 * scale, err_msg=what)
        else:
            np.testing.assert_array_equal(actual, expected, err_msg=what)
        return
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(actual), nan, err_msg=f'{what}: NaNs')
    a, e = actual[~nan], expected[~nan]
    if name in ORDER_OF_ZEROS_UNDEFINED:
        a, e = a + 0, e + 0  # -0.0 + 0 is 0.0
    if name in ZERO_SIGN_UNDEFINED:
        a, e = np.where(e == 0, 0, a), np.where(e == 0, 0, e)
    if name in FLOAT16_CHAIN and actual.dtype == np.float16:
        kept = ~(np.isfinite(a) & np.isinf(e))
        a, e = a[kept], e[kept]
    if name in EXACT and args[0].dtype.kind == 'f':
        np.testing.assert_array_equal(a, e, err_msg=what)
        np.testing.assert_array_equal(np.signbit(a), np.signbit(e), err_msg=f'{what}: signs')
    else:  # onnxruntime's libm may flush subnormal results to zero: those within `tiny`
        tiny = np.finfo(actual.dtype).tiny
        normal = np.abs(e) >= tiny
        np.testing.assert_array_equal(np.signbit(a[normal]), np.signbit(e[normal]),
                                      err_msg=f'{what}: signs')
        np.testing.assert_array_equal(np.isinf(a), np.isinf(e), err_msg=f'{what}: infinities')
        finite = ~np.isinf(e)
        np.testing.assert_allclose(a[finite], e[finite], rtol=RTOL[actual.dtype], atol=tiny,
                                   err_msg=what)


def _check(name, function, make_args):
    """Export `function` for every dtype numpy takes it on; compare on the edge values."""
    checked = 0
    for dtype in DTYPES:
        args = make_args(dtype)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')  # numpy's overflow and invalid-value warnings
            try:
                concrete = rt.function(function).get_concrete_function(*args)
                expected = concrete(*args)
            except (TypeError, ValueError, rt.errors.AgError):
                continue  # numpy has no loop for this dtype (or refuses these values)
        why = _refusal(name, dtype, expected[0] if isinstance(expected, tuple) else expected)
        if why:
            with pytest.raises(OnnxExportError, match=r"op '\w+' at .*test_onnx_edge_values\.py"
                                                      rf":\d+ has no ONNX mapping: .*{re.escape(why)}"):
                rt.onnx.export(concrete)
            checked += 1
            continue
        model = rt.onnx.export(concrete)
        onnx.checker.check_model(model, full_check=True)
        outputs = _run(model, args)
        expected = expected if isinstance(expected, (tuple, list)) else [expected]
        assert len(outputs) == len(expected)
        for actual, value in zip(outputs, expected):
            _assert_same(name, dtype, actual, value, args)
        checked += 1
    assert checked, f'{name}: numpy took no dtype'


@pytest.mark.parametrize('name', sorted(UNARY))
def test_unary_ops_on_edge_values(name):
    _check(name, UNARY[name], lambda dtype: [edge_values(dtype)])


@pytest.mark.parametrize('name', sorted(BINARY))
def test_binary_ops_on_every_pair_of_edge_values(name):
    _check(name, BINARY[name], pairs)


@pytest.mark.parametrize('name', sorted(REDUCTIONS))
def test_reductions_over_edge_values(name):
    _check(name, REDUCTIONS[name], lambda dtype: [edge_values(dtype)])


def _model_outputs(function, *args):
    concrete = rt.function(function).get_concrete_function(*args)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        expected = concrete(*args)
    return _run(rt.onnx.export(concrete), args), expected


def test_fmax_and_fmin_let_a_nan_lose_as_numpy_does():
    a, b = np.array([np.nan, 1, 2]), np.array([0, np.nan, 3])
    (high, low), _ = _model_outputs(lambda a, b: (np.fmax(a, b), np.fmin(a, b)), a, b)
    np.testing.assert_array_equal(high, [0, 1, 3])
    np.testing.assert_array_equal(low, [0, 1, 2])


def test_maximum_keeps_numpys_nans_and_signed_zeros():
    a, b = np.array([np.nan, 1, 2, 0.0, -0.0]), np.array([0, np.nan, 3, -0.0, 0.0])
    (high,), expected = _model_outputs(lambda a, b: np.maximum(a, b), a, b)
    np.testing.assert_array_equal(np.isnan(high), [True, True, False, False, False])
    np.testing.assert_array_equal(high[2:], [3, 0, 0])
    np.testing.assert_array_equal(np.signbit(high), np.signbit(expected))


def test_a_float_where_keeps_negative_zero():
    condition = np.array([True, False, True])
    (chosen,), _ = _model_outputs(lambda c, x: np.where(c, x, -x), condition,
                                  np.array([-0.0, -0.0, 0.0]))
    np.testing.assert_array_equal(np.signbit(chosen), [True, False, False])


def test_integer_division_by_zero_gives_zero_as_numpy_does():
    a = np.array([7, -7, 0, np.iinfo(np.int64).min, np.iinfo(np.int64).min], np.int64)
    b = np.array([0, 0, 0, -1, 0], np.int64)
    outputs, expected = _model_outputs(lambda a, b: (a // b, a % b, np.fmod(a, b)), a, b)
    for actual, value in zip(outputs, expected):
        np.testing.assert_array_equal(actual, value)
    assert outputs[0].tolist() == [0, 0, 0, np.iinfo(np.int64).min, 0]


def test_integer_sums_keep_the_digits_past_2_53():
    x = np.array([2 ** 53 + 1, 2 ** 62, 2 ** 62, -3], np.int64)
    outputs, expected = _model_outputs(lambda x: (np.sum(x), np.sum(x[None], axis=1)), x)
    assert outputs[0] == expected[0] and outputs[1].tolist() == expected[1].tolist()


def test_bool_addition_and_bool_reductions_export():
    x = np.array([True, False, True])
    outputs, expected = _model_outputs(
        lambda x: (x + x, x * x, np.sum(x + x), np.max(x), np.argmax(x), np.sort(x)), x)
    for actual, value in zip(outputs, expected):
        np.testing.assert_array_equal(actual, value)
        assert actual.dtype == np.asarray(value).dtype


def test_a_function_without_array_results_is_refused_by_name():
    def nothing(x):
        x + 1

    def constant(x):
        return 3
    for function in (nothing, constant):
        concrete = rt.function(function).get_concrete_function(np.ones(2))
        with pytest.raises(OnnxExportError, match=rf'{function.__name__} gives no array results '
                                                  r'\(it returns None or only Python values\)'):
            rt.onnx.export(concrete)


def test_complex_values_and_inputs_of_unknown_rank_are_refused_by_name():
    double = rt.function(lambda x: x * 2)
    with pytest.raises(OnnxExportError, match=r'input 0 is complex128: ONNX models here take '
                                              r'bools, integers and floats'):
        rt.onnx.export(double.get_concrete_function(np.array([1 + 2j])))
    with pytest.raises(OnnxExportError, match=r'input 0 has an unknown rank \(TensorSpec\(None\)'
                                              r'\): ONNX model inputs need one'):
        rt.onnx.export(double.get_concrete_function(rt.TensorSpec(None, np.float32)))
    made_complex = rt.function(lambda x: np.abs(x * 1j))
    with pytest.raises(OnnxExportError, match=r"op '\w+' at .*test_onnx_edge_values\.py:\d+ has "
                                              r"no ONNX mapping: values of kind \['c'\]"):
        rt.onnx.export(made_complex.get_concrete_function(np.ones(2)))
