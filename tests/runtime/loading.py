"""Modules tests import from files. A converted module looks itself up in `sys.modules` while it
runs, so each is registered there: only while it executes (`import_file`), or until the test ends
(`load`; `tests/runtime/converted_code/conftest.py` forgets them)."""
import importlib.util
import sys

_loaded = []


def import_file(path, name):
    """The module of the file at `path`, named `name`, registered only while it executes."""
    try:
        return load(path, name)
    finally:
        _loaded.remove(name)
        del sys.modules[name]


def load(path, name):
    """The module of the file at `path`, named `name`, registered until `forget_loaded`."""
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
