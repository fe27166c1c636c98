"""`continue` becomes a flag, reset at the top of each iteration; the rest of the body is guarded.

    for x in xs:                def loop_body(itr):
        if x < 0:                   continue_ = False
            continue     ->         ... if x < 0: continue_ = True, else: total += x
        total += x

When every statement after a `continue` could join the other branch of its
`if` (as above), no guard reads the flag, and it is not kept at all: the
`continue` goes, and an `if` left with an empty branch loses it
(`if x < 0: <nothing> else: total += x` reads `if not x < 0: total += x`).
"""
from .. import output_nodes
from ..statement_tree import LOOPS, If, StatementLine, sub_blocks
from .guards import Jump, contains, generated_line, origin_of, rewrite_block


def transform(block, ctx):
    for stmt in block:
        for sub in sub_blocks(stmt):
            transform(sub, ctx)
        if isinstance(stmt, LOOPS) and contains(stmt.body, 'continue', False):
            flag = ctx.new_name('continue_')
            jump = Jump('continue', [flag], _setter(flag), descend_loops=False)
            body, _ = rewrite_block(stmt.body, jump, True)
            if _read(body, flag):
                reset = generated_line((flag, ' = False'), origin_of(stmt.body[0]), defs=(flag,))
                stmt.body = [reset] + body
            else:
                stmt.body = _without_flag(body, True)
    return block


def _setter(flag):
    def replace(small, origin):
        return generated_line((flag, ' = True'), origin, kind='set_continue', defs=(flag,))
    return replace


def _read(block, flag):
    """Does a guard in `block` (not in a nested loop's body) test `flag`?"""
    for stmt in block:
        if isinstance(stmt, If) and stmt.flags and flag in stmt.flags:
            return True
        if not isinstance(stmt, LOOPS) and any(_read(b, flag) for b in sub_blocks(stmt)):
            return True
    return False


def _without_flag(block, closure):
    """`block` without its `continue` lines (`pass` where a Python block would be left empty)."""
    out, dropped = [], None
    for stmt in block:
        if isinstance(stmt, StatementLine) and stmt.generated and stmt.smalls[0].kind == 'set_continue':
            dropped = stmt
            continue
        if isinstance(stmt, If):
            stmt.body = _without_flag(stmt.body, True)
            if stmt.orelse is not None:
                stmt.orelse = _without_flag(stmt.orelse, True)
            _drop_empty_branch(stmt)
        elif not isinstance(stmt, LOOPS):
            for sub in sub_blocks(stmt):
                sub[:] = _without_flag(sub, False)
        out.append(stmt)
    if not out and dropped is not None and not closure:
        out.append(generated_line(('pass',), dropped.origin))
    return out


def _drop_empty_branch(stmt):
    """`if c: <continue> else: rest` reads `if not c: rest`; an empty `else` goes."""
    if stmt.orelse is not None and not stmt.orelse:
        stmt.orelse = stmt.else_header = None
    elif stmt.orelse is not None and not stmt.body:
        stmt.test = output_nodes.Expr(('ag__.not_(', stmt.test, ')'))
        stmt.body, stmt.orelse, stmt.else_header = stmt.orelse, None, None
