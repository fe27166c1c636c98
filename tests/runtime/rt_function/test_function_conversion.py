"""Conversion on the fly (rt.function, converted_call, rt.autograph); original source lines."""
import functools
import importlib.util
import inspect
import sys
import textwrap
import traceback

import numpy as np
import pytest

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.errors import ConversionError, OperatorNotAllowedInGraphError

COUNTER = 0


def scale(x, mode):
    """Doubles or negates."""
    global COUNTER
    COUNTER += 1
    if mode == 'double':
        y = x * 2
    else:
        y = -x
    return y


def line_of(fn, text):
    """The line of `fn`'s source file holding `text`."""
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_python_if_on_a_python_argument_is_converted_on_the_fly():
    f = rt.function(scale)
    before = COUNTER
    assert f(np.array([1.0, 2.0]), 'double').tolist() == [2.0, 4.0]
    assert f(np.array([1.0, 2.0]), 'negate').tolist() == [-1.0, -2.0]
    assert COUNTER == before + 2  # global writes go to this module's globals
    code = rt.autograph.to_code(scale)
    assert code.startswith('def scale(x, mode):\n    """Doubles or negates."""\n')
    assert "ag__.if_stmt(mode == 'double', if_body, else_body" in code
    assert 'global COUNTER' in code and 'ag__.bind' not in code


def test_to_graph_keeps_globals_closure_and_metadata():
    total = 0

    def accumulate(x, *, by=3):
        nonlocal total
        total += by
        return x + total

    converted = rt.autograph.to_graph(accumulate)
    assert 'ag__' in converted.__code__.co_names
    assert converted.__globals__ is accumulate.__globals__
    assert converted(1) == 4 and accumulate(1) == 7 and converted(1, by=1) == 8
    assert (converted.__name__, converted.__qualname__, converted.__kwdefaults__) == (
        'accumulate', accumulate.__qualname__, {'by': 3})
    assert rt.autograph.to_graph(accumulate) is converted  # cached


class Counter:
    def __init__(self):
        self.__count = 0  # name-mangled: the converted method must mangle it the same way

    def bump(self, n):
        for _ in range(n):
            self.__count += 1
        return self.__count


class Sub(Counter):
    def bump(self, n):
        return super().bump(n) * 10


def test_methods_convert_with_private_names_and_super():
    assert rt.autograph.to_graph(Sub().bump)(2) == 20
    assert 'ag__.for_stmt' in rt.autograph.to_code(Counter.bump)


@rt.do_not_convert
def left_alone(x):
    return x


@pytest.mark.parametrize('entity, reason', [
    (left_alone, 'marked do_not_convert'), (textwrap.dedent, 'library code'),
    (len, 'not a Python function'), (lambda x: x, 'lambdas are not converted'),
])
def test_what_is_never_converted(entity, reason):
    with pytest.raises(ConversionError, match=reason):
        rt.autograph.to_graph(entity)


def test_unconvertible_functions_run_as_written():
    assert rt.function(lambda x: x + 1)(np.ones(2)).tolist() == [2.0, 2.0]
    assert rt.function(left_alone)(np.ones(2)).tolist() == [1.0, 1.0]


def truncate(x):
    return int(x)  # converted, int() of a tensor is a cast; as written, it needs a value


class Halve:
    def __call__(self, x):
        return float(x) / 2


def test_user_functions_called_in_a_trace_are_converted():
    @rt.function
    def f(x):
        return truncate(x), Halve()(x), functools.partial(truncate)(x)

    results = f(np.float32(2.5))
    assert [r.tolist() for r in results] == [2, 1.25, 2]
    assert [r.dtype for r in results] == [np.int_, np.float64, np.int_]
    with pytest.raises(OperatorNotAllowedInGraphError):
        rt.function(truncate, autograph=False)(np.float32(2.5))


def test_run_functions_eagerly_runs_the_converted_function():
    f = rt.function(scale)
    rt.config.run_functions_eagerly(True)
    try:
        assert f(np.ones(2), 'negate').tolist() == [-1.0, -1.0]
        assert f.experimental_get_tracing_count() == 0
    finally:
        rt.config.run_functions_eagerly(False)
    assert f.experimental_get_tracing_count() == 0 and not rt.config.functions_run_eagerly()


def bad_index(x):
    y = x * 2
    return np.take(y, 5)


def raise_at_trace(x):
    if x.shape:
        raise ValueError('bad input')
    return x


def test_errors_name_the_original_line_on_the_fly():
    with pytest.raises(IndexError) as caught:
        rt.function(bad_index)(np.arange(3.0))
    assert caught.value.__notes__ == [
        f"(agconvert) raised by graph op 'take' created at {__file__}:"
        f"{line_of(bad_index, 'np.take')}"]
    with pytest.raises(ValueError) as caught:
        rt.function(raise_at_trace)(np.arange(3.0))
    assert not hasattr(caught.value, '__notes__')  # raised while tracing: the traceback says where
    frames = traceback.extract_tb(caught.value.__traceback__)
    line = line_of(raise_at_trace, 'raise ValueError')
    assert tuple(frames[-1]) == (__file__, line, 'raise_at_trace', "raise ValueError('bad input')")
    assert [f.name for f in frames if f.filename == __file__][-2:] == [
        'test_errors_name_the_original_line_on_the_fly', 'raise_at_trace']


AOT_SOURCE = '''\
import numpy as np


def pick(x, i):
    y = x * 2
    return np.take(y, i)
'''


def test_errors_name_the_original_line_ahead_of_time(tmp_path):
    original = tmp_path / 'model.py'
    original.write_text(AOT_SOURCE)
    converted = tmp_path / 'build' / 'model_converted.py'
    converted.parent.mkdir()
    converted.write_text(convert_module(AOT_SOURCE, str(original)).code)
    spec = importlib.util.spec_from_file_location('model_converted', converted)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pick = rt.function(module.pick)
    assert pick(np.arange(3.0), np.array(1)) == 2.0
    assert pick._python() is module.pick  # converted ahead of time: not converted again
    with pytest.raises(IndexError) as caught:
        pick(np.arange(3.0), np.array(7))
    assert caught.value.__notes__ == [
        f"(agconvert) raised by graph op 'take' created at {original}:6"]
    assert 'model_converted' not in sys.modules


def test_bound_methods_and_callable_objects_are_converted():
    assert rt.function(Halve())(np.float64(3.0)) == 1.5  # float() of a tensor: converted
    counter = Sub()
    bump = rt.function(counter.bump)
    assert bump(1) == 10 and bump(2) == 30


def test_conversion_failures_warn_and_run_as_written():
    namespace = {'ag__': 'taken'}
    exec('def taken(x):\n    return x + 1\n', namespace)
    with pytest.warns(rt.errors.AutoGraphWarning, match='source is not available'):
        assert rt.function(namespace['taken'])(np.ones(2)).tolist() == [2.0, 2.0]
    with pytest.raises(ConversionError, match='cannot convert taken: its source'):
        rt.autograph.to_graph(namespace['taken'])


def test_warnings_about_code_run_by_python_dash_c_do_not_crash():
    import subprocess
    import sys
    code = ('import numpy as np, runtime as rt\n'
            'def g(x):\n    return x\n'
            'print(rt.function(g)(np.zeros(2)).shape)\n')
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == '(2,)\n'
    assert 'AutoGraphWarning' in result.stderr  # its source is not available to convert
