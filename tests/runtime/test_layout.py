"""The runtime's stages: every import (function-level ones too) goes to the same stage or below;
imports sit at the top of their module, but those of the optional packages named here.

This is the one place the stage order is written. A new folder under `runtime/`
gets its line here, where its imports put it.
"""
import ast
import pathlib
import subprocess
import sys

RUNTIME = pathlib.Path(__file__).resolve().parents[2] / 'runtime'

# Lowest first: a module may import its own stage and those above it in this list.
STAGES = (
    # standard library only: what converted code runs on Python values
    ('python', ('runtime', 'runtime.errors', 'runtime.config', 'runtime.ag',
                'runtime.ag_operators', 'runtime.converted_code')),
    ('ir', ('runtime.ir', 'runtime.pictures')),  # graphs, their checker, the op registry, drawings
    ('graph ops', ('runtime.graph_ops',)),      # the op library: implementation beside type rule
    ('tracing', ('runtime.tracing',)),          # builders, tensors, numpy dispatch, memory
    ('user objects', ('runtime.user_objects',)),  # Variable, TensorSpec, print
    ('staging', ('runtime.staging',)),          # the graph side of the ag__ operators
    ('executor', ('runtime.backends.executor',)),  # reference interpreter, numpy executor
    ('passes', ('runtime.passes',)),            # graph -> graph optimizations
    ('backends', ('runtime.backends',)),        # choosing one; jit_compile=True: numba
    ('rt.function', ('runtime.rt_function',)),  # tracing functions, cached per signature
    ('autodiff', ('runtime.autodiff', 'runtime.module', 'runtime.optimizers')),  # tapes, training
    # graphs kept and exported, and the coverage figures (which may import every backend)
    ('saving', ('runtime.saving', 'runtime.backends.onnx', 'runtime.backends.coverage')),
    ('facade', ('runtime.autograph',)),  # rt.autograph: conversion, graphs and their pictures
)
# No import points up the stages: a lower stage that needs a higher one's behaviour gets it by
# a hook the higher one installs when imported (graph_ops/binding.py, ir/core.py's forms, ...).
CONVERTER_IMPORTER = 'runtime.converted_code.conversion'  # converts on the fly: imports it late
# Imported inside functions, so that the runtime runs without them (or loads without their cost):
# the optional packages, our modules that import them at module level, and the converter.
LAZY_OPTIONAL = {
    'numba', 'onnx', 'onnxruntime', 'scipy', 'sklearn', 'dask',  # the extras
    'autograph_cli',  # the converter: runtime.converted_code.conversion converts on the fly
    # the jit backend (0.1 s to import) and its modules that import numba
    'runtime.backends.numba', 'runtime.backends.numba.njit_functions',
    'runtime.backends.numba.numpy_blas', 'runtime.backends.numba.dispatcher_cache',
    # by runtime.ag_operators.lists only: `import runtime.ag` loads no numpy (test_ag_contract)
    'numpy',
}


def module_name(path):
    parts = path.relative_to(RUNTIME.parent).with_suffix('').parts
    return '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)


def modules():
    return {module_name(p): p for p in sorted(RUNTIME.rglob('*.py'))}


def imports(name, path, known):
    """(imported module, at module level?) for every import statement in the module."""
    tree = ast.parse(path.read_text(), str(path))
    top_level = {id(node) for node in tree.body}
    for target, node in import_nodes(tree, name, path, known):
        yield target, id(node) in top_level


def import_nodes(tree, name, path, known):
    """(imported module, its import statement) for every import statement in `tree`."""
    package = name if path.name == '__init__.py' else name.rpartition('.')[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ''
            if node.level:
                parent = package.split('.')[:len(package.split('.')) - node.level + 1]
                base = '.'.join(parent + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f'{base}.{alias.name}'
                yield (sub if sub in known else base), node


def stage_of(name):
    matches = [(len(prefix), index) for index, (_, prefixes) in enumerate(STAGES)
               for prefix in prefixes if name == prefix or name.startswith(prefix + '.')]
    assert matches, f'{name} belongs to no stage: add its folder to STAGES in {__file__}'
    return max(matches)[1]


def graph():
    known = modules()
    return {name: [(target, top) for target, top in imports(name, path, known)
                   if target.split('.')[0] in ('runtime', 'autograph_cli')]
            for name, path in known.items()}


def test_every_import_goes_to_the_same_stage_or_below():
    upward = [f'{name} ({STAGES[stage_of(name)][0]}) imports {target} '
              f'({STAGES[stage_of(target)][0]})'
              for name, targets in graph().items() for target, _ in targets
              if target.startswith('runtime') and stage_of(target) > stage_of(name)]
    assert upward == []


def test_only_conversion_imports_the_converter_and_only_when_it_converts():
    importers = {(name, top) for name, targets in graph().items() for target, top in targets
                 if target.startswith('autograph_cli')}
    assert importers == {(CONVERTER_IMPORTER, False)}


def test_module_level_imports_have_no_cycles():
    edges = {name: {t for t, top in targets if top and t != name and t.startswith('runtime')}
             for name, targets in graph().items()}
    cycles = [scc for scc in strongly_connected(edges) if len(scc) > 1]
    assert cycles == []


def lazy_optional(target):
    third_party = not target.startswith('runtime')
    return any(target == name or third_party and target.startswith(name + '.')
               for name in LAZY_OPTIONAL)


def function_body_imports():
    """(importer, imported) of every import statement in a function or class body (one under
    a module-level `if` or `try` counts as module level)."""
    known = modules()
    found = set()
    for name, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        top = {id(node) for statement in tree.body if not isinstance(
            statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            for node in ast.walk(statement)}
        found |= {(name, target) for target, node in import_nodes(tree, name, path, known)
                  if id(node) not in top}
    return found


def test_function_bodies_import_only_the_optional_packages():
    unexpected = sorted((name, target) for name, target in function_body_imports()
                        if not lazy_optional(target))
    assert unexpected == []


def test_imports_sit_above_the_code():
    below = sorted(name for name, path in modules().items() if 'noqa: E402' in path.read_text())
    assert below == []


def strongly_connected(edges):
    """Tarjan's components of a directed graph {node: successors}."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in edges.get(node, ()):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return components


def test_importing_the_runtime_imports_no_converter_module():
    code = ('import sys, runtime, runtime.ag; '
            'print([m for m in sys.modules if m.split(".")[0] == "autograph_cli"])')
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == '[]'
