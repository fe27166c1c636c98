"""`rt.train.Checkpoint`: the values of the variables of some objects, saved and restored by path.

    ckpt = rt.train.Checkpoint(model=model, optimizer=optimizer)
    path = ckpt.save('runs/ckpt')      # runs/ckpt-1 (a directory), runs/ckpt-2, ...
    ckpt.restore(rt.train.latest_checkpoint('runs'))

A variable is named by its attribute path from the checkpoint's objects
(`model.layers[0].w`), found as `save` finds them (`runtime.saving.objects`),
so a fresh program that builds the same objects restores into them. The
directory holds `checkpoint.json` ({"format", "version", "save_counter",
"variables": [{"path", "file", "dtype", "shape"}]}) and `variables/N.npy`, read
as saved models are. Writing is atomic (`runtime.saving.writing`); restoring is
all or nothing, every value checked first (`runtime.saving.checkpoint_index`).
"""
import json
import os
import re

from .checkpoint_index import (
    FORMAT,
    INDEX,
    VERSION,
    CheckpointError,
    Malformed,
    as_checkpoint_error,
    checked_value,
    read_index,
)
from .files import Directory
from .objects import Collector
from .writing import write_directory


class Checkpoint:
    """Objects (keyword arguments) whose variables are saved and restored together."""

    def __init__(self, **objects):
        self._objects = objects
        self.save_counter = 0

    def save(self, file_prefix):
        """Write the next numbered checkpoint, `{file_prefix}-{n}`; its path."""
        self.save_counter += 1
        try:
            return self.write(f'{file_prefix}-{self.save_counter}')
        except BaseException:
            self.save_counter -= 1  # nothing was saved: the next save takes this number
            raise

    def write(self, path):
        """Write the variables' values as checkpoint directory `path` (atomically); `path`."""
        paths = variable_paths(self._objects)
        files = {f'variables/{i}.npy': v._value for i, v in enumerate(paths.values())}
        entries = [{'path': p, 'file': f'variables/{i}.npy', 'dtype': v.dtype.str,
                    'shape': list(v.shape)} for i, (p, v) in enumerate(paths.items())]
        index = {'format': FORMAT, 'version': VERSION, 'save_counter': self.save_counter,
                 'variables': entries}
        files[INDEX] = json.dumps(index, indent=1).encode('utf-8')
        with as_checkpoint_error():
            write_directory(path, files, marker=INDEX)
        return path

    def restore(self, path):
        """Assign the saved values to the variables at the same paths; a status to check."""
        return self.read(path)

    def read(self, path):
        """`restore`, all or nothing: every entry, file, shape and dtype is checked before the
        first variable changes, so a CheckpointError leaves every variable as it was."""
        with as_checkpoint_error():
            directory = Directory(path)
            try:
                index = directory.read_json(INDEX)
            except ValueError as e:  # json's limit on the digits of an integer
                raise CheckpointError(f'{directory.path}/{INDEX}: not readable JSON: {e}') from None
        try:
            entries, save_counter = read_index(index)
        except Malformed as e:
            raise CheckpointError(f'{directory.path}/{INDEX}: not a valid checkpoint: {e}') from None
        current = variable_paths(self._objects)
        values = {entry.path: checked_value(directory, entry, current[entry.path])
                  for entry in entries if entry.path in current}
        for name, value in values.items():  # each value has the variable's dtype and shape now
            current[name].assign(value)
        self.save_counter = max(self.save_counter, save_counter)
        return RestoreStatus([e.path for e in entries], list(current), list(values))


class RestoreStatus:
    """What a restore matched: `assert_consumed()` raises unless saved and current agree."""

    def __init__(self, saved, current, restored):
        self.unused = [p for p in saved if p not in restored]
        self.unrestored = [p for p in current if p not in restored]

    def assert_consumed(self):
        if self.unused or self.unrestored:
            raise CheckpointError(f'checkpoint and objects differ: saved but not restored '
                                  f'{self.unused}, variables not restored {self.unrestored}')
        return self


def variable_paths(objects):
    """{attribute path: variable} of every variable the objects hold, each once."""
    collector = Collector()
    paths = {}
    for name, obj in objects.items():
        _paths(collector.node(obj, name), name, collector.variables, paths)
    return paths


def _paths(node, prefix, variables, paths):
    if node is None:
        return
    (kind, body), = node.items()
    if kind == 'variable':
        if all(v is not variables[body] for v in paths.values()):
            paths[prefix] = variables[body]
    elif kind == 'object':
        for name, child in body.items():
            _paths(child, f'{prefix}.{name}', variables, paths)
    elif kind in ('list', 'tuple'):
        for i, child in enumerate(body):
            _paths(child, f'{prefix}[{i}]', variables, paths)
    elif kind == 'dict':
        for key, child in body:
            _paths(child, f'{prefix}[{key!r}]', variables, paths)


def latest_checkpoint(directory):
    """The path of the highest-numbered checkpoint (`prefix-N`) in `directory`, or None."""
    best = None
    for name in os.listdir(directory) if os.path.isdir(directory) else ():
        match = re.fullmatch(r'.*-([0-9]+)', name)
        if name.startswith(('.saving-', '.replaced-')):  # what a save works in, or left
            continue
        full = os.path.join(directory, name)
        if match and os.path.isfile(os.path.join(full, INDEX)):
            if best is None or int(match.group(1)) > best[0]:
                best = (int(match.group(1)), full)
    return None if best is None else best[1]
