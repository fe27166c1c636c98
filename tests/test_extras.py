"""The skips of tests needing a missing optional extra (`extras`): they name the pip command, a
test folder named like a package is no such package, and with AGCONVERT_ALL_EXTRAS=1 (`make
test`, every extra installed) a skip fails the run."""
import importlib
import sys

import extras
import pytest

SKIPPING = '''
import pytest
from extras import needs


@needs('agconvert_no_such_extra')
def test_needing_a_missing_package():
    pass


def test_skipping_itself():
    pytest.skip('no reason to run')


def test_running():
    pass
'''
SKIPPING_MODULE = '''
from extras import require

require('agconvert_no_such_extra')

import agconvert_no_such_extra  # never reached


def test_never_collected():
    pass
'''


@pytest.fixture
def missing_extra(monkeypatch):
    """An extra of the `jit` kind whose package is not installed: the real extras may all be."""
    monkeypatch.setitem(extras.EXTRA_OF, 'agconvert_no_such_extra', 'jit')
    monkeypatch.delenv(extras.ALL_EXTRAS_VARIABLE, raising=False)


def run_suite(pytester, *options):
    pytester.makepyfile(test_skipping=SKIPPING, test_skipping_module=SKIPPING_MODULE)
    return pytester.runpytest_inprocess('-p', 'extras', '-rs', *options)


def test_a_missing_extra_skips_naming_the_pip_command(pytester, missing_extra):
    result = run_suite(pytester)
    result.assert_outcomes(passed=1, skipped=3)
    reason = "needs agconvert_no_such_extra: pip install 'agconvert[jit]'"
    assert result.stdout.str().count(reason) == 2  # the marked test and the module


def test_with_every_extra_expected_every_skip_is_a_failure_naming_its_reason(
        pytester, monkeypatch):
    monkeypatch.setattr(extras, 'EXTRA_OF', {})  # as if every extra there is were installed
    monkeypatch.setenv(extras.ALL_EXTRAS_VARIABLE, '1')
    pytester.makepyfile(test_skipping='''
import pytest


def test_skipping_itself():
    pytest.skip('no reason to run')


def test_running():
    pass
''', test_skipping_module='''
import pytest

pytest.skip('not this module', allow_module_level=True)
''')
    result = pytester.runpytest_inprocess('-p', 'extras', '--continue-on-collection-errors')
    result.assert_outcomes(passed=1, failed=1, errors=1)
    output = result.stdout.str()
    for reason in ('no reason to run', 'not this module'):
        assert ('skipped although AGCONVERT_ALL_EXTRAS=1 (every extra installed: nothing may '
                f'skip): {reason}') in output


def test_with_every_extra_expected_a_missing_one_stops_the_run_naming_it(
        pytester, missing_extra, monkeypatch):
    monkeypatch.setenv(extras.ALL_EXTRAS_VARIABLE, '1')
    result = run_suite(pytester)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ('AGCONVERT_ALL_EXTRAS=1 but these optional packages are not installed: '
            in result.stderr.str())
    assert 'agconvert_no_such_extra' in result.stderr.str()


def test_a_folder_named_like_an_extra_is_not_the_extra(tmp_path, monkeypatch, missing_extra):
    # as tests/runtime/backends/onnx/ would pass for onnx: a namespace package on sys.path
    (tmp_path / 'agconvert_no_such_extra').mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    assert not extras.installed('agconvert_no_such_extra')
    (tmp_path / 'agconvert_no_such_extra' / '__init__.py').write_text('')
    importlib.invalidate_caches()
    assert extras.installed('agconvert_no_such_extra')
    sys.modules.pop('agconvert_no_such_extra', None)


def test_only_the_named_extras_are_checked():
    with pytest.raises(ValueError, match="'pandas' is no optional extra of agconvert"):
        extras.installed('pandas')
