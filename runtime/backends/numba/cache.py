"""The persistent compile cache: compiled graphs reused across processes (as JAX's).

An entry is a module `g<key>.py` holding the graph's generated source, under
`AGCONVERT_CACHE_DIR` (default `$XDG_CACHE_HOME/agconvert` or
`~/.cache/agconvert`); numba's machine code of it is cached beside it (`__pycache__`), and
that of our helpers in `helpers/` (`dispatcher_cache`: never in `NUMBA_CACHE_DIR`). The key
hashes the source, the versions of Python, numpy and numba, numba's optimisation level
(`NUMBA_OPT`) and the text of our numba helpers, so any change makes a new entry. Entries are
written atomically (a temporary file renamed), so concurrent processes compiling the same
graph both succeed. numba's index files are pickles: every folder and file of the cache
follows one rule (`private_paths`: made private whatever the umask; a folder or file another
user can write, or owns, is never loaded; such a cache is not used, with one warning). A
module whose text is not exactly the expected source is rewritten, and the text checked is
the text run (the file is not read again; its bytecode is cached in our `__pycache__`, not
where PYTHONPYCACHEPREFIX says). A corrupted entry is compiled again. The cache keeps at
most `MAX_BYTES`, removing the least recently written entries.
`rt.config.set_compile_cache(False)` turns it off: nothing is then read or written.
"""
import contextlib
import functools
import hashlib
import importlib.util
import marshal
import os
import platform
import sys
import tempfile
import weakref
from pathlib import Path

import numpy as np

from ... import config
from . import private_paths

MAX_BYTES = 256 << 20
_BYTECODE_TAG = f'{sys.implementation.cache_tag}.code'


def header(helpers):
    """The generated module's imports: numpy, objmode and the helpers its code calls (only
    those: a helper's numba dispatcher is built when first imported)."""
    names = ', '.join(sorted(helpers))
    imports = f'from runtime.backends.numba.njit_functions import {names}\n' if names else ''
    return f'import numpy as np\nfrom numba import njit, objmode\n{imports}\n\n'


def directory():
    """The cache directory this process uses (it may not exist yet)."""
    configured = os.environ.get('AGCONVERT_CACHE_DIR')
    if configured:
        return Path(configured)
    base = os.environ.get('XDG_CACHE_HOME') or Path.home() / '.cache'
    return Path(base) / 'agconvert'


def entry_key(module_source):
    import numba

    from . import numpy_blas
    versions = (f'{sys.version}|{np.__version__}|{numba.__version__}|{platform.machine()}|'
                f'opt {int(numba.config.OPT)}|helpers {_helpers_digest()}|'
                f'blas {numpy_blas.PROVIDER}')
    return hashlib.sha256(f'{versions}\n{module_source}'.encode()).hexdigest()[:40]


@functools.cache
def _helpers_digest():
    """The hash of `njit_functions.py`, compiled into every entry (numba's own cache checks only the
    entry module's time stamp, so a changed helper would otherwise run stale machine code)."""
    return hashlib.sha256((Path(__file__).parent / 'njit_functions.py').read_bytes()).hexdigest()


