"""What interrupted saves leave beside their target, named after the saving process, cleaned later.

A save works in sibling directories of its target: `.saving-PID-XXXXXXXX` holds
the new files (and, once exchanged with the target, the previous save being
deleted); where directories cannot be exchanged atomically the previous save
is first moved to `.replaced-PID-XXXXXXXX/NAME` (NAME: the target's name).
A save killed at any moment leaves some of these. The next save or load in the
same folder removes those of processes that no longer run, and first moves a
previous save back to its target when the kill fell between the two renames
and left the target missing. Directories of live saves (another process, or
another thread of this one) are left alone.
"""
import os
import re
import shutil
import tempfile
import threading

DEBRIS = re.compile(r'\.(saving|replaced)-([1-9][0-9]{0,9})-[a-z0-9_]{8}')

_in_use = set()  # names of this process's debris directories that a save still works in
_lock = threading.Lock()  # makes creating and registering one step for other threads


def make(parent, kind):
    """A new directory `.{kind}-PID-XXXXXXXX` in `parent`, in use until `release` or `forget`."""
    with _lock:
        path = tempfile.mkdtemp(prefix=f'.{kind}-{os.getpid()}-', dir=parent)
        _in_use.add(os.path.basename(path))  # unique: the name holds the pid and 8 random letters
    return path


def release(path):
    """Delete a debris directory this save no longer needs (what cannot be deleted is left for
    `recover`)."""
    shutil.rmtree(path, ignore_errors=True)
    forget(path)


def forget(path):
    """Stop protecting `path`: the next `recover` treats it as left by a dead save."""
    with _lock:
        _in_use.discard(os.path.basename(path))


def recover(target):
    """Restore any previous save that only debris beside `target` holds, then delete the debris of
    saves that no longer run. Best effort: what fails (a read-only folder) is left as it is."""
    parent = os.path.dirname(os.path.abspath(target))
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        match = DEBRIS.fullmatch(name)
        path = os.path.join(parent, name)
        if match is None or _running(name, int(match.group(2))):
            continue
        if match.group(1) == 'replaced':
            _move_back(path, parent)
        shutil.rmtree(path, ignore_errors=True)


def _running(name, pid):
    """Whether the save that made debris directory `name` (process `pid`) may still be running."""
    if pid == os.getpid():
        with _lock:
            return name in _in_use
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except (OverflowError, OSError):  # another user's process, or no process id of this system
        return True
    return True


def _move_back(aside, parent):
    """Move the previous save(s) held in `aside` back to their targets if those are missing."""
    try:
        names = os.listdir(aside)
    except OSError:
        return
    for name in names:
        previous, target = os.path.join(aside, name), os.path.join(parent, name)
        if os.path.isdir(previous) and not os.path.islink(previous) and \
                not os.path.lexists(target):
            try:
                os.rename(previous, target)
            except OSError:
                pass  # another process restored it first, or the folder is read-only
