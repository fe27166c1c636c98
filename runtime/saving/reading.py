"""One load's reads: each file read once, constants shared, namedtuple types made within limits.

What a load holds is then bounded by what the directory holds: a file named by
many constants is one read-only array they share, a graph file named by many
functions is one function, a variable file may be named by one variable only,
and the namedtuple types a load makes (a class each, about 6 KB and 1.5 ms
even when empty, 60 ms for 1,000 fields) are at most `MAX_NAMEDTUPLE_TYPES`,
`MAX_NAMEDTUPLE_FIELDS` fields each, the same name and fields made once.
"""
import collections

from .codec import Malformed, _dtype
from .files import valid_name

MAX_NAMEDTUPLE_FIELDS = 1000
MAX_NAMEDTUPLE_TYPES = 256


class Reader:
    """The files of one load of `directory` (a `files.Directory`), each read once."""

    def __init__(self, directory):
        self.directory = directory
        self._constants = {}  # file name -> read-only array
        self._variables = set()
        self._graphs = {}  # file name -> what `read` gave for it
        self._namedtuples = {}  # (name, fields) -> type

    def get(self, entry):
        """The constant of a codec `npy` entry: its file read once, shared read-only."""
        name, dtype, shape = _in_folder(entry['npy'], 'constants'), _dtype(entry['dtype']), \
            _shape(entry['shape'])
        array = self._constants.get(name)
        if array is None:
            array = self.directory.read_array(name, dtype, shape)
            array.flags.writeable = False  # shared: the executors copy constants they give out
            self._constants[name] = array
        elif array.dtype != dtype or array.shape != shape:
            raise Malformed(f'{name} is declared {dtype}{list(shape)} here, '
                            f'{array.dtype}{list(array.shape)} where it was first read')
        return array[()] if entry.get('scalar') is True else array

    def variable(self, entry):
        """The value of a manifest variable entry (a fresh array: variables change)."""
        name = _in_folder(entry['file'], 'variables')
        if name in self._variables:
            raise Malformed(f'{name} is the file of two variables')
        self._variables.add(name)
        return self.directory.read_array(name, _dtype(entry['dtype']), _shape(entry['shape']))

    def graph_file(self, name, read):
        """`read(json data)` of graph file `name`, read and built once however often named."""
        name = _in_folder(name, 'graphs')
        if name not in self._graphs:
            self._graphs[name] = read(self.directory.read_json(name))
        return self._graphs[name]

    def namedtuple(self, name, fields):
        """The namedtuple type `name` with `fields` (made once per load, within the limits)."""
        if type(name) is not str or type(fields) is not list or any(
                type(f) is not str for f in fields):
            raise Malformed(f'namedtuple {name!r:.40}: its name and fields must be strings')
        if len(fields) > MAX_NAMEDTUPLE_FIELDS:
            raise Malformed(f'namedtuple {name!r:.40} has {len(fields)} fields, more than the '
                            f'{MAX_NAMEDTUPLE_FIELDS} a saved model may declare')
        key = (name, tuple(fields))
        kind = self._namedtuples.get(key)
        if kind is None:
            if len(self._namedtuples) == MAX_NAMEDTUPLE_TYPES:
                raise Malformed(f'namedtuple {name!r:.40}: more than {MAX_NAMEDTUPLE_TYPES} '
                                'namedtuple types, which a saved model may not declare')
            kind = self._namedtuples[key] = collections.namedtuple(name, fields)
        return kind


def _in_folder(name, folder):
    valid_name(name)
    if not name.startswith(folder + '/'):
        raise Malformed(f'the file name {name!r:.80} is not one of {folder}/')
    return name


def _shape(shape):
    if type(shape) is not list or any(type(d) is not int or d < 0 for d in shape):
        raise Malformed(f'not a shape: {shape!r:.60}')
    return tuple(shape)
