"""`Graph.as_graph_def()`: the graph as plain JSON-serialisable data (dicts, lists, str, numbers).

    {"inputs": [var], "constants": [var + "value"], "resources": [var + "resource"],
     "equations": [{"op", "inputs": [name | {"literal": v}], "params": {...},
                    "outputs": [var], "source": "path:line"}],
     "outputs": [name | {"literal": v}]}

where `var` is `{"name", "dtype", "shape"}` (shape: list with null for unknown
dims, or null for an unknown rank; a resource's type is under "ref"; a Python
scalar's type has `"weak": true`; a random generator's is `{"rng": kind}`).
Names are those of `str(graph)`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .core import (
    AbstractValue,
    Atom,
    Equation,
    Graph,
    Hole,
    Literal,
    ResourceType,
    RngType,
    Var,
    shows,
)
from .printing import Namer, graph_namer, pp_param

Json = Any  # what json.dumps takes: dicts, lists, str, numbers, bools, None


@shows('json')
def graph_def(graph: Graph, encode: Callable[[Any], Json] | None = None,
              resource: Callable[[Any], Json] | None = None) -> dict[str, Json]:
    """The graph's data; `encode(value)` gives the JSON of a param or constant and
    `resource(obj)` that of a resource (default: readable labels, which `runtime.saving`
    replaces with its lossless encoding)."""
    encode, resource = encode or _json, resource or _resource_label
    namer = graph_namer(graph)
    return {
        'inputs': [_var(namer, v) for v in graph.inputs],
        'constants': [{**_var(namer, v), 'value': encode(value)} for v, value in graph.consts],
        'resources': [{**_var(namer, v), 'resource': resource(obj)}
                      for v, obj in graph.resources],
        'equations': [_equation(namer, eq, encode) for eq in graph.equations],
        'outputs': [_atom(namer, a) for a in graph.outputs],
    }


def _equation(namer: Namer, eq: Equation, encode: Callable[[Any], Json]) -> dict[str, Json]:
    return {
        'op': eq.primitive,
        'inputs': [_atom(namer, a) for a in eq.inputs],
        'params': {k: encode(v) for k, v in sorted(eq.params.items())},
        'outputs': [_var(namer, v) for v in eq.outputs],
        'source': eq.source,
    }


def _var(namer: Namer, var: Var) -> dict[str, Json]:
    return {'name': namer(var), **_type(var.aval)}


def _type(aval: Any) -> dict[str, Json]:
    if isinstance(aval, ResourceType):
        return {'ref': _type(aval.value)}
    if isinstance(aval, RngType):
        return {'rng': aval.kind}
    shape = None if aval.shape is None else list(aval.shape)
    weak = {'weak': True} if aval.weak else {}  # a Python scalar's type
    return {'dtype': aval.dtype.name, 'shape': shape, **weak}


def _atom(namer: Namer, atom: Atom) -> Json:
    return {'literal': _json(atom.value)} if isinstance(atom, Literal) else namer(atom)


def _resource_label(obj: Any) -> str:
    name = getattr(obj, 'name', None)
    return f'{type(obj).__name__}({name})' if name else type(obj).__name__


def _json(value: Any) -> Json:
    """A JSON value for a param or constant; tuples become lists, other objects tagged dicts."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, (tuple, list)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, Graph):
        return {'graph': graph_def(value)}
    if isinstance(value, slice):
        return {'slice': [_json(value.start), _json(value.stop), _json(value.step)]}
    if isinstance(value, Hole):
        return {'input': value.index}
    if value is Ellipsis:
        return {'ellipsis': True}
    if isinstance(value, complex):
        return {'complex': [value.real, value.imag]}
    if isinstance(value, (np.ndarray, np.generic)):
        return {'array': _json(np.asarray(value).tolist()), 'dtype': value.dtype.name}
    if isinstance(value, (np.dtype, AbstractValue, ResourceType, np.ufunc)) or callable(value):
        return pp_param(value)
    return repr(value)
