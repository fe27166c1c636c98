"""Differential test on real code: CPython's own test suites, run against converted stdlib modules.

Each module is converted, executed in place of the original
(`sys.modules[name]` is the converted module before `test.test_<name>` is
imported) and its test suite run with unittest, in a subprocess of its own so
that no replaced module leaks into another run. Every test must pass. The
modules are pure Python and their suites take about a second; `tokenize`
also passes but its suite takes half a minute, so it is left out. Modules the
converter or runtime import themselves (functools, operator) cannot be
replaced this way, and modules whose C accelerator replaces the Python code
(heapq, bisect) would test nothing. The converted module runs its converted
code (`AGCONVERT_PYTHON_MODE=converted`): by default it would run the
original's code objects on Python values.
"""
import json
import os
import subprocess
import sys
import sysconfig
import warnings
from pathlib import Path

import pytest

from autograph_cli.pipeline import convert_module

STDLIB = Path(sysconfig.get_paths()['stdlib'])
ROOT = Path(__file__).resolve().parent.parent

MODULES = ['textwrap', 'pprint', 'dataclasses', 'ipaddress', 'configparser', 'csv', 'base64',
           'copy', 'fnmatch', 'graphlib', 'getopt', 'posixpath', 'fractions', 'statistics',
           'difflib', 'shlex', 'string', 'calendar', 'optparse', 'argparse', 'colorsys', 'reprlib',
           'sched', 'glob', 'quopri', 'fileinput', 'plistlib', 'zipapp', 'abc']

# Runs in the subprocess: argv[1] is the module name, argv[2] the path of its source. Every import
# of the module from here on (also `import_fresh_module` in a suite) gets the converted code.
RUNNER = r'''
import importlib, importlib.machinery, importlib.util, io, json, sys, unittest
from autograph_cli.pipeline import convert_module

name, path = sys.argv[1], sys.argv[2]
with open(path, encoding='utf-8') as f:
    code = convert_module(f.read(), path).code


class ConvertedLoader(importlib.machinery.SourceFileLoader):
    def get_code(self, fullname):  # never the cached bytecode of the original
        return compile(code, self.path + ' (converted)', 'exec', dont_inherit=True)


class ConvertedFinder:
    @staticmethod
    def find_spec(fullname, search_path=None, target=None):
        if fullname == name:
            return importlib.util.spec_from_file_location(name, path,
                                                          loader=ConvertedLoader(name, path))
        return None


sys.meta_path.insert(0, ConvertedFinder)
sys.modules.pop(name, None)
module = importlib.import_module(name)

tests = importlib.import_module('test.test_' + name)
namespace = vars(module)
uses_converted = any(
    value is module or getattr(value, '__globals__', None) is namespace
    or (isinstance(value, type) and namespace.get(value.__name__) is value)
    for value in vars(tests).values())
members = [m for c in namespace.values() if isinstance(c, type) and c.__module__ == name
           for m in vars(c).values()]
runs_converted = any('ag__' in f.__code__.co_names
                     for f in [getattr(m, '__func__', m) for m in [*namespace.values(), *members]]
                     if getattr(f, '__globals__', None) is namespace)
stream = io.StringIO()
suite = unittest.defaultTestLoader.loadTestsFromModule(tests)
result = unittest.TextTestRunner(stream=stream, verbosity=0).run(suite)
print(json.dumps({
    'converted': '__ag_source_map__' in namespace, 'uses_converted': uses_converted,
    'runs_converted': runs_converted,
    'run': result.testsRun, 'failures': len(result.failures), 'errors': len(result.errors),
    'report': stream.getvalue()[-5000:] if result.failures or result.errors else ''}))
'''


@pytest.mark.parametrize('name', MODULES)
def test_cpython_suite_passes_on_the_converted_module(name):
    process = subprocess.run([sys.executable, '-c', RUNNER, name, str(STDLIB / f'{name}.py')],
                             capture_output=True, text=True, cwd=ROOT, timeout=120,
                             env={**os.environ, 'AGCONVERT_PYTHON_MODE': 'converted'})
    assert process.returncode == 0, process.stderr[-5000:]
    outcome = json.loads(process.stdout.splitlines()[-1])
    assert outcome['converted'] and outcome['uses_converted'] and outcome['runs_converted'], outcome
    assert outcome['run'] > 0
    assert (outcome['failures'], outcome['errors']) == (0, 0), outcome['report']


def test_every_top_level_stdlib_module_converts_to_code_that_compiles():
    paths = sorted(STDLIB.glob('*.py'))
    assert len(paths) > 100
    failures = []
    for path in paths:
        source = path.read_text(encoding='utf-8')
        try:
            code = convert_module(source, path.name).code
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')  # old modules' invalid escapes warn as originals do
                compile(code, path.name, 'exec', dont_inherit=True)
        except Exception as e:  # noqa: BLE001 - collect every failure, then report them all
            failures.append(f'{path.name}: {type(e).__name__}: {e}')
    assert failures == []
