"""The two copies of the vendored numpy-ml: the original (`numpy_ml`) and its conversion.

The original is imported from `vendor/` as the top-level package `numpy_ml`, as its own
absolute imports (`from numpy_ml.utils.misc import logsumexp`) need. The converted copy is
the output of the `agconvert` command line on `vendor/numpy_ml`, written to a directory
named `numpy_ml_converted` and imported under that name: relative imports then stay inside
it, and while it is imported its absolute `numpy_ml.*` imports are served with its own
modules (`_Alias`), so no converted module is bound to an original one.
"""
import contextlib
import importlib
import importlib.abc
import importlib.util
import os
import subprocess
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VENDOR = HERE / 'vendor'
ORIGINAL = 'numpy_ml'
CONVERTED = 'numpy_ml_converted'
CONVERSION_TIME_LIMIT = 300  # seconds; the package converts in a few


@contextlib.contextmanager
def quietly():
    """numpy-ml's docstrings hold invalid escape sequences (`"\\m"`): upstream's text, kept; the
    warnings compiling them gives are not ours to show."""
    with warnings.catch_warnings():
        warnings.filterwarnings('ignore', 'invalid escape sequence', DeprecationWarning)
        warnings.filterwarnings('ignore', 'invalid escape sequence', SyntaxWarning)
        yield


def import_original():
    """The vendored package, as `numpy_ml`."""
    if str(VENDOR) not in sys.path:
        sys.path.insert(0, str(VENDOR))
    with quietly():
        return importlib.import_module(ORIGINAL)


def convert(out_dir):
    """Run `agconvert vendor/numpy_ml -o out_dir/numpy_ml_converted`; returns its stderr lines."""
    target = Path(out_dir) / CONVERTED
    env = {**os.environ, 'PYTHONPATH': os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get('PYTHONPATH')])])}
    result = subprocess.run(
        [sys.executable, '-m', 'autograph_cli', str(VENDOR / ORIGINAL), '-o', str(target)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=CONVERSION_TIME_LIMIT)
    if result.returncode != 0:
        raise RuntimeError(f'agconvert failed ({result.returncode}):\n{result.stderr}')
    return result.stderr.splitlines()


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves `numpy_ml.x.y` with the module `numpy_ml_converted.x.y` (imported if need be)."""

    def __init__(self):
        self._specs = {}

    def find_spec(self, name, path=None, target=None):
        if name == ORIGINAL or name.startswith(ORIGINAL + '.'):
            return importlib.util.spec_from_loader(name, self)
        return None

    def create_module(self, spec):
        module = importlib.import_module(CONVERTED + spec.name[len(ORIGINAL):])
        self._specs[spec.name] = module.__spec__  # the import system overwrites it
        return module

    def exec_module(self, module):
        module.__spec__ = self._specs[module.__spec__.name]


def import_converted(out_dir):
    """The converted package (`convert(out_dir)` first), as `numpy_ml_converted`."""
    if CONVERTED in sys.modules:
        return sys.modules[CONVERTED]
    original = {name: module for name, module in sys.modules.items()
                if name == ORIGINAL or name.startswith(ORIGINAL + '.')}
    for name in original:
        del sys.modules[name]
    alias = _Alias()
    sys.path.insert(0, str(out_dir))
    sys.meta_path.insert(0, alias)
    try:
        with quietly():
            package = importlib.import_module(CONVERTED)
    finally:
        sys.meta_path.remove(alias)
        sys.path.remove(str(out_dir))
        for name in [n for n in sys.modules if n == ORIGINAL or n.startswith(ORIGINAL + '.')]:
            del sys.modules[name]
        sys.modules.update(original)
    return package


def submodules(package):
    """Every module of `package` imported so far, by name relative to it, in name order."""
    prefix = package.__name__ + '.'
    return {name[len(prefix):]: module for name, module in sorted(sys.modules.items())
            if name.startswith(prefix)}
