"""`rt.config`: global switches of the runtime (eager functions, trace cache bound, Python mode,
traceback frames, graph optimizations, the compile cache)."""
from .converted_code import python_mode as _python_mode
from .converted_code import tracebacks as _tracebacks

# Read directly by `Function.__call__` on every call: a module global is the cheapest check.
_run_eagerly = False
# Traces an rt.function caches unless given its own `max_traces` (TensorFlow and JAX bound theirs too).
DEFAULT_MAX_TRACES = 256
_max_traces = DEFAULT_MAX_TRACES
_optimizations = True  # every pass of runtime.passes (see set_experimental_optimizations)
_compile_cache = True  # jit_compile=True graphs are cached on disk (runtime.backends.numba.cache)


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
def set_python_mode(mode):
    """What converted modules run on Python values: 'original' code (default) or 'converted'.

    'converted' runs the converted code even when nothing is traced, as the
    environment variable `AGCONVERT_PYTHON_MODE=converted` does from the start:
    for testing the converter itself. Traces always run converted code.
    """
    _python_mode.set_mode(mode)


def python_mode():
    """'original' or 'converted' (see `set_python_mode`)."""
    return _python_mode.mode()


def set_traceback_mode(mode):
    """'filtered' (default): tracebacks of converted code read as the original's would;
    'full': every frame, the runtime's and generated closures' too (`AGCONVERT_TRACEBACK=full`)."""
    _tracebacks.set_mode(mode)


def traceback_mode():
    """'filtered' or 'full' (see `set_traceback_mode`)."""
    return _tracebacks.mode()


# The graph passes (`runtime.passes`), in the order they run; named here, below the passes, so
# that a setting is checked when it is made. Why this order: folding first turns static sizes
# and arithmetic on constants into literals that the simplifier recognises; simplifying before
# CSE lets `x * 1` and `x` merge; LICM after CSE hoists one copy of a repeated invariant; DCE
# last removes what the others left unread (and the constants nobody reads any more).
PASS_NAMES = ('constant_folding', 'algebraic', 'cse', 'licm', 'dce')


def enabled_passes(value):
    """The pass names that `value` enables: True (all), False (none), or {name: bool}
    (the passes not named keep their default: on)."""
    if value is True or value is None:
        return PASS_NAMES
    if value is False:
        return ()
    if not isinstance(value, dict):
        raise TypeError('experimental_optimizations must be True, False or a dict of pass '
                        f'names to bools, not {value!r}')
    unknown = sorted(set(value) - set(PASS_NAMES))
    if unknown:
        raise ValueError(f'unknown optimization pass(es) {", ".join(map(repr, unknown))}; '
                         f'the passes are {", ".join(PASS_NAMES)}')
    return tuple(name for name in PASS_NAMES if value.get(name, True))


def set_experimental_optimizations(options):
    """Which graph passes run before graphs compile (for functions that do not choose):
    True (all, the default), False (none: for debugging), or {pass name: bool} as
    `tf.config.optimizer.set_experimental_options`; the passes are `PASS_NAMES`."""
    global _optimizations
    enabled_passes(options)  # checked now, not at the next compile
    _optimizations = options


def experimental_optimizations():
    """The graph passes setting (see `set_experimental_optimizations`)."""
    return _optimizations


def set_compile_cache(enabled):
    """Whether `jit_compile=True` graphs and numba's code of our helpers are cached on disk
    across processes (default True; the directory is `AGCONVERT_CACHE_DIR`, else the user's
    cache directory, never `NUMBA_CACHE_DIR`). Off, nothing is read or written there."""
    global _compile_cache
    _compile_cache = bool(enabled)


def compile_cache():
    """Whether the on-disk compile cache is used (see `set_compile_cache`)."""
    return _compile_cache
