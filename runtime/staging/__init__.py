"""Staging: the graph side of each `ag__` operator, and `make_graph`, which traces through them.

Importing this package installs that side as `runtime.operators.dispatch.graph`
(`staging.graph_side`), so converted code traced from here on stages graph ops.
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
