"""Without an optional extra the runtime still imports and works; the feature needing it says
which pip command installs it (simulated here: a None in sys.modules fails the import)."""
import re
import sys

import numpy as np
import pytest

import runtime as rt
from runtime.backends.numba import INSTALL_HINT
from runtime.backends.onnx import INSTALL, OnnxExportError


def double(x):
    return x * 2.0


def test_jit_compile_without_numba_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, 'numba', None)
    with pytest.raises(ImportError, match=re.escape("pip install 'agconvert[jit]'")) as info:
        rt.function(double, jit_compile=True)(np.ones(3))
    assert str(info.value) == INSTALL_HINT
    np.testing.assert_array_equal(rt.function(double)(np.ones(3)), np.full(3, 2.0))


def test_onnx_export_without_onnx_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, 'onnx', None)
    concrete = rt.function(double).get_concrete_function(np.ones(3))
    with pytest.raises(OnnxExportError, match=re.escape("pip install 'agconvert[onnx]'")) as info:
        rt.onnx.export(concrete)
    assert str(info.value) == INSTALL
