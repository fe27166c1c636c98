"""The `ag__` contract: every `ag__.X` the converter emits exists; `runtime.ag` is stdlib only."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import runtime.ag
from autograph_cli.pipeline import convert_module

TESTS = Path(__file__).parents[2]
ROOT = TESTS.parent
GOLDEN_INPUTS = sorted(p for p in (TESTS / 'golden').glob('*.py')
                       if not p.name.endswith('.expected.py'))
CORPUS = sorted((TESTS / 'corpus').glob('*.py'))
AG_NAME = re.compile(r'\bag__\.(\w+)')
HEADER = 'ag__ = ag__.bind(globals())'


@pytest.fixture(scope='module')
def outputs():
    """The converted text of every golden input and corpus module."""
    assert GOLDEN_INPUTS and len(CORPUS) >= 50
    return {path: convert_module(path.read_text(encoding='utf-8'), path.name).code
            for path in GOLDEN_INPUTS + CORPUS}


def emitted_names(code):
    """The `ag__.X` names a converted module uses once it has bound its own `ag__`."""
    body = code.replace(HEADER, '', 1)
    return set(AG_NAME.findall(body))


def test_every_emitted_name_is_exported_and_bound(outputs):
    bound = runtime.ag.bind({'__name__': 'contract_check'})
    used = set()
    for path, code in outputs.items():
        names = emitted_names(code)
        used |= names
        assert names <= set(runtime.ag.__all__), (path.name, names - set(runtime.ag.__all__))
        assert all(hasattr(bound, name) for name in names), path.name
    # the scan reaches the whole emitted vocabulary, not a corner of it
    assert used >= {'FunctionScope', 'STD', 'converted_call', 'Kwargs', 'if_stmt', 'while_stmt',
                    'for_stmt', 'and_', 'or_', 'not_', 'and_test', 'or_test', 'compare',
                    'compare_test', 'if_exp', 'assert_stmt', 'list_append', 'ldu', 'load', 'local',
                    'qualname', 'UndefinedReturnValue', 'SourceMap'}


def test_bind_is_used_once_on_the_module_itself(outputs):
    for path, code in outputs.items():
        assert code.count('ag__.bind(') == 1 and HEADER in code.splitlines(), path.name
        assert 'bind' not in emitted_names(code)
    assert 'bind' in runtime.ag.__all__


def test_every_name_the_converters_source_can_emit_is_exported():
    """String templates in autograph_cli name what any input could make the converter print."""
    names = set()
    for path in (ROOT / 'autograph_cli').rglob('*.py'):
        names |= set(AG_NAME.findall(path.read_text(encoding='utf-8')))
    assert len(names) >= 20
    assert names <= set(runtime.ag.__all__), names - set(runtime.ag.__all__)


def test_bound_module_has_its_own_converted_call():
    namespace = {'__name__': 'contract_check'}
    bound = runtime.ag.bind(namespace)
    exported = set(runtime.ag.__all__) - {'bind'}
    assert {name for name in exported if hasattr(bound, name)} == exported
    assert bound.converted_call is not runtime.ag.converted_call
    assert bound.converted_call.__globals__ is namespace
    assert bound.converted_call(max, (1, 3), None) == 3
    assert bound.if_stmt is runtime.ag.if_stmt


def _new_modules_after(statement):
    """Run `statement` in a fresh interpreter; the modules it imported, and whether numpy is one."""
    script = ('import sys, json\nbefore = set(sys.modules)\n' + statement +
              '\nprint(json.dumps(sorted(set(sys.modules) - before)))')
    run = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def test_runtime_ag_imports_only_the_standard_library():
    new = _new_modules_after('import runtime.ag')
    assert 'runtime.ag' in new
    outside = [name for name in new if name.split('.')[0] not in sys.stdlib_module_names
               and name.split('.')[0] != 'runtime']
    assert outside == []
    assert 'numpy' not in new


def test_importing_and_running_a_converted_module_does_not_import_numpy(tmp_path):
    converted = tmp_path / 'converted_loops.py'
    source = (TESTS / 'golden' / 'loops.py').read_text(encoding='utf-8')
    converted.write_text(convert_module(source, 'loops.py').code, encoding='utf-8')
    new = _new_modules_after(
        f'sys.path.insert(0, {str(tmp_path)!r})\n'
        'import converted_loops\n'
        'assert converted_loops.collatz_steps(27) == 111\n'
        'assert converted_loops.grid_search([[1, 2]], 2) == (0, 1)')
    assert 'converted_loops' in new and 'runtime.ag' in new
    assert not any(name == 'numpy' or name.startswith('numpy.') for name in new)
