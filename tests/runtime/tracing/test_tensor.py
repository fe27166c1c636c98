"""Symbolic tensors: properties, operators, methods, numpy's protocols, and what they refuse."""
import numpy as np
import pytest
from graph_helpers import check_against_eager, trace

import runtime as rt
from runtime.ag_operators import dispatch
from runtime.backends.executor.executor import compile_graph
from runtime.errors import OperatorNotAllowedInGraphError
from runtime.graph_ops.elementwise import UFUNCS
from runtime.ir.core import AbstractValue
from runtime.tracing import tensor
from runtime.tracing.builders import GraphBuilder

X = np.array([[-1.5, 0.0, 2.0], [3.25, -0.0, 7.0]], np.float32)
Y = np.array([[2, -3, 4], [1, 5, -6]], np.int32)
CANDIDATES = [np.linspace(0.1, 0.9, 9).reshape(3, 3), np.arange(9).reshape(3, 3),
              np.eye(3, dtype=bool),
              np.array(['2020-01-01', 'NaT', '2021-01-01'], dtype='datetime64[D]')]


def test_properties_and_repr():
    with GraphBuilder() as builder:
        t = builder.placeholder(AbstractValue(np.float32, (None, 3)), name='x')
        assert (t.dtype, t.shape, t.ndim, t.name) == (np.float32, (None, 3), 2, 'x:0')
        assert t.size.aval == AbstractValue(np.int64, (), weak=True)  # known when the graph runs
        assert t[0].size == 3
        assert repr(t) == 'Tensor("x:0", shape=(None, 3), dtype=float32)'
        u = builder.placeholder(AbstractValue(np.str_, None), name='s')
        assert repr(u) == 'Tensor("s:0", dtype=str)' and u.ndim is None
        assert t.T.shape == (3, None) and t.astype(np.int8).dtype == np.int8


OPERATORS = {
    'add': lambda x, y: x + y, 'radd': lambda x, y: 1 + x, 'sub': lambda x, y: x - y,
    'rsub': lambda x, y: 2 - y, 'mul': lambda x, y: x * 2.5, 'rmul': lambda x, y: 3 * y,
    'truediv': lambda x, y: x / y, 'rtruediv': lambda x, y: 3 / x, 'floordiv': lambda x, y: y // 2,
    'rfloordiv': lambda x, y: 7 // y, 'mod': lambda x, y: x % 3, 'rmod': lambda x, y: 5 % y,
    'divmod': lambda x, y: divmod(y, 3), 'rdivmod': lambda x, y: divmod(7.5, x),
    'pow': lambda x, y: x ** 2, 'pow_half': lambda x, y: x ** 0.5, 'pow_int': lambda x, y: y ** 2,
    'rpow': lambda x, y: 2 ** y.astype(np.uint8), 'pow_tensor': lambda x, y: x ** y,
    'matmul': lambda x, y: x @ y.T, 'rmatmul': lambda x, y: np.ones((1, 2)) @ x,
    'and': lambda x, y: y & 3, 'rand': lambda x, y: 3 & y, 'or': lambda x, y: y | (y > 0),
    'xor': lambda x, y: y ^ y, 'lshift': lambda x, y: y << 1, 'rlshift': lambda x, y: 1 << abs(y),
    'rshift': lambda x, y: y >> 1, 'neg': lambda x, y: -x, 'pos': lambda x, y: +y,
    'abs': lambda x, y: abs(x), 'invert': lambda x, y: ~y, 'lt': lambda x, y: x < y,
    'le': lambda x, y: x <= 0, 'gt': lambda x, y: 1 > y, 'ge': lambda x, y: x >= y,
    'eq': lambda x, y: x == y, 'ne': lambda x, y: y != 2, 'ndarray_left': lambda x, y: X + y,
    'weak_int': lambda x, y: y.astype(np.int8) + 100,
    'weak_float': lambda x, y: y.astype(np.int8) * 1.5,
    'weak_complex': lambda x, y: x + 1j, 'strong_scalar': lambda x, y: x + np.float64(1),
}


@pytest.mark.parametrize('name', sorted(OPERATORS))
def test_python_operators_match_eager(name):
    with np.errstate(all='ignore'):
        check_against_eager(OPERATORS[name], X, Y)


