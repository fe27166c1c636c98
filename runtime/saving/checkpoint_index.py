"""A checkpoint's index read and checked: its entries, its save counter, and values that fit.

A value is restored into a variable of another dtype only if numpy's 'same_kind'
casting allows it, neither or both are bool, and the cast changes no value
(NaN stays NaN): an int64 2**40 + 1 is refused for a float32 variable, 3 is not.
"""
import collections
import contextlib
import re
import warnings

import numpy as np

from .codec import Malformed, _dtype
from .files import SavedModelError

FORMAT, VERSION, INDEX = 'agconvert.checkpoint', 1, 'checkpoint.json'

__all__ = ['CheckpointError', 'Malformed', 'as_checkpoint_error', 'checked_value', 'read_index']


class CheckpointError(SavedModelError):
    """A checkpoint that does not fit the objects restored into, cannot be read, or was not
    written (the message names the path and the cause)."""


@contextlib.contextmanager
def as_checkpoint_error():
    """Errors of the saved-directory code, raised as CheckpointError (the same message)."""
    try:
        yield
    except CheckpointError:
        raise
    except SavedModelError as e:
        raise CheckpointError(str(e)) from None


Entry = collections.namedtuple('Entry', 'path file dtype shape')
_FILE = re.compile(r'variables/[0-9]{1,9}\.npy')
_LARGEST = 2 ** 63 - 1  # of a count or a size


def read_index(index):
    """The entries of a checkpoint index and its save counter; Malformed naming what is wrong."""
    if type(index) is not dict or index.get('format') != FORMAT:
        raise Malformed(f'not an agconvert checkpoint (format {FORMAT!r} expected)')
    if index.get('version') != VERSION:
        raise Malformed(f"format version {index.get('version')!r:.40}: this agconvert reads "
                        f'version {VERSION}')
    counter = index.get('save_counter', 0)
    if type(counter) is not int or not 0 <= counter <= _LARGEST:
        raise Malformed(f'save_counter {counter!r:.40} is not a count (an integer from 0 to '
                        '2**63 - 1)')
    if type(index.get('variables')) is not list:
        raise Malformed("'variables' is missing or not a list")
    entries = [_entry(entry, i) for i, entry in enumerate(index['variables'])]
    paths = [entry.path for entry in entries]
    if len(set(paths)) != len(paths):
        twice = next(p for p in paths if paths.count(p) > 1)
        raise Malformed(f'variable {twice!r:.80} is listed twice')
    return entries, counter


def _entry(entry, i):
    where = f'variables[{i}]'
    if type(entry) is not dict:
        raise Malformed(f'{where} is not an object: {entry!r:.60}')
    missing = [key for key in Entry._fields if key not in entry]
    if missing:
        raise Malformed(f"{where} has no {', '.join(map(repr, missing))}")
    path, file, shape = entry['path'], entry['file'], entry['shape']
    if type(path) is not str:
        raise Malformed(f'{where}: the path {path!r:.60} is not a string')
    where = f'{where} ({path:.80})'
    if type(file) is not str or not _FILE.fullmatch(file):
        raise Malformed(f'{where}: the file {file!r:.60} is not variables/N.npy')
    if type(shape) is not list or len(shape) > 64 or \
            any(type(d) is not int or not 0 <= d <= _LARGEST for d in shape):
        raise Malformed(f'{where}: the shape {shape!r:.60} is not a list of sizes')
    try:
        dtype = _dtype(entry['dtype'])
    except Malformed as e:
        raise Malformed(f'{where}: {e}') from None
    return Entry(path, file, dtype, tuple(shape))


def checked_value(directory, entry, variable):
    """The saved value of `entry` as `variable`'s dtype; CheckpointError unless that is exact."""
    if variable.shape != entry.shape:
        raise CheckpointError(f'{directory.path}: {entry.path} was saved with shape '
                              f'{entry.shape}, the variable has {variable.shape}')
    mismatch = (f'{directory.path}: {entry.path} was saved as {entry.dtype}, the variable is '
                f'{variable.dtype}')
    if not np.can_cast(entry.dtype, variable.dtype, 'same_kind'):
        raise CheckpointError(f"{mismatch}: numpy's 'same_kind' casting refuses that")
    if (entry.dtype.kind == 'b') != (variable.dtype.kind == 'b'):
        raise CheckpointError(f'{mismatch}: truth values and numbers are not restored into '
                              'each other')
    with as_checkpoint_error():
        saved = directory.read_array(entry.file, entry.dtype, entry.shape)
    return saved if saved.dtype == variable.dtype else _exact_cast(saved, variable.dtype, mismatch)


def _exact_cast(saved, dtype, mismatch):
    """`saved` as `dtype` if that changes no value (NaN stays NaN), else CheckpointError.

    Both tests are needed: the way back misses a sign lost to an unsigned type (-1 comes back
    from 2**64 - 1), the comparison misses digits lost to a float (numpy compares in float64)."""
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')  # overflow and dropped imaginary parts: reported below
        cast = saved.astype(dtype)
        same = (cast.astype(saved.dtype) == saved) & (cast == saved)
    if saved.dtype.kind in 'fc':
        same |= np.isnan(saved) & np.isnan(cast)
    if not same.all():
        where = tuple(int(i) for i in np.argwhere(~same)[0])
        raise CheckpointError(f'{mismatch}: the saved value {saved[where].item()!r} at index '
                              f'{where} would become {cast[where].item()!r}; make the variable '
                              f'{saved.dtype} or cast the value yourself')
    return cast
