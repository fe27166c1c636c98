"""Running exported models in onnxruntime against the graphs they came from."""
import numpy as np
import onnx
import onnxruntime

import runtime as rt
from runtime.rt_function import keys


def run_model(model, inputs):
    """{output name: array} of `model` run by onnxruntime on the graph inputs `inputs`."""
    session = onnxruntime.InferenceSession(model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    feed = {i.name: np.asarray(v, onnx.helper.tensor_dtype_to_np_dtype(i.type.tensor_type.elem_type))
            for i, v in zip(model.graph.input, inputs)}
    return dict(zip([o.name for o in model.graph.output], session.run(None, feed)))


def assert_same(actual, expected, what):
    expected = np.asarray(expected)
    assert actual.shape == expected.shape and actual.dtype == expected.dtype, (what, actual,
                                                                               expected)
    np.testing.assert_allclose(actual, expected, rtol=2e-6, atol=1e-6, err_msg=what)


def check_against_graph(concrete, args, path, exported=None):
    """Export `concrete` (or `exported`: what stands for it), run the model on `args`, then the
    graph; the same results, updated variables and updated arguments."""
    rt.onnx.export(concrete if exported is None else exported, path)
    model = onnx.load(str(path))
    onnx.checker.check_model(model, full_check=True)
    inputs = concrete.feed(keys.bind(concrete._binder, tuple(args), {}))
    actual = run_model(model, inputs)
    expected = concrete.callable()(*inputs)  # the graph's own outputs, arguments written back
    for i, value in enumerate(expected):
        assert_same(actual.pop(f'output_{i}'), value, f'output {i}')
    variables = {f'updated_variable_{i}_{v.name}': v
                 for i, (_, v) in enumerate(concrete.graph.resources)}
    arguments = {f'updated_{name}': value for name, value in zip(concrete.mutations.names, inputs)
                 } if concrete.mutations else {}
    for name, value in actual.items():
        now = variables[name].numpy() if name in variables else arguments[name]
        assert_same(value, now, name)
