"""Common-subexpression elimination: a pure op on the same inputs and params is computed once.

    { lambda ; a:f64[3]. let              { lambda ; a:f64[3]. let
        b:f64[3] = sin a                      b:f64[3] = sin a
        c:f64[3] = sin a              ->      d:f64[3] = add b b
        d:f64[3] = add b c                  in (d,) }
      in (d,) }

Literals are told apart by type and bits (`x + 0.0` is not `x + -0.0`, `1`
is not `1.0` nor `True`). Stateful ops (and ops holding them) are never
merged, and reads of a resource (a variable) merge only with reads after the
same last effect: an assignment between two reads makes them differ. Two
arrays a caller may receive and write stay two arrays.
"""
from ..ir.core import Graph, Literal, ResourceType, Var
from ..ir.liveness import has_effects
from .rewrite import is_mutable_array, literal_key, output_vars, rebuilt, rewritten


def run(graph):
    outputs = output_vars(graph)
    seen, equations, mapping = {}, [], {}
    effects = 0  # effects so far: a read of state is keyed by the last one
    for eq in graph.equations:
        eq = rewritten(eq, mapping, run)
        key = _key(eq)
        if key is None:
            effects += has_effects(eq)
        elif any(isinstance(a.aval, ResourceType) for a in eq.inputs if isinstance(a, Var)):
            key += (effects,)
        earlier = seen.get(key) if key is not None else None
        if earlier is not None and not any(
                v in outputs and is_mutable_array(v.aval) for v in eq.outputs):
            mapping.update(zip(eq.outputs, earlier.outputs))
            continue
        if key is not None:
            seen[key] = eq
        equations.append(eq)
    return rebuilt(graph, equations, mapping)


def _key(eq):
    """What makes two equations compute the same value, or None (never merged)."""
    if not eq.outputs or has_effects(eq):
        return None
    inputs = tuple(('lit', literal_key(a.value)) if isinstance(a, Literal) else a
                   for a in eq.inputs)
    try:
        params = tuple(sorted((k, _param_key(v)) for k, v in eq.params.items()))
        key = (eq.primitive, inputs, params)
        hash(key)
    except TypeError:  # an unhashable param (a list, an array): never merged
        return None
    return key


def _param_key(value):
    if isinstance(value, Graph):
        return ('graph', id(value))
    if isinstance(value, tuple):
        return tuple(_param_key(v) for v in value)
    return literal_key(value)
