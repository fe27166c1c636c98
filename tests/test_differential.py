"""Differential tests: every corpus module, converted, behaves exactly like the original.

For each `tests/corpus/c_*.py` the original module is the oracle. Both sides are
imported under the same module name (so qualified names in messages agree),
afresh (cases mutate globals), and every case in its CASES list must give the
same value or exception (with the same args, notes, attributes, chain and
formatted traceback frames), the same output and the same plain-data globals.

The converted module runs its converted code (`rt.config.set_python_mode(
'converted')`): these tests check the converter. By default a converted module
runs its original code on Python values; `test_dispatch_runs_the_original_code`
checks that it does, for every function.
"""
import ast
import inspect
from pathlib import Path

import pytest
from differential import (
    CaseTimeout,
    describe,
    load_module,
    resolve,
    run_case,
    run_module,
    time_limit,
)

import runtime as rt
from autograph_cli.pipeline import convert_module

CORPUS = Path(__file__).parent / 'corpus'
CORPUS_FILES = sorted(CORPUS.glob('c_*.py'))
IDS = [p.stem for p in CORPUS_FILES]
CONVERSION_TIME_LIMIT = 30  # seconds; a corpus module converts in well under one

_conversions = {}


@pytest.fixture(scope='session')
def converted_dir(tmp_path_factory):
    return tmp_path_factory.mktemp('converted')


@pytest.fixture
def converted_code():
    """Converted modules run their converted code on Python values during the test."""
    rt.config.set_python_mode('converted')
    try:
        yield
    finally:
        rt.config.set_python_mode('original')


def convert(path, out_dir):
    """Convert a corpus file once per session; returns (result, path of the converted file)."""
    if path not in _conversions:
        try:
            with time_limit(CONVERSION_TIME_LIMIT):
                result = convert_module(path.read_text(encoding='utf-8'), str(path))
        except CaseTimeout:
            pytest.fail(f'converting {path.name} did not finish in {CONVERSION_TIME_LIMIT}s')
        target = out_dir / path.name
        target.write_text(result.code, encoding='utf-8')
        _conversions[path] = result, target
    return _conversions[path]


def source_names(path):
    """Every identifier the original source binds or reads (but the case tables): globals to compare."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names - {'CASES', 'NUMERIC'}


def test_corpus_is_large_enough():
    assert len(CORPUS_FILES) >= 50, [p.name for p in CORPUS_FILES]


def test_numeric_markers_name_functions_of_numbers():
    """NUMERIC lists functions that later run on numpy scalars and in graphs: numbers in, numbers out."""
    numbers = (int, float, bool)
    marked = 0
    for path in CORPUS_FILES:
        module = load_module(path, path.stem)
        for name in getattr(module, 'NUMERIC', ()):
            marked += 1
            assert inspect.isfunction(getattr(module, name)), f'{path.name}: {name}'
            cases = [(args, kwargs) for case, args, kwargs in module.CASES if case == name]
            assert cases, f'{path.name}: no CASES for numeric {name}'
            for args, kwargs in cases:
                assert all(type(v) in numbers for v in (*args, *kwargs.values())), (name, args)
                result = run_case(module, name, args, kwargs).result
                assert result[0] == 'raise' or result[1] in ('builtins.int', 'builtins.float',
                                                             'builtins.bool'), (name, args, result)
    assert marked >= 20


def assert_same_runs(path, converted_path):
    names = source_names(path)
    expected = run_module(path, path.stem, names, tracebacks=True)
    assert expected == run_module(path, path.stem, names, tracebacks=True), \
        'the corpus module is not deterministic'
    assert expected[1], f'{path.name} has no CASES'
    actual = run_module(converted_path, path.stem, names, tracebacks=True)
    assert actual[0] == expected[0], 'output printed while importing differs'
    for (case, want, want_globals), (got_case, got, got_globals) in zip(expected[1], actual[1]):
        assert got_case == case, 'CASES differ'
        assert got == want, f'case {case}'
        assert got_globals == want_globals, f'globals after case {case}'
    assert len(actual[1]) == len(expected[1]), 'CASES differ'


@pytest.mark.parametrize('path', CORPUS_FILES, ids=IDS)
def test_converted_module_behaves_like_the_original(path, converted_dir, converted_code):
    _, converted_path = convert(path, converted_dir)
    assert_same_runs(path, converted_path)


def test_the_corpus_raises_through_frames_that_filtering_removes(converted_dir, converted_code):
    """The traceback comparison has work to check: most raising cases pass runtime frames."""
    raising = filtered = 0
    for path in CORPUS_FILES:
        _, converted_path = convert(path, converted_dir)
        rt.config.set_traceback_mode('full')
        try:
            full = run_module(converted_path, path.stem, tracebacks=True)[1]
        finally:
            rt.config.set_traceback_mode('filtered')
        shown = run_module(converted_path, path.stem, tracebacks=True)[1]
        for (_, everything, _), (_, outcome, _) in zip(full, shown):
            raising += outcome.result[0] == 'raise'
            filtered += everything.chain != outcome.chain
    assert raising >= 140 and filtered >= 80


@pytest.mark.parametrize('path', CORPUS_FILES, ids=IDS)
def test_dispatch_runs_the_original_code(path, converted_dir):
    """By default every function of a converted module runs the original's code object."""
    _, converted_path = convert(path, converted_dir)
    module = load_module(converted_path, path.stem)
    original = dict(public_api(load_module(path, path.stem)))
    checked = 0
    for name, obj in public_api(module):
        while inspect.isfunction(obj):  # decorated functions too
            if original[name].__code__.co_filename == str(path):
                code = obj.__code__
                assert (code.co_filename, 'ag__' in code.co_names) == (str(path), False), name
                checked += 1
            obj, original[name] = (getattr(obj, '__wrapped__', None),
                                   getattr(original[name], '__wrapped__', None))
    assert checked
    assert_same_runs(path, converted_path)


