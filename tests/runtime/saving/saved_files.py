"""Editing a saved model's files by hand, as an attacker or a broken disk would, and the
refusal a load must then give."""
import json

import numpy as np
import pytest

import runtime as rt
from runtime.saving.files import SavedModelError


def edit_json(path, edit):
    """Rewrite the JSON file `path` with `edit(data)` applied in place."""
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def refused(directory, file_part, message):
    """Loading `directory` fails with a SavedModelError matching `message`, naming `file_part`,
    without a traceback in its text; the SavedModelError."""
    with pytest.raises(SavedModelError, match=message) as info:
        rt.saved_model.load(directory)
    assert file_part in str(info.value), info.value
    assert 'Traceback' not in str(info.value)
    return info.value


class Scaled(rt.Module):
    """One float32 variable, and `__call__` multiplying by it."""

    def __init__(self):
        self.w = rt.Variable(np.ones(3, np.float32))

    @rt.function
    def __call__(self, x):
        return x * self.w


def save_scaled(directory):
    """Save a Scaled module that has been called once (one trace) to `directory`."""
    module = Scaled()
    module(np.ones(3, np.float32))
    rt.saved_model.save(module, directory)
    return directory
