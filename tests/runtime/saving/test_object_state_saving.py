"""Saving and ONNX export of functions that read or change arrays in objects and globals."""
import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.backends.onnx.export import OnnxExportError
from runtime.saving.files import SavedModelError

TABLE = np.arange(3.0)


@rt.function
def add_table(x):
    return x + TABLE


class Weights:
    def __init__(self):
        self.w = np.ones(3)

    def scaled(self, x):
        return x * self.w

    def step(self, x):
        self.w -= x
        return self.w.sum()


def test_a_global_array_is_saved_as_it_is_at_save_time(tmp_path):
    global TABLE
    before = TABLE
    add_table(np.ones(3))
    rt.saved_model.save(add_table, str(tmp_path / 'm'))
    try:
        TABLE = np.full(3, 7.0)  # later changes are not the saved model's
        loaded = rt.saved_model.load(str(tmp_path / 'm'))
        np.testing.assert_array_equal(loaded(np.ones(3)), [1.0, 2.0, 3.0])
    finally:
        TABLE = before


def test_an_attribute_array_read_is_saved_as_a_constant(tmp_path):
    m = Weights()
    m.w[:] = [1.0, 2.0, 3.0]
    f = rt.function(m.scaled)
    f(np.ones(3))
    rt.saved_model.save(f, str(tmp_path / 'm'))
    m.w[:] = 0
    loaded = rt.saved_model.load(str(tmp_path / 'm'))
    np.testing.assert_array_equal(loaded(np.full(3, 2.0)), [2.0, 4.0, 6.0])


def test_a_function_changing_an_attribute_is_refused_naming_it(tmp_path):
    m = Weights()
    f = rt.function(m.step)
    f(np.ones(3))
    with pytest.raises(SavedModelError, match=r'self\.w.*rt\.Variable'):
        rt.saved_model.save(f, str(tmp_path / 'm'))
    assert not (tmp_path / 'm').exists()


@needs('onnx', 'onnxruntime')
def test_onnx_export_binds_read_state_and_refuses_changed_state(tmp_path):
    import onnxruntime as ort
    m = Weights()
    m.w[:] = [1.0, 2.0, 3.0]
    f = rt.function(m.scaled)
    f(np.ones(3))
    path = str(tmp_path / 'm.onnx')
    rt.onnx.export(f, path)
    session = ort.InferenceSession(path)
    assert [i.name for i in session.get_inputs()] == ['input_0']
    np.testing.assert_array_equal(session.run(None, {'input_0': np.full(3, 2.0)})[0],
                                  [2.0, 4.0, 6.0])
    g = rt.function(Weights().step)
    g(np.ones(3))
    with pytest.raises(OnnxExportError, match=r'self\.w'):
        rt.onnx.export(g, str(tmp_path / 'g.onnx'))
