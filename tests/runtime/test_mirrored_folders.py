"""The runtime's tests mirror its packages: each package of runtime/, at any depth, has its own
folder of tests at the same place under tests/runtime/ (and no test folder outlives its package)."""
from pathlib import Path

import runtime

PACKAGES = Path(runtime.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent


def packages():
    """Every package below runtime/, as a path relative to it (`backends/numba`)."""
    return {p.parent.relative_to(PACKAGES).as_posix() for p in PACKAGES.rglob('__init__.py')
            if p.parent != PACKAGES}


def test_every_runtime_package_has_a_test_folder_with_tests():
    without = sorted(name for name in packages() if not any((TESTS / name).rglob('test_*.py')))
    assert not without, f'runtime packages without a tests/runtime/<package>/ folder: {without}'


def test_every_test_folder_is_named_after_a_runtime_package():
    folders = {p.parent.relative_to(TESTS).as_posix() for p in TESTS.rglob('test_*.py')
               if p.parent != TESTS}
    assert folders <= packages(), sorted(folders - packages())
