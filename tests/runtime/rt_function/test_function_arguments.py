"""Wrong arguments to an rt.function raise Python's own errors; bad specs and values are named."""
import functools

import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.errors import InvalidArgumentError


def one(x):
    return x


def many(a, b=2, *rest, c, d=4, **options):
    return a


def positional_only(a, /, b):
    return a


class Model:
    def method(self, x):
        return x

    @rt.function
    def traced(self, x):
        return x


MODEL = Model()


class Callable:
    def __call__(self, x):
        return x


CALLS = {
    'no arguments': ((), {}),
    'too many': ((1, 2, 3), {}),
    'multiple values': ((1,), {'x': 1, 'a': 1, 'b': 2}),
    'unexpected keyword': ((), {'y': 1}),
    'positional-only by keyword': ((), {'a': 1, 'b': 2}),
    'keyword-only missing': ((1, 2, 3), {'a': 1}),
}
FUNCTIONS = {
    'one parameter': one,
    'every kind of parameter': many,
    'positional-only': positional_only,
    'bound method': Model().method,
    'callable object': Callable(),
    'partial': functools.partial(many, 1),
}


def python_error(fn, args, kwargs):
    with pytest.raises(TypeError) as python:
        fn(*args, **kwargs)
    return str(python.value)


def raises_type_error(fn, args, kwargs):
    try:
        fn(*args, **kwargs)
    except TypeError:
        return True
    return False


WRONG_CALLS = [(name, call) for name, fn in FUNCTIONS.items() for call, (args, kwargs)
               in CALLS.items() if raises_type_error(fn, args, kwargs)]


@pytest.mark.parametrize('name, call', WRONG_CALLS)
def test_wrong_arguments_raise_pythons_own_message(name, call):
    fn, (args, kwargs) = FUNCTIONS[name], CALLS[call]
    expected = python_error(fn, args, kwargs)
    traced = rt.function(fn)
    with pytest.raises(TypeError) as error:
        traced(*args, **kwargs)
    assert str(error.value) == expected
    with pytest.raises(TypeError) as error:
        traced.get_concrete_function(*args, **kwargs)
    assert str(error.value) == expected


@pytest.mark.parametrize('call', CALLS)
def test_wrong_arguments_with_an_input_signature(call):
    args, kwargs = CALLS[call]
    traced = rt.function(one, input_signature=[rt.TensorSpec([], np.float32)])
    with pytest.raises(TypeError) as error:
        traced(*args, **kwargs)
    assert str(error.value) == python_error(one, args, kwargs)


@pytest.mark.parametrize('call', CALLS)
def test_wrong_arguments_to_an_rt_function_method_and_its_trace(call):
    args, kwargs = CALLS[call]
    expected = python_error(Model().method, args, kwargs).replace('method', 'traced')
    with pytest.raises(TypeError) as error:
        MODEL.traced(*args, **kwargs)
    assert str(error.value) == expected
    concrete = MODEL.traced.get_concrete_function(np.float32(1))
    with pytest.raises(TypeError) as error:
        concrete(*args, **kwargs)
    assert str(error.value) == expected


def test_a_concrete_function_binds_like_its_python_function():
    concrete = rt.function(many).get_concrete_function(np.float32(1), c=3)
    with pytest.raises(TypeError) as error:
        concrete(1, 2, 3, a=1)
    assert str(error.value) == python_error(many, (1, 2, 3), {'a': 1})
    assert concrete(np.float32(5), c=3) == 5


@pytest.mark.parametrize('spec, value, detail', [
    (rt.TensorSpec([], np.int32), 2 ** 40, 'out of bounds for int32'),
    (rt.TensorSpec([2], np.int32), [1, 2 ** 40], 'out of bounds for int32'),
    (rt.TensorSpec([], np.uint8), -1, 'int64[]'),
    (rt.TensorSpec([2], np.float32), [[1.0], [2.0, 3.0]], 'inhomogeneous'),
])
def test_a_value_that_does_not_fit_its_spec_names_argument_and_spec(spec, value, detail):
    traced = rt.function(one, input_signature=[spec])
    with pytest.raises(InvalidArgumentError) as error:
        traced(value)
    message = str(error.value)
    assert message.startswith(f"one: argument 'x' expected {spec!r}".replace(', name=None', ''))
    assert detail in message


