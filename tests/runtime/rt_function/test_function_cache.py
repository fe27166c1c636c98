"""Cache keys, input signatures, concrete functions, reduce_retracing and the retracing warning."""
import gc
import inspect
import warnings
import weakref

import numpy as np
import pytest

import runtime as rt
from runtime.errors import InvalidArgumentError, RetracingWarning


def traced_function(**options):
    """An rt.function returning (its argument's result, the list of what each trace saw: Python
    values, appended once per trace; graph values would be appended at every call)."""
    seen = []

    def f(x, n=2):
        seen.append((x if type(x) in (int, float, bool, str, type(None)) else repr(x), n))
        return x
    return rt.function(f, **options), seen


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_python_scalars_count_by_type_and_value():
    f, seen = traced_function()
    for value in (1, True, 1.0, 1, True, 1.0, 2, 'a', 'a', None, None):
        assert f(value) == value
    assert [type(x).__name__ for x, _ in seen] == ['int', 'bool', 'float', 'int', 'str',
                                                   'NoneType']


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_nan_and_signed_zero_are_values_too():
    f, seen = traced_function()
    f(float('nan'))
    f(float('nan'))
    f(0.0)
    f(-0.0)
    f(0.0)
    assert len(seen) == 3


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_arrays_count_by_dtype_and_shape():
    f, seen = traced_function()
    f(np.zeros(3, np.float32))
    f(np.ones(3, np.float32))
    f(np.float32(1.0))
    f(np.array(2.0, np.float32))   # a 0-d array shares the numpy scalar's trace
    f(np.zeros(3, np.float64))
    f(np.zeros((3, 1), np.float32))
    assert len(seen) == 4


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_containers_count_by_structure():
    f, seen = traced_function()
    a, b = np.zeros(2), np.ones(2)
    assert f([a, 1])[0] is a
    f([b, 1])                     # same structure, types and values
    f([a, 2])
    f((a, 1))                     # a tuple is not a list
    f({'k': a})
    assert f({'k': b})['k'] is b
    assert len(seen) == 4
    assert seen[0][0] == '[Tensor("x_0:0", shape=(2,), dtype=float64), 1]'


def test_keyword_and_positional_calls_share_a_key():
    f, seen = traced_function()
    x = np.zeros(2)
    f(x)
    f(x, 2)
    f(x, n=2)
    f(n=2, x=x)
    assert len(seen) == 1
    f(x, n=3)
    assert len(seen) == 2


class Config:
    def __init__(self, scale):
        self.scale = scale


def test_objects_count_by_identity_and_are_held_weakly():
    @rt.function
    def scaled(config, x):
        return x * config.scale

    first, second = Config(2.0), Config(3.0)
    x = np.ones(2)
    assert scaled(first, x).tolist() == [2.0, 2.0]
    first.scale = 10.0            # baked into the trace, as in TensorFlow
    assert scaled(first, x).tolist() == [2.0, 2.0]
    assert scaled(second, x).tolist() == [3.0, 3.0]
    assert scaled.experimental_get_tracing_count() == 2
    concrete = scaled.get_concrete_function(first, x)
    assert concrete(first, x).tolist() == [2.0, 2.0]
    with pytest.raises(InvalidArgumentError, match="argument 'config' was traced as <Config "):
        concrete(Config(2.0), x)
    second_trace = weakref.ref(scaled.concrete_functions()[1])
    second_ref = weakref.ref(second)
    del second
    gc.collect()
    assert second_ref() is None and second_trace() is None
    assert len(scaled.concrete_functions()) == 1
    assert 'Config object' in scaled.pretty_printed_concrete_signatures()


def test_input_signature_fixes_one_trace():
    seen = []

    @rt.function(input_signature=[rt.TensorSpec(shape=(None,), dtype=np.float32)])
    def f(x):
        seen.append(x.shape)
        return x * 2

    assert f(np.ones(2, np.float32)).tolist() == [2.0, 2.0]
    assert f(np.ones(5, np.float32)).shape == (5,)
    assert f([1.0, 2.0]).dtype == np.float32  # Python values are converted to the spec
    assert seen == [(None,)]
    with pytest.raises(InvalidArgumentError) as caught:
        f(np.ones(3, np.int32))
    assert str(caught.value) == (
        "f: argument 'x' expected TensorSpec(shape=(None,), dtype=float32) (float32[?]) but "
        'got int32[3] (ndarray array([1, 1, 1], dtype=int32))')
    with pytest.raises(InvalidArgumentError, match=r"argument 'x' .* float32\[2,2\]"):
        f(np.ones((2, 2), np.float32))
    assert f.get_concrete_function() is f.get_concrete_function(rt.TensorSpec((4,), np.float32))


