"""The agconvert command line: every call of the CLI contract, stdout and stderr checked apart."""
import ctypes
import io
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner
from differential import time_limit

from autograph_cli import __version__, api, cli, pipeline
from autograph_cli.diagnostics import Diagnostic
from runtime.errors import ConversionError

AGCONVERT = Path(sys.executable).with_name('agconvert')
GOOD = 'def f(x):\n    if x > 0:\n        x = -x\n    return x\n'
LOOP = 'def g(n):\n    while n > 1:\n        n = n // 2\n    return n\n'
BAD = 'def f(x):\n    return x\n\ndef g(:\n    pass\n'  # syntax error on line 4


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def run(*args, input=None):
    return CliRunner().invoke(cli.main, list(args), input=input)


def write(path, text):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding='utf-8')
    return path


def expected(source, path, original_path):
    return pipeline.convert_module(source, path, original_path=original_path).code


def make_tree():
    write('src/a.py', GOOD)
    write('src/pkg/b.py', LOOP)
    write('src/pkg/deep/c.py', GOOD + LOOP)
    write('src/pkg/data.txt', 'not python\n')


def tree_bytes(root):
    return {path.relative_to(root): path.read_bytes() for path in Path(root).rglob('*.py')}


def test_file_to_stdout_records_the_path_as_given():
    write('f.py', GOOD)
    result = run('f.py')
    assert (result.exit_code, result.stdout, result.stderr) == (0, expected(GOOD, 'f.py', 'f.py'), '')


def test_output_file_is_written_with_a_relative_source_map_path():
    write('f.py', GOOD)
    result = run('f.py', '-o', 'build/gen/f.py')  # parent directories do not exist yet
    assert (result.exit_code, result.stdout, result.stderr) == (0, '', '')
    original = os.path.join('..', '..', 'f.py')
    assert Path('build/gen/f.py').read_text() == expected(GOOD, 'f.py', original)


def test_tree_mirrors_paths_and_leaves_other_files_alone():
    make_tree()
    result = run('src', '-o', 'build')
    assert (result.exit_code, result.stdout, result.stderr) == (0, '', '3 files converted\n')
    converted = sorted(str(p.relative_to('build')) for p in Path('build').rglob('*') if p.is_file())
    assert converted == ['a.py', os.path.join('pkg', 'b.py'), os.path.join('pkg', 'deep', 'c.py')]
    original = os.path.join('..', '..', '..', 'src', 'pkg', 'deep', 'c.py')
    assert Path('build/pkg/deep/c.py').read_text() == expected(GOOD + LOOP, 'src/pkg/deep/c.py', original)
    assert Path('src/pkg/data.txt').read_text() == 'not python\n'


def test_stdin_to_stdout_and_errors_name_stdin():
    result = run('-', input=GOOD)
    assert (result.exit_code, result.stdout, result.stderr) == (0, expected(GOOD, '<stdin>', '<stdin>'), '')
    result = run('-', input=BAD)
    assert (result.exit_code, result.stdout) == (1, '')
    assert re.fullmatch(r'<stdin>:4:\d+: error: .+\n', result.stderr)


def test_diff_shows_original_to_converted_and_writes_nothing():
    write('f.py', GOOD)
    result = run('--diff', 'f.py')
    assert result.exit_code == 0
    assert result.stderr == ''
    assert result.stdout == api.unified_diff(GOOD, expected(GOOD, 'f.py', 'f.py'), 'f.py')
    assert result.stdout.startswith('--- f.py\t(original)\n+++ f.py\t(converted)\n@@ ')
    assert sorted(os.listdir('.')) == ['f.py']


def test_diff_of_a_tree_goes_to_stdout_in_path_order():
    make_tree()
    result = run('--diff', 'src')
    assert result.exit_code == 0
    headers = [line for line in result.stdout.splitlines() if line.startswith('--- ')]
    names = ['a.py', os.path.join('pkg', 'b.py'), os.path.join('pkg', 'deep', 'c.py')]
    assert headers == [f"--- {os.path.join('src', name)}\t(original)" for name in names]
    assert result.stderr == '3 files would be converted\n'
    assert not Path('build').exists()


