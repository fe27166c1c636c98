"""The saved directory's files: read only inside it, checked before use (`writing` writes them).

Every name read comes from the format (`graphs/3.json`, `variables/0.npy`): it
must match `NAME` (no `..`, no absolute path, no other folder), must be a
regular file and not a symbolic link, and must resolve inside the directory.
`.npy` files are read with `allow_pickle=False` after their header is checked
against the dtype and shape the format declares and their size against the header
(`npy_files`, which also refuses sparse files claiming more than the disk holds).
"""
import json
import os
import re

from ..errors import AgError
from . import npy_files
from .codec import Malformed
from .debris import recover

NAME = re.compile(r'saved_model\.json|checkpoint\.json|(graphs|variables|constants)/[0-9]{1,9}\.(json|npy)')


def valid_name(name):
    """`name` if it is a file name of the format; Malformed (the caller names its file) if not."""
    if type(name) is not str or not NAME.fullmatch(name):
        raise Malformed(f'the file name {name!r:.80} is not one of the format '
                        '(graphs/N.json, variables/N.npy, constants/N.npy)')
    return name


class SavedModelError(AgError):
    """A saved directory that cannot be loaded (the message names the file), or a failed save."""


class ArrayWriter:
    """Collects the arrays of a save: `add(array)` gives its file name under `folder`."""

    def __init__(self, folder):
        self.folder, self.arrays = folder, []

    def add(self, array):
        self.arrays.append(array)
        return f'{self.folder}/{len(self.arrays) - 1}.npy'


class Directory:
    """A saved directory opened for reading: every file checked before it is used."""

    def __init__(self, path):
        self.path = os.path.abspath(path)
        recover(self.path)  # a save killed beside it may have left the previous save aside
        if not os.path.isdir(self.path):
            raise SavedModelError(f'{self.path}: not a directory (a saved model is one)')
        self.real = os.path.realpath(self.path)
        self.holes = npy_files.HoleAllowance()  # sparse files refused (`npy_files`)

    def locate(self, name):
        """The path of file `name` of the format (SavedModelError naming it if it is not safe)."""
        full = os.path.join(self.path, valid_name(name))
        full = os.path.join(self.path, name)
        if os.path.islink(full) or os.path.islink(os.path.dirname(full)):
            raise SavedModelError(f'{full}: is a symbolic link; a saved model holds only files')
        if not os.path.realpath(full).startswith(self.real + os.sep):
            raise SavedModelError(f'{full}: lies outside the saved model')
        if not os.path.isfile(full):
            raise SavedModelError(f'{full}: missing (or not a regular file)')
        return full

    def read_json(self, name):
        full = self.locate(name)
        try:
            with open(full, 'rb') as f:
                return json.loads(npy_files.read_bytes(f, self.holes).decode('utf-8'))
        except npy_files.Refused as e:
            raise SavedModelError(f'{full}: {e}') from None
        except json.JSONDecodeError as e:
            raise SavedModelError(f'{full}: not valid JSON (line {e.lineno}, column {e.colno}: '
                                  f'{e.msg}); the file is truncated or damaged') from None
        except (UnicodeDecodeError, RecursionError) as e:
            raise SavedModelError(f'{full}: not readable JSON ({type(e).__name__})') from None

    def read_array(self, name, dtype, shape):
        """The array of `.npy` file `name`, which must hold exactly `dtype` and `shape`."""
        full = self.locate(name)
        with open(full, 'rb') as f:
            try:
                return npy_files.read_array(f, dtype, shape, self.holes)
            except npy_files.Refused as e:
                raise SavedModelError(f'{full}: {e}') from None
