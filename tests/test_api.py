"""The API ladder under the CLI: convert_source, convert_file, convert_tree and their helpers."""
import os
import types
from pathlib import Path

import pytest
from differential import time_limit

from autograph_cli import api, pipeline
from autograph_cli.api import Status, WriteBack
from autograph_cli.diagnostics import Diagnostic
from runtime.errors import ConversionError

GOOD = '''def f(x):
    while x > 1:
        if x % 2:
            x = x - 1
        x = x // 2
    return x
'''
BAD = 'x = 1\n\ndef f(:\n    pass\n'  # syntax error on line 3


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def write(path, text):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding='utf-8')
    return path


def record_original_paths(monkeypatch):
    """Spy on convert_module: the original_path of every call, in order."""
    real, seen = pipeline.convert_module, []

    def spy(source, path='<string>', *, original_path=None, **options):
        seen.append(original_path)
        return real(source, path, original_path=original_path, **options)
    monkeypatch.setattr(pipeline, 'convert_module', spy)
    return seen


def test_convert_source_returns_the_converters_code():
    result = api.convert_source(GOOD, 'm.py')
    assert result.code == pipeline.convert_module(GOOD, 'm.py').code
    assert result.diagnostics == ()


def test_convert_source_reports_a_syntax_error_with_its_place():
    result = api.convert_source(BAD, 'm.py')
    assert result.code is None
    [error] = result.diagnostics
    assert (error.path, error.line, error.severity) == ('m.py', 3, 'error')
    assert error.col >= 1


def test_convert_source_strict_turns_warnings_into_errors(monkeypatch):
    warning = Diagnostic('m.py', 1, 1, 'warning', "function 'f' left unconverted: generator")
    def convert_with_warning(source, path, original_path=None, **options):
        return types.SimpleNamespace(code='out', diagnostics=[warning])
    monkeypatch.setattr(pipeline, 'convert_module', convert_with_warning)
    assert api.convert_source(GOOD, 'm.py') == api.SourceResult('out', (warning,))
    strict = api.convert_source(GOOD, 'm.py', strict=True)
    assert strict.code is None
    assert [str(d) for d in strict.diagnostics] == [
        "m.py:1:1: error: function 'f' left unconverted: generator"]


def test_convert_source_reports_a_converter_crash_instead_of_raising(monkeypatch):
    def crash(source, path, original_path=None, **options):
        raise RecursionError('maximum recursion depth exceeded')
    monkeypatch.setattr(pipeline, 'convert_module', crash)
    result = api.convert_source(GOOD, 'm.py')
    assert result.code is None
    assert [str(d) for d in result.diagnostics] == [
        'm.py:1:1: error: internal converter error: RecursionError: maximum recursion depth exceeded']


@pytest.mark.parametrize('data, text, encoding', [
    (b'x = "caf\xc3\xa9"\n', 'x = "café"\n', 'utf-8'),
    (b'# -*- coding: latin-1 -*-\nx = "caf\xe9"\n', '# -*- coding: latin-1 -*-\nx = "café"\n', 'iso-8859-1'),
    (b'\xef\xbb\xbfx = 1\r\n', 'x = 1\r\n', 'utf-8-sig'),
    (b'', '', 'utf-8'),
])
def test_decode_source_follows_pep_263(data, text, encoding):
    assert api.decode_source(data, 'm.py') == (text, encoding)


@pytest.mark.parametrize('data, message', [
    (b'x = "\xff"\n', 'not valid utf-8 (byte 0xff on line 1)'),
    (b'x = 1\ny = 2\nz = "\xe9"\n', 'not valid utf-8 (byte 0xe9 on line 3)'),
    (b'# coding: ascii\nx = "\xe9"\n', 'not valid ascii (byte 0xe9 on line 2)'),
    (b'# coding: no-such-codec\nx = 1\n', 'bad encoding declaration: unknown encoding: no-such-codec'),
])
def test_decode_source_rejects_undecodable_bytes_at_1_1(data, message):
    with pytest.raises(ConversionError) as caught:
        api.decode_source(data, 'm.py')
    assert str(caught.value.diagnostic).startswith(f'm.py:1:1: error: {message}')


