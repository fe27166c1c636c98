"""The graph checker: the IR's invariants, with errors that quote the offending equation."""
from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from ..errors import AgError
from . import registry
from .core import RESOURCE_TYPES, AbstractValue, Equation, Graph, Literal, Var
from .liveness import sub_graphs
from .printing import Namer, graph_namer, pp_eqn, pp_type


class GraphCheckError(AgError):
    """A graph breaks an invariant of the IR."""


def check_graph(graph: Graph) -> None:
    """Raise GraphCheckError unless every variable is defined once, before its uses; every
    equation's output types are those its op's rule gives; outputs are defined; and
    sub-graphs are well formed."""
    namer = graph_namer(graph)
    defined: set[Var] = set()

    def define(var: Var, where: str | Callable[[], str]) -> None:
        """`where` names the definition: text, or a function giving it (an equation's text,
        sub-graphs included, is made only for an error: checking stays linear in the graph)."""
        if not isinstance(var, Var):
            raise GraphCheckError(f'{where() if callable(where) else where}: '
                                  f'{var!r} is not a variable')
        if var in defined:
            raise GraphCheckError(f'{where() if callable(where) else where}: '
                                  f'variable {namer(var)} is defined twice')
        defined.add(var)

    for var, value in graph.consts:
        define(var, 'constants')
        if var.aval != AbstractValue.from_value(value):
            raise GraphCheckError(f'constant {namer.binder(var)} holds a value of type '
                                  f'{AbstractValue.from_value(value)}')
    for var, _ in graph.resources:
        define(var, 'resources')
        if not isinstance(var.aval, RESOURCE_TYPES):
            raise GraphCheckError(f'resource {namer.binder(var)} does not have a ref type')
    for var in graph.inputs:
        define(var, 'inputs')
    for eq in graph.equations:
        _check_equation(eq, defined, namer)
        for var in eq.outputs:
            define(var, lambda: f'equation `{pp_eqn(eq, namer)}`')
    for atom in graph.outputs:
        if isinstance(atom, Var) and atom not in defined:
            raise GraphCheckError(f'graph output {namer(atom)} is not defined')


def _check_equation(eq: Equation, defined: set[Var], namer: Namer) -> None:
    def fail(message: str) -> NoReturn:
        where = f' (created at {eq.source})' if eq.source else ''
        raise GraphCheckError(f'{message}\n  in equation: {pp_eqn(eq, namer)}{where}')

    if not registry.is_registered(eq.primitive):
        fail(f'unknown op {eq.primitive!r}')
    for atom in eq.inputs:
        if isinstance(atom, Var) and atom not in defined:
            fail(f'input {namer(atom)} is used before it is defined')
        if not isinstance(atom, (Var, Literal)):
            fail(f'input {atom!r} is neither a variable nor a literal')
    for sub_graph in sub_graphs(eq.params):
        try:
            check_graph(sub_graph)
        except GraphCheckError as e:
            fail(f'ill-formed sub-graph: {e}')
    op = registry.get(eq.primitive)
    try:
        result = op.rule(*(a.aval for a in eq.inputs), **eq.params)
    except Exception as e:
        fail(f'the type rule of {eq.primitive!r} rejects its inputs: {type(e).__name__}: {e}')
    expected = () if result is None else tuple(result) if op.multiple_results else (result,)
    actual = tuple(v.aval for v in eq.outputs)
    if expected != actual:
        fail(f'output types ({", ".join(map(pp_type, actual))}) disagree with the rule of '
             f'{eq.primitive!r}, which gives ({", ".join(map(pp_type, expected))})')
