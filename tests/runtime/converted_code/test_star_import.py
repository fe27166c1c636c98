"""`from m import *` of a converted module imports exactly the names its original would.

A package is converted with the CLI (src/ -> build/); the same script runs on
each tree in a process of its own and reports what `import *` takes from its
modules, and what the importing module's functions run.
"""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from loading import load

import runtime as rt

FILES = {
    'pkg/__init__.py': '''\
        def version():
            if True:
                return 1
    ''',
    'pkg/exporter.py': '''\
        """No __all__: `import *` takes every name that does not start with an underscore."""
        import math
        from os import path as os_path

        _private = 1
        LIMIT = 3


        def clip(x):
            if x > LIMIT:
                return LIMIT
            return x


        def _hidden(x):
            while x > 0:
                x -= 1
            return x


        class Box:
            def size(self):
                for i in range(2):
                    if i:
                        return i
                return 0


        def define_later():
            global LATER
            LATER = 1
    ''',
    'pkg/listed.py': '''\
        __all__ = ['one']


        def one():
            return 1


        def two():
            return 2
    ''',
    'pkg/lazy.py': '''\
        def eager():
            return 1


        def __getattr__(name):  # PEP 562: asked for `__all__` too
            if name == '__all__':
                return ['eager']
            raise AttributeError(name)
    ''',
    'pkg/importer.py': '''\
        from pkg.exporter import *


        def uses(x):
            total = 0
            for i in range(x):
                if i % 2:
                    total += clip(i)
            return total


        def fails(x):
            if x:
                return clip(x) / 0
            return 0
    ''',
}

SCRIPT = textwrap.dedent('''\
    import json, sys, traceback
    sys.path.insert(0, sys.argv[1])
    import pkg, pkg.exporter, pkg.importer

    def star(module):
        namespace = {}
        exec(f'from {module} import *', namespace)
        return sorted(name for name in namespace if name != '__builtins__')

    def runs(function):
        code = function.__code__
        return code.co_filename, 'ag__' in code.co_names

    try:
        pkg.importer.fails(2)
    except ZeroDivisionError as e:
        frames = [tuple(f)[:3] for f in traceback.extract_tb(e.__traceback__)]
    first = star('pkg.exporter')
    pkg.exporter.define_later()
    print(json.dumps({
        'exporter': first, 'exporter later': star('pkg.exporter'), 'package': star('pkg'),
        'listed': star('pkg.listed'), 'lazy': star('pkg.lazy'),
        'has __all__': [hasattr(m, '__all__') for m in (pkg, pkg.exporter, pkg.importer)],
        'importer runs': [runs(pkg.importer.uses), runs(pkg.importer.fails)],
        'imported function runs': runs(pkg.importer.clip),
        'uses': pkg.importer.uses(7), 'frames': frames,
        'own ag__': getattr(pkg.importer, 'ag__', None) is not getattr(pkg.exporter, 'ag__', None),
    }))
''')


@pytest.fixture(scope='module')
def trees(tmp_path_factory):
    """(src, build): the package, and the package converted by the CLI."""
    root = tmp_path_factory.mktemp('star')
    for name, text in FILES.items():
        path = root / 'src' / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    converted = subprocess.run([sys.executable, '-m', 'autograph_cli', str(root / 'src'), '-o',
                                str(root / 'build')], capture_output=True, text=True, timeout=120)
    assert converted.returncode == 0, converted.stderr
    return root / 'src', root / 'build'


def report(tree, mode='original'):
    run = subprocess.run([sys.executable, '-c', SCRIPT, str(tree)], capture_output=True, text=True,
                         timeout=120, env={**os.environ, 'AGCONVERT_PYTHON_MODE': mode})
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.parametrize('mode', ['original', 'converted'])
def test_import_star_takes_the_originals_names_and_the_importer_runs_its_own_code(trees, mode):
    src, build = trees
    original, converted = report(src), report(build, mode)
    assert original['exporter'] == ['Box', 'LIMIT', 'clip', 'define_later', 'math', 'os_path']
    assert original['exporter later'] == sorted(original['exporter'] + ['LATER'])
    assert original['listed'] == ['one'] and original['lazy'] == ['eager']
    assert 'exporter' in original['package'] and 'version' in original['package']
    for key in ('exporter', 'exporter later', 'package', 'listed', 'lazy', 'has __all__', 'uses',
                'frames'):
        assert converted[key] == original[key], key
    assert original['has __all__'] == [False, False, False]
    importer = str(src / 'pkg' / 'importer.py')
    runs_converted = mode == 'converted'  # else the original's code objects: as fast, same frames
    assert converted['importer runs'] == [[importer, runs_converted]] * 2
    assert converted['imported function runs'] == [str(src / 'pkg' / 'exporter.py'), runs_converted]
    assert converted['own ag__']  # the importer's `ag__` is still its own


def test_a_module_whose_function_is_converted_on_the_fly_exports_no_ag(tmp_path):
    """rt.function converts a plain module's function with the module's globals: the `ag__`
    it adds there is not exported either."""
    path = tmp_path / 'plain_star.py'
    path.write_text('def clip(x):\n    if x > 3:\n        return x * 0 + 3\n    return x\n')
    module = load(path, 'plain_star')
    before = star(module)
    assert rt.function(module.clip)(np.float64(5.0)) == 3.0
    assert 'ag__' in vars(module)  # converted code reads it as a global
    assert star(module) == before == ['clip'] and not hasattr(module, '__all__')


def star(module):
    namespace = {}
    exec(f'from {module.__name__} import *', namespace)
    return sorted(name for name in namespace if name != '__builtins__')
