"""saved_model: objects with methods and variables, signatures, refusals at save time, checkpoints."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import runtime as rt
from runtime.errors import InvalidArgumentError
from runtime.saving.files import SavedModelError

pytestmark = pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')  # 1 trace/layer


class Dense:
    def __init__(self, n_in, n_out):
        self.w = rt.Variable(np.full((n_in, n_out), 0.5, np.float32), name='w')
        self.b = rt.Variable(np.zeros((n_out,), np.float32), name='b')

    @rt.function
    def __call__(self, x):
        return x @ self.w + self.b


class Model:
    """Any object holding rt.functions and rt.Variables saves (as an rt.Module will)."""

    def __init__(self):
        self.layers = [Dense(3, 4), Dense(4, 2)]
        self.steps = rt.Variable(np.int64(0), name='steps')
        self.config = {'scale': rt.Variable(np.float32(2.0), name='scale')}

    @rt.function
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x * self.config['scale']

    @rt.function
    def train_step(self, x, lr):
        self.steps.assign_add(1)
        for layer in self.layers:
            layer.b.assign_sub(lr * np.ones_like(layer.b))
        return self.steps.read_value()


def _model(tmp_path):
    model = Model()
    x = np.ones((2, 3), np.float32)
    model(x)
    model.train_step(x, np.float32(0.5))
    rt.saved_model.save(model, tmp_path / 'model')
    return model, x, rt.saved_model.load(tmp_path / 'model')


def test_a_loaded_object_has_the_methods_attributes_and_variables(tmp_path):
    model, x, loaded = _model(tmp_path)
    assert callable(loaded)
    np.testing.assert_array_equal(loaded(x), model(x))
    assert loaded.train_step(x, np.float32(0.5)) == model.train_step(x, np.float32(0.5)) == 2
    np.testing.assert_array_equal(loaded(x), model(x))
    assert [v.name for v in (loaded.layers[0].w, loaded.layers[1].b)] == ['w', 'b']
    np.testing.assert_array_equal(loaded.layers[1].b.numpy(), model.layers[1].b.numpy())
    assert loaded.config['scale'].numpy() == 2.0
    loaded.config['scale'].assign(np.float32(3.0))  # assignable, and the graphs see it
    np.testing.assert_array_equal(loaded(x), model(x) * 1.5)
    assert {v.name for v in loaded.variables} == {'w', 'b', 'steps', 'scale'}
    assert len(loaded.variables) == 6


def test_a_loaded_function_enforces_its_signature_naming_the_argument(tmp_path):
    _, _, loaded = _model(tmp_path)
    with pytest.raises(InvalidArgumentError, match=r"argument 'x' expected .*float32\[2,3\]"):
        loaded(np.ones((5, 3)))
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'lr'"):
        loaded.train_step(np.ones((2, 3), np.float32))


def test_several_traces_are_saved_and_chosen_by_the_call(tmp_path):
    f = rt.function(lambda x, n: x * n)
    f(np.float32(2), 3)
    f(np.ones(2), 4)
    rt.saved_model.save(f, tmp_path / 'f')
    loaded = rt.saved_model.load(tmp_path / 'f')
    assert loaded(np.float32(2), 3) == 6 and list(loaded(np.ones(2), 4)) == [4, 4]
    with pytest.raises(InvalidArgumentError, match='no saved signature accepts this call'):
        loaded(np.float32(2), 5)


def test_signatures_and_input_signatures(tmp_path):
    f = rt.function(lambda x: np.sum(x), input_signature=[rt.TensorSpec([None], np.float64)])
    rt.saved_model.save(f, tmp_path / 'f', signatures={'total': f})
    loaded = rt.saved_model.load(tmp_path / 'f')
    assert loaded.signatures['total'](np.arange(4.0)) == 6 == loaded(np.arange(4.0))


def test_py_function_is_refused_at_save_time_naming_its_line(tmp_path):
    @rt.function
    def f(x):
        return rt.py_function(np.sin, [x], np.float64)
    f(np.float64(1))
    with pytest.raises(SavedModelError, match=r"op 'py_function' at .*test_saved_model_api.py:\d+"
                                              r".*rt.py_function runs Python code"):
        rt.saved_model.save(f, tmp_path / 'f')
    assert not (tmp_path / 'f').exists()


def test_unsaveable_objects_and_untraced_functions_are_refused(tmp_path):
    f = rt.function(lambda x: x)
    with pytest.raises(SavedModelError, match='has no traces to save: call it'):
        rt.saved_model.save(f, tmp_path / 'f')
    g = rt.function(lambda obj, x: x + 1)
    g(object(), np.ones(1))
    with pytest.raises(SavedModelError, match=r"argument 'obj' was traced with an object"):
        rt.saved_model.save(g, tmp_path / 'g')
    (tmp_path / 'mine').mkdir()
    (tmp_path / 'mine' / 'notes.txt').write_text('keep')
    h = rt.function(lambda x: x + 1)
    h(np.ones(1))
    with pytest.raises(SavedModelError, match='exists and is not a directory'):
        rt.saved_model.save(h, tmp_path / 'mine')
    assert (tmp_path / 'mine' / 'notes.txt').read_text() == 'keep'


def test_saving_again_replaces_the_directory_whole(tmp_path):
    v = rt.Variable(np.float64(1), name='v')
    f = rt.function(lambda: v.read_value())
    f()
    rt.saved_model.save(f, tmp_path / 'f')
    v.assign(5.0)
    rt.saved_model.save(f, tmp_path / 'f')
    assert rt.saved_model.load(tmp_path / 'f')() == 5.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ['f']  # no staging left


def test_the_manifest_is_documented_json(tmp_path):
    _model(tmp_path)
    manifest = json.loads((tmp_path / 'model' / 'saved_model.json').read_text())
    assert (manifest['format'], manifest['version']) == ('agconvert.saved_model', 1)
    graph = json.loads((tmp_path / 'model' / manifest['functions'][0]['file']).read_text())
    assert {'name', 'parameters', 'values', 'outputs', 'graph'} <= set(graph)
    assert {'inputs', 'constants', 'resources', 'equations', 'outputs'} == set(graph['graph'])


def test_checkpoints_save_and_restore_variables_by_path(tmp_path):
    model = Model()
    checkpoint = rt.train.Checkpoint(model=model)
    model.layers[0].w.assign(np.full((3, 4), 7, np.float32))
    first = checkpoint.save(str(tmp_path / 'ckpt'))
    model.steps.assign(9)
    second = checkpoint.save(str(tmp_path / 'ckpt'))
    assert rt.train.latest_checkpoint(str(tmp_path)) == second != first
    fresh = Model()
    status = rt.train.Checkpoint(model=fresh).restore(second)
    status.assert_consumed()
    assert fresh.steps.numpy() == 9 and fresh.layers[0].w.numpy()[0, 0] == 7
    other = rt.train.Checkpoint(model=Dense(3, 4)).restore(second)
    with pytest.raises(rt.train.CheckpointError, match='checkpoint and objects differ'):
        other.assert_consumed()
    with pytest.raises(rt.train.CheckpointError, match=r'saved with shape \(3, 4\)'):
        rt.train.Checkpoint(model=_WrongShape()).restore(second)


class _WrongShape:
    def __init__(self):
        self.layers = [Dense(5, 4)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(st.floats(-1e3, 1e3, width=32), min_size=1, max_size=6),
       st.sampled_from([np.float32, np.float64]), st.integers(0, 4))
def test_property_loaded_graphs_equal_originals(tmp_path, values, dtype, n):
    @rt.function
    def f(x, n):
        total = np.zeros_like(x[0])
        for i in range(n):
            if x[i % len(x)] > 0:
                total += x[i % len(x)] * i
            else:
                total -= 1
        return total, np.cumsum(x)[-1], x[::-1] * 2
    x = np.array(values, dtype)
    expected = f(x, np.int64(n))
    rt.saved_model.save(f, tmp_path / 'p')
    actual = rt.saved_model.load(tmp_path / 'p')(x, np.int64(n))
    for a, b in zip(expected, actual):
        assert a.dtype == b.dtype and np.array_equal(a, b)


def test_variables_of_nested_calls_are_listed(tmp_path):
    v = rt.Variable(np.float64(2), name='inner_v')
    inner = rt.function(lambda x: x * v)
    outer = rt.function(lambda x: inner(x) + 1)
    outer(np.float64(3))
    rt.saved_model.save(outer, tmp_path / 'o')
    loaded = rt.saved_model.load(tmp_path / 'o')
    (variable,) = loaded.variables
    variable.assign(5.0)
    assert variable.name == 'inner_v' and loaded(np.float64(3)) == 16


def test_a_loaded_model_saves_again_with_its_methods_variables_and_signatures(tmp_path):
    model, x, loaded = _model(tmp_path)
    loaded.config['scale'].assign(np.float32(3.0))  # the values as they are now are saved
    rt.saved_model.save(loaded, tmp_path / 'again')
    again = rt.saved_model.load(tmp_path / 'again')
    np.testing.assert_array_equal(again(x), model(x) * 1.5)
    assert again.train_step(x, np.float32(0.5)) == model.train_step(x, np.float32(0.5)) == 2
    assert {v.name for v in again.variables} == {'w', 'b', 'steps', 'scale'}
    f = rt.function(lambda x: np.sum(x), input_signature=[rt.TensorSpec([None], np.float64)])
    rt.saved_model.save(f, tmp_path / 'f', signatures={'total': f})
    rt.saved_model.save(rt.saved_model.load(tmp_path / 'f'), tmp_path / 'f2')
    f2 = rt.saved_model.load(tmp_path / 'f2')
    assert f2.signatures['total'](np.arange(4.0)) == 6 == f2(np.arange(4.0))