def test_check_file_up_to_date_stale_and_missing():
    write('f.py', GOOD)
    missing = run('--check', 'f.py', '-o', 'out.py')
    assert (missing.exit_code, missing.stdout) == (1, '')
    assert missing.stderr == 'would reconvert out.py (missing)\n'
    assert not Path('out.py').exists()
    assert run('f.py', '-o', 'out.py').exit_code == 0
    current = run('--check', 'f.py', '-o', 'out.py')
    assert (current.exit_code, current.stdout, current.stderr) == (0, '', '')
    write('f.py', GOOD + LOOP)
    stale = run('--check', 'f.py', '-o', 'out.py')
    assert (stale.exit_code, stale.stderr) == (1, 'would reconvert out.py (out of date)\n')


def test_check_tree_lists_every_stale_file():
    make_tree()
    assert run('src', '-o', 'build').exit_code == 0
    assert run('--check', 'src', '-o', 'build').stderr == '3 files up to date\n'
    write('src/a.py', LOOP)
    os.remove('build/pkg/b.py')
    result = run('--check', 'src', '-o', 'build')
    assert result.exit_code == 1
    assert result.stdout == ''
    assert result.stderr.splitlines() == [
        f"would reconvert {os.path.join('build', 'a.py')} (out of date)",
        f"would reconvert {os.path.join('build', 'pkg', 'b.py')} (missing)",
        '2 files would be reconverted, 1 up to date',
    ]
    assert not Path('build/pkg/b.py').exists()


def test_jobs_2_gives_the_same_bytes_as_jobs_1():
    make_tree()
    for i in range(5):
        write(f'src/more/m{i}.py', GOOD * (i + 1))
    for jobs in ('1', '2'):
        result = run('--jobs', jobs, 'src', '-o', f'jobs{jobs}')
        assert (result.exit_code, result.stderr) == (0, '8 files converted\n')
    assert tree_bytes('jobs1') == tree_bytes('jobs2')
    assert len(tree_bytes('jobs1')) == 8


def test_syntax_error_names_the_place_and_writes_nothing():
    write('bad.py', BAD)
    result = run('bad.py', '-o', 'out.py')
    assert (result.exit_code, result.stdout) == (1, '')
    assert re.fullmatch(r'bad\.py:4:\d+: error: .+\n', result.stderr)
    assert not Path('out.py').exists()


def test_undecodable_file_is_an_error_at_1_1():
    Path('bad.py').write_bytes(b'x = 1\ny = "caf\xe9"\n')
    result = run('bad.py', '-o', 'out.py')
    assert result.exit_code == 1
    assert result.stderr == ('bad.py:1:1: error: not valid utf-8 (byte 0xe9 on line 2); '
                             'save the file as UTF-8 or declare its encoding with a PEP 263 coding comment\n')
    assert not Path('out.py').exists()


def test_directory_with_bad_files_converts_the_rest():
    make_tree()
    write('src/pkg/broken.py', BAD)
    Path('src/pkg/undecodable.py').write_bytes(b'x = "\xff"\n')
    result = run('src', '-o', 'build')
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert re.fullmatch(re.escape(os.path.join('src', 'pkg', 'broken.py')) + r':4:\d+: error: .+', lines[0])
    assert lines[1].startswith(os.path.join('src', 'pkg', 'undecodable.py') + ':1:1: error: not valid utf-8')
    assert lines[2:] == ['3 files converted, 2 failed']
    assert sorted(p.name for p in Path('build').rglob('*.py')) == ['a.py', 'b.py', 'c.py']


def test_missing_path_is_a_usage_error():
    result = run('nowhere.py')
    assert (result.exit_code, result.stdout) == (2, '')
    assert "Path 'nowhere.py' does not exist" in result.stderr