def test_convert_file_to_stdout_records_the_path_as_given(monkeypatch):
    write('src/m.py', GOOD)
    seen = record_original_paths(monkeypatch)
    report = api.convert_file('src/m.py')
    assert seen == ['src/m.py']
    assert report == api.FileReport('src/m.py', None, Status.CONVERTED,
                                    output=api.convert_source(GOOD, 'src/m.py', 'src/m.py').code.encode())


def test_convert_file_records_the_original_relative_to_the_output(monkeypatch):
    write('src/m.py', GOOD)
    seen = record_original_paths(monkeypatch)
    report = api.convert_file('src/m.py', 'out/sub/m.py', mode=WriteBack.FILE)
    original = os.path.join('..', '..', 'src', 'm.py')
    assert seen == [original]
    assert report.status is Status.CONVERTED and report.output == b''
    assert Path('out/sub/m.py').read_text() == api.convert_source(GOOD, 'src/m.py', original).code


def test_convert_file_does_not_rewrite_an_identical_output():
    write('m.py', GOOD)
    assert api.convert_file('m.py', 'out.py', mode=WriteBack.FILE).status is Status.CONVERTED
    os.utime('out.py', (1, 1))
    assert api.convert_file('m.py', 'out.py', mode=WriteBack.FILE).status is Status.UNCHANGED
    assert os.stat('out.py').st_mtime == 1


def test_convert_file_check_mode_compares_without_writing():
    write('m.py', GOOD)
    missing = api.convert_file('m.py', 'out.py', mode=WriteBack.CHECK)
    assert (missing.status, missing.messages()) == (Status.STALE, ['would reconvert out.py (missing)'])
    assert not Path('out.py').exists()
    api.convert_file('m.py', 'out.py', mode=WriteBack.FILE)
    assert api.convert_file('m.py', 'out.py', mode=WriteBack.CHECK).status is Status.UNCHANGED
    Path('out.py').write_bytes(Path('out.py').read_bytes() + b'\n')
    stale = api.convert_file('m.py', 'out.py', mode=WriteBack.CHECK)
    assert (stale.status, stale.detail) == (Status.STALE, 'out of date')


def test_convert_file_diff_mode():
    write('m.py', GOOD)
    report = api.convert_file('m.py', mode=WriteBack.DIFF)
    converted = api.convert_source(GOOD, 'm.py', 'm.py').code
    assert report.output == api.unified_diff(GOOD, converted, 'm.py').encode()
    assert os.listdir('.') == ['m.py']


def test_convert_file_writes_in_the_declared_encoding():
    source = '# -*- coding: latin-1 -*-\nNAME = "café"\n' + GOOD
    Path('latin.py').write_bytes(source.encode('latin-1'))
    assert api.convert_file('latin.py', 'out.py', mode=WriteBack.FILE).status is Status.CONVERTED
    data = Path('out.py').read_bytes()
    assert data == api.convert_source(source, 'latin.py', 'latin.py').code.encode('latin-1')
    assert b'caf\xe9' in data


def test_convert_file_write_failure_keeps_the_old_output(monkeypatch):
    write('m.py', GOOD)
    write('out/m.py', 'OLD\n')

    def disk_full(fd):
        raise OSError(28, 'No space left on device')
    monkeypatch.setattr(os, 'fsync', disk_full)
    report = api.convert_file('m.py', 'out/m.py', mode=WriteBack.FILE)
    assert report.status is Status.FAILED
    assert report.messages() == ['out/m.py:1:1: error: cannot write: No space left on device']
    assert Path('out/m.py').read_text() == 'OLD\n'
    assert os.listdir('out') == ['m.py']


def test_convert_file_reports_an_unreadable_path():
    os.mkdir('pkg.py')
    report = api.convert_file('pkg.py/missing.py')
    assert report.status is Status.FAILED
    assert report.messages() == ['pkg.py/missing.py:1:1: error: cannot read: No such file or directory']


