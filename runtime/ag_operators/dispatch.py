"""Where the graph runtime plugs into the operators; until it is imported, everything is Python.

The operators stay standard-library only: they test values against
`staged_types` (empty until the graph runtime registers its tensor, graph-list
and graph-iterable types) and hand staged values to `graph`, an object the graph
runtime installs with one method per operator. `tracing` holds the threads that
may be tracing (`runtime.tracing.trace_state` keeps it), so code that runs while
nothing is traced pays one global check.
"""
import threading

staged_types = ()
graph = None
tracing = {}  # thread id -> True while that thread may be building a graph
# Held while converted modules' functions change code: when `tracing` turns non-empty or
# empty, `runtime.tracing.trace_state` calls `on_trace_boundary` (`python_mode`) under it.
# Reentrant: a finalizer run by the garbage collector meanwhile may start a trace.
lock = threading.RLock()
on_trace_boundary = None
boundary_hooks = []  # more such hooks, called after it (runtime.tracing.numpy_random)


def install(types, implementation):
    """Register the graph runtime: the types that stage graph ops, and their operators."""
    global staged_types, graph
    staged_types = tuple(types)
    graph = implementation


def add_staged_types(*types):
    """Register more types that stage graph ops (once each), keeping the installed `graph`."""
    install(tuple(t for t in staged_types if t not in types) + types, graph)
