"""`call`: run a sub-graph as one equation (nested functions); the model for ops holding sub-graphs.

Executors hand every Graph-valued param to an op's impl as a Python callable
of that sub-graph (compiled, or interpreted), so one impl serves both. A
sub-graph is closed: outer values it uses are explicit inputs of the equation.
"""
from ..ir.registry import defop


def call_graph(*args, graph):
    return graph(*args)


@defop('call', call_graph, multiple_results=True)
def _call_rule(*avals, graph):
    if len(avals) != len(graph.inputs):
        raise TypeError(f'call: {len(avals)} arguments given, the graph takes {len(graph.inputs)}')
    for i, (aval, var) in enumerate(zip(avals, graph.inputs)):
        if not var.aval.is_compatible_with(aval):
            raise TypeError(f'call: argument {i} has type {aval}, the graph expects {var.aval}')
    return list(graph.out_avals)
