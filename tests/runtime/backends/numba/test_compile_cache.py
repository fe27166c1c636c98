"""The persistent compile cache: reuse across processes, concurrency, bad entries and directories."""
import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.backends.numba import cache, private_paths

pytestmark = needs('numba')  # every test here compiles a graph with numba

PROGRAM = textwrap.dedent('''
    import json
    import numpy as np
    import runtime as rt

    def collatz(n):
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        return steps

    f = rt.function(collatz, jit_compile=True)
    result = f(np.int64(27))
    stats = f.get_concrete_function(np.int64(27)).callable().dispatcher.stats
    print(json.dumps({'result': result, 'hits': sum(stats.cache_hits.values())}))
''')


ROOT = Path(rt.__file__).resolve().parents[1]  # the subprocesses import this tree's `runtime`


def _start(script, folder):
    env = dict(os.environ, AGCONVERT_CACHE_DIR=str(folder), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, str(script)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _report(process):
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return json.loads(out)


def test_two_processes_compile_at_once_and_a_third_loads_from_the_cache(tmp_path):
    script, folder = tmp_path / 'prog.py', tmp_path / 'cache'
    script.write_text(PROGRAM)
    first = [_report(p) for p in [_start(script, folder), _start(script, folder)]]
    assert [r['result'] for r in first] == [111, 111]
    assert _report(_start(script, folder)) == {'result': 111, 'hits': 1}
    assert oct(folder.stat().st_mode & 0o777) == '0o700'


def _collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def _compile(folder, monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(folder))
    fn = rt.function(_collatz, jit_compile=True)
    assert fn(np.int64(27)) == 111
    return fn.get_concrete_function(np.int64(27)).callable().dispatcher


def test_a_corrupted_entry_is_compiled_again(tmp_path, monkeypatch):
    _compile(tmp_path, monkeypatch)
    files = list((tmp_path / '__pycache__').glob('g*'))
    assert files
    for file in files:
        file.write_bytes(b'\x80\x04garbage, not a pickle')
    dispatcher = _compile(tmp_path, monkeypatch)
    assert sum(dispatcher.stats.cache_hits.values()) == 0


def test_an_entry_whose_module_was_changed_is_rewritten(tmp_path, monkeypatch):
    _compile(tmp_path, monkeypatch)
    (module,) = tmp_path.glob('g*.py')
    expected = module.read_text()
    module.write_text(expected.replace('return', 'import os; os.system("x"); return', 1))
    _compile(tmp_path, monkeypatch)
    assert module.read_text() == expected


@pytest.mark.parametrize('why', ['not private', 'entry writable'])
def test_a_cache_another_user_can_write_is_ignored_with_a_warning(tmp_path, monkeypatch, why):
    _compile(tmp_path, monkeypatch)
    if why == 'not private':
        tmp_path.chmod(0o777)
    else:
        next((tmp_path / '__pycache__').glob('g*.nbi')).chmod(0o666)  # numba's index
    with pytest.warns(RuntimeWarning, match='another user'):
        dispatcher = _compile(tmp_path, monkeypatch)
    assert sum(dispatcher.stats.cache_hits.values()) == 0


def test_a_read_only_cache_directory_works_uncached_and_warns_once(tmp_path, monkeypatch):
    monkeypatch.setattr(cache.os, 'access', lambda path, mode: False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        _compile(tmp_path, monkeypatch)
        _compile(tmp_path, monkeypatch)
    messages = [str(w.message) for w in caught if 'compile cache' in str(w.message)]
    assert len(messages) == 1 and 'read-only' in messages[0]
    assert not list(tmp_path.glob('g*.py'))


def test_a_cache_directory_that_cannot_be_made_warns(tmp_path, monkeypatch):
    (tmp_path / 'file').write_text('')
    with pytest.warns(RuntimeWarning, match='cannot create'):
        _compile(tmp_path / 'file' / 'cache', monkeypatch)


def test_rt_config_turns_the_cache_off(tmp_path, monkeypatch):
    rt.config.set_compile_cache(False)
    try:
        _compile(tmp_path, monkeypatch)
    finally:
        rt.config.set_compile_cache(True)
    assert not list(tmp_path.iterdir())


def test_the_cache_is_bounded_dropping_the_oldest_entries(tmp_path):
    (tmp_path / '__pycache__').mkdir()
    for i, stem in enumerate(['gold', 'gmid', 'gnew']):
        (tmp_path / f'{stem}.py').write_bytes(b'x' * 100)
        (tmp_path / '__pycache__' / f'{stem}.f.nbc').write_bytes(b'x' * 900)
        for file in (tmp_path / f'{stem}.py', tmp_path / '__pycache__' / f'{stem}.f.nbc'):
            os.utime(file, (1000 + i, 1000 + i))
    cache._bound(tmp_path, limit=2500)
    assert sorted(p.name for p in tmp_path.glob('g*.py')) == ['gmid.py', 'gnew.py']
    assert not list((tmp_path / '__pycache__').glob('gold*'))


def test_the_key_changes_with_numbas_optimisation_level_and_our_helpers(monkeypatch):
    import numba
    source = cache.header(['max_rows']) + 'def f(x):\n    return x\n'
    key = cache.entry_key(source)
    monkeypatch.setattr(numba.config, 'OPT', numba.config.OPT + 1)
    assert cache.entry_key(source) != key
    monkeypatch.setattr(numba.config, 'OPT', numba.config.OPT - 1)
    assert cache.entry_key(source) == key
    monkeypatch.setattr(cache, '_helpers_digest', lambda: 'a changed helper')
    assert cache.entry_key(source) != key


HELPER_PROGRAM = textwrap.dedent('''
    import json
    import numpy as np
    from runtime.backends.numba import njit_functions

    x = np.arange(9.0).reshape(3, 3)
    njit_functions.matmul_blas(x, x)
    stats = njit_functions.matmul_blas.stats
    print(json.dumps({'hits': sum(stats.cache_hits.values()),
                      'misses': sum(stats.cache_misses.values())}))
''')


def test_a_helpers_machine_code_is_cached_per_numba_optimisation_level(tmp_path):
    # numba's own key has no level: -O0 code (the suite's) was loaded at -O3 (the benchmarks')
    script = tmp_path / 'helper.py'
    script.write_text(HELPER_PROGRAM)

    def run(level):
        env = dict(os.environ, AGCONVERT_CACHE_DIR=str(tmp_path / 'cache'), NUMBA_OPT=level,
                   PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    assert run('0') == {'hits': 0, 'misses': 1}
    assert run('3') == {'hits': 0, 'misses': 1}  # compiled at -O3, not -O0's code
    assert run('3') == {'hits': 1, 'misses': 0}
    assert run('0') == {'hits': 1, 'misses': 0}


def test_writing_an_entry_leaves_the_numba_files_another_process_is_writing(tmp_path):
    """A process that found no entry writes it; another one, which wrote it first, may be
    saving numba's files of it: its temporary files stay (they were removed, and its rename
    failed with FileNotFoundError); a changed module's finished numba files go."""
    module, pycache = tmp_path / 'gabc.py', tmp_path / '__pycache__'
    pycache.mkdir()
    writing = pycache / 'gabc.jit_f-1.py311.nbi.tmp.4242'
    writing.write_bytes(b'being written')
    cache._write_atomically(module, 'def f():\n    return 1\n')
    assert writing.exists() and module.read_text() == 'def f():\n    return 1\n'
    finished = pycache / 'gabc.jit_f-1.py311.nbi'
    finished.write_bytes(b'index of the old module')
    cache._write_atomically(module, 'def f():\n    return 2\n')
    assert not finished.exists() and writing.exists()


def test_a_lookup_checks_only_its_own_entry_files(tmp_path, monkeypatch):
    # a full cache holds thousands of files: checking each at every lookup took tens of ms
    _compile(tmp_path, monkeypatch)
    pycache = tmp_path / '__pycache__'
    for i in range(50):
        (pycache / f'g{i:040x}.jit_f-3.py311.nbi').write_bytes(b'')
    checked = []
    trusted = private_paths.trusted
    monkeypatch.setattr(private_paths, 'trusted',
                        lambda path: checked.append(Path(path)) or trusted(path))
    dispatcher = _compile(tmp_path, monkeypatch)
    assert sum(dispatcher.stats.cache_hits.values()) == 1
    assert checked and all(path.name.startswith('g') for path in checked)
    assert not any(path.name.startswith(f'g{i:040x}') for path in checked for i in range(50))


KERNELS = '''
import json, sys
import numpy as np
import runtime as rt
x = np.arange(1, 10.0).reshape(3, 3) / 10
equal = {}
for name in sys.argv[1:]:
    f = rt.function(lambda a, b, u=getattr(np, name): u(a, b), jit_compile=True)
    equal[name] = bool(np.array_equal(f(x, x), getattr(np, name)(x, x)))
print(json.dumps(equal))
'''


def test_kernels_cached_by_different_processes_run_their_own_code_in_one(tmp_path):
    """numba binds the symbols of cached machine code by name, and names restart in each
    process: hypot compiled in one process and power in another, both loaded in a third, ran
    power's code for hypot (kernels made in njit_functions.py are named apart)."""
    script, folder = tmp_path / 'kernels.py', tmp_path / 'cache'
    script.write_text(KERNELS)
    env = dict(os.environ, AGCONVERT_CACHE_DIR=str(folder), PYTHONPATH=str(ROOT))

    def run(*names):
        done = subprocess.run([sys.executable, str(script), *names], env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    assert run('power') == {'power': True}
    assert run('hypot') == {'hypot': True}
    assert run('power', 'hypot') == {'power': True, 'hypot': True}
