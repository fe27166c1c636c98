"""`rt.saved_model.save(obj, path, signatures=None)` and `load(path)`, as TensorFlow's SavedModel.

The directory (format version 1; see README, "Saving and export"):

    saved_model.json   {"format": "agconvert.saved_model", "version": 1,
                        "functions": [{"name", "file": "graphs/N.json"}],
                        "variables": [{"name", "file": "variables/N.npy", "dtype", "shape"}],
                        "root": object-tree node, "signatures": {name: [function index]}}
    graphs/N.json      one traced function each (`runtime.saving.functions`)
    variables/N.npy    variable values; constants/N.npy: arrays the graphs hold

Loading reads only these files, builds only registered ops, checks every graph
with the graph checker and every array against its declared type, and runs no
code from the directory.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

from ..ir.check import GraphCheckError
from ..user_objects.resource_variables import Variable
from .codec import Malformed, Unsaveable
from .files import ArrayWriter, Directory, SavedModelError, valid_name
from .functions import read_function, write_function
from .loaded import LoadedFunction, LoadedObject, build, pick_traces
from .objects import Collector, root_node
from .reading import Reader
from .writing import write_directory

FORMAT, VERSION = 'agconvert.saved_model', 1
MANIFEST = 'saved_model.json'
_Read = TypeVar('_Read')

__all__ = ['LoadedFunction', 'LoadedObject', 'SavedModelError', 'load', 'save']


def save(obj: Any, path: str | os.PathLike[str], signatures: Any = None) -> None:
    """Save `obj` (an rt.function, a ConcreteFunction, or an object such as an rt.Module whose
    attributes hold rt.functions and rt.Variables) as a directory at `path`, atomically.

    `signatures`: a function (or {name: function}) also reachable as `loaded.signatures[name]`.
    Raises SavedModelError naming what cannot be saved (an rt.py_function and its line, ...).
    """
    collector = Collector()
    if signatures is None and isinstance(obj, LoadedObject):  # a loaded model saved again
        signatures = obj.signatures or None
    try:
        root = root_node(collector, obj)
        named = _signatures(collector, signatures)
        constants = ArrayWriter('constants')
        graphs = [write_function(concrete, skip, constants, collector.variable_index)
                  for concrete, skip in collector.functions]
    except Unsaveable as e:
        raise SavedModelError(f'cannot save {_name(obj)}: {e}') from None
    files = {f'graphs/{i}.json': _json_bytes(g, indent=None) for i, g in enumerate(graphs)}
    files.update((f'variables/{i}.npy', v._value) for i, v in enumerate(collector.variables))
    files.update((f'constants/{i}.npy', a) for i, a in enumerate(constants.arrays))
    files[MANIFEST] = _json_bytes({
        'format': FORMAT, 'version': VERSION,
        'functions': [{'name': g['name'], 'file': f'graphs/{i}.json'}
                      for i, g in enumerate(graphs)],
        'variables': [{'name': v.name, 'file': f'variables/{i}.npy', 'dtype': v.dtype.str,
                       'shape': list(v.shape)} for i, v in enumerate(collector.variables)],
        'root': root, 'signatures': named})
    write_directory(path, files)


def _signatures(collector: Collector, signatures: Any) -> dict[str, list[int]]:
    if signatures is None:
        return {}
    if not isinstance(signatures, dict):
        signatures = {'serving_default': signatures}
    named: dict[str, list[int]] = {}
    for name, function in signatures.items():
        indices = collector.function_indices(function, str(name))
        if not indices:
            raise Unsaveable(f'signature {name!r} has no trace: call it or give it an '
                             'input_signature before saving')
        named[str(name)] = indices
    return named


def _name(obj: Any) -> str:
    return getattr(obj, '__name__', None) or type(obj).__name__


def _json_bytes(data: Any, indent: int | None = 1) -> bytes:
    return json.dumps(data, indent=indent, separators=(',', ': ' if indent else ':'),
                      allow_nan=True).encode('utf-8')


def load(path: str | os.PathLike[str]) -> LoadedObject:
    """The object saved at `path`: the same attribute and method names, variables restored.

    Raises SavedModelError naming the file at fault for anything that is not a
    well-formed saved model of a known version. Each file is read once (`reading`).
    """
    directory = Directory(path)
    manifest = _file(directory, MANIFEST, lambda: _manifest(directory.read_json(MANIFEST)))
    reader = Reader(directory)
    variables = [_variable(directory, reader, entry) for entry in manifest['variables']]
    functions: list[LoadedFunction] = []
    for entry in manifest['functions']:
        name = _file(directory, MANIFEST, lambda: valid_name(entry['file']))
        functions.append(_file(directory, name, lambda: reader.graph_file(
            name, lambda data: read_function(data, reader, variables))))
    return _file(directory, MANIFEST, lambda: _root(manifest, functions, variables))


def _file(directory: Directory, name: str, read: Callable[[], _Read]) -> _Read:
    """`read()`, its errors turned into a SavedModelError naming file `name`."""
    try:
        return read()
    except SavedModelError:
        raise
    except (Malformed, GraphCheckError, KeyError, TypeError, ValueError, IndexError,
            AttributeError, RecursionError) as e:
        kind = '' if isinstance(e, (Malformed, GraphCheckError)) else f'{type(e).__name__}: '
        raise SavedModelError(f'{directory.path}/{name}: not a valid saved model file: '
                              f'{kind}{e}') from None


def _manifest(data: Any) -> dict[str, Any]:
    if type(data) is not dict or data.get('format') != FORMAT:
        raise Malformed(f'not an agconvert saved model (format {FORMAT!r} expected)')
    version = data.get('version')
    if version != VERSION:
        raise Malformed(f'format version {version!r:.40}: this agconvert reads version {VERSION} '
                        '(a newer agconvert wrote it?)')
    for key, kind in (('functions', list), ('variables', list), ('signatures', dict)):
        if type(data.get(key)) is not kind:
            raise Malformed(f'{key!r} is missing or not a {kind.__name__}')
    return data


def _variable(directory: Directory, reader: Reader, entry: Any) -> Variable:
    return _file(directory, MANIFEST, lambda: Variable(reader.variable(entry),
                                                       name=str(entry['name'])))


def _root(manifest: dict[str, Any], functions: list[LoadedFunction],
          variables: list[Variable]) -> LoadedObject:
    root = build(manifest['root'], functions, variables)
    if not isinstance(root, LoadedObject):
        raise Malformed('the root is not an object')
    signatures = {name: LoadedFunction(name, pick_traces(functions, indices, f'signature {name!r}'))
                  for name, indices in manifest['signatures'].items()}
    if 'signatures' not in vars(root):
        root.signatures = signatures
    return root
