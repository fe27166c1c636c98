"""A tensor made a Python number: the error says why, and suggests code that works in a graph.

Each suggestion is run: the numpy twin of every math function, and
`x.astype(np.float64)` / `x.astype(np.int64)` for float() and int(), give in a
graph what the Python code gives on the value.
"""
import math

import numpy as np
import pytest

import runtime as rt
from runtime.errors import OperatorNotAllowedInGraphError
from runtime.tracing.conversions import MATH_TWINS

SCALAR = [rt.TensorSpec([], np.float64)]
# arguments in each function's domain (default: 0.5, and 0.25 for a second one)
ARGUMENTS = {'acosh': (1.5,), 'ldexp': (0.5, 3), 'gcd': (12, 8), 'lcm': (12, 8),
             'nextafter': (0.5, 1.0), 'hypot': (0.3, 0.4), 'log': (2.0,)}


def arguments(name):
    return ARGUMENTS.get(name, (0.5, 0.25)[:getattr(np, MATH_TWINS[name]).nin])


def raised(function, *args, **options):
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        rt.function(function, **options)(*args)
    return str(caught.value)


def in_converted_code(name):
    def calls_math(x, *rest):
        return getattr(math, name)(x, *rest)
    return calls_math


def not_converted(name):
    function = getattr(math, name)
    return lambda *xs: function(*xs)  # rt.function converts no lambda


def test_every_math_function_with_a_numpy_twin_is_known():
    assert {'sqrt', 'exp', 'log', 'sin', 'atan2', 'floor', 'trunc', 'pow', 'gcd'} <= set(MATH_TWINS)
    assert MATH_TWINS['asin'] == 'arcsin' and MATH_TWINS['pow'] == 'float_power'
    assert 'remainder' not in MATH_TWINS  # IEEE remainder: not numpy's `%`


@pytest.mark.parametrize('name', sorted(MATH_TWINS))
def test_a_math_function_of_a_tensor_names_its_numpy_twin_which_works(name):
    twin = MATH_TWINS[name]
    args = arguments(name)
    values = [np.array(a, np.int64 if isinstance(a, int) else np.float64) for a in args]
    for autograph in (True, False):  # converted code (converted_call knows), and not converted
        function = in_converted_code(name) if autograph else not_converted(name)
        message = raised(function, *values, autograph=autograph)
        assert message.startswith(f'math.{name}() is not allowed on a symbolic tensor: ')
        assert f"Use numpy's np.{twin} in its place (np.{twin}(x) for math.{name}(x))" in message
        assert 'astype' not in message
    expected = getattr(math, name)(*args)
    got = rt.function(lambda *xs: getattr(np, twin)(*xs))(*values)
    if isinstance(expected, tuple):  # frexp, modf
        assert [float(g) for g in got] == pytest.approx(list(expected), rel=1e-12)
    elif isinstance(expected, bool):  # isnan, isinf, isfinite
        assert bool(got) is expected
    else:
        assert float(got) == pytest.approx(expected, rel=1e-12)


def test_a_math_function_without_a_numpy_twin_says_so_and_py_function_works():
    message = raised(in_converted_code('erf'), np.float64(0.5))
    assert message.endswith('numpy has no function doing what math.erf does: compute it from '
                            'numpy functions, or run it when the graph runs with '
                            'rt.py_function(func, inp, Tout).')
    f = rt.function(lambda x: rt.py_function(math.erf, [x], np.float64))
    assert float(f(np.float64(0.5))) == math.erf(0.5)


def test_math_log_with_a_base_is_told_the_quotient():
    message = raised(in_converted_code('log'), np.float64(8.0), np.float64(2.0))
    assert 'math.log(x, base) is np.log(x) / np.log(base)' in message
    assert float(rt.function(lambda x, b: np.log(x) / np.log(b))(np.float64(8.0), np.float64(2.0))) \
        == pytest.approx(math.log(8.0, 2.0))


def test_math_functions_that_ask_no_float_name_their_twin_too():
    """math.gcd asks an int (`__index__`), math.trunc calls `__trunc__`."""
    assert "np.gcd in its place" in raised(lambda x: math.gcd(x, 8), np.int64(12), autograph=False)
    assert "np.trunc in its place" in raised(lambda x: math.trunc(x), np.float64(2.5),
                                             autograph=False)


def explicit_float(x):
    return float(x) + 1


def explicit_int(x):
    return int(x) + 1


@pytest.mark.parametrize('function, kind', [(explicit_float, 'float'), (explicit_int, 'int')])
def test_float_and_int_in_code_that_is_not_converted_say_why_and_what_works(function, kind):
    message = raised(function, np.float64(-2.75), autograph=False)
    assert message.startswith(
        f'{kind}() is not allowed on a symbolic tensor: a Python {kind} is a number Python has '
        'now, while tracing, and this value is only known when the graph runs, where a value is '
        'a tensor. The code doing it')
    assert f'use x.astype(np.{kind}64), a tensor, which is what {kind}(x) gives in converted code' \
        in message
    assert 'np.float64(x)' not in message and 'np.int64(x)' not in message  # not staged
    suggestion = rt.function(lambda x: x.astype(getattr(np, f'{kind}64')) + 1, autograph=False)
    for value in (-2.75, 3.5, 0.0):
        assert suggestion(np.float64(value)) == function(value)
    converted = rt.function(function)  # the other suggestion: have it converted
    assert converted(np.float64(-2.75)) == function(-2.75)


def formats(x):
    return '%.2f' % x


def test_a_float_python_asks_for_other_code_is_not_told_to_convert():
    for autograph in (True, False):
        message = raised(formats, np.float64(1.5), autograph=autograph)
        assert 'here Python itself asked for a float for other code' in message
        assert 'rt.print' in message and 'rt.py_function' in message
        assert 'not converted, so' not in message
    printed = rt.function(lambda x: rt.print(x.astype(np.float64)) or x)
    assert printed(np.float64(1.5)) == 1.5
