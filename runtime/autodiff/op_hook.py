"""The interpreter side of the op library's gradient rules: how they apply ops, and the rules
of the sub-graph ops (call, cond, loops), whose VJPs are graphs built here.

The rules themselves sit beside their ops (`runtime.graph_ops`) and apply ops through the hook
`runtime.graph_ops.binding.apply_op`; importing this module (`autodiff.tape` does) installs
`apply_op` below as that hook and registers the sub-graph ops' rules.
"""
from ..backends.executor.op_calls import with_callables
from ..graph_ops.binding import install_apply_op
from ..ir.core import Graph
from ..ir.registry import defvjp_all, get
from ..tracing import builders as tracing
from .eager import Tracked
from .loops import loop_vjp, while_vjp_vjp
from .subgraphs import call_vjp, called_if_assigned, called_vjp, compiled, drawing_cond_vjp


def apply_op(name, *inputs, **params):
    """Op `name` on `inputs`: staged while tracing or when a tape follows an input, else run."""
    if tracing.current_builder() is not None or any(isinstance(x, Tracked) for x in inputs):
        return tracing.bind(name, *inputs, **params)
    if any(isinstance(v, Graph) for v in params.values()):
        params = with_callables(params, compiled)
    return get(name).evaluate(inputs, params)


install_apply_op(apply_op)


@defvjp_all('call')
def _call_vjp(needed, g, out, *args, graph):
    """The call of the VJP graph of `graph` (traced once per graph), given the values its
    variables had at the call."""
    return called_vjp(needed, g, out, args, graph)


@defvjp_all('cond')
def _cond_vjp(needed, g, out, pred, *args, true_branch, false_branch):
    """A cond on the same predicate between the VJP graphs of the branches."""
    as_called = called_if_assigned(needed, g, out, (pred, *args))
    if as_called is not None:
        return as_called
    drawing = drawing_cond_vjp(needed, g, out, pred, args, true_branch, false_branch)
    if drawing is not None:
        return drawing
    return [None] + call_vjp('cond', needed[1:], g, out, args, {'pred': pred},
                             true_branch=true_branch, false_branch=false_branch)


@defvjp_all('while')
def _while_vjp(needed, g, out, *args, cond, body, carried):
    """A `while_vjp` op: the loop's saved states (saved by the loop itself, made a
    `while_saving`, in a graph), then the body's VJP graph over them in reverse."""
    return loop_vjp(needed, g, out, args, cond, body, carried)


@defvjp_all('while_saving')
def _while_saving_vjp(needed, g, out, *args, cond, body, carried, saved):
    """As `while`'s, the cotangents of the stacks added to those of the states they hold."""
    return loop_vjp(needed, g[:carried], out[:carried], args, cond, body, carried,
                    g[carried:carried + len(saved)])


@defvjp_all('while_vjp')
def _while_vjp_vjp(needed, g, out, *args, **params):
    """The VJP of the same function written as ordinary loops (`autodiff.loops.reverse_graph`)."""
    return while_vjp_vjp(needed, g, out, args, params)
