"""`rt.config`: global switches of the runtime (`run_functions_eagerly`, `set_max_traces`)."""

# Read directly by `Function.__call__` on every call: a module global is the cheapest check.
_run_eagerly = False
# Traces an rt.function caches unless given its own `max_traces` (TensorFlow and JAX bound theirs too).
DEFAULT_MAX_TRACES = 256
_max_traces = DEFAULT_MAX_TRACES


def run_functions_eagerly(run_eagerly):
    """When true, every `rt.function` runs its (converted) Python function instead of a graph."""
    global _run_eagerly
    _run_eagerly = bool(run_eagerly)


def functions_run_eagerly():
    """Whether `rt.function`s currently run eagerly (see `run_functions_eagerly`)."""
    return _run_eagerly


def set_max_traces(max_traces):
    """How many traces each rt.function without its own `max_traces` caches; beyond it, the
    least recently used trace is dropped (with a RetracingWarning naming the function)."""
    global _max_traces
    _max_traces = checked_max_traces(max_traces)


def get_max_traces():
    """How many traces each rt.function without its own `max_traces` caches."""
    return _max_traces


def checked_max_traces(max_traces):
    if isinstance(max_traces, bool) or not isinstance(max_traces, int) or max_traces < 1:
        raise ValueError(f'max_traces must be an int >= 1, not {max_traces!r}')
    return max_traces
