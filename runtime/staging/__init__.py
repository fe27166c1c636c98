"""Staging: the graph side of each `ag__` operator, and `make_graph`, which traces through them.

Importing this package installs that side as `runtime.ag_operators.dispatch.graph`
(`staging.graph_side`), so converted code traced from here on stages graph ops.

    graph_side.py         the operators on staged values: converted_call, lists, the rest below
    branches.py           if_stmt, if_exp, and_/or_ (+ their test forms), function_return
    cond.py               two traced paths into one `cond` op (their values: merge.py and
                          tracing/joined_values.py)
    loop_stmts.py         while_stmt, for_stmt, rt.while_loop (loops.py, loop_vars.py: one `while`)
    iteration.py          what a graph for loop iterates: rt.range, range(t), axes, enumerate, zip
    cf_state.py           the state a statement reads and writes (declared and hidden)
    cf_arrays.py          arrays updated in place by a path or a loop body: merged or carried
    builtin_overloads.py  builtins overloaded while tracing (len, range, print, min, ...)
"""
from ..tracing import numpy_errstate, trace_state  # noqa: F401  (numpy_errstate: np.errstate's handlers)
from ..tracing.builders import GraphBuilder
from . import graph_side  # noqa: F401  (installs itself as the operators' `dispatch.graph`)


def make_graph(fn, *specs):
    """Trace `fn` on placeholders of types `specs`: its Graph (one output, or a tuple of them)."""
    return trace_state.isolated(_make_graph, fn, specs)


def _make_graph(fn, specs):
    with GraphBuilder() as builder:
        result = fn(*(builder.placeholder(spec) for spec in specs))
        return builder.finish(result if isinstance(result, (tuple, list)) else (result,))
