"""Modules these tests load from files (`loading.load`) leave `sys.modules` when each test ends."""
import pytest
from loading import forget_loaded


@pytest.fixture(autouse=True)
def _forget_loaded_modules():
    yield
    forget_loaded()
