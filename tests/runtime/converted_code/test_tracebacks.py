"""Exceptions leaving converted code are the original's, and so are their tracebacks.

The converted module is imported from a directory of its own; its source map
records the original's path relative to it. Each line that raises in ORIGINAL
is marked `# raises: <case>`, so the expected line numbers come from the
source itself. Every test runs in both Python modes: 'original' (the default:
the module runs its original code objects) and 'converted' (it runs its
converted code, whose code objects carry the original positions and whose
tracebacks are filtered).
"""
import doctest
import linecache
import sys
import textwrap
import traceback

import numpy as np
import pytest
from loading import load

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.converted_code.frames import RUNTIME_DIR

ORIGINAL = textwrap.dedent('''\
    """Functions whose lines move when converted.

    >>> in_else(2)
    2
    >>> in_else(-5)
    Traceback (most recent call last):
      ...
    IndexError: list index out of range
    """


    def in_while(n):
        i = 0
        while i < 10:
            i += 1
            if i == n:
                return 10 // (i - n)  # raises: in_while
        return i


    def in_else(x):
        if x > 0:
            y = x
        else:
            y = [x][x]  # raises: in_else
        return y


    def loop_test(xs):
        k = 0
        while xs[k] != 0:  # raises: loop_test
            k += 1
        return k


    def after_break(xs):
        for x in xs:
            if x < 0:
                break
        else:
            x = 0
        return 10 // x  # raises: after_break


    def nested(v):
        def inner(w):
            for _ in range(2):
                if w:
                    return int(w)  # raises: nested
            return 0
        if v:
            return inner(v)
        return None


    def multi_line(a, b):
        for _ in range(1):
            total = (a +
                     b / 0  # raises: multi_line
                     )
        return total


    def condition(x):
        if len(x) > 1:  # raises: condition
            return 1
        return 0


    def long_condition(xs, i):
        while (len(xs) > 0 and
               xs[i] > 0):  # raises: long_condition
            i += 1
        return i


    def long_return(xs):
        for x in xs:
            if x:
                return (x +
                        1 / 0)  # raises: long_return
        return 0


    def calls_library(text):
        if text:
            return int(text)  # raises: calls_library
        return 0


    def through_calls(n):
        if n:
            return nested(n)
        return 0


    def chained(xs):
        for x in xs:
            try:
                return in_else(x)
            except IndexError as e:
                if x < -9:
                    raise KeyError(x) from e  # raises: chained
                raise
        return None


    def in_listcomp(xs):
        if xs:
            return [int(v) for v in xs]  # raises: listcomp
        return []


    def in_setcomp(xs):
        seen = set()
        for x in xs:
            seen |= {len(x) +
                     int(v) for v in x}  # raises: setcomp
        return seen


    def in_dictcomp(xs):
        n = 0
        while {v: int(v) for v in xs}:  # raises: dictcomp
            n += 1
        return n


    def in_genexpr(xs):
        total = 0
        for x in xs:
            if x:
                total += sum(int(v) for v in x)  # raises: genexpr
        return total


    def bare_genexpr(xs):
        for x in xs:
            return sum(
                int(v)  # raises: bare_genexpr
                for v in x
            )
        return 0


    def long_comprehension(xs):
        if xs:
            first = 0

            values = {str(key): int(key) + len(xs) * first for key in xs if key is not None and len(key) < 9}  # raises: long_comprehension
        return values


    def staged(x):
        if x.shape[0] > 2:
            raise ValueError('too long')  # raises: staged
        return x * 2
''')

CASES = {  # case -> (the `# raises:` mark of the innermost line, function, arguments)
    'in_while': ('in_while', 'in_while', 3),
    'in_else': ('in_else', 'in_else', -5),
    'loop_test': ('loop_test', 'loop_test', [1, 2]),
    'after_break': ('after_break', 'after_break', [1, 2]),
    'nested': ('nested', 'nested', 'x'),
    'multi_line': ('multi_line', 'multi_line', 1, 2),
    'condition': ('condition', 'condition', 5),
    'long_condition': ('long_condition', 'long_condition', [1, 2], 0),
    'long_return': ('long_return', 'long_return', [0, 2]),
    'calls_library': ('calls_library', 'calls_library', 'y'),
    'through_calls': ('nested', 'through_calls', 'x'),
    'chained': ('chained', 'chained', [-10]),
    'reraised': ('in_else', 'chained', [-5]),
    'listcomp': ('listcomp', 'in_listcomp', ['1', 'a']),
    'setcomp': ('setcomp', 'in_setcomp', [['1'], ['2', 'b']]),
    'dictcomp': ('dictcomp', 'in_dictcomp', ['c']),
    'genexpr': ('genexpr', 'in_genexpr', [['1'], ['d']]),
    'bare_genexpr': ('bare_genexpr', 'bare_genexpr', [['1', 'f']]),
    'long_comprehension': ('long_comprehension', 'long_comprehension', ['1', 'e']),
}
MODES = ('original', 'converted')
def original_line(case):
    lines = ORIGINAL.splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.endswith(f'# raises: {case}'))


@pytest.fixture(params=MODES)
def mode(request):
    rt.config.set_python_mode(request.param)
    try:
        yield request.param
    finally:
        rt.config.set_python_mode('original')


@pytest.fixture
def modules(tmp_path, mode):
    """(original module, converted module, original path): src/original.py and build/original.py."""
    (tmp_path / 'src').mkdir()
    (tmp_path / 'build').mkdir()
    original_path = tmp_path / 'src' / 'original.py'
    original_path.write_text(ORIGINAL)
    code = convert_module(ORIGINAL, 'src/original.py', original_path='../src/original.py').code
    (tmp_path / 'build' / 'original.py').write_text(code)
    converted = load(tmp_path / 'build' / 'original.py', 'tb_converted')
    return load(original_path, 'tb_original'), converted, str(original_path)


