"""Golden files: whole modules, converted byte for byte as reviewed.

Each `tests/golden/<name>.py` is converted as `agconvert <name>.py` run in that
directory would convert it (the source map records `<name>.py`) and compared
with `tests/golden/<name>.expected.py`, byte for byte. The expected file must
compile, a second conversion must give the same bytes, converting the output
must be refused, and the expected module must behave like its input on the
cases below.

After an intended change of the converter's output, regenerate the expected
files with

    AGCONVERT_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py

and read `git diff tests/golden` line by line before accepting it: the
expected files are reviewed snapshots, not whatever the converter printed.
"""
import copy
import os
from pathlib import Path

import pytest
from differential import load_module, run_case

from autograph_cli.pipeline import convert_module
from runtime.errors import ConversionError

GOLDEN = Path(__file__).parent / 'golden'
INPUTS = sorted(p for p in GOLDEN.glob('*.py') if not p.name.endswith('.expected.py'))
REGENERATE = os.environ.get('AGCONVERT_REGENERATE_GOLDEN') == '1'

# function name -> argument tuples, per golden module: the expected output must agree with its input
CASES = {
    'loops': {
        'collatz_steps': [(27,), (1,)],
        'first_negative': [([3, -1, -2],), ([],)],
        'sum_positive': [([1, -2, 3, 10], 5), ([1, 2], 10), ([], 0)],
        'countdown': [(4,), (0,)],
        'grid_search': [([[1, 2], [3, 4]], 3), ([[1]], 7)],
    },
    'expressions': {
        'clamp': [(5, 0, 3), (-1, 0, 3), (2, 0, 3)],
        'in_range': [(5,), (3,), (10,), (-1,)],
        'describe': [(3,), (-20,), (0,)],
        'apply': [(max, 1, 2), (dict, ()), (int, '7')],
        'checked_ratio': [(1, 2), (1, 0), ('1', 2)],
        'pick': [({'b': True, 'aa': True, 'c': False},), ({},), ({'': True}, 'none')],
        'multiline': [(0, 1, 2), (1, 0, 3), (1, 2, 3)],
    },
    'classes': {
        'count_calls': [(3,), (0,)],
        'make_adder': [(2,)],
        'make_handler': [('upper',), ('plain',)],
    },
    'unconverted': {
        'converted': [(3,)],
        'raw': [(0,), (2,)],
        'snapshot': [(1,)],
        'caller_name': [()],
    },
    'statements': {
        'parse_all': [(['1', 'x', '3'],), ([],)],
        'suppressed': [([1, 0, 4],)],
        'shape': [((3, 0),), ((0, 2),), ((1, 1),)],
        'last_item': [([1, 2],), ([],)],
        'report': [([1], True), ([], True), ([], False)],
        'drain': [([1, 2, 3],)],
    },
    'tabs': {
        'tabbed': [([0, 1, 2],)],
    },
}


def expected_path(path):
    return path.with_name(path.stem + '.expected.py')


def convert(path):
    return convert_module(path.read_bytes().decode('utf-8'), path.name).code.encode('utf-8')


@pytest.fixture(params=INPUTS, ids=[p.stem for p in INPUTS])
def golden(request):
    path = request.param
    if REGENERATE:
        expected_path(path).write_bytes(convert(path))
    return path


def test_there_are_enough_golden_modules_and_cases():
    assert 5 <= len(INPUTS) <= 8
    assert sorted(CASES) == sorted(p.stem for p in INPUTS)


def test_conversion_matches_the_expected_file_byte_for_byte(golden):
    assert convert(golden) == expected_path(golden).read_bytes()


def test_expected_file_compiles_and_conversion_is_stable(golden):
    expected = expected_path(golden).read_bytes()
    compile(expected, str(expected_path(golden)), 'exec', dont_inherit=True)
    assert convert(golden) == convert(golden)


def test_converting_the_output_again_is_refused(golden):
    with pytest.raises(ConversionError, match='already converted by agconvert'):
        convert_module(expected_path(golden).read_text(encoding='utf-8'), golden.name)


def test_only_the_unconvertible_functions_are_reported(golden):
    diagnostics = convert_module(golden.read_text(encoding='utf-8'), golden.name).diagnostics
    expected = {'unconverted': [
        "unconverted.py:26:1: warning: function 'numbers' left unconverted: "
        "generator function (yield)",
        "unconverted.py:33:1: warning: function 'fetch' left unconverted: asynchronous function",
        "unconverted.py:45:1: warning: function 'snapshot' left unconverted: "
        "calls locals(), which reads the local variables",
        "unconverted.py:50:1: warning: function 'caller_name' left unconverted: "
        "inspects the call stack, where converted code runs in generated closures"]}
    assert [str(d) for d in diagnostics] == expected.get(golden.stem, [])


def test_comments_and_blank_lines_of_functions_survive(golden):
    """Every comment line of the input is in the output, and no run of blank lines is lost."""
    source = golden.read_text(encoding='utf-8')
    output = expected_path(golden).read_text(encoding='utf-8')
    for line in source.splitlines():
        if line.lstrip().startswith('#'):
            assert line.strip() in output, line
        elif '#' in line and "'" not in line and '"' not in line:
            assert '#' + line.split('#', 1)[1] in output, line
    assert output.count('\n\n\n') >= source.count('\n\n\n')


def test_expected_module_behaves_like_its_input(golden):
    original = load_module(golden, golden.stem)
    converted = load_module(expected_path(golden), golden.stem)
    assert hasattr(converted, '__ag_source_map__') and not hasattr(original, '__ag_source_map__')
    for name, calls in CASES[golden.stem].items():
        for args in calls:
            expected = run_case(original, name, copy.deepcopy(args), {})
            assert run_case(converted, name, copy.deepcopy(args), {}) == expected, (name, args)
