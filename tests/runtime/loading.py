"""Modules tests load from files, registered in `sys.modules` as converted modules expect, and
forgotten again when the test ends (`tests/runtime/python/conftest.py`)."""
import importlib.util
import sys

_loaded = []


def load(path, name):
    """Import the file at `path` as module `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _loaded.append(name)
    spec.loader.exec_module(module)
    return module


def forget_loaded():
    """Remove from `sys.modules` every module `load` registered."""
    while _loaded:
        sys.modules.pop(_loaded.pop(), None)
