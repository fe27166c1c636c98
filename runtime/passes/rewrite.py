"""What the passes share: atom substitution, sub-graph recursion, rebuilt graphs, value keys."""
import dataclasses

import numpy as np

from ..ir.core import Graph, Literal, Var
from ..ir.liveness import sub_graphs


def substitute(atoms, mapping):
    """`atoms` with every variable that `mapping` renames replaced."""
    return tuple(mapping.get(a, a) if isinstance(a, Var) else a for a in atoms)


def rewritten(eq, mapping, transform):
    """`eq` reading `mapping`'s replacements, its sub-graphs through `transform`."""
    inputs = substitute(eq.inputs, mapping)
    params = eq.params
    if any(True for _ in sub_graphs(params)):
        params = {k: _map_graphs(v, transform) for k, v in params.items()}
    if inputs == eq.inputs and all(params[k] is eq.params[k] for k in params):
        return eq
    return dataclasses.replace(eq, inputs=inputs, params=params)


def _map_graphs(value, transform):
    if isinstance(value, Graph):
        return transform(value)
    if isinstance(value, tuple) and any(isinstance(v, Graph) for v in value):
        return tuple(_map_graphs(v, transform) for v in value)
    return value


def rebuilt(graph, equations, mapping, consts=None):
    """`graph` with these equations, its outputs renamed by `mapping`, and `consts`."""
    return dataclasses.replace(
        graph, equations=tuple(equations), outputs=substitute(graph.outputs, mapping),
        consts=graph.consts if consts is None else tuple(consts))


def literal_key(value):
    """A key telling apart what `==` confuses: 1, 1.0 and True; 0.0 and -0.0; NaNs are equal."""
    if isinstance(value, tuple):
        return (tuple, tuple(literal_key(v) for v in value))
    if isinstance(value, (float, complex, np.floating, np.complexfloating)):
        return (type(value), repr(value))
    return (type(value), value)


def is_mutable_array(aval):
    """True for a type whose values may be arrays a caller can write (rank >= 1 or unknown)."""
    return not getattr(aval, 'weak', False) and (aval.shape is None or len(aval.shape) >= 1)


def output_vars(graph):
    """The variables a graph gives back (its results may reach the caller as they are)."""
    return {a for a in graph.outputs if isinstance(a, Var)}


def is_literal(atom, values):
    """True if `atom` is a Literal whose (type-exact) key is one of `values`' keys."""
    return isinstance(atom, Literal) and literal_key(atom.value) in {literal_key(v) for v in values}
