"""The runtime's tests mirror its packages: each package of runtime/ has its own folder of tests
in tests/runtime/ (and no test folder outlives its package)."""
from pathlib import Path

import runtime

PACKAGES = Path(runtime.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent


def packages():
    return {p.name for p in PACKAGES.iterdir() if (p / '__init__.py').is_file()}


def test_every_runtime_package_has_a_test_folder_with_tests():
    without = sorted(name for name in packages() if not any((TESTS / name).glob('test_*.py')))
    assert not without, f'runtime packages without a tests/runtime/<package>/ folder: {without}'


def test_every_test_folder_is_named_after_a_runtime_package():
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and any(p.glob('test_*.py'))}
    assert folders <= packages(), sorted(folders - packages())