METHODS = {
    'sum': lambda x: x.sum(axis=0), 'mean': lambda x: x.mean(), 'max': lambda x: x.max(1),
    'min': lambda x: x.min(), 'prod': lambda x: x.prod(), 'std': lambda x: x.std(),
    'var': lambda x: x.var(axis=1), 'argmax': lambda x: x.argmax(), 'argmin': lambda x: x.argmin(0),
    'all': lambda x: x.all(), 'any': lambda x: x.any(axis=1), 'cumsum': lambda x: x.cumsum(),
    'cumprod': lambda x: x.cumprod(axis=1), 'round': lambda x: x.round(1),
    'clip': lambda x: x.clip(0, 1), 'swapaxes': lambda x: x.swapaxes(0, 1),
    'squeeze': lambda x: x[None].squeeze(0), 'ravel': lambda x: x.ravel(),
    'flatten': lambda x: x.flatten(), 'take': lambda x: x.take([0, 4]),
    'nonzero': lambda x: x.nonzero(), 'argsort': lambda x: x.argsort(),
    'copy': lambda x: x.copy(), 'dot': lambda x: x.dot(x.T), 'T': lambda x: x.T,
    'astype': lambda x: x.astype(np.int16),
    'astype_casting': lambda x: x.astype(np.float64, casting='safe'),
    'reshape_args': lambda x: x.reshape(3, 2), 'reshape_tuple': lambda x: x.reshape((-1,)),
    'transpose': lambda x: x.transpose(), 'transpose_args': lambda x: x.transpose(1, 0),
    'transpose_tuple': lambda x: x.transpose((1, 0)),
}


@pytest.mark.parametrize('name', sorted(METHODS))
def test_methods_match_eager(name):
    check_against_eager(METHODS[name], X)


def _eager_candidates(ufunc):
    with np.errstate(all='ignore'):
        for value in CANDIDATES:
            try:
                ufunc(*[value] * ufunc.nin)
            except TypeError:
                continue
            yield value


@pytest.mark.parametrize('name', sorted(UFUNCS))
def test_every_ufunc_matches_eager(name):
    ufunc = UFUNCS[name]
    values = list(_eager_candidates(ufunc))
    assert values, f'no eager input for {name}'
    with np.errstate(all='ignore'):
        for value in values:
            check_against_eager(lambda *a: ufunc(*a), *[value] * ufunc.nin)
        if ufunc.nin == 2 and not ufunc.signature and values[0].dtype != bool:
            check_against_eager(lambda a: ufunc(a, 2), values[0])
            check_against_eager(lambda a: ufunc(3, a), values[0])


@pytest.mark.parametrize('name', sorted(n for n, u in UFUNCS.items()
                                        if u.nin == 2 and u.nout == 1 and not u.signature))
def test_reduce_and_accumulate_of_every_binary_ufunc(name):
    ufunc = UFUNCS[name]
    for value in _eager_candidates(ufunc):
        for method, kwargs in (('reduce', {'axis': 1, 'keepdims': True}), ('reduce', {}),
                               ('accumulate', {'axis': 1}), ('outer', {})):
            fn = getattr(ufunc, method)
            args = (value, value) if method == 'outer' else (value,)
            try:
                with np.errstate(all='ignore'):
                    fn(*args, **kwargs)
            except (TypeError, ValueError):
                continue  # numpy does not support it for this ufunc and dtype
            with np.errstate(all='ignore'):
                check_against_eager(lambda *a: fn(*a, **kwargs), *args)


def test_ufunc_dtype_argument():
    check_against_eager(lambda y: np.add(y, 1, dtype=np.float32), Y)
    check_against_eager(lambda y: np.add.reduce(y, dtype=np.int8), Y)


def test_unary_ufuncs_have_no_reduce():
    with pytest.raises(ValueError, match='reduce only supported for binary functions'):
        trace(np.sin.reduce, AbstractValue(np.float64, (2,)))


def test_out_into_a_numpy_constant_or_outside_ufunc_calls_is_rejected():
    out = np.zeros(2)
    with pytest.raises(rt.errors.MutationError, match='a constant of the graph'):
        trace(lambda x: np.add(x, 1, out=out), AbstractValue(np.float64, (2,)))
    for fn in (lambda x: np.sum(x, out=x), lambda x: np.add.reduce(x, out=x)):
        with pytest.raises(TypeError, match='out= is supported in graphs for ufunc calls'):
            trace(fn, AbstractValue(np.float64, (2,)))


def test_unsupported_ufunc_methods_and_arguments_are_rejected():
    with pytest.raises(TypeError, match='numpy.add.reduceat is not supported on symbolic'):
        trace(lambda x: np.add.reduceat(x, [0]), AbstractValue(np.float64, (2,)))
    with pytest.raises(TypeError, match=r'numpy.add: argument where= is not supported'):
        trace(lambda x: np.add(x, 1, where=x > 0), AbstractValue(np.float64, (2,)))


def test_unsupported_numpy_function_is_named():
    with pytest.raises(TypeError, match=r'^numpy.unwrap is not supported on symbolic tensors: '
                                        r'.*rt.py_function\(func, inp, Tout\)'):
        trace(np.unwrap, AbstractValue(np.float64, (4,)))


def test_static_arguments_must_not_be_tensors():
    with pytest.raises(TypeError, match="numpy.sum: argument 'axis' must be a Python or "
                                        'numpy value while tracing'):
        trace(lambda x, n: np.sum(x, axis=n), AbstractValue(np.float64, (4,)),
              AbstractValue(np.int64, ()))


NEEDS_A_VALUE = [lambda t: t.item(), lambda t: t.numpy(), lambda t: t.tolist()]


