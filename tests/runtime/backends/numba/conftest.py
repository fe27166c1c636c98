"""The jit tests cache compiled graphs in a directory of their own."""
import pytest


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv('AGCONVERT_CACHE_DIR', str(tmp_path_factory.getbasetemp() / 'jit-cache'))
