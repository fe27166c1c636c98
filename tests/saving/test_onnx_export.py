"""ONNX export: the corpus's exportable functions run in onnxruntime with the graph's results;
unmappable ops are named; every registered op is mapped or listed with a reason."""
import numpy as np
import onnx
import onnxruntime
import pytest

import runtime as rt
from corpus import CORPUS
from runtime import ops
from runtime.onnx import OnnxExportError
from runtime.onnx.table import LOWERINGS, STRUCTURAL

EXPORTABLE = {'affine', 'square_if_positive', 'softmax', 'reshape_ops', 'elementwise',
              'comparisons', 'dtypes', 'matmul_chain', 'power',
              'while_with_tensor_state', 'clip_and_scale'}


def _run(model, args):
    session = onnxruntime.InferenceSession(model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    arrays = [np.asarray(a) for a in args if isinstance(a, (np.ndarray, np.generic))]
    return session.run(None, {i.name: a for i, a in zip(session.get_inputs(), arrays)})


@pytest.mark.parametrize('function, calls', [(f, c) for f, c in CORPUS
                                             if f.__name__ in EXPORTABLE],
                         ids=lambda v: getattr(v, '__name__', ''))
def test_exported_models_compute_what_the_graph_computes(tmp_path, function, calls):
    for call in calls:
        concrete = function.get_concrete_function(*call)
        rt.onnx.export(concrete, tmp_path / 'model.onnx')
        model = onnx.load(str(tmp_path / 'model.onnx'))
        onnx.checker.check_model(model, full_check=True)
        expected = concrete(*call)
        expected = expected if isinstance(expected, tuple) else (expected,)
        actual = _run(model, call)
        assert len(actual) == len(expected)
        for e, a in zip(expected, actual):
            e = np.asarray(e)
            assert a.shape == e.shape and a.dtype == e.dtype, (function.__name__, e, a)
            np.testing.assert_allclose(a, e, rtol=2e-6, atol=1e-6)


def test_cond_and_while_become_if_and_loop_with_symbolic_dims():
    model = rt.onnx.export(CORPUS[1][0].get_concrete_function(np.float32(3)))
    assert 'If' in {n.op_type for n in model.graph.node}
    concrete = rt.function(lambda x: x).get_concrete_function(rt.TensorSpec([None, 2], np.float32))
    dims = rt.onnx.export(concrete).graph.input[0].type.tensor_type.shape.dim
    assert dims[0].dim_param and dims[1].dim_value == 2
    loop = [f for f, _ in CORPUS if f.__name__ == 'while_with_tensor_state'][0]
    model = rt.onnx.export(loop.get_concrete_function(np.ones(3, np.float32)))
    assert 'Loop' in {n.op_type for n in model.graph.node}


def test_variables_become_initializers():
    affine = CORPUS[0][0]
    model = rt.onnx.export(affine.get_concrete_function(np.ones((4, 3), np.float32)))
    names = {i.name for i in model.graph.initializer}
    assert any('weights' in n for n in names) and any('bias' in n for n in names)


def test_an_unmappable_op_is_named_with_its_line():
    count_up = [f for f, _ in CORPUS if f.__name__ == 'count_up'][0]
    with pytest.raises(OnnxExportError, match=r"op 'assign_add_variable' at .*corpus.py:\d+ has "
                                              r'no ONNX mapping: effects ONNX has no operator'):
        rt.onnx.export(count_up.get_concrete_function())


def test_every_registered_op_is_mapped_or_listed_with_a_reason():
    unmapped = rt.onnx.unmapped_ops()
    assert set(unmapped) | set(LOWERINGS) | set(STRUCTURAL) >= set(ops.names())
    assert all(why for why in unmapped.values())
    mapped = len(ops.names()) - len(unmapped)
    assert (mapped, len(unmapped)) == (63, 123), sorted(unmapped)  # the README gives these counts


def test_without_onnx_installed_the_error_says_how_to_install(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, 'onnx', None)
    with pytest.raises(OnnxExportError, match=r"pip install 'agconvert\[onnx\]'"):
        rt.onnx.export(CORPUS[0][0].get_concrete_function(np.ones((4, 3), np.float32)))
