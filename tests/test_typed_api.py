"""The typed API: the modules mypy checks carry annotations, the stub names what `rt` offers,
and the distribution ships the PEP 561 marker."""
import ast
import importlib
import inspect
import pathlib

import tomllib

import runtime

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / 'pyproject.toml').read_text())
STUB = ROOT / 'runtime' / '__init__.pyi'


def checked_modules():
    """The modules of `[tool.mypy] files` (a folder: each of its modules)."""
    names = []
    for entry in PYPROJECT['tool']['mypy']['files']:
        path = ROOT / entry
        for file in sorted(path.rglob('*.py')) if path.is_dir() else [path]:
            if file.suffix == '.py':
                parts = file.relative_to(ROOT).with_suffix('').parts
                names.append('.'.join(parts[:-1] if parts[-1] == '__init__' else parts))
    return names


def functions_of(module):
    """(qualified name, function) of every function and method the module's source defines."""
    source = inspect.getsourcefile(module)
    for name, value in vars(module).items():
        if inspect.isclass(value) and value.__module__ == module.__name__:
            for attr, member in vars(value).items():
                if isinstance(member, property):
                    member = member.fget
                elif isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                yield from _own(f'{name}.{attr}', member, source)
        else:
            yield from _own(name, value, source)


def _own(name, value, source):
    function = inspect.unwrap(value) if callable(value) else value
    if inspect.isfunction(function) and function.__name__ != '<lambda>' and \
            function.__code__.co_filename == source:  # not made by dataclasses, not imported
        yield name, function


def unannotated(function):
    """The parameters (and 'return') of `function` without an annotation."""
    missing = [p.name for i, p in enumerate(inspect.signature(function, eval_str=False)
                                            .parameters.values())
               if p.annotation is p.empty and not (i == 0 and p.name in ('self', 'cls'))]
    return missing + ([] if 'return' in function.__annotations__ else ['return'])


def test_every_function_of_the_checked_modules_is_annotated():
    modules = checked_modules()
    assert {'runtime.rt_function.function', 'runtime.rt_function.concrete', 'runtime.ir.core',
            'runtime.autodiff.tape', 'runtime.user_objects.resource_variables', 'runtime.module',
            'runtime.optimizers.adam', 'runtime.saving.saved_model', 'runtime.backends.onnx.export',
            'autograph_cli.api'} <= set(modules)
    missing, seen = {}, 0
    for name in modules:
        module = importlib.import_module(name)
        for qualname, function in functions_of(module):
            seen += 1
            if unannotated(function):
                missing[f'{name}.{qualname}'] = unannotated(function)
    assert seen > 200  # the walk found the functions
    assert missing == {}


def test_the_stub_binds_exactly_what_rt_offers_to_the_same_objects():
    tree = ast.parse(STUB.read_text())
    bound = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                bound[alias.asname or alias.name] = (node.module, alias.name)
    offered = set(runtime._LAZY) | set(runtime._SUBMODULES) | {
        'errors', 'do_not_convert', 'set_loop_options'}
    assert set(bound) == offered
    for public, (module, name) in bound.items():
        source = importlib.import_module(f'runtime.{module}' if module else 'runtime')
        assert getattr(source, name) is getattr(runtime, public), public
    declared = next(n.value for n in tree.body if isinstance(n, ast.Assign)
                    and n.targets[0].id == '__all__')
    assert sorted(ast.literal_eval(declared)) == sorted(offered)


def test_the_packages_ship_their_py_typed_marker():
    package_data = PYPROJECT['tool']['setuptools']['package-data']
    for package in ('runtime', 'autograph_cli'):
        assert (ROOT / package / 'py.typed').is_file()
        assert 'py.typed' in package_data[package]
    assert '*.pyi' in package_data['runtime']


def test_make_test_runs_mypy_before_pytest():
    makefile = (ROOT / 'Makefile').read_text()
    recipe = makefile.split('\ntest:', 1)[1].split('\n\n', 1)[0]
    lines = [line.strip() for line in recipe.splitlines()[1:]]
    assert '$(BIN)/mypy' in lines
    assert lines.index('$(BIN)/mypy') < next(i for i, line in enumerate(lines) if 'pytest' in line)
    assert any(r.startswith('mypy') for r in PYPROJECT['project']['optional-dependencies']['test'])
