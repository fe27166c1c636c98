"""Graph control flow on tensors: the facade that `runtime.staging.graph_side` forwards to.

    branches.py     if_stmt, if_exp, and_/or_ (+ their test forms), function_return
    cond.py         tracing two paths into one `cond` op (merge.py, tracing/unify.py: their values)
    loop_stmts.py   while_stmt, for_stmt, rt.while_loop (loops.py, loop_vars.py: one `while`)
    iteration.py    what a graph for loop iterates: rt.range, range(t), axes, enumerate, zip
    tracing/graph_lists.py  lists that grow in graph loops, rt.stack
    cf_state.py     the state a statement reads and writes (declared and hidden)
    cf_arrays.py    arrays updated in place by a path or a loop body: merged or carried
    tracing/python_numbers.py  Python numbers carried by control flow (loop counters) keep Python arithmetic
    ops/control_flow.py     the ops: cond, while, raise, check_defined, ... (execution/flow_codegen.py
                    compiles them)

Importing this module registers graph lists and graph iterables as staged
types, so the operators hand them to the graph runtime as they do tensors.
"""
from ..operators import dispatch
from ..tracing.builders import current_builder
from ..tracing.graph_lists import GraphList, stack
from ..tracing.memory import made_arrays
from ..tracing.numpy_calls import rt_range
from .branches import and_, and_test, function_return, if_exp, if_stmt, or_, or_test
from .cond import cond
from .iteration import GraphIterable
from .loop_stmts import for_stmt, while_loop, while_stmt

__all__ = ['and_', 'and_test', 'cond', 'for_stmt', 'function_return', 'if_exp',
           'if_stmt', 'list_append', 'list_pop', 'list_stack', 'or_', 'or_test', 'rt_range',
           'stack', 'while_loop', 'while_stmt']


def list_append(list_, x):
    """`list_.append(x)` for a graph list; a made array is promoted (its value is stored, so a
    later update of it is refused, see `graph_lists`)."""
    (x,) = made_arrays.for_control_flow([x], current_builder())
    return list_.appended(x)


def list_pop(list_, i, opts):
    return list_.popped(i)


def list_stack(list_, opts):
    """`np.stack` of a Python list (of tensors or arrays); a graph list's elements stacked."""
    return stack(list_)


dispatch.add_staged_types(GraphList, GraphIterable)
