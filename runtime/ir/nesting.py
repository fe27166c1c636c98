"""How deep a graph's control flow nests, measured without recursion; room for the walks that recurse.

The runtime's walks over a graph (the interpreter, the code generators, the
passes, printing) recurse once per level of nested sub-graphs, a few Python
frames a level. The tracer nests at most `staging.cond.MAX_DEPTH` levels, but
a loaded graph may nest deeper: `recursion_room(graph, what)` refuses a graph
nested deeper than `MAX_NESTING` with a `GraphNestingError` naming its depth,
and otherwise raises Python's recursion limit, for as long as the walk runs,
to what that depth needs (never lowering it; several threads may each hold
room at once).
"""
from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Iterator
from types import FrameType

from ..errors import AgError
from .core import Graph
from .liveness import sub_graphs

MAX_NESTING = 500  # levels of nested sub-graphs the runtime runs
# Python frames a walk may take per level: the deepest measured are the interpreter and the
# code generators (about 6); numba's own compile of an outlined function takes more, but only
# once per function, which holds a few dozen levels (`backends.numba.outlining`)
FRAMES_PER_LEVEL = 25
_MARGIN = 200  # frames for what a walk calls at its deepest point (numpy, numba, error notes)
_SHALLOW = 40  # levels: graphs this shallow need no room beyond the usual limit

_lock = threading.Lock()
_asked: list[int] = []  # the limits the walks running now asked for
_usual = 0  # the limit before the first of them raised it


class GraphNestingError(AgError):
    """A graph nests control flow deeper than the runtime runs (`MAX_NESTING` levels)."""


def nesting_depth(graph: Graph) -> int:
    """Levels of nested sub-graphs in `graph`: 0 without any, 1 for a cond of plain branches."""
    deepest, pending = 0, [(graph, 0)]
    while pending:
        current, depth = pending.pop()
        deepest = max(deepest, depth)
        for eq in current.equations:
            pending.extend((sub, depth + 1) for sub in sub_graphs(eq.params))
    return deepest


def check_nesting(graph: Graph, what: str) -> int:
    """The nesting depth of `graph`; a GraphNestingError naming `what` if it is too deep."""
    depth = nesting_depth(graph)
    if depth > MAX_NESTING:
        raise GraphNestingError(
            f'{what}: graph control flow is nested {depth} levels deep; the runtime runs graphs '
            f'nested at most {MAX_NESTING} levels deep')
    return depth


@contextlib.contextmanager
def recursion_room(graph: Graph, what: str) -> Iterator[None]:
    """Check `graph`'s depth (`check_nesting`), and give the walks over it done inside the
    block the recursion limit they need."""
    depth = check_nesting(graph, what)
    if depth <= _SHALLOW:
        yield
        return
    needed = _frames_in_use() + depth * FRAMES_PER_LEVEL + _MARGIN
    _ask(needed)
    try:
        yield
    finally:
        _release(needed)


def _frames_in_use() -> int:
    frame: FrameType | None = sys._getframe()
    count = 0
    while frame is not None:
        frame, count = frame.f_back, count + 1
    return count


def _ask(limit: int) -> None:
    global _usual
    with _lock:
        if not _asked:
            _usual = sys.getrecursionlimit()
        _asked.append(limit)
        sys.setrecursionlimit(max(_usual, *_asked))


def _release(limit: int) -> None:
    with _lock:
        _asked.remove(limit)
        sys.setrecursionlimit(max(_usual, *_asked) if _asked else _usual)
