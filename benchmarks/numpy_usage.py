"""Count how often real public numpy code uses each numpy name: the 300-name list of numpy_top300.txt.

    python -m benchmarks.numpy_usage [--cache DIR] [--out benchmarks/numpy_top300.txt]

downloads (pip, once, into the cache directory outside the repo) the pinned packages below,
reads every .py file in them but their tests, plus the numpy-ml vendored under
tests/realcode/vendor, and counts with `ast`:
- attribute chains rooted where numpy is imported (`np.x`, `np.linalg.x`, `numpy.fft.x`,
  `import numpy.linalg as la; la.x`) and names imported from numpy (`from numpy import x`);
- method calls `obj.m(...)` whose name `m` is a method of ndarray (`ndarray.m`), else of
  RandomState or Generator: by name, whatever `obj` is (a list's `.sort()` counts too), except
  where `obj` is an imported module (`math.floor`, `random.shuffle`).
A numpy name counts only as a callable: a function or ufunc at every use (`np.sum(x)`, and
`key=np.sum` passed as a value), a class only where it is called (`np.float64(x)` counts,
`dtype=np.float64` does not); constants (`np.pi`), properties (`.T`, `.shape`) and names the
installed numpy does not have (removed aliases) never count. Output is deterministic: ties in
count are ordered by name.
"""
import argparse
import ast
import subprocess
import sys
import tarfile
import zipfile
from collections import Counter
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
VENDORED = REPO / 'tests' / 'realcode' / 'vendor' / 'numpy_ml'
DEFAULT_CACHE = Path.home() / '.cache' / 'agconvert-numpy-usage'
DEFAULT_OUT = Path(__file__).resolve().parent / 'numpy_top300.txt'
TOP = 300
# (pip requirement, what it is): wheels hold the .py files; a platform wheel is only unzipped
PACKAGES = (
    ('scikit-learn==1.5.2', 'machine learning'),
    ('scipy==1.14.1', 'science'),
    ('filterpy==1.4.5', 'Kalman filters, pure numpy'),
    ('trimesh==4.5.3', 'triangle meshes, pure numpy'),
)
PIP = [sys.executable, '-m', 'pip', 'download', '--no-deps', '--platform', 'manylinux2014_x86_64',
       '--python-version', '3.12', '--only-binary', ':all:']
SDIST_ONLY = {'filterpy'}
TEST_FOLDERS = {'tests', 'test'}
# the modules whose public callables are counted as `numpy.<module>.x`
NAMESPACES = ('numpy', 'numpy.linalg', 'numpy.fft', 'numpy.random')


def public_methods(cls):
    return {name for name in dir(cls) if not name.startswith('_') and callable(getattr(cls, name))}


NDARRAY_METHODS = public_methods(np.ndarray)
RANDOMSTATE_METHODS = public_methods(np.random.RandomState)
GENERATOR_METHODS = public_methods(np.random.Generator)


def download(cache):
    """The archives of PACKAGES in `cache`, downloading the missing ones."""
    cache.mkdir(parents=True, exist_ok=True)
    archives = []
    for requirement, _ in PACKAGES:
        name, version = requirement.split('==')
        stem = name.replace('-', '_').lower()
        found = [p for p in cache.iterdir() if p.name.lower().replace('-', '_').startswith(
            f'{stem}_{version}')]
        if not found:
            command = PIP if name not in SDIST_ONLY else PIP[:5]  # no wheel on PyPI
            subprocess.run([*command, requirement, '-d', str(cache)], check=True)
            found = [p for p in cache.iterdir() if p.name.lower().replace('-', '_').startswith(
                f'{stem}_{version}')]
        archives.append(sorted(found)[0])
    return archives


def is_test_path(parts):
    return (any(part in TEST_FOLDERS for part in parts[:-1]) or parts[-1].startswith('test_')
            or parts[-1] == 'conftest.py')


def archive_sources(archive):
    """(path, source) of every non-test .py file in a wheel, zip or tar.gz."""
    if archive.suffix in ('.whl', '.zip'):
        with zipfile.ZipFile(archive) as opened:
            for name in sorted(opened.namelist()):
                if name.endswith('.py') and not is_test_path(name.split('/')):
                    yield name, opened.read(name).decode('utf-8', 'replace')
    else:
        with tarfile.open(archive) as opened:
            for member in sorted(opened.getmembers(), key=lambda m: m.name):
                if member.name.endswith('.py') and not is_test_path(member.name.split('/')):
                    yield member.name, opened.extractfile(member).read().decode('utf-8', 'replace')


def folder_sources(folder):
    for path in sorted(folder.rglob('*.py')):
        if not is_test_path(path.relative_to(folder).parts):
            yield str(path), path.read_text('utf-8', 'replace')


def resolve(dotted):
    """The numpy object named `numpy.a.b`, or None."""
    parts = dotted.split('.')
    obj = np
    for part in parts[1:]:
        if part.startswith('_'):
            return None
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return None
    return obj


