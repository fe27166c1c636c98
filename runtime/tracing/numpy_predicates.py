"""numpy's predicates on symbolic tensors, written in existing ops as numpy writes them (the same
answers): isposinf, isneginf, isclose, allclose, array_equal, iscomplexobj, isrealobj, iscomplex,
isreal; and the type queries result_type and can_cast, answered from the abstract type as numpy
answers from an array's dtype."""
import numpy as np

from . import builders
from .numpy_handlers import _reject_out, handles
from .numpy_statistics import as_array, known_shape, scalar_if_0d


# numpy's isinf(x) & ~signbit(x) is x == inf (ONNX has no sign bit; a comparison it has)
@handles(np.isposinf)
def _isposinf(x, out=None):
    _reject_out(out)
    return as_array(x) == np.inf


@handles(np.isneginf)
def _isneginf(x, out=None):
    _reject_out(out)
    return as_array(x) == -np.inf


@handles(np.isclose)
def _isclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    x, y, atol, rtol = (v if isinstance(v, (int, float, complex)) else as_array(v)
                        for v in (a, b, atol, rtol))
    if (dtype := getattr(y, 'dtype', None)) is not None and dtype.kind != 'm':
        dt = np.result_type(y.dtype, 1.)
        y = y if y.dtype == dt else y.astype(dt)
    elif isinstance(y, int):
        y = float(y)
    # numpy's `abs(x - y) <= atol + rtol * abs(y) & isfinite(y) | (x == y)` in an errstate
    # ignoring inf - inf and 0 * inf; here they are not computed: where x == y or y is not
    # finite the comparison does not decide the result, so zeros stand in (the same answers,
    # no floating-point error, and ONNX exports it)
    same, finite = x == y, np.isfinite(y)
    difference = np.abs(np.where(same, 0, x) - np.where(same, 0, y))
    result = np.less_equal(difference, atol + rtol * np.abs(np.where(finite, y, 0))) & finite | same
    if equal_nan:
        result = result | (np.isnan(x) & np.isnan(y))
    return scalar_if_0d(result)


def _as_python_bool(value):
    """numpy answers a Python bool: so do we eagerly; a traced answer stays a bool tensor."""
    return value if builders.current_builder() is not None else bool(value)


@handles(np.allclose)
def _allclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    return _as_python_bool(np.all(_isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


@handles(np.array_equal)
def _array_equal(a1, a2, equal_nan=False):
    a1, a2 = as_array(a1), as_array(a2)
    if known_shape(a1, 'numpy.array_equal') != known_shape(a2, 'numpy.array_equal'):
        return False
    equal = a1 == a2
    if equal_nan and not all(np.dtype(d).kind in 'biu' for d in (a1.dtype, a2.dtype)):
        equal = equal | (np.isnan(a1) & np.isnan(a2))  # NaNs at the same places are equal
    return _as_python_bool(np.all(equal))


@handles(np.iscomplexobj)
def _iscomplexobj(x):
    return issubclass(as_array(x).dtype.type, np.complexfloating)


@handles(np.isrealobj)
def _isrealobj(x):
    return not _iscomplexobj(x)


@handles(np.iscomplex)
def _iscomplex(x):
    x = as_array(x)
    if issubclass(x.dtype.type, np.complexfloating):
        return np.imag(x) != 0
    return np.zeros_like(x, dtype=bool)


@handles(np.isreal)
def _isreal(x):
    x = as_array(x)
    if issubclass(x.dtype.type, np.complexfloating):
        return np.imag(x) == 0
    return np.ones_like(x, dtype=bool)


def _type_of(value):
    """numpy's answer from an array depends on its dtype only (NEP 50): a graph value's dtype."""
    return value.dtype if hasattr(value, 'dtype') and not isinstance(
        value, (np.ndarray, np.generic, type)) else value


@handles(np.result_type)
def _result_type(*arrays_and_dtypes):
    return np.result_type(*map(_type_of, arrays_and_dtypes))


@handles(np.can_cast)
def _can_cast(from_, to, casting='safe'):
    return np.can_cast(_type_of(from_), to, casting)
