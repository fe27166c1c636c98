"""Source maps: the line that ends a converted module, how it maps lines, and its source digest."""
import re

import pytest

from autograph_cli.pipeline import convert_module
from runtime.converted_code.sourcemap import SourceMap, source_digest


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
    match = re.fullmatch(
        r"__ag_source_map__ = ag__\.SourceMap\('m\.py', '([0-9:=,]*)', '([0-9a-f]{16})'\)", last)
    assert match is not None, last
    assert match.group(2) == source_digest(source)
    newline = '\r\n' if '\r\n' in source else '\n'
    assert code.endswith(last + newline)
    source_map = SourceMap('m.py', match.group(1))
    converted_lines = [line.strip() for line in code.splitlines()]
    for number, line in enumerate(source.splitlines(), 1):
        if line.strip().startswith(('def ', 'return ', 'y = 1')):
            at = converted_lines.index(line.strip()) + 1
            assert source_map.original_line(at) == number, line


def test_the_digest_tells_whether_the_original_changed():
    source = 'def f(x):\n    return x\n'
    assert source_digest(source) == source_digest(source.replace('\n', '\r\n'))
    assert source_digest(source) != source_digest(source.replace('x', 'y'))
    assert re.fullmatch('[0-9a-f]{16}', source_digest(''))