class Counting(ast.NodeVisitor):
    """Counts numpy names and ndarray/random method names in one module."""

    def __init__(self, counts):
        self.counts = counts
        self.numpy_aliases = {}  # local name -> dotted numpy path ('np' -> 'numpy')
        self.other_modules = set()  # local names bound to other imported modules

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name == 'numpy' or alias.name.startswith('numpy.'):
                if alias.asname:
                    self.numpy_aliases[alias.asname] = alias.name
                else:
                    self.numpy_aliases['numpy'] = 'numpy'
            else:
                self.other_modules.add(alias.asname or alias.name.split('.')[0])

    def visit_ImportFrom(self, node):
        if node.level == 0 and node.module and (node.module == 'numpy'
                                                or node.module.startswith('numpy.')):
            for alias in node.names:
                self.numpy_aliases[alias.asname or alias.name] = f'{node.module}.{alias.name}'

    def chain(self, node):
        """`numpy.linalg.norm` for an attribute chain rooted at a numpy alias, else None."""
        attributes = []
        while isinstance(node, ast.Attribute):
            attributes.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.numpy_aliases:
            return '.'.join([self.numpy_aliases[node.id], *reversed(attributes)])
        return None

    def count_numpy(self, dotted, called):
        # the longest prefix inside a counted namespace: `np.random.RandomState(0).rand` is
        # RandomState's method, counted where it is called, not here
        for namespace in sorted(NAMESPACES, key=len, reverse=True):
            if dotted.startswith(namespace + '.'):
                name = dotted[len(namespace) + 1:]
                if '.' in name:
                    return
                obj = resolve(dotted)
                if obj is None or not callable(obj) or isinstance(obj, type) and not called:
                    return
                if isinstance(obj, type(np)):  # a submodule
                    return
                self.counts[dotted] += 1
                return

    def visit_Call(self, node):
        func = node.func
        dotted = self.chain(func) if isinstance(func, (ast.Attribute, ast.Name)) else None
        if dotted is not None:
            self.count_numpy(dotted, called=True)
        elif isinstance(func, ast.Attribute):
            receiver = func.value
            if not (isinstance(receiver, ast.Name) and receiver.id in self.other_modules):
                method = func.attr
                if method in NDARRAY_METHODS:
                    self.counts[f'ndarray.{method}'] += 1
                elif method in RANDOMSTATE_METHODS:
                    self.counts[f'RandomState.{method}'] += 1
                elif method in GENERATOR_METHODS:
                    self.counts[f'Generator.{method}'] += 1
            self.visit(func)
        else:
            self.visit(func)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            self.visit(keyword)

    def visit_Attribute(self, node):
        dotted = self.chain(node)
        if dotted is not None:
            self.count_numpy(dotted, called=False)
            return
        self.generic_visit(node)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.numpy_aliases:
            dotted = self.numpy_aliases[node.id]
            if dotted != 'numpy':
                self.count_numpy(dotted, called=False)


def count_sources(sources, counts, unparsed):
    for path, source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            unparsed.append(path)
            continue
        Counting(counts).visit(tree)


def measure(cache):
    counts, unparsed = Counter(), []
    for archive in download(cache):
        count_sources(archive_sources(archive), counts, unparsed)
    count_sources(folder_sources(VENDORED), counts, unparsed)
    return counts, unparsed


def report(counts, unparsed, top=TOP):
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:top]
    packages = ', '.join(requirement for requirement, _ in PACKAGES)
    lines = [
        f'# The {top} numpy names most used in public numpy code, counted by '
        'benchmarks/numpy_usage.py',
        f'# (python -m benchmarks.numpy_usage; numpy {np.__version__} resolves the names).',
        f'# Sources: the .py files of {packages} (pip download, wheels; filterpy an sdist)',
        '# and of numpy-ml as vendored in tests/realcode/vendor/numpy_ml; their tests folders,',
        '# test_*.py and conftest.py excluded'
        + (f'; {len(unparsed)} files not parsed by this Python.' if unparsed else '.'),
        '# numpy.x / numpy.linalg.x / numpy.fft.x / numpy.random.x: attribute chains rooted at',
        '# the name numpy is imported as, and names imported from numpy. A function counts at',
        '# every use (called, or passed as a value); a class (np.float64, np.errstate) only',
        '# where it is called; constants, properties and names this numpy lacks never count.',
        '# ndarray.m / RandomState.m / Generator.m: method calls counted BY NAME on any object',
        '# (not on an imported module), ndarray first, then RandomState, then Generator.',
        '# rank name count',
    ]
    lines += [f'{rank} {name} {count}' for rank, (name, count) in enumerate(ranked, 1)]
    return '\n'.join(lines) + '\n'


def read_top(path=DEFAULT_OUT):
    """[(name, count)] of a committed list, in rank order."""
    names = []
    for line in Path(path).read_text().splitlines():
        if line and not line.startswith('#'):
            _, name, count = line.split()
            names.append((name, int(count)))
    return names


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--cache', type=Path, default=DEFAULT_CACHE,
                        help='where the packages are downloaded (outside the repo)')
    parser.add_argument('--out', type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    counts, unparsed = measure(args.cache)
    args.out.write_text(report(counts, unparsed))
    print(f'{args.out}: {min(TOP, len(counts))} of {len(counts)} names counted')


if __name__ == '__main__':
    main()
