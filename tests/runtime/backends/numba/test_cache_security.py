"""The compile cache against another local user: planted pickles, shared and unsafe folders,
the umask, the cache turned off."""
import importlib.util
import json
import marshal
import os
import pickle
import stat
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest
from extras import require

require('numba')  # the cache is numba's: skip before importing numba and the numba helpers

import numba

import runtime as rt
from runtime.backends.numba import njit_functions

ROOT = Path(rt.__file__).resolve().parents[1]  # the subprocesses import this tree's `runtime`

PROGRAM = textwrap.dedent('''
    import json
    import os
    import sys
    import numpy as np
    if 'umask0' in sys.argv:
        os.umask(0)
    import runtime as rt
    from runtime.backends.numba import njit_functions

    def scaled(x):
        return x * 2.0 + 1.0

    f = rt.function(scaled, jit_compile=True)
    x = np.arange(9.0).reshape(3, 3)
    assert (f(x) == x * 2.0 + 1.0).all()
    assert (njit_functions.matmul_blas(x, x) == x @ x).all()
    kernel = f.get_concrete_function(x).callable().dispatcher
    print(json.dumps({'kernel_hits': sum(kernel.stats.cache_hits.values()),
                      'helper_hits': sum(njit_functions.matmul_blas.stats.cache_hits.values())}))
''')


def scaled(x):  # (PROGRAM's function: the same source, so the same cache entry)
    return x * 2.0 + 1.0


def _compile_here(private, monkeypatch):
    """PROGRAM's kernel and helper compiled in this process with its cache in `private`: their
    numba dispatchers (new ones, which load from the cache if they can)."""
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(private))
    fn = rt.function(scaled, jit_compile=True)
    x = np.arange(9.0).reshape(3, 3)
    assert (fn(x) == x * 2.0 + 1.0).all()
    helper = njit_functions._cached_njit(njit_functions._LAZY['matmul_blas'])
    assert (helper(x, x) == x @ x).all()
    return fn.get_concrete_function(x).callable().dispatcher, helper


def _hits(*dispatchers):
    return tuple(sum(dispatcher.stats.cache_hits.values()) for dispatcher in dispatchers)


def _run(tmp_path, private, *flags, numba_cache=None, bytecode_prefix=None):
    """PROGRAM's cache hits (kernel, helper) in a new process with its cache in `private`."""
    script = tmp_path / 'program.py'
    script.write_text(PROGRAM)
    env = dict(os.environ, AGCONVERT_CACHE_DIR=str(private), PYTHONPATH=str(ROOT))
    env.pop('NUMBA_CACHE_DIR', None)
    if numba_cache is not None:
        env['NUMBA_CACHE_DIR'] = str(numba_cache)
    if bytecode_prefix is not None:
        env['PYTHONPYCACHEPREFIX'] = str(bytecode_prefix)
    done = subprocess.run([sys.executable, str(script), *flags], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    return report['kernel_hits'], report['helper_hits']


class _Payload:
    """What another user plants: unpickling it runs code (here: writes `marker`)."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return exec, (f'open({str(self.marker)!r}, "w").close()',)


def _plant(shared, function, marker):
    """A pickle at the index numba would read for `function` with its cache in `shared`
    (numba's folder name for it: the source folder's name and a hash of its path)."""
    from numba.core.caching import _CacheLocator
    code = function.__code__
    folder = shared / _CacheLocator.get_suitable_cache_subpath(code.co_filename)
    folder.mkdir(mode=0o777, exist_ok=True)
    module = Path(code.co_filename).stem
    version = f'py{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, "abiflags", "")}'
    name = f'{module}.{function.__qualname__}-{code.co_firstlineno}.{version}.nbi'
    (folder / name).write_bytes(pickle.dumps(_Payload(marker)))


def _plant_bytecode(prefix, module, marker):
    """Bytecode Python would run for `module` with PYTHONPYCACHEPREFIX=`prefix`: an unchecked
    hash-based .pyc, which Python never compares with the source. It writes `marker`, then
    runs the module's own code."""
    code = compile(f'open({str(marker)!r}, "w").close(); {module.read_text()}', str(module),
                   'exec')  # (on the first line: the module's functions keep their lines)
    name = f'{module.stem}.{sys.implementation.cache_tag}.pyc'
    bytecode = prefix / module.parent.relative_to('/') / name
    bytecode.parent.mkdir(parents=True)
    flags = (1).to_bytes(4, 'little')  # hash-based, source not checked
    bytecode.write_bytes(importlib.util.MAGIC_NUMBER + flags + bytes(8) + marshal.dumps(code))


def test_pickles_and_bytecode_planted_in_shared_folders_are_never_loaded(tmp_path, monkeypatch):
    private, shared = tmp_path / 'cpriv', tmp_path / 'shared'
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp: anyone may create files there
    kernel, helper = _compile_here(private, monkeypatch)  # (fills the private cache)
    markers = [tmp_path / f'{name}-pwned' for name in ('kernel', 'helper', 'bytecode')]
    _plant(shared, kernel.py_func, markers[0])
    _plant(shared, helper.py_func, markers[1])
    _plant_bytecode(shared / 'pyc', Path(kernel.py_func.__code__.co_filename), markers[2])
    planted = sorted(shared.rglob('*'))
    hits = _run(tmp_path, private, numba_cache=shared, bytecode_prefix=shared / 'pyc')
    assert not any(marker.exists() for marker in markers)
    assert sorted(shared.rglob('*')) == planted  # nothing of ours is written there either
    assert hits == (1, 1)  # from the private cache


def test_under_umask_0_the_cache_files_are_private_and_used_by_the_next_process(tmp_path,
                                                                              monkeypatch):
    top = tmp_path / 'made'  # missing: the cache makes it too
    private = top / 'cache'
    _run(tmp_path, private, 'umask0')
    made = [top, *top.rglob('*')]
    assert len(made) > 5  # the entry, numba's index and data, the helper's
    for path in made:
        assert not path.stat().st_mode & 0o077, f'{path}: {oct(path.stat().st_mode)}'
    assert _hits(*_compile_here(private, monkeypatch)) == (1, 1)


def _fresh_helper():
    """A new dispatcher of a helper, cached as the module's own (no machine code in memory)."""
    return njit_functions._cached_njit(njit_functions._LAZY['prod_rows'])


def _helper_hits(dispatcher):
    rows = np.arange(6.0).reshape(2, 3)
    assert (dispatcher(rows) == rows.prod(axis=1)).all()
    return sum(dispatcher.stats.cache_hits.values())


def _halved_sum(x):  # (a function of this file only: the process shares one compile per source)
    return (x / 2.0).sum()


def _kernel_hits(x):
    fn = rt.function(_halved_sum, jit_compile=True)
    assert fn(x) == (x / 2.0).sum()
    return sum(fn.get_concrete_function(x).callable().dispatcher.stats.cache_hits.values())


def test_with_the_cache_off_nothing_is_written_in_either_cache_folder(tmp_path, monkeypatch):
    private, shared = tmp_path / 'cpriv', tmp_path / 'shared'
    shared.mkdir()
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(private))
    monkeypatch.setattr(numba.core.config, 'CACHE_DIR', str(shared))  # NUMBA_CACHE_DIR's value
    rt.config.set_compile_cache(False)
    try:
        _helper_hits(_fresh_helper())
        _kernel_hits(np.arange(4.0))
    finally:
        rt.config.set_compile_cache(True)
    assert not private.exists() and not list(shared.iterdir())