def public_api(module):
    """(dotted name, object) for every function and class the module defines, methods included."""
    for name, obj in sorted(vars(module).items()):
        if name.startswith('_') or getattr(obj, '__module__', None) != module.__name__:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            yield from class_api(name, obj)


def class_api(prefix, cls):
    yield prefix, cls
    for name, attr in sorted(vars(cls).items()):
        where = f'{prefix}.{name}'
        if isinstance(attr, (staticmethod, classmethod)):
            yield where, attr.__func__
        elif isinstance(attr, property):
            for part in ('fget', 'fset', 'fdel'):
                if getattr(attr, part) is not None:
                    yield f'{where}.{part}', getattr(attr, part)
        elif inspect.isfunction(attr):
            yield where, attr
        elif inspect.isclass(attr) and attr.__qualname__.startswith(cls.__qualname__ + '.'):
            yield from class_api(where, attr)


def metadata(obj):
    try:
        signature = describe(str(inspect.signature(obj)))
    except (TypeError, ValueError) as e:
        signature = f'no signature: {type(e).__name__}'
    fields = {attr: getattr(obj, attr, None)
              for attr in ('__name__', '__qualname__', '__doc__', '__module__')}
    if inspect.isclass(obj):
        fields['members'] = sorted(vars(obj))
    return fields, signature


def public_names(module):
    return {n for n in vars(module) if not n.startswith('_') and not n.startswith('ag__')}


@pytest.mark.parametrize('path', CORPUS_FILES, ids=IDS)
def test_converted_module_keeps_names_docs_and_signatures(path, converted_dir):
    _, converted_path = convert(path, converted_dir)
    original = load_module(path, path.stem)
    converted = load_module(converted_path, path.stem)
    assert converted.__doc__ == original.__doc__
    assert public_names(converted) == public_names(original)
    original_api = dict(public_api(original))
    assert original_api, f'{path.name} defines no public functions or classes'
    converted_api = dict(public_api(converted))
    assert sorted(converted_api) == sorted(original_api)
    for name, obj in original_api.items():
        assert metadata(converted_api[name]) == metadata(obj), name
    for name, _, _ in original.CASES:
        assert callable(resolve(converted, name)), name


def function_defs(tree):
    """(node, inside_unconvertible) for every def, in source order."""
    found = []

    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((child, inside))
                visit(child, inside or unconvertible(child))
            else:
                visit(child, inside)

    visit(tree, False)
    return found


def unconvertible(node):
    """Generators and coroutines: the converter must leave these exactly as written."""
    if isinstance(node, ast.AsyncFunctionDef):
        return True
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_scope(node))


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def own_scope(node):
    """The nodes of a function's body; nested functions, lambdas and classes are not entered."""
    pending = list(node.body)
    while pending:
        current = pending.pop()
        yield current
        if not isinstance(current, _SCOPES):
            pending.extend(ast.iter_child_nodes(current))


def function_scope_names(tree):
    """The names given to `ag__.FunctionScope(name, ...)` in converted code."""
    names = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == 'FunctionScope' and node.args
                and isinstance(node.args[0], ast.Constant)):
            names.add(str(node.args[0].value).rsplit('.', 1)[-1])
    return names


def def_lines(node):
    """The lines of a def, decorators included."""
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return set(range(first, node.end_lineno + 1))


def warned_about(result, node):
    """A warning points into this def, not into a function nested in it."""
    lines = def_lines(node)
    for inner in own_scope(node):
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines -= def_lines(inner)
    return any(d.severity == 'warning' and d.line in lines for d in result.diagnostics)


@pytest.mark.parametrize('path', CORPUS_FILES, ids=IDS)
def test_module_is_really_converted(path, converted_dir):
    result, _ = convert(path, converted_dir)
    has_scopes = 'ag__.FunctionScope' in result.code
    assert has_scopes, f'{path.name}: the output has no ag__.FunctionScope at all'
    original_tree = ast.parse(path.read_text(encoding='utf-8'))
    converted_tree = ast.parse(result.code)
    scoped = function_scope_names(converted_tree)
    kept = {ast.dump(n) for n in ast.walk(converted_tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for node, inside_unconvertible in function_defs(original_tree):
        where = f'{path.name}:{node.lineno} {node.name}'
        if inside_unconvertible:
            continue
        warned = warned_about(result, node)
        if unconvertible(node):
            assert warned, f'{where}: left unconverted without a warning'
            as_written = ast.dump(node) in kept
            assert as_written, f'{where}: not left exactly as written'
        else:
            converted = node.name in scoped
            assert converted or warned, f'{where}: neither converted nor reported'