def load_or_compile(source, fn_name, helpers=(), cachable=True):
    """The numba dispatcher of `fn_name` defined by `source` (calling these `helpers`), cached
    on disk when possible (never if not `cachable`: numba keeps no code calling objmode blocks
    that run our Python, whose addresses are this process's)."""
    import numba

    from .dispatcher_cache import cached_njit
    module_source = header(helpers) + source
    folder = _usable_directory() if cachable and config.compile_cache() else None
    if folder is None:
        namespace = {}
        exec(compile(module_source, f'<jit {fn_name}>', 'exec'), namespace)
        return numba.njit(namespace[fn_name])
    key = entry_key(module_source)
    path = folder / f'g{key}.py'
    if not _holds(path, module_source):
        _write_atomically(path, module_source)
        _bound(folder)
    spec = importlib.util.spec_from_file_location(f'agconvert_jit_{key}', path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # numba resolves the globals of objmode blocks through it
    exec(_module_code(module_source, path, _numba_folder(folder)), module.__dict__)
    stamp = hashlib.sha256(module_source.encode()).digest()
    dispatcher = cached_njit(getattr(module, fn_name), functools.partial(_numba_folder, folder),
                             stamp)
    weakref.finalize(dispatcher, _forget_module, spec.name, module)  # as long as it is used
    return dispatcher


def _numba_folder(folder):
    """Where numba's files of the entries in `folder` go, or None while the cache is off."""
    return private_paths.private_folder(folder / '__pycache__') if config.compile_cache() else None


def _module_code(text, path, pycache):
    """The code of the entry module `path`, whose text was just checked to be `text` (the file
    is not read again), its bytecode cached in `pycache` if not None: compiling it costs about
    1.5 ms of a new process's load, and Python's own .pyc would go where PYTHONPYCACHEPREFIX
    says, which may be a folder other users write."""
    bytecode = None if pycache is None else pycache / f'{path.stem}.{_BYTECODE_TAG}'
    try:
        if bytecode is not None and not private_paths.trusted(bytecode):
            private_paths.warn_once(f'{bytecode} can be written by another user, so it is not '
                                    'loaded')
        elif bytecode is not None:
            data = bytecode.read_bytes()
            if data.startswith(importlib.util.MAGIC_NUMBER):  # (the key has Python's version)
                return marshal.loads(data[len(importlib.util.MAGIC_NUMBER):])
    except (OSError, ValueError, EOFError, TypeError):  # none yet, or a corrupted one
        pass
    code = compile(text, str(path), 'exec')
    if bytecode is not None:
        with contextlib.suppress(OSError), private_paths.private_writer(bytecode) as file:
            file.write(importlib.util.MAGIC_NUMBER + marshal.dumps(code))
    return code


def helpers_folder():
    """Where numba's files of our helpers go (`dispatcher_cache`), or None: not cached now."""
    folder = _usable_directory() if config.compile_cache() else None
    return None if folder is None else private_paths.private_folder(folder / 'helpers')


def _forget_module(name, module):
    if sys.modules.get(name) is module:  # (not another dispatcher's load of the same entry)
        sys.modules.pop(name, None)


def discard(dispatcher):
    """Remove the numba files of a cached entry that failed to load; False if not cached."""
    path = Path(dispatcher.py_func.__code__.co_filename)
    if not path.is_file():
        return False
    files = list((path.parent / '__pycache__').glob(f'{path.stem}.*'))
    for file in files:
        file.unlink(missing_ok=True)
    return bool(files)


def _usable_directory():
    """The cache directory, resolved, if private and writable (made so if new), else None."""
    return private_paths.private_folder(directory())


def _holds(path, text):
    """True if `path` is a trusted file holding exactly `text`."""
    try:
        return private_paths.trusted(path) and path.read_text(encoding='utf-8') == text
    except (OSError, UnicodeDecodeError):
        return False


def _write_atomically(path, text):
    stale = path.exists()  # else another process may be writing numba's files of it right now
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix='.tmp-', suffix='.py')
    try:
        with os.fdopen(fd, 'w', encoding='utf-8') as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    for file in (path.parent / '__pycache__').glob(f'{path.stem}.*') if stale else ():
        if '.tmp' not in file.name:  # (a file another process is writing: not ours to remove)
            file.unlink(missing_ok=True)  # numba's files of a rewritten module are stale


def _bound(folder, limit=None):
    """Remove the oldest entries until the cache holds at most `limit` bytes."""
    limit = MAX_BYTES if limit is None else limit
    entries = {}
    for file in [*folder.glob('g*.py'), *(folder / '__pycache__').glob('g*')]:
        stem = file.name.split('.')[0]
        try:
            size, mtime = file.stat().st_size, file.stat().st_mtime
        except OSError:
            continue
        total, newest = entries.get(stem, (0, 0))
        entries[stem] = (total + size, max(newest, mtime))
    used = sum(size for size, _ in entries.values())
    for stem, (size, _) in sorted(entries.items(), key=lambda item: item[1][1]):
        if used <= limit:
            break
        for file in [folder / f'{stem}.py', *(folder / '__pycache__').glob(f'{stem}.*')]:
            file.unlink(missing_ok=True)
        used -= size