def test_already_converted_file_is_refused():
    write('f.py', GOOD)
    assert run('f.py', '-o', 'out.py').exit_code == 0
    result = run('out.py', '-o', 'again.py')
    assert result.exit_code == 1
    assert re.fullmatch(r'out\.py:\d+:\d+: error: .*converted.*\n', result.stderr)
    assert not Path('again.py').exists()


def test_failed_conversion_leaves_the_existing_output_untouched(monkeypatch):
    write('f.py', GOOD)
    write('out.py', 'OLD\n')

    def fail(source, path='<string>', *, original_path=None, **options):
        raise ConversionError(Diagnostic(path, 1, 1, 'error', 'simulated failure'))
    monkeypatch.setattr(pipeline, 'convert_module', fail)
    result = run('f.py', '-o', 'out.py')
    assert (result.exit_code, result.stderr) == (1, 'f.py:1:1: error: simulated failure\n')
    assert Path('out.py').read_text() == 'OLD\n'
    assert sorted(os.listdir('.')) == ['f.py', 'out.py']  # no temporary file left behind


def test_warnings_are_printed_and_strict_makes_them_errors(monkeypatch):
    write('f.py', GOOD)
    real = pipeline.convert_module

    def convert_with_warning(source, path='<string>', *, original_path=None, **options):
        warning = Diagnostic(path, 2, 5, 'warning', "function 'f' left unconverted: generator")
        converted = real(source, path, original_path=original_path, **options)
        return types.SimpleNamespace(code=converted.code, diagnostics=[warning])
    monkeypatch.setattr(pipeline, 'convert_module', convert_with_warning)
    lenient = run('f.py', '-o', 'out.py')
    assert lenient.exit_code == 0
    assert lenient.stderr == "f.py:2:5: warning: function 'f' left unconverted: generator\n"
    assert Path('out.py').exists()
    strict = run('--strict', 'f.py', '-o', 'strict.py')
    assert strict.exit_code == 1
    assert strict.stderr == "f.py:2:5: error: function 'f' left unconverted: generator\n"
    assert not Path('strict.py').exists()


def test_output_is_deterministic():
    make_tree()
    assert run('src', '-o', 'one').exit_code == 0
    assert run('src', '-o', 'two').exit_code == 0
    assert tree_bytes('one') == tree_bytes('two')
    assert run('src/a.py').stdout_bytes == run('src/a.py').stdout_bytes


@pytest.mark.parametrize('args, message', [
    (['f.py', '-o', 'f.py'], 'is the input file itself'),
    (['f.py', '-o', './sub/../f.py'], 'is the input file itself'),
    (['src'], 'src is a directory: give an output directory with -o'),
    (['src', '-o', 'src'], 'must not be or contain the input directory'),
    (['src', '-o', 'f.py'], 'f.py is not a directory'),
    (['f.py', '-o', 'src'], 'src is a directory; give the path of the output file'),
    (['--diff', 'f.py', '-o', 'out.py'], '--diff prints to stdout'),
    (['--check', 'f.py'], '--check needs -o'),
    (['--check', '--diff', 'f.py', '-o', 'out.py'], 'cannot be combined'),
    (['--jobs', '0', 'src', '-o', 'build'], "Invalid value for '-j' / '--jobs'"),
    (['--no-such-option', 'f.py'], 'No such option'),
])
def test_usage_errors_exit_2(args, message):
    write('f.py', GOOD)
    write('src/a.py', GOOD)
    Path('sub').mkdir()
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ''
    assert message in result.stderr
    assert Path('f.py').read_text() == GOOD


def test_no_progress_bar_when_stderr_is_not_a_terminal():
    for i in range(25):
        write(f'src/m{i:02}.py', GOOD)
    result = run('--jobs', '2', 'src', '-o', 'build')
    assert (result.exit_code, result.stderr) == (0, '25 files converted\n')