def test_input_signature_must_cover_parameters_without_defaults():
    with pytest.raises(TypeError, match='every parameter without default'):
        rt.function(lambda x, y: x, input_signature=[rt.TensorSpec((), np.float32)])
    with pytest.raises(TypeError, match='rt.TensorSpecs'):
        rt.function(lambda x: x, input_signature=[np.float32])


def test_concrete_function_api():
    @rt.function
    def f(x, scale=2, *, bias):
        return {'y': x * scale + bias, 'scale': scale}

    concrete = f.get_concrete_function(rt.TensorSpec((None, 3), np.float32), bias=np.float32(1))
    args, kwargs = concrete.structured_input_signature
    assert args == (rt.TensorSpec((None, 3), np.float32), 2)
    assert kwargs == {'bias': rt.TensorSpec((), np.float32)}
    outputs = concrete.structured_outputs
    assert outputs == {'y': rt.TensorSpec((None, 3), np.float32), 'scale': 2}
    x = np.ones((2, 3), np.float32)
    assert concrete(x, bias=np.float32(1))['y'].tolist() == [[3.0] * 3] * 2
    assert concrete(x, 2, bias=np.float32(0))['scale'] == 2
    with pytest.raises(InvalidArgumentError, match="argument 'scale' was traced as 2, not 3"):
        concrete(x, 3, bias=np.float32(0))
    assert concrete([[1.0, 2.0, 3.0]], bias=0.5)['y'].tolist() == [[2.5, 4.5, 6.5]]
    with pytest.raises(InvalidArgumentError, match=r"argument 'x' expected .* got float32\[3\]"):
        concrete(np.ones(3, np.float32), bias=np.float32(1))
    assert str(concrete.graph).startswith('{ lambda ; a:f32[?,3] b:f32[]. let')
    assert f(x, bias=np.float32(1))['y'].shape == (2, 3)
    assert f.experimental_get_tracing_count() == 1  # the call reused the general trace


def test_reduce_retracing_generalises_shapes(capsys):
    @rt.function(reduce_retracing=True)
    def total(x):
        print('tracing', x)
        return np.sum(x)

    for n in range(1, 9):
        assert total(np.arange(n, dtype=np.float64)) == n * (n - 1) / 2
    total(np.arange(3, dtype=np.int64))
    assert capsys.readouterr().out == (
        'tracing Tensor("x:0", shape=(1,), dtype=float64)\n'
        'tracing Tensor("x:0", shape=(None,), dtype=float64)\n'
        'tracing Tensor("x:0", shape=(3,), dtype=int64)\n')


def test_frequent_retracing_warns_once_naming_the_change():
    f, _ = traced_function()
    with pytest.warns(RetracingWarning) as record:
        for n in range(1, 10):
            f(np.zeros(n, np.float32))
    assert len(record) == 1
    message = str(record[0].message)
    assert message.startswith(
        'traced_function.<locals>.f traced a new graph in 5 of its last 5 calls')
    assert 'x: now float32[5], before float32[4]' in message
    assert record[0].filename == __file__


def test_occasional_retracing_does_not_warn():
    f, _ = traced_function()
    x = np.zeros(1, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for n in range(1, 7):
            f(np.zeros(n, np.float32))
            for _ in range(2):
                f(x)


def test_python_value_change_is_named():
    f, _ = traced_function()
    with pytest.warns(RetracingWarning, match='n: now 6, before 5'):
        for n in range(2, 7):
            f(np.zeros(2), n)


def test_variadic_parameters():
    @rt.function
    def f(*xs, **named):
        return sum(xs) + named.get('bias', 0)

    a = np.ones(2)
    assert f(a, a).tolist() == [2.0, 2.0]
    assert f(a, a, bias=np.float64(1)).tolist() == [3.0, 3.0]
    assert f(a, a).tolist() == [2.0, 2.0]
    assert f.experimental_get_tracing_count() == 2
    assert f.pretty_printed_concrete_signatures().splitlines()[0] == 'f(*xs)'


def test_function_wraps_the_python_function():
    def area(width, height=1.0):
        """Width times height."""
        return width * height

    f = rt.function(area)
    g = rt.function()(area)
    assert (f.__name__, f.__doc__, f.python_function) == ('area', 'Width times height.', area)
    assert str(inspect.signature(f)) == '(width, height=1.0)'
    assert isinstance(g, rt.Function) and rt.function(f).python_function is area
    assert repr(f) == f'<rt.Function {area.__qualname__}>'
