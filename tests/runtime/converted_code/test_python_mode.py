"""Dispatch: a converted module runs its original code on Python values, converted code in traces.

MODULE is converted into a directory of its own (its source map names the
original relative to it) and imported; `original_code(f)` says whether a
function currently runs the original's code object.
"""
import functools
import os
import subprocess
import sys
import textwrap
import threading
import warnings

import numpy as np
import pytest
from loading import load

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.ag_operators import dispatch
from runtime.converted_code import code_positions
from runtime.errors import StaleConversionWarning

MODULE = textwrap.dedent('''\
    import functools
    import sys
    import warnings

    import runtime as rt


    def plain(x):
        if x > 0:
            return x * 2
        return -x


    def logged(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            return fn(*args)
        return wrapper


    def bare(fn):
        def call(*args):
            return fn(*args)
        return call


    @logged
    def decorated(x):
        return plain(x) + 1


    @bare
    def barely_decorated(x):
        return plain(x) + 2


    @functools.lru_cache(maxsize=None)
    def cached(n):
        return n if n < 2 else cached(n - 1) + cached(n - 2)


    @rt.function
    def traced(x):
        if x > 0:
            x = x * 2
        return x


    def make_scaler(k):
        def scale(x):
            if x > 0:
                return x * k
            return -x
        return scale


    class Shape:
        sides = 0

        def __init__(self, size):
            self.size = size

        def area(self):
            return self.size * self.size if self.sides == 4 else 0

        @staticmethod
        def unit():
            return Shape(1)

        @classmethod
        def named(cls, name):
            return cls(len(name))

        @property
        def double(self):
            return self.size * 2

        @double.setter
        def double(self, value):
            self.size = value // 2

        class Inner:
            def deep(self):
                return 'deep'


    HANDLERS = {'plain': plain, 'scale': functools.partial(plain)}
    square = lambda v: v * v  # noqa: E731


    def warn_here(message, level):
        warnings.warn(message, UserWarning, stacklevel=level)


    def warn_through(message, level):
        for _ in range(1):
            if level:
                warn_here(message, level)


    def warn_from_caller(message, level):
        while level:
            warn_through(message, level)
            level = 0


    def caller_of_caller():
        return sys._getframe(2).f_code.co_name


    def asks_who():
        if True:
            return caller_of_caller()


    def runs_converted():
        return 'ag__' in plain.__code__.co_names
''')

def convert_to(tmp_path, source=MODULE):
    original = tmp_path / 'src' / 'shapes.py'
    original.parent.mkdir(exist_ok=True)
    original.write_text(source)
    converted = tmp_path / 'build' / 'shapes.py'
    converted.parent.mkdir(exist_ok=True)
    converted.write_text(convert_module(source, str(original)).code)
    return original, converted


@pytest.fixture
def modules(tmp_path):
    """(original module, converted module, original path)."""
    original, converted = convert_to(tmp_path)
    return load(original, 'pm_original'), load(converted, 'pm_converted'), str(original)


def original_code(function, path):
    """Whether `function` runs an original code object (else converted code, `converted_info`)."""
    code = function.__code__
    if code_positions.converted_info(code) is not None:
        return False
    assert code.co_filename == path and 'ag__' not in code.co_names, code
    return True


def every_function(module):
    shape = vars(module.Shape)
    return {
        'plain': module.plain, 'decorated': module.decorated,
        'decorated.__wrapped__': module.decorated.__wrapped__,
        'barely_decorated': module.barely_decorated,
        'barely_decorated (inside)': module.barely_decorated.__closure__[0].cell_contents,
        'cached': module.cached.__wrapped__, 'traced': module.traced.python_function,
        'make_scaler': module.make_scaler, 'Shape.area': shape['area'],
        'Shape.__init__': shape['__init__'], 'Shape.unit': shape['unit'].__func__,
        'Shape.named': shape['named'].__func__, 'Shape.double': shape['double'].fget,
        'Shape.double.setter': shape['double'].fset, 'Shape.Inner.deep': module.Shape.Inner.deep,
        'square': module.square,
    }


