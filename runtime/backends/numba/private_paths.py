"""The compile cache's one rule for its files and folders: nobody but this user can write them.

numba's index and data files are pickles and the entries are Python modules: whoever can
write one runs code in the process that loads it. So a file or folder of the cache must be
owned by this user, not a symlink, and writable by neither group nor others; every folder
above the cache must be owned by this user or root and writable by nobody else unless
sticky (as /tmp, where only an entry's owner can rename or remove it). What the cache makes
is made private (0700 folders, 0600 files) whatever the umask.
"""
import contextlib
import os
import stat
import uuid
import warnings
from pathlib import Path

_warned = set()


def warn_once(message):
    """One RuntimeWarning per distinct `message`: the cache is then not used."""
    if message not in _warned:
        _warned.add(message)
        warnings.warn(f'agconvert compile cache: {message}; compiling without the cache',
                      RuntimeWarning, stacklevel=5)


def private(info):
    """Whether `os.lstat` results `info` are those of this user's file (or folder), not a
    symlink, that no one else can write."""
    return (info.st_uid == os.getuid() and not stat.S_ISLNK(info.st_mode)
            and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def trusted(path):
    """Whether the file at `path` is private (FileNotFoundError if there is none)."""
    return private(os.lstat(path))


def _safe_above(info):
    """Whether a folder above the cache (`os.stat` results) keeps others from replacing it."""
    if info.st_uid not in (0, os.getuid()):
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) or bool(info.st_mode & stat.S_ISVTX)


# folder as given -> its real path, once made and every folder above it passed the rule (only
# this user or root can change those folders since, so each later check is of the folder alone)
_checked_above = {}


def private_folder(path):
    """`path` resolved, made if missing (with its missing parents, 0700), if it passes the rule
    and so does every folder above it; else None, with one warning naming the folder at fault."""
    path = os.path.abspath(path)
    real = _checked_above.get(path)
    try:
        info = os.lstat(real) if real is not None else None
    except FileNotFoundError:  # removed since: made again
        info = None
    if info is None:
        real = _made_and_checked_above(path)
        try:
            info = None if real is None else os.lstat(real)
        except OSError as exc:
            warn_once(f'cannot use {path} ({exc.strerror})')
            return None
    if info is None:
        return None
    if not stat.S_ISDIR(info.st_mode):
        warn_once(f'{real} is not a folder')
        return None
    if not private(info):
        warn_once(f'{real} is not private to this user (another user could write its '
                  'pickled entries), so it is ignored')
        return None
    if not os.access(real, os.W_OK | os.X_OK):
        warn_once(f'{real} is read-only')
        return None
    return Path(real)


def _made_and_checked_above(path):
    """The real path of folder `path` (made if missing) if the folders above it pass the rule,
    else None with a warning."""
    try:
        if not os.path.isdir(path):
            _make(path)
        real = os.path.realpath(path, strict=True)
    except OSError as exc:
        warn_once(f'cannot create {path} ({exc.strerror})')
        return None
    for above in Path(real).parents:
        if not _safe_above(above.stat()):
            warn_once(f'{above} can be written by another user, who could replace {real} '
                      'below it, so it is ignored')
            return None
    _checked_above[path] = real
    return real


def _make(path):
    """Make `path` and its missing parents private folders (mkdir's mode is masked by the
    umask: a umask of 0277 would leave them unwritable, so the mode is set again)."""
    for folder in [*reversed(Path(path).parents), path]:
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            continue
        os.chmod(folder, 0o700)


@contextlib.contextmanager
def private_writer(path):
    """A binary file to write, renamed to `path` when done: 0600 whatever the umask, never
    through a symlink, and never seen half written by another process."""
    temporary = f'{path}.tmp.{uuid.uuid4().hex[:16]}'
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(descriptor, 'wb') as file:
            yield file
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