def test_convert_file_refuses_to_overwrite_its_input():
    write('m.py', GOOD)
    os.link('m.py', 'hardlink.py')
    for dst in ('m.py', 'hardlink.py'):
        with pytest.raises(api.PathConflict, match='is the input file itself'):
            api.convert_file('m.py', dst, mode=WriteBack.FILE)
    assert Path('m.py').read_text() == GOOD


def test_write_atomic_failure_keeps_the_old_file_and_no_temp_file(monkeypatch):
    write('out/m.py', 'OLD\n')

    def interrupted(src, dst):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, 'replace', interrupted)
    with pytest.raises(KeyboardInterrupt):
        api.write_atomic('out/m.py', b'NEW\n')
    assert Path('out/m.py').read_text() == 'OLD\n'
    assert os.listdir('out') == ['m.py']


def test_write_atomic_creates_directories_and_replaces_contents():
    api.write_atomic('a/b/m.py', b'one\n')
    api.write_atomic('a/b/m.py', b'two\n')
    assert Path('a/b/m.py').read_bytes() == b'two\n'
    assert os.listdir('a/b') == ['m.py']


def test_find_sources_skips_hidden_cache_output_and_non_python():
    for path in ('src/b.py', 'src/a.py', 'src/pkg/c.py', 'src/notes.txt', 'src/stub.pyi',
                 'src/.venv/lib.py', 'src/__pycache__/x.py', 'src/build/old.py'):
        write(path, GOOD)
    assert api.find_sources('src', 'src/build') == [
        (os.path.join('src', name), os.path.join('src', 'build', name))
        for name in ('a.py', 'b.py', os.path.join('pkg', 'c.py'))]
    assert api.find_sources('src') == [
        (os.path.join('src', 'a.py'), None), (os.path.join('src', 'b.py'), None),
        (os.path.join('src', 'build', 'old.py'), None), (os.path.join('src', 'pkg', 'c.py'), None)]


def test_convert_tree_refuses_to_write_into_its_own_input():
    write('src/a.py', GOOD)
    for out in ('src', '.', './src/..'):
        with pytest.raises(api.PathConflict, match='must not be or contain'):
            api.convert_tree('src', out)


def test_convert_tree_in_parallel_matches_serial():
    for i in range(6):
        write(f'src/p{i % 2}/m{i}.py', GOOD * (i + 1))
    write('src/bad.py', BAD)
    serial = list(api.convert_tree('src', 'one'))
    run = api.convert_tree('src', 'two', jobs=2)
    assert len(run) == 7
    parallel = list(run)
    def outcomes(reports):
        return [(r.src, r.status, r.diagnostics) for r in reports]
    assert outcomes(serial) == outcomes(parallel)
    assert [r.status for r in serial].count(Status.FAILED) == 1
    for path in Path('one').rglob('*.py'):
        assert path.read_bytes() == (Path('two') / path.relative_to('one')).read_bytes()


def test_unified_diff_marks_a_missing_final_newline():
    assert api.unified_diff('a\nb', 'a\nc', 'm.py') == (
        '--- m.py\t(original)\n+++ m.py\t(converted)\n@@ -1,2 +1,2 @@\n a\n'
        '-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n')
    assert api.unified_diff('same\x0cline\n', 'same\x0cline\n', 'm.py') == ''


def report(status):
    return api.FileReport('m.py', None, status)


@pytest.mark.parametrize('mode, statuses, summary, exit_code', [
    (WriteBack.FILE, [Status.CONVERTED] * 3 + [Status.FAILED], '3 files converted, 1 failed', 1),
    (WriteBack.FILE, [Status.UNCHANGED, Status.CONVERTED], '1 file converted, 1 left unchanged', 0),
    (WriteBack.FILE, [], '0 files converted', 0),
    (WriteBack.CHECK, [Status.STALE, Status.UNCHANGED, Status.UNCHANGED],
     '1 file would be reconverted, 2 up to date', 1),
    (WriteBack.CHECK, [Status.UNCHANGED], '1 file up to date', 0),
    (WriteBack.DIFF, [Status.CONVERTED, Status.CONVERTED], '2 files would be converted', 0),
])
def test_tally_summary_and_exit_code(mode, statuses, summary, exit_code):
    tally = api.Tally(mode)
    for status in statuses:
        tally.add(report(status))
    assert (str(tally), tally.exit_code) == (summary, exit_code)


