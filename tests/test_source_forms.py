"""Unusual but valid source forms convert as CPython reads them; converted modules are recognised."""
import os
from pathlib import Path

import pytest

from autograph_cli import api
from autograph_cli.api import Status, WriteBack

BODY = 'def f(x):\n    if x:\n        x = -x\n    return x\n'


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def run_both(source, code, *calls):
    """Results of f(*args) for each call, in the original and in the converted module."""
    original, converted = {}, {}
    exec(compile(source, 'm.py', 'exec', dont_inherit=True), original)
    exec(compile(code, 'm.py', 'exec', dont_inherit=True), converted)
    return ([original['f'](*args) for args in calls], [converted['f'](*args) for args in calls])


@pytest.mark.parametrize('source, place', [
    ('x = 1\ny = 2\0\n', (2, 6)),
    ('x = 1\r\n\r\n# a comment\0\r\n', (3, 12)),
    ('def f():\n    """doc\n    more\0"""\n', (3, 9)),
])
def test_a_null_byte_is_reported_at_its_line_and_column(source, place):
    [error] = api.convert_source(source, 'm.py').diagnostics
    assert (error.line, error.col) == place
    assert 'null bytes' in error.message


# CPython accepts these (a tab advances to the next multiple of 8 columns, a form feed resets
# the column to 0); libcst refuses them, or keeps form feeds in indentation it repeats.
@pytest.mark.parametrize('source', [
    'def f(x):\n    if x:\n \t     x = -x\n    return x\n',
    'def f(x):\n if x:\n\t y = 1\n\t x = -x\n return x\n',
    'def f(x):\n    if x:\n\f        x = -x\n    return x\n',
    'def f(x):\n\f    y = 0\n\f    while x > 0:\n\f        x -= 1\n\f        y += 2\n\f    return y\n',
    'def f(x):\n    \f if x:\n      x = -x\n    \f return x\n',
    'def f(x):\n\f\tif x:\n\f\t\tx = -x\n\f\t# comment\n\f\treturn x\n',
])
def test_indentation_cpython_accepts_converts_to_code_that_behaves_the_same(source):
    result = api.convert_source(source, 'm.py')
    assert result.diagnostics == ()
    expected, got = run_both(source, result.code, (0,), (3,), (-2,))
    assert got == expected


def test_a_parenthesised_annotated_target_converts_and_keeps_its_meaning():
    source = ('(x): int = 1\n(y): int\nz: int = 3\n\nclass C:\n    (a): int = 1\n\n'
              'def f(x):\n    (y): int\n    if x:\n        (n): int = x\n        x = n + y\n'
              '    (\n        w\n    ): int = 2\n    return x + w\n\ny = 10\n')
    result = api.convert_source(source, 'm.py')
    assert result.diagnostics == ()
    for line in ('(x): int = 1\n', '(y): int\n', '    (a): int = 1\n', '(\n', '): int = 2\n'):
        assert line in result.code
    original, converted = {}, {}
    exec(compile(source, 'm.py', 'exec'), original)
    exec(compile(result.code, 'm.py', 'exec'), converted)
    # a parenthesised target is not recorded as an annotation, and does not make a name local
    assert converted['__annotations__'] == original['__annotations__'] == {'z': int}
    assert converted['C'].__annotations__ == original['C'].__annotations__ == {}
    assert [converted['f'](v) for v in (0, 5)] == [original['f'](v) for v in (0, 5)] == [2, 17]


@pytest.mark.parametrize('change', [
    lambda code: code.replace('import ag as ag__\n', 'import ag as ag__  # noqa: E402\n'),
    lambda code: code.replace('from runtime import ag as ag__', 'from runtime import (\n    ag as ag__)'),
])
def test_a_converted_module_is_recognised_by_its_import_statement(change):
    converted = change(api.convert_source(BODY, 'm.py').code)
    [error] = api.convert_source(converted, 'c.py').diagnostics
    assert 'already converted by agconvert' in error.message
    assert converted.splitlines()[error.line - 1].startswith('from runtime import')


def test_the_import_text_elsewhere_is_not_a_converted_module():
    source = ('X = """\nfrom runtime import ag as ag__\n"""\n'
              '# from runtime import ag as ag__\n' + BODY)
    result = api.convert_source(source, 'm.py')
    assert result.diagnostics == ()
    assert result.code.count('from runtime import ag as ag__') == 3  # the header, a string, a comment


@pytest.mark.parametrize('mode', [WriteBack.FILE, WriteBack.STDOUT, WriteBack.DIFF, WriteBack.CHECK])
def test_an_ascii_source_under_a_non_ascii_path_converts(mode):
    source = '# coding: ascii\n' + BODY
    path = Path('donn\u00e9es', '\u6a21\u5757.py')
    path.parent.mkdir()
    path.write_bytes(source.encode('ascii'))
    dst = os.path.join('out', 'm.py') if mode in (WriteBack.FILE, WriteBack.CHECK) else None
    report = api.convert_file(str(path), dst, mode=mode)
    assert report.status is (Status.STALE if mode is WriteBack.CHECK else Status.CONVERTED)
    assert report.diagnostics == ()
    code = Path(dst).read_bytes() if mode is WriteBack.FILE else report.output
    code.decode('ascii')
    if mode is WriteBack.FILE:
        namespace = {}
        exec(compile(code, dst, 'exec'), namespace)
        assert namespace['__ag_source_map__'].path == os.path.join('..', str(path))


def test_an_output_its_encoding_cannot_read_back_is_an_error_not_a_broken_file(tmp_path):
    """punycode encodes text that its decoder, fed line by line as CPython does, cannot read."""
    source, dst = tmp_path / 'p.py', tmp_path / 'out.py'
    source.write_bytes(b'# -*- coding: punycode -*-\n-')
    report = api.convert_file(str(source), str(dst), mode=WriteBack.FILE)
    [error] = report.diagnostics
    assert (error.line, error.col) == (1, 1)
    assert error.message.startswith('converted code cannot be stored as punycode')
    assert '\n' not in error.message
    assert not dst.exists()
