"""Tracebacks of converted code as the original's: runtime frames out, closures folded in.

An exception leaving a converted function passes its `ag__.FunctionScope`,
whose `__exit__` sees the traceback from the function's frame inwards and
calls `leaving_converted_code`. There the frames of the runtime package
(operators, `converted_call`, control-flow helpers) are unlinked, and the
frames of one call of an original function (its frame and the generated
closures it runs, `if_body`, `loop_body`, lazy operands) fold into the
innermost, whose line is where the exception happened; rewritten code objects
already carry the original's file, line and function name (`code_positions`).
The same is done for the tracebacks of the exception's cause and context.
`__exit__` may replace `exc.__traceback__` (Python 3.11+ re-raises that one);
on 3.10 code objects keep converted positions and nothing is folded.

Only the part not filtered yet is walked: below the function's call, frames of
other converted calls were filtered when the exception left them.
`AGCONVERT_TRACEBACK=full` (read at import) or
`rt.config.set_traceback_mode('full')` keeps every frame.
"""
import os

from .code_positions import converted_info
from .frames import first_outside, is_runtime
from .recursion import failed_to_start

MODES = ('filtered', 'full')
_LINKS = 16  # exceptions of a cause/context chain filtered at most
_UNSET = object()
_filtering = os.environ.get('AGCONVERT_TRACEBACK', 'filtered') != 'full'


def mode():
    return 'filtered' if _filtering else 'full'


def set_mode(new_mode):
    """'filtered' (default): tracebacks as the original's; 'full': every frame, runtime's too."""
    global _filtering
    if new_mode not in MODES:
        raise ValueError(f'traceback mode must be one of {MODES}, not {new_mode!r}')
    _filtering = new_mode == 'filtered'


def leaving_converted_code(exc, tb):
    """Filter the traceback of `exc` (from the converted function's frame `tb` on) and its chain."""
    if not _filtering:
        return
    head = _filtered(tb, exc.__class__ is RecursionError)
    if head is not tb:
        exc.__traceback__ = head
    _filter_chain(exc)


def leaving_runtime(exc):
    """Filter the traceback of `exc` where it leaves the runtime for its caller (`rt.function`).

    An exception of the runtime's own (a bad argument) keeps no frame: its
    traceback starts at the caller's line.
    """
    if not _filtering or exc.__traceback__ is None:
        return
    tb = exc.__traceback__
    head = _filtered(tb, exc.__class__ is RecursionError)
    exc.__traceback__ = None if head is tb and is_runtime(tb.tb_frame) else head
    _filter_chain(exc)


def _filter_chain(exc):
    seen, pending = {id(exc)}, [exc.__cause__, exc.__context__]
    while pending and len(seen) < _LINKS:
        linked = pending.pop()
        if linked is None or id(linked) in seen:
            continue
        seen.add(id(linked))
        if linked.__traceback__ is not None:
            linked.__traceback__ = _filtered(linked.__traceback__,
                                             linked.__class__ is RecursionError)
        pending += (linked.__cause__, linked.__context__)


def _filtered(tb, recursion_error=False):
    """The entries of `tb` to keep, linked; the first one (`tb` if every frame is the runtime's).

    A converted call that a RecursionError stopped before its body started is
    left out with what follows it: the original's call failed to push a frame.
    """
    kept, home, rest, entry = [], _UNSET, None, tb
    while entry is not None:
        frame = entry.tb_frame
        if is_runtime(frame):
            entry = entry.tb_next
            continue
        info = converted_info(frame.f_code)
        if home is _UNSET:  # the call the first frame kept belongs to
            home = _invocation(frame, info)
        elif info is not None:
            if info.generated and _caller(frame) is kept[-1].tb_frame:
                kept[-1] = entry  # a closure its function's frame called: the innermost line
                entry = entry.tb_next
                continue
            if (info.generated or info.scoped) and _invocation(frame, info) is not home:
                if recursion_error and info.scoped and failed_to_start(entry):
                    break
                rest = entry  # another converted call: filtered when the exception left it
                break
        kept.append(entry)
        entry = entry.tb_next
    if not kept:
        return tb
    for outer, inner in zip(kept, kept[1:]):
        outer.tb_next = inner
    kept[-1].tb_next = rest
    return kept[0]


def _caller(frame):
    """The first frame outside the runtime that `frame` was called from."""
    return first_outside(frame.f_back, is_runtime)


def _invocation(frame, info):
    """The frame of the converted function call that `frame` (or one of its closures) is part of."""
    if info is None or not info.generated:
        return frame
    invocation = info.invocation
    frame = frame.f_back
    while frame is not None:
        outer = converted_info(frame.f_code)
        if outer is not None and outer.invocation is invocation and not outer.generated:
            return frame
        frame = frame.f_back
    return None
