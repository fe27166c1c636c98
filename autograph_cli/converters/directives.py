"""`rt.set_loop_options(...)` at the top of a loop body moves into the loop's `opts`.

    while x < n:                               def loop_body(): ...
        rt.set_loop_options(                   ag__.while_stmt(..., {'maximum_iterations': 10})
            maximum_iterations=10)
        ...

The call has no effect on Python execution, so removing it from the body is
faithful; its arguments are evaluated once, where the loop starts.
"""
import libcst as cst

from .. import output_nodes
from ..statement_tree import LOOPS, StatementLine, sub_blocks

NAMES = frozenset(('set_loop_options',))


def is_directive(expr):
    if expr.__class__ is not cst.Call:
        return False
    func = expr.func
    name = func.attr.value if func.__class__ is cst.Attribute else getattr(func, 'value', None)
    return name in NAMES


def walk_directive(w, call):
    """Read the argument expressions (they are evaluated where the loop starts)."""
    return output_nodes.replace(call, args=[output_nodes.replace(a, value=w.walk(a.value)) for a in call.args])


def transform(block, fn=None):
    """Move the directives of every loop in `block` (recursively) into the loop's opts."""
    for stmt in block:
        for sub in sub_blocks(stmt):
            transform(sub)
        if isinstance(stmt, LOOPS):
            stmt.body[:] = [s for s in stmt.body if not _take(stmt, s)]
    return block


def _take(loop, stmt):
    if not isinstance(stmt, StatementLine) or not all(s.kind == 'directive' for s in stmt.smalls):
        return False
    for small in stmt.smalls:
        for arg in small.value.args:
            if arg.keyword is not None:
                loop.opts.append((arg.keyword.value, arg.value, small.act))
    return True