def comprehension(t):
    return [v for v in t]


def test_iter_of_a_tensor_succeeds_as_on_an_array_so_np_iterable_answers_as_numpy():
    """iter() of an array of rank >= 1 succeeds (its first item is refused), of a 0-d one fails:
    np.iterable, which asks only iter(), gives numpy's answer on graph values."""
    for shape, expected in (((3,), True), ((2, 2), True), ((), False)):
        answer = rt.function(lambda t: np.iterable(t))(np.zeros(shape))
        assert answer is expected is np.iterable(np.zeros(shape))
    with pytest.raises(OperatorNotAllowedInGraphError, match='iterating over it'):
        trace(lambda t: next(iter(t)), AbstractValue(np.float64, (3,)))


@pytest.mark.parametrize('use', [bool, list, int, float, complex, np.asarray, range,
                                 lambda t: [1, 2][t], lambda t: 1 if t else 0, lambda t: not t,
                                 comprehension, lambda t: t and 1, *NEEDS_A_VALUE])
def test_python_needs_of_a_concrete_value_in_unconverted_code_raise_with_a_fix(use):
    with pytest.raises(OperatorNotAllowedInGraphError) as e:
        iterated = use in (list, comprehension)  # of a 1-d tensor: a 0-d one is numpy's TypeError
        trace(use, AbstractValue(np.int64, (3,) if iterated else ()))
    message = str(e.value)
    assert 'is not allowed on a symbolic tensor' in message
    if use in NEEDS_A_VALUE:  # converting would not help: the value is needed while tracing
        assert 'rt.py_function' in message and 'not converted' not in message
    elif use is complex:  # not converted either, since converted code does not stage complex()
        assert message.endswith('Use x.astype(complex).')
    elif use in (int, float):  # called by the tracing machinery: converting would not help
        assert f'x.astype(np.{use.__name__}64)' in message and 'rt.py_function' in message
        assert 'not converted, so' not in message
    else:  # these lambdas (or numpy and builtins called by `trace`) are not converted code
        assert 'is not converted, so Python runs it as written: ' in message
        assert 'call the function through rt.function' in message


def test_numpy_creation_functions_in_unconverted_code_do_not_take_tensor_shapes():
    # numpy does not dispatch on shapes, and only converted code reaches the runtime's overloads
    with pytest.raises(TypeError, match=r"expected a sequence of integers .*got 'Tensor\("):
        trace(np.zeros, AbstractValue(np.int64, ()))
    check_against_eager(lambda x: np.zeros_like(x, shape=(2, 3)) + np.full_like(x, 2), X)


def test_len_is_the_static_first_dimension():
    graph = trace(lambda t: np.zeros(len(t)), AbstractValue(np.int64, (3, 2)))
    assert graph.out_avals[0].shape == (3,)
    with pytest.raises(OperatorNotAllowedInGraphError,
                       match=r'len\(\) of a tensor whose first dimension is unknown \(i64\[\?,2\]\)'
                             r'.*use np.shape\(x\)\[0\]'):
        trace(len, AbstractValue(np.int64, (None, 2)))
    with pytest.raises(TypeError, match='len.. of unsized object'):
        trace(len, AbstractValue(np.int64, ()))


def test_python_int_out_of_range_fails_when_the_graph_runs():
    graph = trace(lambda t: t + (-1), AbstractValue(np.uint8, (2,)))
    with pytest.raises(OverflowError, match='Python integer -1 out of bounds for uint8'):
        compile_graph(graph)(np.zeros(2, np.uint8))


def test_tensor_type_is_registered_with_the_operators():
    assert tensor.Tensor in dispatch.staged_types and rt.Tensor is tensor.Tensor
    saved = dispatch.staged_types, dispatch.graph
    try:
        implementation = object()
        dispatch.install(saved[0], implementation)
        tensor.register_staged_types()
        assert dispatch.graph is implementation
        assert dispatch.staged_types.count(tensor.Tensor) == 1
    finally:
        dispatch.install(*saved)


def _item_of_double(x):
    doubled = x * 2.0
    return doubled.item()  # the line the refusal names


@pytest.mark.parametrize('name', ['item', 'tolist'])
def test_item_and_tolist_of_a_tensor_are_refused_naming_the_line(name):
    """A tensor's value exists only when the graph runs: x.item() is refused as bool(x) is, at the
    user's line (the original line of converted code)."""
    def unconverted(x):
        return getattr(x * 2.0, name)()
    line = unconverted.__code__.co_firstlineno + 1
    with pytest.raises(OperatorNotAllowedInGraphError, match=f'{name}\\(\\) at .*test_tensor.py:{line} '):
        rt.function(unconverted, autograph=False)(np.ones(1))
    line = _item_of_double.__code__.co_firstlineno + 2
    with pytest.raises(OperatorNotAllowedInGraphError, match=f'item\\(\\) at .*test_tensor.py:{line} '):
        rt.function(_item_of_double)(np.ones(1))