@pytest.mark.parametrize('encoding', ['rot13', 'hex', 'base64', 'zlib', 'bz2', 'uu', 'quopri',
                                      'undefined', 'punycode'])
def test_decode_source_refuses_an_encoding_cpython_cannot_run_with(encoding):
    data = f'# coding: {encoding}\n{GOOD}'.encode('ascii')
    with pytest.raises(SyntaxError):
        compile(data, 'm.py', 'exec')  # the yardstick: CPython refuses the file too
    with pytest.raises(ConversionError) as caught:
        api.decode_source(data, 'm.py')
    assert str(caught.value.diagnostic).startswith(f'm.py:1:1: error: encoding problem: {encoding}')


def test_convert_file_reports_a_conversion_its_encoding_cannot_hold():
    Path('m.py').write_bytes(f'# coding: idna\n{GOOD}'.encode('ascii'))
    compile(Path('m.py').read_bytes(), 'm.py', 'exec')  # CPython runs the file
    for mode, dst in ((WriteBack.STDOUT, None), (WriteBack.FILE, 'out.py'), (WriteBack.DIFF, None)):
        report = api.convert_file('m.py', dst, mode=mode)
        assert report.status is Status.FAILED
        [message] = report.messages()
        assert message.startswith('m.py:1:1: error: converted code cannot be encoded as idna: ')
    assert not Path('out.py').exists()


@pytest.mark.parametrize('make', [
    lambda path: os.mkfifo(path),
    lambda path: os.symlink(os.devnull, path),
])
def test_convert_file_refuses_an_output_that_is_not_a_regular_file(make):
    write('m.py', GOOD)
    make('out.py')
    kind = os.stat('out.py').st_mode
    with pytest.raises(api.PathConflict, match='out.py is not a regular file'), time_limit(20):
        api.convert_file('m.py', 'out.py', mode=WriteBack.FILE)
    assert os.stat('out.py').st_mode == kind
    assert sorted(os.listdir('.')) == ['m.py', 'out.py']


def test_convert_file_refuses_to_write_over_the_file_stdin_reads(monkeypatch):
    write('m.py', GOOD)
    with open('m.py', 'rb') as stdin:
        monkeypatch.setattr('sys.stdin', stdin)
        with pytest.raises(api.PathConflict, match='m.py is the file stdin reads from'):
            api.convert_file('-', 'm.py', mode=WriteBack.FILE)
    assert Path('m.py').read_text() == GOOD


def test_convert_file_reports_stdin_closed(monkeypatch):
    monkeypatch.setattr('sys.stdin', None)
    report = api.convert_file('-')
    assert report.messages() == ['<stdin>:1:1: error: cannot read: stdin is closed']


@pytest.mark.parametrize('links', [
    [('out/sub', '../src/sub')],  # relative link
    [('out/sub', '{tmp}/src/sub')],  # absolute link
    [('out', 'elsewhere'), ('elsewhere/sub', '../src/sub')],  # through a linked output directory
])
def test_convert_tree_refuses_outputs_that_link_into_the_sources(links, tmp_path):
    write('src/a.py', GOOD)
    write('src/sub/b.py', BAD)
    os.makedirs('elsewhere')
    for link, target in links:
        os.makedirs(os.path.dirname(link) or '.', exist_ok=True)
        os.symlink(target.format(tmp=tmp_path), link)
    with pytest.raises(api.PathConflict, match=r'b\.py would be written into the input directory src'):
        api.convert_tree('src', 'out')
    assert Path('src/sub/b.py').read_text() == BAD
    assert sorted(str(p) for p in Path('src').rglob('*')) == ['src/a.py', 'src/sub', 'src/sub/b.py']
    assert not list(Path('out').rglob('*.py'))