@pytest.mark.parametrize('shape, dtype, name, error, text', [
    ([-5], np.float32, None, ValueError, 'shape [-5] has dimension -5'),
    (-1, np.float32, None, ValueError, 'shape -1 has dimension -1'),
    ([2.5], np.float32, None, TypeError, 'shape [2.5] has dimension 2.5'),
    ([2, '3'], np.float32, None, TypeError, "has dimension '3'"),
    ([True], np.float32, None, TypeError, 'has dimension True'),
    ('ab', np.float32, None, TypeError, "shape 'ab' has dimension 'a'"),
    (3.0, np.float32, None, TypeError, 'shape must be None, an int or a sequence'),
    ([3], 'float33', None, TypeError, "dtype 'float33' is not a numpy dtype"),
    ([3], object, None, TypeError, 'dtype object cannot be the dtype of a tensor'),
    ([3], [('a', 'i4')], None, TypeError, 'cannot be the dtype of a tensor'),
    ([3], np.float32, 7, TypeError, 'name must be a str or None, not 7'),
])
def test_bad_specs_are_refused_at_construction(shape, dtype, name, error, text):
    with pytest.raises(error) as raised:
        rt.TensorSpec(shape, dtype, name)
    assert str(raised.value).startswith('rt.TensorSpec: ') and text in str(raised.value)


def test_spec_shapes_take_numpy_integers_and_none():
    assert rt.TensorSpec([np.int64(2), None, 0], np.int8).shape == (2, None, 0)
    assert rt.TensorSpec(np.int32(3), 'U').shape == (3,)


class Scaled:
    """A method whose input_signature covers the parameters after `self`, as in TensorFlow."""

    def __init__(self, factor):
        self.factor = factor

    @rt.function(input_signature=[rt.TensorSpec([None], np.float32)])
    def scale(self, x):
        return x * self.factor


def test_a_methods_input_signature_starts_after_self():
    small, large = Scaled(np.float32(2)), Scaled(np.float32(3))
    np.testing.assert_array_equal(small.scale(np.ones(3, np.float32)), [2, 2, 2])
    np.testing.assert_array_equal(small.scale([1.0, 2.0]), [2, 4])
    np.testing.assert_array_equal(large.scale(np.ones(1, np.float32)), [3])
    concrete = small.scale.get_concrete_function()
    assert concrete.structured_input_signature == ((rt.TensorSpec([None], np.float32),), {})
    assert small.scale.experimental_get_tracing_count() == 2  # one trace per instance
    with pytest.raises(InvalidArgumentError, match="argument 'x' expected"):
        small.scale(np.ones(3, np.int32))


def test_a_bad_input_signature_fails_at_decoration_outside_a_class_body():
    with pytest.raises(TypeError, match='must cover every parameter without default'):
        rt.function(lambda x, y: x, input_signature=[rt.TensorSpec([], np.float32)])


@pytest.mark.parametrize('ufunc, args', [(np.negative, (np.int64(3),)),
                                         (np.add, (np.arange(3.0), 2.5)),
                                         (np.maximum, (np.arange(3), np.int64(1)))])
@pytest.mark.parametrize('jit_compile', [None, pytest.param(True, marks=needs('numba'))])
def test_a_ufunc_is_a_function_too(ufunc, args, jit_compile):
    """Its keyword-only defaults are left out as the caller left them (numpy refuses
    `signature=None` with `dtype=None`, though both are the defaults)."""
    expected = ufunc(*args)
    actual = rt.function(ufunc, jit_compile=jit_compile)(*args)
    assert type(actual) is type(expected) and np.array_equal(actual, expected)


TWO = np.float64(2.0)


def test_keyword_only_defaults_still_reach_the_function():
    def scaled(x, *, by=TWO, extra=()):
        return x * by + len(extra)
    f = rt.function(scaled)
    assert f(np.float64(1.5)) == 3.0 and f(np.float64(1.5), by=np.float64(3.0)) == 4.5
    assert f(np.float64(1.5), extra=(1, 2)) == 5.0
