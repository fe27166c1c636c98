"""The optional extras (pyproject's `jit`, `onnx`, `data`): which are installed, and skipping the
tests that need a missing one with a reason naming the pip command that installs it; a pytest
plugin (tests/conftest.py) that, when every extra is expected, turns every skip into a failure."""
import importlib.util
import os
import sys

import pytest

# the modules tests import from an extra -> the extra that installs them
EXTRA_OF = {'numba': 'jit', 'scipy': 'jit', 'onnx': 'onnx', 'onnxruntime': 'onnx',
            'sklearn': 'data'}
# set by `make test`, which installs every extra: a skip then means a test silently did not run
ALL_EXTRAS_VARIABLE = 'AGCONVERT_ALL_EXTRAS'


def all_extras_expected():
    """Whether this run must have every extra installed and skip nothing."""
    return os.environ.get(ALL_EXTRAS_VARIABLE) == '1'


def installed(module):
    """Whether `module` is an installed package. A test folder named like an extra (`numba/`,
    `onnx/` under tests/runtime/backends/) would import as an (empty) namespace package if its
    parent were on sys.path: such a spec has no origin, and counts as not installed, so
    `pytest.importorskip` (which imports it happily) is not used here."""
    if module not in EXTRA_OF:
        raise ValueError(f'{module!r} is no optional extra of agconvert: add it to EXTRA_OF')
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None


def missing_reason(*modules):
    """Why a test needing `modules` cannot run ("needs numba: pip install 'agconvert[jit]'"),
    or None when all are installed."""
    missing = [module for module in modules if not installed(module)]
    if not missing:
        return None
    extras = ','.join(sorted({EXTRA_OF[module] for module in missing}))
    return f"needs {', '.join(missing)}: pip install 'agconvert[{extras}]'"


def require(*modules):
    """Skip the calling test module unless every one of `modules` is installed: call it at the
    top of the module, before the imports that need them."""
    reason = missing_reason(*modules)
    if reason:  # the skip's location is this line: the reason names the module skipped
        caller = os.path.basename(sys._getframe(1).f_globals.get('__file__', '?'))
        pytest.skip(f'{caller} {reason}', allow_module_level=True)


def needs(*modules):
    """A mark skipping one test (or parameter) unless every one of `modules` is installed."""
    reason = missing_reason(*modules)
    return pytest.mark.skipif(reason is not None, reason=reason or '')


def pytest_configure(config):
    """With every extra expected, check they are all there: helpers such as
    `graph_helpers.check_jit` leave out a comparison needing a missing one without a skip."""
    missing = [module for module in EXTRA_OF if not installed(module)]
    if all_extras_expected() and missing:
        raise pytest.UsageError(f'{ALL_EXTRAS_VARIABLE}=1 but these optional packages are not '
                                f"installed: {', '.join(missing)} (pip install "
                                "'agconvert[test,data,onnx,jit]')")


def _fail_skip(report):
    """With every extra expected a skip is a test that silently did not run: make it a failure
    naming the skip's reason."""
    if all_extras_expected() and report.skipped and not hasattr(report, 'wasxfail'):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        reason = str(reason).removeprefix('Skipped: ')
        report.outcome = 'failed'
        report.longrepr = (f'skipped although {ALL_EXTRAS_VARIABLE}=1 (every extra installed: '
                           f'nothing may skip): {reason}')


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _fail_skip(outcome.get_result())
