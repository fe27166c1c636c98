"""The reference interpreter: the meaning of a graph, and the oracle for the compiled executor."""
from ... import graph_ops
from ...ir.core import Literal
from ...ir.liveness import live_equations
from ...ir.nesting import recursion_room
from .op_calls import note_op_location, with_callables


def eval_graph(graph, *args):
    """Run `graph` on `args`, one equation at a time; returns the tuple of its outputs."""
    if len(args) != len(graph.inputs):
        raise TypeError(f'the graph takes {len(graph.inputs)} inputs ({len(args)} given)')
    with recursion_room(graph, 'the reference interpreter'):
        return _evaluate(graph, args)


def _evaluate(graph, args):
    """`eval_graph` once the graph's depth is checked: a sub-graph's run recurses into this."""
    env = dict(graph.consts)
    env.update(graph.resources)
    env.update(zip(graph.inputs, args))

    def read(atom):
        return atom.value if isinstance(atom, Literal) else env[atom]

    for eq in live_equations(graph):
        op = graph_ops.get(eq.primitive)
        params = with_callables(eq.params, lambda g: lambda *a: _evaluate(g, a))
        try:
            result = op.evaluate([read(a) for a in eq.inputs], params)
        except Exception as exc:
            note_op_location(exc, eq)
            raise
        env.update(zip(eq.outputs, result if op.multiple_results else (result,)))
    return tuple(read(a) for a in graph.outputs)
