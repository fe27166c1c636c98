"""The real-code corpus: numpy-ml as its authors wrote it (`vendor/`), converted by the command
line once per session, and numpy-ml's functions under `rt.function`.

This folder is on `sys.path` (pytest puts a conftest's folder there), so its helpers import
by name: `numpy_ml_copies` (the two copies), `numpy_ml_cases` (the differential cases),
`numpy_ml_graph_cases` (the survey's scenarios); `pending_cases.py` holds the scenarios that
fail today, as tests to enable (see FAILURES.md).
"""
import numpy_ml_copies
import pytest
from extras import missing_reason

collect_ignore = ['vendor']  # numpy-ml itself: test inputs, not tests


@pytest.fixture(scope='session')
def numpy_ml():
    """The vendored package, imported as `numpy_ml` (its linear models import scipy.stats)."""
    reason = missing_reason('scipy')
    if reason:
        pytest.skip(reason)
    return numpy_ml_copies.import_original()


@pytest.fixture(scope='session')
def conversion(tmp_path_factory):
    """`agconvert vendor/numpy_ml -o <tmp>/numpy_ml_converted`: (output directory, stderr lines)."""
    out = tmp_path_factory.mktemp('realcode')
    return out / numpy_ml_copies.CONVERTED, numpy_ml_copies.convert(out)


@pytest.fixture(scope='session')
def converted_numpy_ml(conversion, numpy_ml):
    """The converted package, imported as `numpy_ml_converted` (after the original)."""
    return numpy_ml_copies.import_converted(conversion[0].parent)


@pytest.fixture(autouse=True)
def _private_jit_cache(tmp_path_factory, monkeypatch):
    """jit-compiled graphs are cached in the session's own directory, as the jit tests do."""
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path_factory.getbasetemp() / 'jit-cache'))