def test_a_helpers_index_another_user_can_write_is_not_loaded_and_is_replaced(tmp_path,
                                                                              monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path))
    assert _helper_hits(_fresh_helper()) == 0
    assert _helper_hits(_fresh_helper()) == 1
    (index,) = (tmp_path / 'helpers').glob('njit_functions.prod_rows-*.nbi')
    index.chmod(0o666)
    with pytest.warns(RuntimeWarning, match='another user'):
        assert _helper_hits(_fresh_helper()) == 0
    assert stat.S_IMODE(index.stat().st_mode) == 0o600  # saved again, private
    assert _helper_hits(_fresh_helper()) == 1


def test_a_cache_owned_by_another_user_is_not_used_by_helpers_either(tmp_path, monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path))
    assert _helper_hits(_fresh_helper()) == 0
    other_user = os.getuid() + 1
    monkeypatch.setattr(os, 'getuid', lambda: other_user)
    with pytest.warns(RuntimeWarning, match='not private to this user'):
        assert _helper_hits(_fresh_helper()) == 0


@pytest.mark.parametrize('parent_mode, cached', [(0o777, False), (0o1777, True)])
def test_a_cache_below_a_folder_anyone_can_write_is_used_only_if_it_is_sticky(
        tmp_path, monkeypatch, parent_mode, cached):
    """Without the sticky bit another user can rename the cache folder away and put theirs."""
    parent = tmp_path / 'shared'
    parent.mkdir()
    parent.chmod(parent_mode)
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(parent / 'cache'))
    x = np.arange(3.0 + parent_mode)  # (its own shape: its own compile in this process)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        _kernel_hits(x)
        hits = _kernel_hits(x), _helper_hits(_fresh_helper()), _helper_hits(_fresh_helper())
    messages = [str(w.message) for w in caught if 'compile cache' in str(w.message)]
    if cached:
        assert hits == (1, 0, 1) and not messages
    else:
        assert hits == (0, 0, 0)
        assert len(messages) == 1 and f'{parent} ' in messages[0]
        assert 'another user' in messages[0]


def test_an_entrys_bytecode_another_user_can_write_is_not_run(tmp_path, monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path))
    x = np.arange(5.0)
    _kernel_hits(x)
    (bytecode,) = (tmp_path / '__pycache__').glob('g*.code')
    marker = tmp_path / 'pwned'
    module = next(tmp_path.glob('g*.py'))
    code = compile(f'open({str(marker)!r}, "w").close(); {module.read_text()}', str(module), 'exec')
    bytecode.write_bytes(importlib.util.MAGIC_NUMBER + marshal.dumps(code))
    bytecode.chmod(0o666)
    with pytest.warns(RuntimeWarning, match='another user'):
        assert _kernel_hits(x) == 1  # numba's machine code still loads: the bytecode is redone
    assert not marker.exists()
    assert stat.S_IMODE(bytecode.stat().st_mode) == 0o600  # written again, private
