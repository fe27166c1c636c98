"""Converted code keeps the original's recursion headroom: the limit is raised by its own frames.

Converted code runs in frames the original does not have: `converted_call`,
the control-flow and logical operators, and the generated closures they call
(`if_body`, `loop_body`, lazy operands): a recursive function makes 4 frames
a level (a call in an `if`) to 10 (in an `if` in a `while` in a `for`) where
the original makes one, and would hit the recursion limit that much sooner.

Nothing is done while converted functions are nested less than
`CAREFUL_LEVELS` deep (their `FunctionScope`s count them, in every thread):
shallow code pays one counter. Deeper, each converted function, as it starts
(`enter`, from its FunctionScope), counts the frames between it and the
previous converted function its thread counted (the first one counts the
whole stack, and asks CPython for its depth). So it knows the depth it has in
the original, and raises the original's RecursionError if that is beyond the
program's limit, where the original's call would fail; else its thread needs
the limit raised by every frame of converted code below it, plus, for the
frames of its own level not counted yet, as many as the level below made and
`MARGIN`. The limit is raised to the program's own plus what the neediest
thread needs when that is more than it is, and goes back to the program's
own when a thread's outermost counted function returns. A limit the program
sets meanwhile becomes its own.
"""
import dis
import sys
import threading

from .code_positions import CodeTable, converted_info
from .frames import is_runtime

CAREFUL_LEVELS = 32  # converted functions nested (in the process) before frames are counted
# the frames of converted code a level may make beyond those of the level below it before its
# next converted function is counted (that function's own FunctionScope frames and this module's
# are among them); past them CPython's own check is the first to fail
MARGIN = 8
MESSAGE = 'maximum recursion depth exceeded'  # CPython's, when a call cannot push its frame

_lock = threading.Lock()  # held to set the limit
_needs = {}  # thread id -> frames its counted functions need the limit raised by
_base = None  # the program's own limit, while this module has raised it
_raised = None  # the limit this module set, while raised
_threads = threading.local()  # `counted`: this thread's [(frame, need added, slack, depth)]
_kinds = {}  # id(code) -> (code, whether its frames are converted code's own)
_starts = CodeTable()  # code -> offset of the instruction that enters its FunctionScope


def enter(frame):
    """Count converted function `frame` as it starts (see module docstring)."""
    try:
        counted = _threads.counted
    except AttributeError:
        counted = _threads.counted = []
    stop = counted[-1] if counted else None
    extras, users, nearest, found = _walk(frame.f_back, None if stop is None else stop[0])
    if found:
        depth = stop[3] + users + 1  # its depth in the original: the user's frames only
        added = extras - stop[2]
    else:  # the first counted: CPython's depth at `_depth`, less its frames above `frame`
        depth = _depth() - 3 - extras
        added = extras
    limit = sys.getrecursionlimit()
    own = _base if limit == _raised else limit  # the program's own limit
    if depth > own:
        raise RecursionError(MESSAGE)
    slack = nearest + MARGIN
    counted.append((frame, added + slack, slack, depth))
    tid = threading.get_ident()
    need = _needs[tid] = _needs.get(tid, 0) + added + slack
    if own + need > limit:  # raised when needed; lowered when the thread's counting ends
        _set_limit()


def leave():
    """The thread's last counted converted function returns: its frames are needed no more."""
    counted = _threads.counted
    tid = threading.get_ident()
    _needs[tid] -= counted.pop()[1]
    if not counted:
        del _needs[tid]
        _set_limit()


def failed_to_start(tb):
    """Whether traceback entry `tb` is a converted function whose FunctionScope never started.

    A RecursionError there stands for the original's call failing to push its
    frame: the original's traceback ends at the call, so the filter drops it.
    """
    code = tb.tb_frame.f_code
    start = _starts.get(code)
    if start is None:
        start = next((i.offset for i in dis.get_instructions(code) if i.opname in _ENTERS_WITH),
                     -1)
        _starts.add(code, start)
    return tb.tb_lasti <= start


_ENTERS_WITH = ('BEFORE_WITH', 'SETUP_WITH')  # Python 3.11 on, 3.10


def _depth():
    """CPython's recursion depth at this call (the frames, and C calls that count as frames)."""
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(1)  # refused, with the depth in the message
    except RecursionError as e:
        words = str(e).split('depth ')
        if len(words) == 2 and words[1].split(':')[0].isdigit():
            return int(words[1].split(':')[0]) - 1  # the call of setrecursionlimit counts too
    else:  # cannot be: this frame counts
        sys.setrecursionlimit(limit)
    frame, count = sys._getframe(), 0
    while frame is not None:
        frame, count = frame.f_back, count + 1
    return count


def _set_limit():
    """The program's own limit plus what the neediest thread needs."""
    global _base, _raised
    with _lock:
        current = sys.getrecursionlimit()
        if current != _raised:  # the program's own limit (it may have set it meanwhile)
            _base = current
        target = _base + max(list(_needs.values()), default=0)
        if target != current:
            try:
                sys.setrecursionlimit(target)
            except RecursionError:  # below the current depth: lowered by a later call
                target = current
        _raised = None if target == _base else target


def _walk(frame, stop):
    """(converted code's own frames, the user's frames, own frames before the first user's,
    whether `stop` was reached) from `frame` down to `stop`, or the whole stack.

    Converted code's own frames are the runtime's (operators, `converted_call`)
    and generated closures; a user's frame (a function that is not converted)
    is in the original's stack too.
    """
    extras = users = nearest = 0
    while frame is not None:
        if frame is stop:
            return extras, users, nearest, True
        code = frame.f_code
        kind = _kinds.get(id(code))
        if kind is None or kind[0] is not code:
            info = converted_info(code)
            kind = _kinds[id(code)] = (code, is_runtime(frame) or (
                info is not None and info.generated))
        if kind[1]:
            extras += 1
            if not users:
                nearest += 1
        else:
            users += 1
        frame = frame.f_back
    return extras, users, nearest, False
