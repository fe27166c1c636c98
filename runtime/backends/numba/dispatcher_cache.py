"""numba's on-disk cache of one dispatcher, kept in the compile cache's private folder.

numba's own `cache=True` picks its folder itself (`NUMBA_CACHE_DIR`, which may be a folder
other users write, else beside the source) and unpickles whatever index it finds there. This
cache reads and writes only in a folder `locate` gives (one passing `private_paths`' rule, or
None: no cache, as while `rt.config` turns the compile cache off), loads a file only if it
passes the rule, and writes its files 0600 whatever the umask. Its index also keys numba's
optimisation level, which numba leaves out: a process at NUMBA_OPT=0 (the test suite) and one
at the default 3 (`make bench`, users) loaded each other's machine code (-O0 matmuls ran the
benchmarks 2x slower).
"""
import os
import sys
import warnings

from numba import njit
from numba.core import compiler, config
from numba.core.caching import FunctionCache, IndexDataCacheFile
from numba.core.errors import NumbaWarning

from . import private_paths


def cached_njit(function, locate, source_stamp):
    """`njit(function)` with its machine code cached in the folder `locate()` returns (None:
    not cached now); `source_stamp` (bytes) identifies the text of the function's source file."""
    dispatcher = njit(function)
    dispatcher._cache = PrivateCache(function, locate, source_stamp)  # what cache=True sets
    return dispatcher


class _CheckedFiles(IndexDataCacheFile):
    """numba's index and data files of one function, each checked before it is unpickled."""

    def _load_index(self):
        return super()._load_index() if _loadable(self._index_path) else {}

    def _load_data(self, name):
        path = self._data_path(name)
        if not _loadable(path):
            raise PermissionError(f'{path} is not private')  # `load` takes it as a miss
        return super()._load_data(name)

    def _open_for_write(self, filepath):
        return private_paths.private_writer(filepath)  # (numba's own is 0666 less the umask)


def _loadable(path):
    try:
        if private_paths.trusted(path):
            return True
    except FileNotFoundError:
        return True  # numba's own reading finds it missing: a miss
    private_paths.warn_once(f'{path} can be written by another user, so it is not loaded')
    return False


class PrivateCache(FunctionCache):
    """What a numba dispatcher calls to load and save its machine code (see the module)."""

    def __init__(self, function, locate, source_stamp):  # (numba's would find its own folder)
        self._name = repr(function)
        self._py_func = function
        self._locate = locate
        self._source_stamp = source_stamp
        code = function.__code__
        module = os.path.splitext(os.path.basename(code.co_filename))[0]
        qualname = function.__qualname__.replace('<', '').replace('>', '')
        version = f'py{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, "abiflags", "")}'
        self._filename_base = f'{module}.{qualname}-{code.co_firstlineno}.{version}'
        self._files = None
        self.enable()

    @property
    def cache_path(self):
        return self._files._cache_path if self._files is not None else ''

    def _current_files(self):
        """The function's files in the folder to use now, or None (no cache now)."""
        folder = self._locate() if self._enabled else None
        if folder is None:
            return None
        if self._files is None or self._files._cache_path != str(folder):
            self._files = _CheckedFiles(str(folder), self._filename_base, self._source_stamp)
        return self._files

    def load_overload(self, sig, target_context):
        target_context.refresh()  # (as numba's: initialises the context)
        files = self._current_files()
        if files is None:
            return None
        data = files.load(self._index_key(sig, target_context.codegen()))
        return None if data is None else compiler.CompileResult._rebuild(target_context, *data)

    def save_overload(self, sig, data):
        if not self._cachable(data):
            return
        files = self._current_files()
        if files is not None:
            files.save(self._index_key(sig, data.codegen), data._reduce())

    def flush(self):
        files = self._current_files()
        if files is not None:
            files.flush()

    def _index_key(self, sig, codegen):
        return (*super()._index_key(sig, codegen), ('NUMBA_OPT', int(config.OPT)))

    def _cachable(self, result):
        """numba's test of whether compiled code can be reloaded in another process."""
        if all(lifted.can_cache for lifted in result.lifted) and \
                not result.library.has_dynamic_globals:
            return True
        code = self._py_func.__code__
        warnings.warn_explicit(f'Cannot cache compiled function "{self._py_func.__name__}" as '
                               'it uses lifted code or dynamic globals', NumbaWarning,
                               code.co_filename, code.co_firstlineno)
        return False
