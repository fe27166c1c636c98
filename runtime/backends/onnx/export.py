"""`rt.onnx.export(function, path)`: a traced graph as an ONNX model (opset 18).

`function` is a ConcreteFunction, an rt.function with one trace, a loaded
saved model's function (`rt.saved_model.load(d).f`) with one trace, a loaded
saved model or a saved model directory (its `__call__`, or the signature or
method named by `signature=`).
Graph inputs become model inputs (unknown dims as symbolic `d0`, `d1`, ...),
variables and constants become initializers, ops are lowered by the table in
`runtime.backends.onnx.table`. The model's outputs are the function's results, then
`updated_<variable>` for each variable it assigns and `updated_<argument>`
for each argument it updates in place (a model keeps no state: the caller
stores them). An op with no mapping is an `OnnxExportError` naming it and its
line. onnx is an optional extra: `pip install 'agconvert[onnx]'`.
"""
from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType
from typing import Any

from ... import graph_ops
from ...ir.core import Graph, ResourceType
from ...saving.saved_model import load
from . import table
from .lowering import Lowering, OnnxExportError, variable_aval

OPSET = 18
INSTALL = ("ONNX export needs the optional extra: pip install 'agconvert[onnx]' "
           '(the onnx package; onnxruntime to run the models)')


def _onnx() -> ModuleType:
    try:
        import onnx
    except ImportError:
        raise OnnxExportError(INSTALL) from None
    return onnx


def export(function: Any, path: str | os.PathLike[str] | None = None,
           signature: str | None = None) -> Any:
    """Write the ONNX model of `function` to `path` (if given); the ModelProto."""
    onnx = _onnx()
    concrete = _concrete(function, signature)
    try:  # the arrays it reads in objects become initializers, as they are now
        graph = concrete.standalone_graph() if hasattr(concrete, 'standalone_graph') \
            else concrete.graph
    except ValueError as e:
        raise OnnxExportError(str(e)) from None
    lowering = Lowering(onnx)
    _check_inputs(graph)
    inputs = [lowering.value_info(lowering.bind(v, f'input_{i}'), v.aval, symbolic=True)
              for i, v in enumerate(graph.inputs)]
    lowering.bind_closure(graph)
    for var, variable in graph.resources:
        if isinstance(var.aval, ResourceType):  # not a random generator (its draws are refused)
            lowering.current(variable)  # each variable an initializer, even if unread
    lowering.equations(graph)
    results, names = _results(concrete, graph)
    assigned = [(v, name) for v, name in lowering.root.variables.values() if id(v) in lowering.values]
    outputs = lowering.outputs(results, [a.aval for a in results], names) + lowering.outputs(
        [lowering.values[id(v)] for v, _ in assigned], [variable_aval(v) for v, _ in assigned],
        [f'updated_{name}' for _, name in assigned])
    if not outputs:
        raise OnnxExportError(
            f'{getattr(concrete, "name", "the function")} gives no array results (it returns '
            'None or only Python values) and assigns no variables: an ONNX model needs an output '
            '(onnxruntime refuses a model without one); return the values as arrays')
    body = onnx.helper.make_graph(lowering.nodes, getattr(concrete, 'name', 'graph'), inputs,
                                  outputs, lowering.initializers)
    model = onnx.helper.make_model(body, opset_imports=[onnx.helper.make_opsetid('', OPSET)],
                                   producer_name='agconvert')
    model.ir_version = min(model.ir_version, 9)  # readable by onnxruntime releases since 1.16
    onnx.checker.check_model(model, full_check=True)
    if path is not None:
        onnx.save(model, str(path))
    return model


def _check_inputs(graph: Graph) -> None:
    """Inputs a model cannot take: unknown rank (ONNX inputs need one), complex numbers."""
    for i, var in enumerate(graph.inputs):
        aval = var.aval
        if aval.shape is None:
            raise OnnxExportError(f'input {i} has an unknown rank (TensorSpec(None)): ONNX model '
                                  'inputs need one; give the TensorSpec a shape such as '
                                  '[None, None]')
        if aval.dtype.kind not in 'biuf':
            raise OnnxExportError(f'input {i} is {aval.dtype}: ONNX models here take bools, '
                                  'integers and floats (onnxruntime has no complex kernels)')


def _results(function: Any, graph: Graph) -> tuple[list[Any], list[str]]:
    """(The graph outputs the model gives, their names): the function's results, then the
    arguments it updates in place."""
    mutations: Any = getattr(function, 'mutations', None)  # writeback.Mutations, or None
    nout = len(graph.outputs) if mutations is None else mutations.nout
    names = [f'output_{i}' for i in range(nout)]
    results = list(graph.outputs[:nout])
    for k, j, _ in mutations.inputs if mutations is not None else ():
        if graph.outputs[j] is not graph.inputs[k]:  # not the argument as it came
            results.append(graph.outputs[j])
            names.append(f'updated_{mutations.names[k]}')
    return results, names


def _concrete(function: Any, signature: str | None = None) -> Any:
    """The one trace `function` stands for (see `export`)."""
    if isinstance(function, (str, Path)):
        function = load(function)
    if not hasattr(function, 'graph') and not hasattr(function, 'concrete_functions'):
        function = _saved_function(function, signature or '__call__')
    if hasattr(function, 'graph'):
        return function
    traces = function.concrete_functions
    traces = traces() if callable(traces) else traces
    if len(traces) != 1:
        raise TypeError(f'export needs a ConcreteFunction; {function!r} has {len(traces)} '
                        'traces: pick one with get_concrete_function(...) or concrete_functions[i]')
    return traces[0]


def _saved_function(loaded: Any, name: str) -> Any:
    """The function `name` of a loaded saved model (a signature or a method)."""
    functions = {**{k: v for k, v in vars(loaded).items() if hasattr(v, 'concrete_functions')},
                 **getattr(loaded, 'signatures', {})}
    if name not in functions:
        raise OnnxExportError(f'the saved model has no function {name!r} to export; it has '
                              f'{sorted(functions)}')
    return functions[name]


def unmapped_ops() -> dict[str, str]:
    """{op: why} of the registered ops that have no ONNX mapping."""
    return table.not_mapped(graph_ops.names())
