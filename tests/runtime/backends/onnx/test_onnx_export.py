"""ONNX export: every corpus function runs in onnxruntime with the graph's results (or is
refused naming its op and line); every registered op is mapped or listed with a reason."""
import re

from extras import require

require('onnx', 'onnxruntime')  # skip before importing them

import numpy as np
import onnx
import pytest
from corpus import CORPUS
from onnx_check import check_against_graph, run_model

import runtime as rt
from runtime import graph_ops
from runtime.backends import coverage
from runtime.backends.onnx import OnnxExportError
from runtime.backends.onnx.table import LOWERINGS

# The corpus functions an ONNX model cannot express, and the error each gives (README: ONNX).
NOT_EXPORTABLE = {
    'with_assert': r"op 'assert' at .*corpus\.py:\d+ has no ONNX mapping: effects ONNX has no "
                   r'operator for \(a model computes values, it does not print',
    'with_print': r"op 'print' at .*corpus\.py:\d+ has no ONNX mapping: effects ONNX has no "
                  r'operator for',
}


@pytest.mark.parametrize('function, calls', CORPUS, ids=[f.__name__ for f, _ in CORPUS])
def test_every_corpus_function_exports_and_computes_what_the_graph_computes(tmp_path, function,
                                                                            calls):
    for call in calls:
        call = [np.copy(a) if isinstance(a, np.ndarray) else a for a in call]
        concrete = function.get_concrete_function(*call)
        if function.__name__ in NOT_EXPORTABLE:
            with pytest.raises(OnnxExportError, match=NOT_EXPORTABLE[function.__name__]):
                rt.onnx.export(concrete)
        else:
            check_against_graph(concrete, call, tmp_path / 'model.onnx')


@pytest.mark.parametrize('function, calls', [(f, c) for f, c in CORPUS
                                             if f.__name__ not in NOT_EXPORTABLE],
                         ids=[f.__name__ for f, _ in CORPUS if f.__name__ not in NOT_EXPORTABLE])
def test_a_saved_model_exports_as_its_function_did(tmp_path, function, calls):
    """Saved, the directory and the loaded function export to models computing what the
    original graph computes (variables as saved)."""
    call = [np.copy(a) if isinstance(a, np.ndarray) else a for a in calls[0]]
    concrete = function.get_concrete_function(*call)
    rt.saved_model.save(concrete, tmp_path / 'saved')
    check_against_graph(concrete, call, tmp_path / 'model.onnx', exported=tmp_path / 'saved')
    rt.saved_model.save(concrete, tmp_path / 'saved')  # the variables as they are now
    loaded = rt.saved_model.load(tmp_path / 'saved')
    check_against_graph(concrete, [np.copy(a) if isinstance(a, np.ndarray) else a
                                   for a in calls[0]], tmp_path / 'model.onnx',
                        exported=loaded.__call__)


def test_a_saved_model_without_the_function_named_says_what_it_has(tmp_path):
    softmax = _corpus('softmax')
    rt.saved_model.save(softmax.get_concrete_function(np.ones((2, 3), np.float32)),
                        tmp_path / 'saved')
    with pytest.raises(OnnxExportError, match=re.escape(
            "the saved model has no function 'train' to export; it has ['__call__']")):
        rt.onnx.export(tmp_path / 'saved', signature='train')


class Scaler:
    def __init__(self):
        self.factor = rt.Variable(np.float32(3), name='factor')

    @rt.function
    def __call__(self, x):
        return x * self.factor

    @rt.function
    def grow(self, x):
        self.factor.assign_add(np.float32(1))
        return x + self.factor


def test_a_saved_method_exports_by_name(tmp_path):
    scaler, x = Scaler(), np.arange(3, dtype=np.float32)
    scaler(x), scaler.grow(x)
    rt.saved_model.save(scaler, tmp_path / 'saved')
    for exported in (tmp_path / 'saved', rt.saved_model.load(tmp_path / 'saved')):
        model = rt.onnx.export(exported, signature='grow')
        outputs = run_model(model, [x])
        np.testing.assert_array_equal(outputs['output_0'], x + 5)
        assert outputs['updated_variable_0_factor'] == 5


def test_a_function_of_several_traces_asks_for_one():
    softmax = _corpus('softmax')
    softmax(np.ones((2, 2), np.float32)), softmax(np.ones((3, 2), np.float32))
    with pytest.raises(TypeError, match=r'export needs a ConcreteFunction; .* has \d+ traces: '
                                        r'pick one with get_concrete_function'):
        rt.onnx.export(softmax)


def test_the_corpus_counts_the_readme_gives():
    assert (len(CORPUS) - len(NOT_EXPORTABLE), len(CORPUS)) == (33, 35)


def _op_types(graph, found=None):
    found = set() if found is None else found
    for node in graph.node:
        found.add(node.op_type)
        for attribute in node.attribute:
            if attribute.type == onnx.AttributeProto.GRAPH:
                _op_types(attribute.g, found)
    return found


def _corpus(name):
    return next(f for f, _ in CORPUS if f.__name__ == name)


def test_control_flow_becomes_if_and_loop_with_symbolic_dims():
    assert 'If' in _op_types(rt.onnx.export(_corpus('square_if_positive')
                                            .get_concrete_function(np.float32(3))).graph)
    concrete = rt.function(lambda x: x).get_concrete_function(rt.TensorSpec([None, 2], np.float32))
    dims = rt.onnx.export(concrete).graph.input[0].type.tensor_type.shape.dim
    assert dims[0].dim_param and dims[1].dim_value == 2
    loop = _corpus('gradient_through_loop').get_concrete_function(np.ones(3, np.float32), np.int64(2))
    ops_used = _op_types(rt.onnx.export(loop).graph)
    assert {'Loop', 'Concat', 'Gather'} <= ops_used  # the forward loop saves, the backward reads
    assert 'If' in _op_types(rt.onnx.export(_corpus('outer').get_concrete_function(
        np.ones(3, np.float32))).graph)  # the nested calls inlined in the branches


def test_variables_become_initializers_and_their_updates_outputs():
    model = rt.onnx.export(_corpus('sgd_step').get_concrete_function(
        np.ones((8, 3), np.float32), np.ones((8, 2), np.float32)))
    initializers = {i.name for i in model.graph.initializer}
    assert {'variable_0_weights', 'variable_1_bias'} <= initializers
    assert [o.name for o in model.graph.output] == [
        'output_0', 'updated_variable_0_weights', 'updated_variable_1_bias']


def test_an_unmappable_op_is_named_with_its_line():
    @rt.function
    def inverse(x):
        return np.linalg.inv(x)
    line = inverse.python_function.__code__.co_firstlineno + 2
    with pytest.raises(OnnxExportError, match=rf"op 'inv' at .*test_onnx_export\.py:{line} has "
                                              r'no ONNX mapping: no ONNX operator for it in the standard '):
        rt.onnx.export(inverse.get_concrete_function(np.eye(2)))


def test_every_registered_op_is_mapped_or_listed_with_a_reason():
    unmapped = rt.onnx.unmapped_ops()
    assert set(unmapped) | set(LOWERINGS) >= set(graph_ops.names())
    assert all(why for why in unmapped.values())
    # the README's figures are generated (`python -m runtime.backends.coverage`), not counted here
    assert coverage.coverage()['ONNX export'] == (len(graph_ops.names()) - len(unmapped), len(graph_ops.names()))

