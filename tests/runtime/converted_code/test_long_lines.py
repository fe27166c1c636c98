"""Statements converted to lines about WIDTH columns wide: wrapped or not, mapped to their own line.

Each statement calls `boom`, which raises, and is converted to a line of a
chosen width: around `layout.WIDTH`, where wrapping starts, and far beyond.
The blank lines and comments above it stay where they were, every line it is
printed on maps to its original line, and the exception's traceback is the
original's, frame by frame, in both Python modes.
"""
import itertools
import re
import traceback

import pytest
from loading import load

import runtime as rt
from autograph_cli.line_wrapping import WIDTH
from autograph_cli.pipeline import convert_module
from runtime.converted_code.sourcemap import SourceMap

KINDS = {  # `{pad}`: a string literal whose length sets the width of the converted line
    'assign': 'y = boom(x, {pad})',
    'augmented': 'y += boom(x, {pad})',
    'annotated': 'y: int = boom(x, {pad})',
    'expression': 'boom(x, {pad})',
    'return': 'return boom(x, {pad})',
    'raise': 'raise boom(x, {pad})',
    'assert': 'assert boom(x, {pad})',
    'two on a line': 'z = 1; y = boom(x, {pad})',
    'list comprehension': 'y = [boom(v, {pad}) for v in [x]]',
    'set comprehension': 'y = {{boom(v, {pad}) for v in [x]}}',
    'dict comprehension': 'y = {{v: boom(v, {pad}) for v in [x]}}',
    'generator': 'y = [*(boom(v, {pad}) for v in [x])]',
}
PLACES = {  # the opening line of the block the statement is in, and its indentation
    'body': ('', 4),
    'if': ('    if x:\n', 8),  # in converted code: in the `if_body` closure
    'for': ('    for _ in range(2):\n', 8),  # in `loop_body`
}
LEADING = {'none': '', 'blank': '\n', 'two blanks': '\n\n', 'comment': '# a note\n',
           'blank, comment': '\n# a note\n'}
WIDTHS = (WIDTH - 1, WIDTH, WIDTH + 1, WIDTH + 2, 2 * WIDTH + 5)
HEADER = 'def boom(x, pad):\n    return 1 // (x - x)\n'


def function_source(name, kind, place, leading, pad):
    opening, indent = PLACES[place]
    lead = ''.join(' ' * indent + line + '\n' if line else '\n'
                   for line in LEADING[leading].split('\n')[:-1])
    statement = KINDS[kind].format(pad=repr(pad))
    return f'def {name}(x):\n    y = 0\n{opening}{lead}{" " * indent}{statement}\n    return y\n'


def statement_lines(lines, name):
    """The numbers of the converted lines function `name`'s statement is printed on."""
    start = lines.index(f'def {name}(x):')
    first = next(i for i in range(start, len(lines)) if 'converted_call(boom' in lines[i])
    while lines[first - 1].endswith(','):  # wrapped before the call of boom
        first -= 1
    last = first
    while lines[last].endswith(','):  # wrapped: continued on the next line
        last += 1
    return list(range(first + 1, last + 2))


def converted_width(kind, place):
    """The width of the statement's converted line with an empty pad (the pad adds to it)."""
    lines = convert_module(HEADER + '\n\n' + function_source('f', kind, place, 'none', '')).code
    return unwrapped_width(lines.splitlines(), 'f')


def unwrapped_width(lines, name):
    """The width of function `name`'s statement before it was wrapped (after ', ', at a space)."""
    first, *rest = statement_lines(lines, name)
    return len(lines[first - 1]) + sum(1 + len(lines[n - 1].strip()) for n in rest)


def module_source():
    """(source, {(kind, place, leading, width): function name}) of every case."""
    functions, names = [HEADER], {}
    for kind, place in itertools.product(KINDS, PLACES):
        empty = converted_width(kind, place)
        assert empty < min(WIDTHS), (kind, place)
        for leading, width in itertools.product(LEADING, WIDTHS):
            name = names[kind, place, leading, width] = re.sub(
                r'\W+', '_', f'f_{kind}_{place}_{leading}_{width}')
            functions.append(function_source(name, kind, place, leading, 'p' * (width - empty)))
    return '\n\n'.join(functions), names


SOURCE, NAMES = module_source()


@pytest.fixture(scope='module')
def files(tmp_path_factory):
    """(original path, converted path): src/long.py and build/long.py."""
    root = tmp_path_factory.mktemp('long_lines')
    (root / 'src').mkdir()
    (root / 'build').mkdir()
    original = root / 'src' / 'long.py'
    original.write_text(SOURCE)
    converted = root / 'build' / 'long.py'
    converted.write_text(convert_module(SOURCE, 'src/long.py', original_path='../src/long.py').code)
    return original, converted


@pytest.mark.parametrize('kind', KINDS)
def test_a_statement_keeps_its_lines_above_and_maps_to_its_line(files, kind):
    original_lines = files[0].read_text().splitlines()
    converted_lines = files[1].read_text().splitlines()
    source_map = SourceMap('', converted_lines[-1].split("'")[3])
    for (kind_, place, leading, width), name in NAMES.items():
        if kind_ != kind:
            continue
        case = (place, leading, width)
        numbers = statement_lines(converted_lines, name)
        assert unwrapped_width(converted_lines, name) == width, case
        assert (len(numbers) > 1) == (width > WIDTH), case  # wrapped exactly when too wide
        assert all(len(converted_lines[n - 1]) <= WIDTH or "'pppppppppp" in converted_lines[n - 1]
                   for n in numbers), case  # but a pad wider than a line
        above = LEADING[leading].count('\n')  # blank lines and comments above it
        line = original_lines.index(f'def {name}(x):') + 3 + bool(PLACES[place][0]) + above
        assert original_lines[line - 1].strip()[:8] == KINDS[kind].format(pad='')[:8], case
        assert [source_map.original_line(n) for n in numbers] == [line] * len(numbers), case
        first = numbers[0]
        assert [converted_lines[n - 1].strip() for n in range(first - above, first)] == [
            original_lines[n - 1].strip() for n in range(line - above, line)], case


@pytest.fixture(params=('original', 'converted'))
def mode(request):
    rt.config.set_python_mode(request.param)
    try:
        yield request.param
    finally:
        rt.config.set_python_mode('original')


def frames(function):
    with pytest.raises(ZeroDivisionError) as info:
        function(1)
    return [tuple(f) for f in traceback.extract_tb(info.value.__traceback__)]


def test_the_traceback_is_the_originals(files, mode):
    original = load(files[0], 'long_original')
    converted = load(files[1], 'long_converted')
    for case, name in NAMES.items():
        expected = frames(getattr(original, name))
        assert frames(getattr(converted, name)) == expected, case
        assert 'boom' in expected[-2][3] and expected[-2][2] in (
            name, '<listcomp>', '<setcomp>', '<dictcomp>', '<genexpr>')