def test_progress_bar_on_a_terminal_for_many_files(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    terminal = Terminal()
    monkeypatch.setattr(sys, 'stderr', terminal)
    reports = [api.FileReport(f'm{i}.py', None, api.Status.CONVERTED) for i in range(cli.PROGRESS_MIN_FILES)]
    boom = Diagnostic('m3.py', 1, 1, 'error', 'boom')
    reports[3] = api.FileReport('m3.py', None, api.Status.FAILED, (boom,))
    tally = api.Tally(api.WriteBack.FILE)
    cli.show_all(reports, tally)
    assert 'converting' in terminal.getvalue() and '100%' in terminal.getvalue()
    assert cli.CLEAR_LINE + 'm3.py:1:1: error: boom\n' in terminal.getvalue()
    assert str(tally) == '19 files converted, 1 failed'


def agconvert(*args, input=None):
    return subprocess.run([str(AGCONVERT), *args], input=input, capture_output=True, check=False)


def test_installed_script_stdout_and_stdin():
    write('f.py', GOOD)
    from_file = agconvert('f.py')
    assert (from_file.returncode, from_file.stderr) == (0, b'')
    assert from_file.stdout == expected(GOOD, 'f.py', 'f.py').encode()
    from_stdin = agconvert('-', input=GOOD.encode())
    assert (from_stdin.returncode, from_stdin.stderr) == (0, b'')
    assert from_stdin.stdout == expected(GOOD, '<stdin>', '<stdin>').encode()


def test_installed_script_tree_in_parallel_and_errors():
    make_tree()
    write('src/broken.py', BAD)
    result = agconvert('--jobs', '2', 'src', '-o', 'build')
    assert result.returncode == 1
    assert result.stdout == b''
    assert re.fullmatch(rb'src/broken\.py:4:\d+: error: .+\n3 files converted, 1 failed\n', result.stderr)
    assert sorted(p.name for p in Path('build').rglob('*')) == ['a.py', 'b.py', 'c.py', 'deep', 'pkg']


def test_installed_script_usage_errors_and_version():
    missing = agconvert('nowhere.py')
    assert missing.returncode == 2
    assert b"Path 'nowhere.py' does not exist" in missing.stderr
    version = agconvert('--version')
    assert (version.returncode, version.stdout) == (0, f'agconvert, version {__version__}\n'.encode())


def test_empty_output_path_is_a_usage_error():
    write('f.py', GOOD)
    for args in (['f.py', '-o', ''], ['--check', 'f.py', '-o', '']):
        result = run(*args)
        assert (result.exit_code, result.stdout) == (2, '')
        assert 'Error: -o needs a path; it was given an empty one.' in result.stderr
    assert sorted(os.listdir('.')) == ['f.py']


@pytest.mark.parametrize('jobs', ['1', '2'])
def test_encodings_cpython_cannot_run_with_fail_alone_in_a_tree(jobs):
    write('src/a.py', GOOD)
    write('src/z.py', LOOP)
    for encoding in ('rot13', 'hex', 'undefined', 'idna'):
        Path(f'src/{encoding}.py').write_bytes(f'# coding: {encoding}\n{GOOD}'.encode('ascii'))
    result = run('--jobs', jobs, 'src', '-o', 'build')
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split(': error: ')[0] for line in lines[:-1]] == [
        os.path.join('src', f'{name}.py') + ':1:1' for name in ('hex', 'idna', 'rot13', 'undefined')]
    assert lines[-1] == '2 files converted, 4 failed'
    assert sorted(p.name for p in Path('build').rglob('*.py')) == ['a.py', 'z.py']


def test_an_output_linking_into_the_sources_or_a_device_is_refused():
    make_tree()
    os.makedirs('build')
    os.symlink(os.path.abspath('src/pkg'), 'build/pkg')
    before = tree_bytes('src')
    tree = run('src', '-o', 'build')
    assert (tree.exit_code, tree.stdout) == (2, '')
    assert 'would be written into the input directory src' in tree.stderr
    device = run('src/a.py', '-o', os.devnull)
    assert device.exit_code == 2
    assert f'Error: {os.devnull} is not a regular file (a character device)' in device.stderr
    assert tree_bytes('src') == before and not list(Path('build').rglob('*.py'))


