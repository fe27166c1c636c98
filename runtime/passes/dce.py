"""Dead-code elimination: only what outputs and effects need stays, in sub-graphs too.

    { lambda ; a:f64[3]. let              { lambda ; a:f64[3]. let
        b:f64[3] = sin a              ->      c:f64[3] = cos a
        c:f64[3] = cos a                    in (c,) }
      in (c,) }

The executors already skip dead equations (non-strict execution); removing
them makes the graph say so, and drops constants nobody reads. Stateful ops
stay, in program order; a dead op that would fail is never run.
"""
from ..ir.core import Var
from ..ir.liveness import live_equations
from .rewrite import rebuilt, rewritten


def run(graph):
    equations = [rewritten(eq, {}, run) for eq in live_equations(graph)]
    used = {a for eq in equations for a in eq.inputs if isinstance(a, Var)}
    used.update(a for a in graph.outputs if isinstance(a, Var))
    consts = [(var, value) for var, value in graph.consts if var in used]
    return rebuilt(graph, equations, {}, consts)
