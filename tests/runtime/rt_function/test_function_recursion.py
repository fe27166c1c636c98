"""Functions converted on the fly that refer to themselves: recursion, `fn.attr`, their class."""
import functools
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import runtime as rt
from runtime.errors import ConversionError, StagingError


def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


def scaled(x):
    return scaled.factor * x


scaled.factor = 3


def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


def make_nested():
    def inner(n):  # reads itself from its enclosing function's cell
        if n <= 1:
            return 1
        return n * inner(n - 1)
    return inner


class Node:
    def __init__(self, value):
        self.value = value

    def successor(self):
        return Node(self.value + 1)  # its class, by its global name

    def depth(self, n):
        if n == 0:
            return 0
        return 1 + self.depth(n - 1)

    def __walk(self, n):
        return 0 if n == 0 else 1 + self.__walk(n - 1)

    def walk(self, n):
        return self.__walk(n)


def make_local_class():
    class Local:
        def copy(self):
            return Local()  # its class, from its enclosing function's cell
    return Local


def passthrough(f):
    @functools.wraps(f)
    def wrapper(*args):
        return f(*args)
    return wrapper


@passthrough
def decorated_fact(n):  # its module-level name is the wrapper
    return 1 if n <= 1 else n * decorated_fact(n - 1)


@rt.function
def function_fact(n):  # its module-level name is the rt.function
    return 1 if n <= 1 else n * function_fact(n - 1)


lambda_fact = lambda n: 1 if n <= 1 else n * lambda_fact(n - 1)  # noqa: E731


def through_helper(x):
    return x * fact(4)


def calls_helper(x):
    y = through_helper(x)
    return y


def tensor_depth(n):
    return 1 if n <= 1 else n * tensor_depth(n - 1)


CASES = {
    'recursion': (lambda: rt.function(fact)(5), 120),
    'own attribute': (lambda: rt.function(scaled)(np.float64(2.0)), 6.0),
    'mutual recursion': (lambda: rt.function(is_even)(7), False),
    'closure cell': (lambda: rt.function(make_nested())(5), 120),
    'class by name': (lambda: rt.function(Node(1).successor)().value, 2),
    'method recursion': (lambda: rt.function(Node(1).depth)(4), 4),
    'private method recursion': (lambda: rt.function(Node(1).walk)(3), 3),
    'local class by cell': (lambda: type(rt.function(make_local_class()().copy)()).__name__,
                            'Local'),
    'decorated': (lambda: rt.function(decorated_fact)(5), 120),
    'rt.function global': (lambda: function_fact(5), 120),
    'lambda': (lambda: rt.function(lambda_fact)(5), 120),
    'helper of an rt.function': (lambda: rt.function(calls_helper)(np.float64(2.0)), 48.0),
    'to_graph': (lambda: rt.autograph.to_graph(fact)(6), 720),
    'to_graph of a helper': (lambda: rt.autograph.to_graph(calls_helper)(2), 48),
}


@pytest.mark.parametrize('case', CASES)
def test_functions_that_refer_to_themselves_convert_and_run(case):
    run, expected = CASES[case]
    assert run() == expected


@pytest.mark.parametrize('fn', [fact, scaled, is_even, make_nested(), Node.depth, calls_helper])
def test_to_code_shows_self_referring_functions(fn):
    code = rt.autograph.to_code(fn)
    assert code.startswith(f'def {fn.__name__}(') and 'ag__.' in code


def test_recursion_on_python_values_inside_a_trace_unrolls_into_the_graph():
    @rt.function
    def power_sum(x, n):
        return x if n <= 1 else x ** n + power_sum(x, n - 1)

    x = np.array([1.0, 2.0])
    assert power_sum(x, 3).tolist() == (x ** 3 + x ** 2 + x).tolist()
    assert power_sum.experimental_get_tracing_count() == 3


def test_recursion_whose_depth_depends_on_a_tensor_is_a_clear_error():
    with pytest.raises(StagingError, match='recursi'):
        rt.function(tensor_depth)(np.int32(5))


SCRIPT = textwrap.dedent('''
    import runtime as rt
    def fact(n):
        return 1 if n <= 1 else n * fact(n - 1)
    print(rt.function(fact)(5))
''')


@pytest.mark.parametrize('how', ['file', 'python -c'])
def test_recursion_in_main_runs(tmp_path, how):
    script = tmp_path / 'main.py'
    script.write_text(SCRIPT)
    command = [sys.executable, str(script)] if how == 'file' else [sys.executable, '-c', SCRIPT]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout) == (0, '120\n'), result.stderr
    if how == 'file':  # python -c has no source: run as written, with a warning saying why
        assert result.stderr == ''
    else:
        assert 'its source is not available' in result.stderr


def test_to_code_of_a_function_without_source_is_a_conversion_error():
    namespace = {}
    exec('def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n', namespace)  # noqa: S102
    with pytest.raises(ConversionError, match='source is not available'):
        rt.autograph.to_code(namespace['fact'])