def test_a_named_pipe_in_a_tree_is_reported_not_waited_on():
    make_tree()
    os.mkfifo('src/pkg/pipe.py')
    with time_limit(20):
        result = run('--check', 'src', '-o', 'build')
    assert result.exit_code == 1
    assert (os.path.join('src', 'pkg', 'pipe.py') + ':1:1: error: not a regular file (a named pipe); '
            'not converted') in result.stderr.splitlines()


def drop_root_powers():
    """In a child process: without the capabilities that let root read any file (if it is root)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: lost at exec for uid 0 too
            raise OSError(ctypes.get_errno(), 'prctl(PR_CAPBSET_DROP)')


def agconvert_unprivileged(*args):
    return subprocess.run([str(AGCONVERT), *args], capture_output=True, text=True, check=False,
                          preexec_fn=drop_root_powers)


def test_unreadable_files_and_directories_are_errors_even_for_root():
    make_tree()
    write('src/locked/hidden.py', GOOD)
    os.chmod('src/locked', 0)
    os.chmod('src/pkg/b.py', 0)
    try:
        for args, summary in ((['src', '-o', 'build'], '2 files converted, 2 failed'),
                              (['--check', 'src', '-o', 'build'], '2 files up to date, 2 failed')):
            result = agconvert_unprivileged(*args)
            assert result.returncode == 1
            assert result.stderr.splitlines()[:2] == [
                f"{os.path.join('src', 'locked')}: error: cannot read directory: Permission denied",
                f"{os.path.join('src', 'pkg', 'b.py')}:1:1: error: cannot read: Permission denied"]
            assert result.stderr.splitlines()[-1] == summary
        single = agconvert_unprivileged('src/pkg/b.py')
        assert (single.returncode, single.stdout) == (1, '')
        assert single.stderr == 'src/pkg/b.py:1:1: error: cannot read: Permission denied\n'
    finally:
        os.chmod('src/locked', 0o755)
        os.chmod('src/pkg/b.py', 0o644)


def close_fd(fd):
    return lambda: os.close(fd)


def test_closed_or_failing_standard_streams_are_clear_errors():
    write('f.py', GOOD)
    no_stdout = subprocess.run([str(AGCONVERT), 'f.py'], capture_output=False, stderr=subprocess.PIPE,
                               preexec_fn=close_fd(1), check=False)
    assert (no_stdout.returncode, no_stdout.stderr) == (1, b'<stdout>: error: cannot write: stdout is closed\n')
    with open('/dev/full', 'wb') as full:
        disk_full = subprocess.run([str(AGCONVERT), 'f.py'], stdout=full, stderr=subprocess.PIPE, check=False)
    assert (disk_full.returncode, disk_full.stderr) == (
        1, b'<stdout>: error: cannot write: No space left on device\n')
    no_stdin = subprocess.run([str(AGCONVERT), '-'], capture_output=True, preexec_fn=close_fd(0), check=False)
    assert (no_stdin.returncode, no_stdin.stdout) == (1, b'')
    assert no_stdin.stderr == b'<stdin>:1:1: error: cannot read: stdin is closed\n'


def test_stdin_reading_the_output_file_is_refused():
    write('f.py', GOOD)
    with open('f.py', 'rb') as stdin:
        result = subprocess.run([str(AGCONVERT), '-', '-o', 'f.py'], stdin=stdin, capture_output=True,
                                check=False)
    assert result.returncode == 2
    assert b'Error: f.py is the file stdin reads from; converting in place is refused' in result.stderr
    assert Path('f.py').read_text() == GOOD


@pytest.mark.parametrize('jobs', ['1', '2'])
def test_input_too_deep_for_cpython_is_reported_and_the_run_goes_on(jobs):
    make_tree()
    write('src/deep.py', 'def f(x):\n    return ' + ' + '.join(['x'] * 8000) + '\n')
    result = agconvert('--jobs', jobs, 'src', '-o', 'build')
    assert result.returncode == 1
    assert result.stderr.decode().splitlines() == [
        'src/deep.py:1:1: error: syntax error: too deeply nested for CPython '
        '(maximum recursion depth exceeded during compilation)',
        '3 files converted, 1 failed']
