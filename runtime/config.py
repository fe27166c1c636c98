"""`rt.config`: global switches of the runtime (`run_functions_eagerly`)."""

# Read directly by `Function.__call__` on every call: a module global is the cheapest check.
_run_eagerly = False


def run_functions_eagerly(run_eagerly):
    """When true, every `rt.function` runs its (converted) Python function instead of a graph."""
    global _run_eagerly
    _run_eagerly = bool(run_eagerly)


def functions_run_eagerly():
    """Whether `rt.function`s currently run eagerly (see `run_functions_eagerly`)."""
    return _run_eagerly
