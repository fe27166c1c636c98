"""Graphs that draw random numbers are refused by name when saved or exported to ONNX: a saved
model or an ONNX model holds no numpy generator (the draw's generator would have to be pickled,
or another chosen when loading), and ONNX's own random operators do not draw numpy's numbers."""
import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.backends.onnx import OnnxExportError
from runtime.saving.files import SavedModelError

RNG = np.random.default_rng(0)


class Noisy(rt.Module):
    def __init__(self):
        super().__init__()
        self.w = rt.Variable(np.ones(3), name='w')

    @rt.function(input_signature=[rt.TensorSpec((3,), np.float64)])
    def __call__(self, x):
        if np.sum(x) > 0:  # the draw inside a branch: found there too
            x = x * (RNG.random(3) < 0.5)
        return self.w * x


def draw_line():
    return Noisy.__call__.python_function.__code__.co_firstlineno + 3


def test_saving_a_graph_that_draws_is_refused_naming_the_draw(tmp_path):
    model = Noisy()
    model(np.ones(3))
    with pytest.raises(SavedModelError, match=rf"op 'draw' at .*test_random_refusals.py:"
                                              rf"{draw_line()} cannot be saved: it draws from a "
                                              r'numpy random generator of this program'):
        rt.saved_model.save(model, tmp_path / 'saved')
    assert not (tmp_path / 'saved').exists()


@needs('onnx')
def test_exporting_a_graph_that_draws_to_onnx_is_refused_naming_the_draw(tmp_path):
    model = Noisy()
    with pytest.raises(OnnxExportError, match=rf"op 'draw' at .*test_random_refusals.py:"
                                              rf"{draw_line()} has no ONNX mapping: random draws"):
        rt.onnx.export(model.__call__.get_concrete_function(), tmp_path / 'm.onnx')
    assert set(rt.onnx.unmapped_ops()) >= {'draw', 'rng_state', 'rng_restore'}


def test_pictures_and_graph_defs_show_the_generator():
    model = Noisy()
    graph = model.__call__.get_concrete_function().graph
    branch = next(eq for eq in graph.equations if eq.primitive == 'cond').params['true_branch']
    assert {'name': 'a', 'rng': 'Generator', 'resource': 'Generator'} in \
        branch.as_graph_def()['resources']
    assert 'rng{Generator}' in str(graph) and 'rng{Generator}' in graph.to_dot()