def test_every_function_of_the_module_runs_the_original_code(modules):
    original, converted, path = modules
    functions = every_function(converted)
    assert all(original_code(f, path) for f in functions.values()), [
        name for name, f in functions.items() if not original_code(f, path)]
    for name, function in functions.items():  # the same code the original module runs
        assert function.__code__.co_code == every_function(original)[name].__code__.co_code, name
    assert converted.make_scaler(3).__code__.co_filename == path  # made from original code
    assert converted.decorated(2) == original.decorated(2) == 5
    assert converted.barely_decorated(-2) == 4 and converted.cached(20) == 6765
    shape = converted.Shape.named('four')
    shape.double = 6
    assert (shape.size, shape.double, converted.Shape.unit().size) == (3, 6, 1)
    assert converted.HANDLERS['plain'] is converted.plain


def test_the_switch_runs_converted_code_and_back(modules):
    _, converted, path = modules
    rt.config.set_python_mode('converted')
    try:
        assert rt.config.python_mode() == 'converted'
        assert not any(original_code(f, path) for f in every_function(converted).values())
        assert converted.plain.__code__.co_filename == path  # converted code, original positions
        assert converted.decorated(2) == 5 and converted.Shape(3).double == 6
    finally:
        rt.config.set_python_mode('original')
    assert all(original_code(f, path) for f in every_function(converted).values())
    with pytest.raises(ValueError, match="one of \\('original', 'converted'\\)"):
        rt.config.set_python_mode('fast')


def test_tracing_runs_converted_code_and_gives_the_same_graphs(modules):
    _, converted, path = modules
    inside = rt.function(lambda x: (x + 1, converted.runs_converted()))
    assert inside(np.float64(1.0))[1] is True  # while tracing
    assert converted.runs_converted() is False  # and after
    assert converted.traced(np.float64(3.0)) == 6.0 and converted.traced(np.float64(-3.0)) == -3.0
    f = rt.function(converted.plain)  # an `if` on a tensor: only converted code stages it
    assert [f(np.float64(v)) for v in (2.0, -5.0)] == [4.0, 5.0]
    assert f.experimental_get_tracing_count() == 1
    assert original_code(converted.plain, path) and not dispatch.tracing


def test_a_closure_made_from_original_code_is_traced_as_converted_code(modules):
    _, converted, path = modules
    scale = converted.make_scaler(3.0)
    assert original_code(scale, path) and scale(2.0) == 6.0

    @rt.function
    def f(x):  # converted on the fly: its call of `scale` goes through converted_call
        return scale(x) + 1
    assert [f(np.float64(v)) for v in (2.0, -5.0)] == [7.0, 6.0]
    assert rt.autograph.to_graph(scale).__code__.co_filename == path
    assert 'ag__' in rt.autograph.to_graph(scale).__code__.co_names


def test_to_code_shows_the_converted_module(modules):
    _, converted, _ = modules
    code = rt.autograph.to_code(converted.plain)
    assert code.startswith('def plain(x):\n    with ag__.FunctionScope(')


def test_an_error_while_tracing_leaves_original_code_installed(modules):
    _, converted, path = modules

    def fails(x):
        converted.plain(x)
        raise KeyError('bad')
    with pytest.raises(KeyError):
        rt.function(fails)(np.float64(1.0))
    assert not dispatch.tracing and original_code(converted.plain, path)


def test_python_mode_and_traces_in_other_threads_agree(modules):
    original, converted, path = modules
    expected = [original.plain(v) for v in range(-50, 50)]
    failures, stop = [], threading.Event()

    def python_values():
        while not stop.is_set():
            got = [converted.plain(v) for v in range(-50, 50)]
            if got != expected:
                failures.append(got)

    def traces(offset):
        for i in range(15):
            f = rt.function(lambda x, i=i: converted.plain(x) + i)
            try:  # a trace that ran the original code raises: a failure too
                if f(np.float64(offset)) != converted.plain(offset) + i:
                    failures.append((offset, i))
            except Exception as error:
                failures.append((offset, i, error))
    workers = [threading.Thread(target=python_values) for _ in range(2)]
    tracers = [threading.Thread(target=traces, args=(v,)) for v in (2.0, -3.0)]
    for thread in workers + tracers:
        thread.start()
    for thread in tracers:
        thread.join()
    stop.set()
    for thread in workers:
        thread.join()
    assert failures == []
    assert not dispatch.tracing and original_code(converted.plain, path)


