"""What a run of a graph needs: the live equations, the needed inputs, effects, sub-graphs."""
from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from . import registry
from .core import Atom, Equation, Graph, Var

# graph -> whether it has effects: graphs are immutable, and asked about at every level of a nest
# (each level's live equations), which without it costs time quadratic in the nest's depth
_effects: weakref.WeakKeyDictionary[Graph, bool] = weakref.WeakKeyDictionary()


def has_effects(equation: Equation) -> bool:
    """True for a stateful op, or an op whose sub-graphs contain one."""
    return registry.get(equation.primitive).stateful or any(
        graph_has_effects(g) for g in sub_graphs(equation.params))


def graph_has_effects(graph: Graph) -> bool:
    known = _effects.get(graph)
    if known is None:
        known = _effects[graph] = any(has_effects(eq) for eq in graph.equations)
    return known


def live_equations(graph: Graph) -> list[Equation]:
    """The equations a run executes, in program order: those outputs and effects depend on."""
    live, _ = _backward(graph, graph.outputs)
    return live[::-1]


def needed_inputs(graph: Graph, outputs: Iterable[int]) -> set[int]:
    """Indices of the inputs that the outputs at indices `outputs`, or effects, depend on."""
    _, needed = _backward(graph, [graph.outputs[i] for i in outputs])
    return {i for i, var in enumerate(graph.inputs) if var in needed}


def _backward(graph: Graph, outputs: Sequence[Atom]) -> tuple[list[Equation], set[Var]]:
    """(live equations, last first; the variables they and `outputs` read)."""
    needed = {a for a in outputs if isinstance(a, Var)}
    live: list[Equation] = []
    for eq in reversed(graph.equations):
        if has_effects(eq) or any(v in needed for v in eq.outputs):
            live.append(eq)
            needed.update(a for a in eq.inputs if isinstance(a, Var))
    return live, needed


def sub_graphs(params: Mapping[str, Any]) -> Iterator[Graph]:
    """The graphs an equation's params hold (directly or in tuples)."""
    for value in params.values():
        if isinstance(value, Graph):
            yield value
        elif isinstance(value, tuple):
            yield from (v for v in value if isinstance(v, Graph))
