"""Arrays of other libraries (numpy's array protocols, the array API) are refused, not keyed by
identity: a TypeError names the argument, its place in a list or dict, and what is accepted."""
import collections
import gc
import re
import weakref

import numpy as np
import pytest

import runtime as rt

X = np.ones(3)


class WithArray:
    """An array-like by `__array__` only (as a PIL image or an h5py dataset)."""

    def __init__(self, values):
        self.values = np.asarray(values)

    def __array__(self, dtype=None, copy=None):
        return self.values if dtype is None else self.values.astype(dtype)


class Duck(WithArray):
    """A duck array: numpy's functions and ufuncs dispatch to it (as dask, xarray, pandas)."""

    def __array_function__(self, func, types, args, kwargs):
        return func(*[np.asarray(a) if isinstance(a, Duck) else a for a in args], **kwargs)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return getattr(ufunc, method)(*[np.asarray(a) if isinstance(a, Duck) else a
                                        for a in inputs], **kwargs)


class FunctionOnly:
    def __array_function__(self, func, types, args, kwargs):
        return NotImplemented


class UfuncOnly:
    __array_ufunc__ = None  # numpy's way to say "my operators win": still an array protocol


class ArrayApi:
    def __array_namespace__(self, api_version=None):
        return np


class Interface:
    def __init__(self):
        self.__array_interface__ = np.arange(3).__array_interface__


class Plain:
    """No array protocol: keyed by identity, as any object."""
    scale = 2.0


ARRAY_LIKES = [WithArray([1.0, 2.0]), Duck([1.0, 2.0]), FunctionOnly(), UfuncOnly(),
               ArrayApi()]
Pair = collections.namedtuple('Pair', 'first second')


def total(x, y):
    return x.sum() + np.sum(y)


@pytest.mark.parametrize('value', ARRAY_LIKES, ids=lambda v: type(v).__name__)
def test_an_array_of_another_library_is_refused(value):
    f = rt.function(total)
    with pytest.raises(TypeError) as caught:
        f(X, value)
    message = str(caught.value)
    assert message.startswith(f'total: argument y is a {type(value).__module__}.'
                              f'{type(value).__qualname__}, an array of a library rt.function '
                              'does not trace')
    assert 'numpy arrays and numpy scalars' in message and 'Python scalars' in message
    assert message.endswith('Pass its values as a numpy array: np.asarray(y)')
    assert f.experimental_get_tracing_count() == 0


def test_an_array_interface_set_on_the_instance_is_not_seen_on_its_class():
    # numpy reads `__array_interface__` from the instance; the class tells nothing: identity
    f = rt.function(lambda x, y: x * 2)
    assert np.array_equal(f(X, Interface()), X * 2)


@pytest.mark.parametrize('call, place', [
    (lambda f, a: f(X, [1.0, a]), 'y[1]'),
    (lambda f, a: f(X, {'w': [a]}), "y['w'][0]"),
    (lambda f, a: f(X, (X, {'k': a})), "y[1]['k']"),
    (lambda f, a: f(X, Pair(1.0, a)), 'y.second'),
    (lambda f, a: f(x=X, y=[a]), 'y[0]'),
    (lambda f, a: f(a, 1.0), 'x'),
])
def test_the_message_gives_the_place_inside_the_argument(call, place):
    f = rt.function(lambda x, y: x)
    with pytest.raises(TypeError, match=rf'argument {re.escape(place)} is a .*Duck.*'
                                        rf'np\.asarray\({re.escape(place)}\)$'):
        call(f, Duck([1.0]))


def test_varargs_and_keyword_arguments_are_named_too():
    f = rt.function(lambda *xs, **options: xs[0])
    with pytest.raises(TypeError, match=r'argument xs\[1\] is a'):
        f(X, Duck([1.0]))
    with pytest.raises(TypeError, match=r"argument options\['scale'\] is a"):
        f(X, scale=Duck([1.0]))


def test_as_a_dict_key_too():
    class HashableDuck(Duck):
        __hash__ = object.__hash__
    f = rt.function(lambda x, d: x)
    with pytest.raises(TypeError, match=r'argument d \(a key\) is a .*HashableDuck'):
        f(X, {HashableDuck([1.0]): 1})


def test_methods_and_input_signatures_refuse_them_as_well():
    class Model:
        @rt.function
        def apply(self, x):
            return x * 2

        @rt.function(input_signature=[rt.TensorSpec([None], np.float64)])
        def typed(self, x):
            return x * 2
    model = Model()
    with pytest.raises(TypeError, match=r'\.Model\.apply: argument x is a'):
        model.apply(Duck([1.0]))
    with pytest.raises(TypeError, match=r'\.Model\.typed: argument x is a'):
        model.typed(Duck([1.0]))
    assert np.array_equal(model.typed(np.asarray(Duck([1.0]))), [2.0])  # as the message says


def test_no_reference_to_a_refused_array_is_kept():
    f = rt.function(total)
    duck = Duck([1.0])
    ref = weakref.ref(duck)
    with pytest.raises(TypeError):
        f(X, duck)
    del duck
    gc.collect()
    assert ref() is None


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_numpy_arrays_scalars_subclasses_tensors_and_variables_are_accepted():
    f = rt.function(total)
    v = rt.Variable(np.ones(2))
    for y in (np.ones(2), np.float32(2), np.ma.masked_array([1.0, 2.0]),
              np.asarray(Duck([1.0, 2.0])), v, 3.0, [1.0, 2.0]):
        assert f(X, y) == total(X, y)


def test_plain_objects_are_still_keyed_by_identity():
    f = rt.function(lambda x, config: x * config.scale)
    a, b = Plain(), Plain()
    assert np.array_equal(f(X, a), X * 2)
    assert np.array_equal(f(X, b), X * 2)
    assert np.array_equal(f(X, a), X * 2)
    assert f.experimental_get_tracing_count() == 2  # one trace per object
    g = rt.function(lambda x, kind: x)
    for kind in (Duck, np.ndarray, np.float32):  # a class is no array, even an array's class
        assert g(X, kind) is not None


class ArrayModel(WithArray):
    """An object that is an array-like and has traced methods: its own `self` is keyed by
    identity, as every method's instance is; as another argument it is refused."""

    @rt.function
    def scaled(self, x):
        return x * 2

    @rt.function(input_signature=[rt.TensorSpec([None], np.float64)])
    def typed(self, x):
        return x * 3


def test_a_method_of_an_array_like_keys_its_instance_by_identity():
    a, b = ArrayModel([1.0]), ArrayModel([2.0])
    assert np.array_equal(a.scaled(X), X * 2) and np.array_equal(b.scaled(X), X * 2)
    assert np.array_equal(a.typed(X), X * 3)
    assert np.array_equal(a.scaled.get_concrete_function(X)(X), X * 2)
    assert ArrayModel.scaled.experimental_get_tracing_count() == 2  # one per instance
    with pytest.raises(TypeError, match='argument x is a .*ArrayModel'):
        a.scaled(b)