def warning_places(function, level):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        function('careful', level)
    return [(w.filename, w.lineno) for w in caught]


@pytest.mark.parametrize('level', [1, 2, 3, 4])
def test_warnings_are_attributed_as_the_originals(modules, level):
    original, converted, path = modules
    got = warning_places(converted.warn_from_caller, level)
    assert got == warning_places(original.warn_from_caller, level)
    assert got[0][0] == (path if level < 4 else __file__)


def test_callees_that_read_the_stack_see_the_originals_frames(modules):
    original, converted, _ = modules
    assert converted.asks_who() == original.asks_who() == 'test_callees_that_read_the_stack_' \
        'see_the_originals_frames'


def test_a_changed_original_keeps_converted_code_and_warns_once(tmp_path):
    original, converted = convert_to(tmp_path)
    original.write_text(MODULE.replace('return -x', 'return x'))
    with pytest.warns(StaleConversionWarning) as caught:
        module = load(converted, 'pm_stale')
        load(converted, 'pm_stale_again')
    assert len(caught) == 1
    message = str(caught[0].message)
    assert str(converted) in message and str(original) in message and 'agconvert --check' in message
    assert 'ag__' in module.plain.__code__.co_names and module.plain(-2) == 2


def test_a_missing_original_keeps_converted_code_silently(tmp_path):
    original, converted = convert_to(tmp_path)
    original.unlink()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        module = load(converted, 'pm_missing')
    assert 'ag__' in module.plain.__code__.co_names and module.plain(-2) == 2


def test_the_environment_chooses_the_python_mode(tmp_path):
    _, converted = convert_to(tmp_path)
    script = ('import sys; sys.path.insert(0, sys.argv[1]); import shapes, runtime as rt; '
              "print(rt.config.python_mode(), 'ag__' in shapes.plain.__code__.co_names)")
    outputs = []
    for value in ('converted', '', 'nonsense'):
        run = subprocess.run([sys.executable, '-c', script, str(converted.parent)],
                             capture_output=True, text=True, timeout=60,
                             env={**os.environ, 'AGCONVERT_PYTHON_MODE': value})
        assert run.returncode == 0, run.stderr
        outputs.append((run.stdout.strip(), 'AGCONVERT_PYTHON_MODE' in run.stderr))
    assert outputs == [('converted True', False), ('original False', False),
                       ('original False', True)]


def test_functools_partial_of_a_registered_function_is_dispatched(modules):
    _, converted, path = modules
    partial = converted.HANDLERS['scale']
    assert isinstance(partial, functools.partial) and original_code(partial.func, path)


SCRIPT = textwrap.dedent('''\
    import warnings


    def helper(x):
        if x:
            warnings.warn('from helper', stacklevel=2)
            return x + 1
        return 0


    def main():
        helper(1)
        return ['ag__' in f.__code__.co_names for f in (helper, main)]


    if __name__ == '__main__':
        print(main(), main())
''')


def test_a_script_runs_its_original_code_from_its_main_block(tmp_path):
    """The main block runs before the module's last line: its first converted call installs.

    That first call itself runs on (it is converted code); what it calls, and
    every later call, runs the original's code.
    """
    _, converted = convert_to(tmp_path, SCRIPT)
    run = subprocess.run([sys.executable, '-W', 'always', str(converted)], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == '[False, False] [False, False]\n'
    original = str(tmp_path / 'src' / 'shapes.py')
    assert run.stderr.endswith(f'{original}:12: UserWarning: from helper\n  helper(1)\n')
