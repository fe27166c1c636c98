"""Source maps: an exception raised in converted code names the original file and line.

The converted module is imported from a directory of its own; the source map
records the original's path relative to it, which the note resolves against
the converted module's `__file__`. Each line that raises in ORIGINAL is marked
`# raises: <case>`, so the expected line numbers come from the source itself.
"""
import importlib.util
import re
import sys
import textwrap

import pytest

from autograph_cli.pipeline import convert_module
from runtime.sourcemap import SourceMap

ORIGINAL = textwrap.dedent('''\
    """Functions whose lines move when converted."""


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


    def calls_library(text):
        if text:
            return int(text)  # raises: calls_library
        return 0


    def through_calls(n):
        if n:
            return nested(n)
        return 0
''')

CASES = {  # case -> (function, argument)
    'in_while': ('in_while', 3),
    'in_else': ('in_else', -5),
    'loop_test': ('loop_test', [1, 2]),
    'after_break': ('after_break', [1, 2]),
    'nested': ('nested', 'x'),
    'multi_line': ('multi_line', 1, 2),
    'condition': ('condition', 5),
    'calls_library': ('calls_library', 'y'),
}

_loaded = []


def original_line(case):
    lines = ORIGINAL.splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.endswith(f'# raises: {case}'))


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _loaded.append(name)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _forget_modules():
    yield
    while _loaded:
        sys.modules.pop(_loaded.pop(), None)


@pytest.fixture
def modules(tmp_path):
    """(original module, converted module, original path): src/original.py and build/original.py."""
    (tmp_path / 'src').mkdir()
    (tmp_path / 'build').mkdir()
    original_path = tmp_path / 'src' / 'original.py'
    original_path.write_text(ORIGINAL)
    code = convert_module(ORIGINAL, 'src/original.py', original_path='../src/original.py').code
    (tmp_path / 'build' / 'original.py').write_text(code)
    converted = load(tmp_path / 'build' / 'original.py', 'sm_converted')
    return load(original_path, 'sm_original'), converted, original_path


def raised(fn, *args):
    with pytest.raises(Exception) as info:
        fn(*args)
    return info.value


@pytest.mark.parametrize('case', sorted(CASES))
def test_exception_names_the_original_line_once_and_is_otherwise_unchanged(modules, case):
    original, converted, original_path = modules
    name, *args = CASES[case]
    expected = raised(getattr(original, name), *args)
    got = raised(getattr(converted, name), *args)
    assert (type(got), str(got), got.args) == (type(expected), str(expected), expected.args)
    assert getattr(expected, '__notes__', []) == []
    assert got.__notes__ == [
        f'(agconvert) raised from original source {original_path}:{original_line(case)}']


def test_one_note_through_several_converted_frames(modules):
    _, converted, original_path = modules
    error = raised(converted.through_calls, 'x')
    assert error.__notes__ == [
        f'(agconvert) raised from original source {original_path}:{original_line("nested")}']


def test_converted_functions_still_return_normally(modules):
    original, converted, _ = modules
    for name, args in [('in_while', (20,)), ('in_else', (2,)), ('loop_test', ([1, 0],)),
                       ('after_break', ([3, -2],)), ('nested', (0,)), ('condition', ('a',))]:
        assert getattr(converted, name)(*args) == getattr(original, name)(*args)


def test_an_absolute_original_path_is_kept(tmp_path):
    source = 'def f(x):\n    if x:\n        return 1 / 0\n'
    (tmp_path / 'abs_mod.py').write_text(convert_module(source, '/elsewhere/orig.py').code)
    module = load(tmp_path / 'abs_mod.py', 'sm_absolute')
    assert raised(module.f, 1).__notes__ == [
        '(agconvert) raised from original source /elsewhere/orig.py:3']


def test_original_line_round_trips_a_hand_written_map():
    # lines 3-5 copied from 1-3, lines 6-8 generated for line 2, line 9 on copied from 10 on
    source_map = SourceMap('x.py', '3:1,6=2,9:10')
    assert [source_map.original_line(line) for line in range(1, 13)] == [
        None, None, 1, 2, 3, 2, 2, 2, 10, 11, 12, 13]
    assert SourceMap('x.py', '').original_line(5) is None


def test_original_path_is_relative_to_the_converted_file():
    assert SourceMap('../src/a.py', '').original_path('/p/build/a.py') == '/p/src/a.py'
    assert SourceMap('/abs/a.py', '').original_path('/p/build/a.py') == '/abs/a.py'
    assert SourceMap('a.py', '').original_path(None) == 'a.py'


@pytest.mark.parametrize('source', [
    'def f():\n    return 1\n',
    'def f():\n    return 1',  # no final newline
    'def f(x):\r\n    y = 1\r\n    if x:\r\n        y = 2\r\n    return y\r\n',
    '"""Only a docstring."""\n',
    '',
])
def test_the_map_is_the_last_line_and_maps_the_copied_lines(source):
    code = convert_module(source, 'm.py').code
    last = code.splitlines()[-1]
    match = re.fullmatch(r"__ag_source_map__ = ag__\.SourceMap\('m\.py', '([0-9:=,]*)'\)", last)
    assert match is not None, last
    newline = '\r\n' if '\r\n' in source else '\n'
    assert code.endswith(last + newline)
    source_map = SourceMap('m.py', match.group(1))
    converted_lines = [line.strip() for line in code.splitlines()]
    for number, line in enumerate(source.splitlines(), 1):
        if line.strip().startswith(('def ', 'return ', 'y = 1')):
            at = converted_lines.index(line.strip()) + 1
            assert source_map.original_line(at) == number, line