def raised(fn, *args):
    with pytest.raises(Exception) as info:
        fn(*args)
    return info.value


def frames(tb):
    return [tuple(f) for f in traceback.extract_tb(tb)]


def described(exc):
    """Everything about an exception but its traceback."""
    return (type(exc), str(exc), exc.args, vars(exc), getattr(exc, '__notes__', None),
            exc.__suppress_context__)


@pytest.mark.parametrize('case', sorted(CASES))
def test_exception_and_traceback_are_the_originals(modules, case):
    original, converted, original_path = modules
    mark, name, *args = CASES[case]
    expected = raised(getattr(original, name), *args)
    got = raised(getattr(converted, name), *args)
    assert described(got) == described(expected)
    assert getattr(got, '__notes__', None) is None
    assert frames(got.__traceback__) == frames(expected.__traceback__)
    innermost = frames(got.__traceback__)[-1]
    assert innermost[:2] == (original_path, original_line(mark))
    for link in ('__cause__', '__context__'):
        got_link, expected_link = getattr(got, link), getattr(expected, link)
        assert (got_link is None) == (expected_link is None)
        if got_link is not None:
            assert described(got_link) == described(expected_link)
            assert frames(got_link.__traceback__) == frames(expected_link.__traceback__)


def test_the_formatted_traceback_shows_the_users_lines(modules):
    original, converted, original_path = modules
    text = ''.join(traceback.format_exception(raised(converted.through_calls, 'x')))
    assert f'File "{original_path}", line {original_line("nested")}, in inner' in text
    assert 'return int(w)  # raises: nested' in text
    assert 'if_body' not in text and 'loop_body' not in text and RUNTIME_DIR not in text


def test_a_full_traceback_keeps_the_runtime_frames(modules, mode):
    _, converted, original_path = modules
    rt.config.set_traceback_mode('full')
    try:
        error = raised(converted.in_while, 3)
    finally:
        rt.config.set_traceback_mode('filtered')
    names = [(f.filename.startswith(RUNTIME_DIR), f.name)
             for f in traceback.extract_tb(error.__traceback__)]
    if mode == 'original':
        assert names[-1] == (False, 'in_while') and names.count((False, 'in_while')) == 1
    else:  # the function's frame, its loop body's, its if body's, and the operators' between
        assert names.count((False, 'in_while')) == 3
        assert (True, 'while_stmt') in names and (True, 'if_stmt') in names


def test_doctests_with_expected_tracebacks_pass_on_the_converted_module(modules):
    _, converted, _ = modules
    results = doctest.testmod(converted, report=False)
    assert results == (0, 2)


def test_a_debugger_sees_the_original_lines(modules):
    _, converted, original_path = modules
    seen = []

    def tracer(frame, event, arg):
        if frame.f_code.co_filename == original_path:
            seen.append((event, frame.f_code.co_name, frame.f_lineno))
        return tracer
    sys.settrace(tracer)
    try:
        raised(converted.in_while, 3)
    finally:
        sys.settrace(None)
    lines = {line for event, _, line in seen if event == 'line'}
    assert {name for _, name, _ in seen} == {'in_while'}
    assert original_line('in_while') in lines
    assert ('exception', 'in_while', original_line('in_while')) in seen
    source = {line: linecache.getline(original_path, line).strip() for line in lines}
    first = original_line('in_while') - 5  # the def line
    assert all(first <= line <= first + 7 and text for line, text in source.items()), source


def test_an_error_while_tracing_points_at_the_users_line(modules):
    original, converted, original_path = modules
    expected = raised(original.staged, np.zeros(3))
    got = raised(rt.function(converted.staged), np.zeros(3))
    assert described(got) == described(expected)
    assert frames(got.__traceback__) == frames(expected.__traceback__)  # no runtime frame between
    assert frames(got.__traceback__)[-1] == (original_path, original_line('staged'), 'staged',
                                             "raise ValueError('too long')  # raises: staged")
    rt.config.set_traceback_mode('full')
    try:
        every = frames(raised(rt.function(converted.staged), np.zeros(4)).__traceback__)
    finally:
        rt.config.set_traceback_mode('filtered')
    assert any(f[0].startswith(RUNTIME_DIR) for f in every)
    assert every[-1] == frames(got.__traceback__)[-1]


def test_a_bad_argument_is_reported_at_the_call():
    f = rt.function(lambda x: x, input_signature=[rt.TensorSpec([3], np.float64)])
    error = raised(f, np.zeros(4))
    assert isinstance(error, rt.errors.InvalidArgumentError)
    assert [name for _, _, name, _ in frames(error.__traceback__)] == ['raised']


@pytest.mark.parametrize('where', ['absolute', 'missing'])
def test_converted_code_names_the_original_file_when_it_is_there(tmp_path, where):
    source = 'def f(x):\n    if x:\n        return 1 / 0\n'
    original = tmp_path / 'src' / 'orig.py'
    original.parent.mkdir()
    if where == 'absolute':
        original.write_text(source)
    converted = tmp_path / 'build' / 'm.py'
    converted.parent.mkdir()
    converted.write_text(convert_module(source, str(original)).code)
    module = load(converted, 'tb_absolute')
    rt.config.set_python_mode('converted')
    try:
        innermost = frames(raised(module.f, 1).__traceback__)[-1]
    finally:
        rt.config.set_python_mode('original')
    if where == 'absolute':
        assert innermost == (str(original), 3, 'f', 'return 1 / 0')
    else:  # nothing to pair the code with: converted positions, which show existing lines
        assert innermost[0] == str(converted) and '1 / 0' in innermost[3]
