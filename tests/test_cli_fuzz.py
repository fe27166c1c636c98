"""Hostile inputs through the CLI: generated programs with long chains and deep nesting spliced in,
random bytes, random encodings. Whatever comes in, the CLI exits 0 or 1 without a traceback, every
file it writes compiles, and it leaves no temporary file.
"""
import os
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import hypothesmith
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from autograph_cli import cli

AGCONVERT = Path(sys.executable).with_name('agconvert')
ENCODINGS = ('utf-8', 'latin-1', 'ascii', 'utf-16', 'utf-7', 'cp037', 'idna', 'rot13', 'hex', 'base64',
             'undefined', 'punycode', 'unicode_escape', 'shift_jis', 'no-such-codec')
PROGRAMS = hypothesmith.from_grammar(auto_target=False)  # built once: building it is slow
FUZZ_SETTINGS = settings(
    deadline=None, derandomize=True, database=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking a failure is left to whoever debugs it
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def chain(kind, n):
    """A statement or function that is long or deep in one way, around CPython's limits."""
    if kind == 'plus':
        return 'v = ' + ' + '.join(['x'] * n) + '\n'
    if kind == 'strings':
        return 'def g(x):\n    return (' + ' '.join(["'s'"] * n) + ')\n'
    if kind == 'elif':
        arms = ''.join(f'    elif x == {i}:\n        return {i}\n' for i in range(n))
        return f'def g(x):\n    if x:\n        return -1\n{arms}'
    if kind == 'parens':
        return 'def g(x):\n    return ' + '(' * (n // 3) + 'x' + ')' * (n // 3) + '\n'
    if kind == 'ifs':
        return 'def g(x):\n' + ''.join(' ' * (i + 1) + 'if x:\n' for i in range(n // 6)) + ' ' * (n // 6 + 1) + 'x = 1\n'
    if kind == 'with':
        return 'def g(x):\n' + ''.join(' ' * (i + 1) + 'with x:\n' for i in range(n // 30)) + ' ' * (n // 30 + 1) + 'pass\n'
    return 'def g(x):\n    return ' + ' if x else '.join(['x'] * (n // 2)) + '\n'  # conditional chain


@st.composite
def hostile_files(draw):
    """The bytes of one hostile source file."""
    kind = draw(st.sampled_from(['spliced', 'bytes', 'encoded']))
    if kind == 'bytes':
        return draw(st.binary(max_size=300))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # hypothesmith compile()s odd literals
        program = draw(PROGRAMS)
    if kind == 'spliced':
        lines = program.splitlines(True)
        at = draw(st.integers(0, len(lines)))
        spliced = chain(draw(st.sampled_from(['plus', 'strings', 'elif', 'parens', 'ifs', 'with', 'ifexp'])),
                        draw(st.integers(100, 650)))
        program = ''.join(lines[:at]) + spliced + ''.join(lines[at:])
        return program.encode('utf-8', 'surrogatepass')
    encoding = draw(st.sampled_from(ENCODINGS) | st.text('abcdefghijklmnopqrstuvwxyz0123456789-_', max_size=12))
    try:
        return f'# -*- coding: {encoding} -*-\n{program}'.encode(encoding)
    except (LookupError, ValueError, TypeError):
        return f'# -*- coding: {encoding} -*-\n'.encode('ascii') + draw(st.binary(max_size=100))


def check_outputs(out):
    """Every written file compiles; no temporary file is left."""
    stray = [p for p in Path(out).rglob('*') if p.name.endswith('.tmp')]
    assert not stray
    for path in Path(out).rglob('*.py'):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            compile(path.read_bytes(), str(path), 'exec', dont_inherit=True)


@settings(FUZZ_SETTINGS, max_examples=60)
@given(hostile_files())
def test_hostile_files_through_the_cli_in_process(data):
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, 'src'))
        Path(tmp, 'src', 'hostile.py').write_bytes(data)
        Path(tmp, 'src', 'fine.py').write_text('def f(x):\n    return x\n')
        result = CliRunner().invoke(cli.main, [os.path.join(tmp, 'src'), '-o', os.path.join(tmp, 'out')])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code in (0, 1)
        assert 'Traceback' not in result.stderr
        assert result.stderr.splitlines()[-1].startswith(('2 files converted', '1 file converted'))
        check_outputs(os.path.join(tmp, 'out'))


@settings(FUZZ_SETTINGS, max_examples=2)
@given(st.lists(hostile_files(), min_size=4, max_size=6))
def test_hostile_trees_through_the_installed_cli_in_parallel(files):
    files += [b'# coding: rot13\nx = 1\n', ('y = ' + ' + '.join(['1'] * 8000) + '\n').encode()]
    with tempfile.TemporaryDirectory() as tmp:
        for i, data in enumerate(files):
            os.makedirs(os.path.join(tmp, 'src', f'p{i % 2}'), exist_ok=True)
            Path(tmp, 'src', f'p{i % 2}', f'm{i}.py').write_bytes(data)
        result = subprocess.run([str(AGCONVERT), '--jobs', '2', os.path.join(tmp, 'src'), '-o',
                                 os.path.join(tmp, 'out')], capture_output=True, check=False)
        assert result.returncode in (0, 1), result.stderr
        assert b'Traceback' not in result.stderr
        check_outputs(os.path.join(tmp, 'out'))
