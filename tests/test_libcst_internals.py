"""The libcst pin holds what the converter's private use of libcst needs; the parse hook stays confined."""
import gc
import pathlib
import re
import threading
from importlib.metadata import version

import libcst as cst
import pytest

from autograph_cli import libcst_internals
from autograph_cli.libcst_internals import PINNED, missing, validation_skipped
from autograph_cli.pipeline import convert_module

PYPROJECT = pathlib.Path(__file__).resolve().parent.parent / 'pyproject.toml'


def _release(text):
    return tuple(int(part) for part in re.findall(r'\d+', text)[:2])


def test_pyproject_pins_libcst_as_the_converter_declares():
    assert f'"{PINNED}"' in PYPROJECT.read_text(encoding='utf-8'), (
        f'pyproject.toml must pin {PINNED!r}: agconvert uses libcst internals '
        '(autograph_cli/libcst_internals.py) checked only on those releases')


def test_the_installed_libcst_is_a_pinned_release_with_every_private_name_used():
    low, high = re.match(r'libcst>=([\d.]+),<([\d.]+)$', PINNED).groups()
    installed = version('libcst')
    assert _release(low) <= _release(installed) < _release(high), (
        f'libcst {installed} is installed, but agconvert uses libcst internals checked only on '
        f'{PINNED}: install that (pip install "{PINNED}") or re-check '
        'autograph_cli/libcst_internals.py against the new release and move the pin')
    assert missing() == [], (f'libcst {installed} lacks {missing()}, which agconvert uses '
                             f'(autograph_cli/libcst_internals.py); install "{PINNED}"')


def test_validation_is_skipped_in_the_converting_thread_only_and_restored_after():
    original = cst.CSTNode.__post_init__
    inside, release = threading.Event(), threading.Event()
    seen = {}

    def convert():
        with validation_skipped():
            seen['skipped'] = cst.Name('')  # invalid: not checked in this thread
            inside.set()
            release.wait(10)

    worker = threading.Thread(target=convert)
    worker.start()
    assert inside.wait(10)
    with pytest.raises(cst.CSTValidationError):  # another thread still validates
        cst.Name('')
    release.set()
    worker.join(10)
    assert seen['skipped'].value == ''
    assert cst.CSTNode.__post_init__ is original
    assert libcst_internals._entered == 0


def test_conversions_leave_the_garbage_collector_as_they_found_it():
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            seen = []
            real = gc.disable
            gc.disable = lambda: seen.append('disable')
            try:
                convert_module('def f(x):\n    if x:\n        x = 1\n    return x\n')
            finally:
                gc.disable = real
            assert seen == [] and gc.isenabled() is enabled
        finally:
            gc.enable()
