"""Which graphs each thread is building, entered and left so that an interrupt cannot corrupt it.

A thread's builders are one tuple in a thread-local (innermost last). Entering
a builder and leaving it each replace the tuple in one assignment, and leaving
puts back the tuple seen on entry, so an inner builder whose exit an interrupt
skipped goes too. Every rt.function trace runs in `isolated`, whose `finally`
starts with that one assignment (no Python call before it, where CPython could
raise a pending KeyboardInterrupt): however a trace ends, interrupts during its
builders' exits included, the thread is left as it was before.

`dispatch.tracing` maps each thread that may be building a graph to True: the
one global check (`if not dispatch.tracing`) that code outside traces pays. A
thread marks itself before it enters its first builder and unmarks itself after
it leaves its last. An interrupt between the mark and the builders can leave a
thread marked (calls then take their slow paths, with the right results); the
thread unmarks itself the next time it looks for its current builder.

When a thread enters its first builder, and when `dispatch.tracing` turns empty,
`dispatch.on_trace_boundary` (`runtime.converted_code.python_mode`: converted modules run
converted code while anything is traced; it does nothing when they run it already)
is called after the state changed, then `dispatch.boundary_hooks`
(`runtime.tracing.numpy_random` puts stand-ins for the `np.random.*` functions
in place while anything is traced). Each reads the state itself, so a
call that races with another thread's, or one an interrupt skipped, is undone
by the next boundary: meanwhile functions run their converted code, which
gives the same results more slowly.
"""
import threading

from ..ag_operators import dispatch

_get_ident = threading.get_ident


class _State(threading.local):
    builders = ()  # this thread's graph builders, innermost last


_state = _State()


def current_builder():
    """The innermost graph being built in this thread, or None."""
    if not dispatch.tracing:
        return None
    builders = _state.builders
    if builders:
        return builders[-1]
    dispatch.tracing.pop(_get_ident(), None)  # a mark left behind by an interrupted trace
    if not dispatch.tracing:
        _boundary()
    return None


def enter(builder):
    """Make `builder` this thread's current one; the builders before it, for `leave`."""
    before = _state.builders
    tracing = dispatch.tracing
    tracing[_get_ident()] = True
    _state.builders = before + (builder,)
    # Asked by every thread's first builder, after marking the thread: a thread that emptied the
    # marks meanwhile may have read them empty and be installing the original code; this call,
    # which reads the marks again under the lock, puts it right. (Asking only when this thread
    # made the marks non-empty missed two threads entering together: each saw the other's mark.)
    if not before:
        _boundary()
    return before


def leave(before):
    """Make `before` (from `enter`) this thread's builders again."""
    _state.builders = before
    if not before:
        dispatch.tracing.pop(_get_ident(), None)
        if not dispatch.tracing:
            _boundary()


def isolated(fn, *args):
    """`fn(*args)`, after which this thread builds what it built before, however `fn` ended."""
    before, thread = _state.builders, _get_ident()
    try:
        return fn(*args)
    finally:
        # `leave(before)` written out: a call to a Python function could be interrupted first
        _state.builders = before
        if not before:
            dispatch.tracing.pop(thread, None)
            if not dispatch.tracing:
                _boundary()


def _boundary():
    hook = dispatch.on_trace_boundary
    if hook is not None or dispatch.boundary_hooks:
        with dispatch.lock:
            if hook is not None:
                hook()
            for more in dispatch.boundary_hooks:
                more()
