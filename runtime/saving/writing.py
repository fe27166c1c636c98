"""`write_directory`: a saved directory written whole or not at all, its failures named.

The files go to a fresh sibling directory (`runtime.saving.debris`), are flushed
to disk, and that directory then takes the target's place: on Linux by one
atomic exchange (`renameat2(RENAME_EXCHANGE)`), so the target always holds
the previous save or the new one; elsewhere by two renames, and a process
killed between them leaves the previous save aside, where the next save or
load of that folder finds it and moves it back. A failure (disk full, no
permission) raises SavedModelError naming the target and the cause, leaves
the previous save in place, and removes what the save had written.
"""
import ctypes
import errno
import os
import sys

import numpy as np
from numpy.lib import format as npy_format

from . import debris
from .files import SavedModelError


def write_directory(path, files, marker='saved_model.json'):
    """Write `files` ({name: bytes or array}) as directory `path`, all or nothing."""
    target = os.path.abspath(path)
    parent = os.path.dirname(target)
    debris.recover(target)
    existed, staging, placed = os.path.lexists(target), None, False
    step = 'reading the directory there'
    try:
        _check_replaceable(target, marker)
        step = f'creating the folder {parent}'
        os.makedirs(parent, exist_ok=True)
        step = f'creating a directory in {parent}'
        staging = debris.make(parent, 'saving')
        for name, content in files.items():
            step = f'writing {name}'
            _write_file(os.path.join(staging, name), content)
        step = 'flushing the files to disk'
        _fsync_tree(staging)
        step = 'moving the new directory into place'
        _put_in_place(staging, target)
        placed, step = True, f'flushing the folder {parent}'
        _fsync_tree(parent, recursive=False)
    except OSError as e:
        if placed:
            kept = 'the new save is in place but a power cut could still undo it'
        elif os.path.lexists(target) or not existed:
            kept = 'the previous save there (if any) is unchanged'
        else:
            kept = 'the previous save was left beside it; the next save or load there moves it back'
        raise SavedModelError(f'{target}: not saved: {step} failed: {_cause(e)}; {kept}') from None
    finally:
        if staging is not None:  # the unused files, or after an exchange the previous save
            debris.release(staging)


def _check_replaceable(target, marker):
    if not os.path.lexists(target):
        return
    if not _is_ours(target, marker):
        raise SavedModelError(f'{target}: exists and is not a directory {marker} marks as ours; '
                              'not overwriting it')
    for folder, _, _ in os.walk(target):
        if not os.access(folder, os.W_OK):  # its files could not be deleted once replaced
            raise SavedModelError(f'{target}: not saved: {folder} is read-only '
                                  '(no write permission); not replacing it')


def _is_ours(path, marker):
    return os.path.isdir(path) and not os.path.islink(path) and (
        not os.listdir(path) or os.path.isfile(os.path.join(path, marker)))


def _cause(error):
    code = errno.errorcode.get(error.errno)
    return f'{error.strerror} ({code})' if error.strerror and code else f'{error}'


def _write_file(filename, content):
    os.makedirs(os.path.dirname(filename), exist_ok=True)
    with open(filename, 'xb') as f:
        if isinstance(content, bytes):
            f.write(content)
        else:
            _write_npy(f, content)
        f.flush()
        os.fsync(f.fileno())


def _write_npy(f, array):
    """`np.save(f, array, allow_pickle=False)`'s bytes, written through `f` so that a full disk
    raises ENOSPC (numpy's own writer says only '... requested and ... written')."""
    array = np.asarray(array)
    if array.dtype.hasobject:
        raise ValueError('arrays of Python objects cannot be saved (they would need pickle)')
    if not array.flags.c_contiguous:
        array = array.copy(order='C')
    header = npy_format.header_data_from_array_1_0(array)
    try:
        npy_format.write_array_header_1_0(f, header)
    except ValueError:  # a header longer than version 1.0 holds
        npy_format.write_array_header_2_0(f, header)
    f.write(array.reshape(-1).view(np.uint8).data)


def _fsync_tree(directory, recursive=True):
    folders = [root for root, _, _ in os.walk(directory)] if recursive else [directory]
    for name in folders:
        fd = os.open(name, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _put_in_place(staging, target):
    """Make `staging` the directory at `target`; the previous one, if any, ends up in `staging`
    or in debris that the caller's `release` deletes."""
    if not os.path.lexists(target):
        try:
            os.rename(staging, target)
            return
        except OSError as e:  # another save, or a recovery, put a directory there meanwhile
            if e.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
    if not _exchange(staging, target):
        _replace_in_two_steps(staging, target)


def _replace_in_two_steps(staging, target):
    aside = debris.make(os.path.dirname(target), 'replaced')
    previous = os.path.join(aside, os.path.basename(target))
    try:
        os.rename(target, previous)
        try:
            os.rename(staging, target)
        except BaseException:
            try:
                os.rename(previous, target)
            except OSError:
                pass  # left aside (see `finally`), for the next save or load to move back
            raise
    finally:
        if os.path.lexists(previous) and not os.path.lexists(target):
            debris.forget(aside)  # the only copy of the previous save: the next load restores it
        else:
            debris.release(aside)


def _renameat2():
    if not sys.platform.startswith('linux'):
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # a C library older than glibc 2.28
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_RENAMEAT2 = _renameat2()
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2
_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP}


def _exchange(first, second):
    """Swap two directories in one atomic step; False where the system or filesystem cannot."""
    if _RENAMEAT2 is None:
        return False
    if _RENAMEAT2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second),
                  _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), second)
