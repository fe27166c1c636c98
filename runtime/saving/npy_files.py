"""Reading a saved directory's files within what its disk holds: `.npy` headers and sizes checked
in Python integers, and files with large holes (sparse files) refused before they are read.

A sparse file reads as zeros it does not store: 4 KB on disk can claim 8 GB. So every file of
one load is measured before it is read (its data extents, by `SEEK_DATA`/`SEEK_HOLE` where the
system has them) and the load refused once the holes read exceed the data read by more than
`HOLE_SLACK`: what a load allocates for files stays within twice their bytes on disk plus that.
"""
import errno
import math
import os

import numpy as np
from numpy.lib import format as npy_format

HOLE_SLACK = 64 << 20  # file systems that store long runs of zeros as holes (ZFS compressing)


class Refused(ValueError):
    """A file that is not read; the text says why, the caller adds the file's path."""


class HoleAllowance:
    """The holes and data of the files one load has read so far."""

    def __init__(self):
        self.data, self.holes = 0, 0

    def admit(self, f):
        """Count file `f` in (Refused if the holes read so far would then be too many)."""
        size = os.fstat(f.fileno()).st_size
        data = _data_bytes(f.fileno(), size)
        self.data, self.holes = self.data + data, self.holes + size - data
        if self.holes > self.data + HOLE_SLACK:
            raise Refused(f'{size} bytes long but only {data} stored: a sparse file (holes '
                          'read as zeros), which would take memory the saved model does not '
                          'hold on disk; copy the directory without holes (cp --sparse=never)')
        return size


def _data_bytes(fd, size):
    """The bytes of the file that are stored (all of them where holes cannot be found)."""
    seek_data, seek_hole = getattr(os, 'SEEK_DATA', None), getattr(os, 'SEEK_HOLE', None)
    if seek_data is None or seek_hole is None:
        return size
    stored, offset = 0, 0
    try:
        while offset < size:
            start = os.lseek(fd, offset, seek_data)
            offset = os.lseek(fd, start, seek_hole)
            stored += offset - start
    except OSError as e:
        if e.errno != errno.ENXIO:  # ENXIO: no data after `offset`; others: cannot tell
            return size
    finally:
        os.lseek(fd, 0, os.SEEK_SET)
    return min(stored, size)


def read_bytes(f, allowance):
    """The content of open file `f`, counted in `allowance`."""
    allowance.admit(f)
    return f.read()


def read_array(f, dtype, shape, allowance):
    """The array of open `.npy` file `f`, which must hold exactly `dtype` and `shape`."""
    size = allowance.admit(f)
    try:
        version = npy_format.read_magic(f)
        read_header = (npy_format.read_array_header_1_0 if version == (1, 0)
                       else npy_format.read_array_header_2_0)
        actual_shape, fortran, actual_dtype = read_header(f, max_header_size=10000)
    except (ValueError, OSError, SyntaxError, TypeError) as e:
        raise Refused(f'not a .npy file ({e})') from None
    if actual_dtype != dtype or tuple(actual_shape) != tuple(shape):
        raise Refused(f'holds {actual_dtype}{list(actual_shape)} where the saved model '
                      f'declares {dtype}{list(shape)}')
    if actual_dtype.hasobject:
        raise Refused('holds Python objects (pickle), which are refused')
    # Python integers: numpy's product of (2**62, 4) wraps to 0 and would match an empty file
    expected = f.tell() + actual_dtype.itemsize * math.prod(int(d) for d in actual_shape)
    if size != expected:
        raise Refused(f'{size} bytes where its header needs {expected}: truncated or damaged')
    f.seek(0)
    return np.load(f, allow_pickle=False)