def test_convert_tree_refuses_an_output_file_that_is_a_named_pipe():
    write('src/a.py', GOOD)
    os.makedirs('out')
    os.mkfifo('out/a.py')
    for mode in (WriteBack.FILE, WriteBack.CHECK):  # --check would wait forever reading it
        with pytest.raises(api.PathConflict, match='out/a.py is not a regular file'), time_limit(20):
            api.convert_tree('src', 'out', mode=mode)


def test_convert_tree_reports_unreadable_directories_in_path_order(monkeypatch):
    for path in ('src/a.py', 'src/b/c.py', 'src/locked/d.py', 'src/z.py'):
        write(path, GOOD)
    real = os.scandir

    def scandir(path):  # as root, a chmod would not stop the read
        if os.path.basename(path) == 'locked':
            raise PermissionError(13, 'Permission denied', path)
        return real(path)
    monkeypatch.setattr(os, 'scandir', scandir)
    reports = list(api.convert_tree('src', 'out'))
    assert [(r.src, r.status) for r in reports] == [
        (os.path.join('src', 'a.py'), Status.CONVERTED), (os.path.join('src', 'z.py'), Status.CONVERTED),
        (os.path.join('src', 'b', 'c.py'), Status.CONVERTED), (os.path.join('src', 'locked'), Status.FAILED)]
    assert reports[-1].messages() == [f"{os.path.join('src', 'locked')}: error: cannot read directory: "
                                      'Permission denied']


def test_convert_tree_reports_a_named_pipe_instead_of_waiting_on_it():
    write('src/a.py', GOOD)
    os.mkfifo('src/pipe.py')
    with time_limit(20):
        reports = list(api.convert_tree('src', 'out', jobs=2))
    assert [(r.src, r.status) for r in reports] == [
        (os.path.join('src', 'a.py'), Status.CONVERTED), (os.path.join('src', 'pipe.py'), Status.FAILED)]
    assert reports[1].messages() == [
        f"{os.path.join('src', 'pipe.py')}:1:1: error: not a regular file (a named pipe); not converted"]


@pytest.mark.parametrize('path', ['', '-'])
def test_check_paths_refuses_an_empty_output_path(path):
    write('m.py', GOOD)
    with pytest.raises(api.PathConflict, match='the output path is empty'):
        api.convert_file('m.py' if path == '' else path, '', mode=WriteBack.FILE)


def test_the_converter_raises_the_runtime_s_one_conversion_error():
    """One ConversionError: the converter's is `runtime.errors.ConversionError`, so an `except
    AgError` around the API catches a conversion failure, with its diagnostic and message intact."""
    import runtime.errors
    from autograph_cli import diagnostics
    assert diagnostics.ConversionError is runtime.errors.ConversionError
    with pytest.raises(runtime.errors.AgError) as caught:
        api.decode_source(b'x = "\xff"\n', 'm.py')
    assert type(caught.value) is runtime.errors.ConversionError
    assert caught.value.diagnostic == Diagnostic('m.py', 1, 1, 'error', caught.value.diagnostic.message)
    assert str(caught.value) == str(caught.value.diagnostic)
    with pytest.raises(runtime.errors.AgError, match='already converted by agconvert'):
        pipeline.convert_module('from runtime import ag as ag__\n', 'done.py')


def test_a_conversion_error_keeps_its_diagnostic_through_pickling():
    """A worker process can hand a ConversionError back: its diagnostic survives, not just its text."""
    import pickle
    problem = Diagnostic('m.py', 3, 5, 'error', 'cannot parse: invalid syntax')
    error = pickle.loads(pickle.dumps(ConversionError(problem)))
    assert (type(error), error.diagnostic, str(error)) == (ConversionError, problem, str(problem))
    assert str(pickle.loads(pickle.dumps(ConversionError('a message')))) == 'a message'
