"""Shared by the break, continue and return converters: a jump becomes a flag, what follows a guard.

A jump statement is replaced by setting its flag, and every statement that
could run after a flag was set goes under a generated `if not flag:`. When a
branch of an `if` always jumps, the statements after the `if` join the other
branch instead of getting a guard of their own:

    if x:                       def if_body(): break_ = True
        break               ->  def else_body(): y = 1
    y = 1                       ag__.if_stmt(x, if_body, else_body, ...)

Rewriting is idempotent: a replaced jump is a line of kind 'set_<jump>'.
"""
from .. import output_nodes
from ..expressions import Unsupported
from ..statement_tree import (
    LOOPS,
    Activity,
    Header,
    If,
    Match,
    Small,
    StatementLine,
    Try,
    With,
    sub_blocks,
)


class Jump:
    """What one converter rewrites: which jump, where, and into what."""

    def __init__(self, kind, flags, replace, descend_loops):
        self.kind = kind                    # 'break', 'continue' or 'return'
        self.flags = flags                  # the names guards test
        self.replace = replace              # (Small, origin) -> generated StatementLine
        self.descend_loops = descend_loops  # a return leaves every loop; break and continue one


def generated_line(parts, origin, kind='plain', uses=(), defs=()):
    return StatementLine(output_nodes.Line(parts, origin), [Small(None, kind, Activity(uses, defs))], origin,
                generated=True)


def not_flags(flags):
    """`not f1 and not f2 ...` in converted form."""
    test = f'ag__.not_({flags[-1]})'
    for flag in reversed(flags[:-1]):
        test = f'ag__.and_test(lambda: ag__.not_({flag}), lambda: {test})'
    return output_nodes.Expr((test,))


def guard(flags, block, origin):
    """`if not flags: block`; guarding a lone guard just adds to its flags."""
    if len(block) == 1 and isinstance(block[0], If) and block[0].flags is not None:
        flags = list(flags) + block[0].flags
        block = block[0].body
    flags = list(dict.fromkeys(flags))
    return If(not_flags(flags), Activity(uses=flags), block, None, Header(origin), flags=flags)


def origin_of(stmt):
    """The original line a statement starts at (its own line, not the comments above it)."""
    header = getattr(stmt, 'header', None)
    if header is not None:
        return header.origin
    return stmt.origin + len(getattr(stmt.node, 'leading_lines', ()))


def always_jumps(block, kind):
    """Does the block surely end in a `kind` jump of its own (before or after rewriting)?"""
    for stmt in block:
        if isinstance(stmt, StatementLine):
            if any(s.kind in (kind, 'set_' + kind) for s in stmt.smalls):
                return True
        elif isinstance(stmt, If) and stmt.orelse is not None:
            if always_jumps(stmt.body, kind) and always_jumps(stmt.orelse, kind):
                return True
    return False


def rewrite_block(block, jump, in_closure):
    """Rewrite the jumps in `block`; returns (new block, whether it may set a flag)."""
    block = _split_lines(block, jump.kind)
    out = []
    for i, stmt in enumerate(block):
        rest = block[i + 1:]
        if rest and isinstance(stmt, If) and stmt.flags is None and _join(stmt, rest, jump.kind):
            out.extend(_rewrite_stmt(stmt, jump, in_closure)[0])
            return out, True
        new, may = _rewrite_stmt(stmt, jump, in_closure)
        out.extend(new)
        if may and rest:  # the guard's body runs in a closure of its own
            rest_new, _ = rewrite_block(rest, jump, True)
            out.append(guard(jump.flags, rest_new, origin_of(rest[0])))
            return out, True
        if may:
            return out, True
    return out, False


def _join(stmt, rest, kind):
    """Move `rest` into the branch of `stmt` that does not always jump, if the other one does."""
    if always_jumps(stmt.body, kind):
        if stmt.orelse is None:
            stmt.else_header = Header(origin_of(rest[0]))
        stmt.orelse = (stmt.orelse or []) + rest
        return True
    if stmt.orelse is not None and always_jumps(stmt.orelse, kind):
        stmt.body = stmt.body + rest
        return True
    return False


def _split_lines(block, kind):
    """Split lines so that a jump is the last statement on its line."""
    out = []
    for stmt in block:
        cut = None
        if isinstance(stmt, StatementLine) and not stmt.generated:
            cut = next((i for i, s in enumerate(stmt.smalls[:-1]) if s.kind == kind), None)
        if cut is None:
            out.append(stmt)
            continue
        head, tail = stmt.smalls[:cut + 1], stmt.smalls[cut + 1:]
        out.append(StatementLine(output_nodes.replace(stmt.node, body=[s.node for s in head]), head, stmt.origin))
        out.append(StatementLine(output_nodes.replace(stmt.node, body=[s.node for s in tail], leading_lines=()),
                        tail, stmt.origin))
    return out


def _rewrite_stmt(stmt, jump, in_closure):
    if isinstance(stmt, StatementLine):
        return _rewrite_line(stmt, jump, in_closure)
    if isinstance(stmt, LOOPS):
        return _rewrite_loop(stmt, jump)
    if isinstance(stmt, If):
        stmt.body, may = rewrite_block(stmt.body, jump, True)
        if stmt.orelse is not None:
            stmt.orelse, else_may = rewrite_block(stmt.orelse, jump, True)
            may = may or else_may
        return [stmt], may
    if isinstance(stmt, Try):
        return _rewrite_try(stmt, jump, in_closure)
    if isinstance(stmt, With):
        stmt.body, may = rewrite_block(stmt.body, jump, in_closure)
        return [stmt], may
    if isinstance(stmt, Match):
        may = False
        for i, (case, act, body) in enumerate(stmt.cases):
            new, case_may = rewrite_block(body, jump, in_closure)
            stmt.cases[i] = (case, act, new)
            may = may or case_may
        return [stmt], may
    return [stmt], False


def _rewrite_line(line, jump, in_closure):
    last = line.smalls[-1]
    if last.kind == 'set_' + jump.kind:
        return [line], True
    if last.kind != jump.kind or line.generated or not in_closure:
        return [line], False
    new = [jump.replace(last, origin_of(line))]
    if len(line.smalls) > 1:
        head = line.smalls[:-1]
        new.insert(0, StatementLine(output_nodes.replace(line.node, body=[s.node for s in head]), head, line.origin))
    elif line.node.leading_lines:
        new[0].node.leading = line.node.leading_lines
    return new, True


def _rewrite_loop(loop, jump):
    may = False
    if jump.descend_loops:
        loop.body, may = rewrite_block(loop.body, jump, True)
        if may:
            add_extra_test(loop, jump.flags)
    if loop.orelse is not None:  # a jump in the else clause leaves the enclosing loop
        loop.orelse, else_may = rewrite_block(loop.orelse, jump, True)
        if may:
            loop.orelse = [guard(jump.flags, loop.orelse, origin_of(loop.orelse[0]))]
        may = may or else_may
    return [loop], may


def _rewrite_try(stmt, jump, in_closure):
    if stmt.finalbody is not None and (in_closure or jump.kind != 'return') and contains(
            stmt.finalbody, jump.kind, jump.descend_loops):
        # a jump in `finally` also cancels an exception in flight, which a flag cannot do
        raise Unsupported(f'`{jump.kind}` inside `finally`')
    stmt.body, may = rewrite_block(stmt.body, jump, in_closure)
    body_may = may
    for i, (handler, act, body) in enumerate(stmt.handlers):
        new, handler_may = rewrite_block(body, jump, in_closure)
        stmt.handlers[i] = (handler, act, new)
        may = may or handler_may
    if stmt.orelse is not None:
        stmt.orelse, else_may = rewrite_block(stmt.orelse, jump, in_closure)
        if body_may:  # `else:` runs only when the body ended without jumping
            stmt.orelse = [guard(jump.flags, stmt.orelse, origin_of(stmt.orelse[0]))]
        may = may or else_may
    return [stmt], may


def add_extra_test(loop, flags):
    """The loop also stops once any of `flags` is set."""
    loop.extra_test = list(dict.fromkeys((loop.extra_test or []) + list(flags)))


def contains(block, kind, descend_loops):
    """Does `block` hold a `kind` jump of its own (not one of a nested loop)?"""
    for stmt in block:
        if isinstance(stmt, StatementLine):
            if any(s.kind == kind for s in stmt.smalls):
                return True
        elif isinstance(stmt, LOOPS) and not descend_loops:
            if stmt.orelse is not None and contains(stmt.orelse, kind, descend_loops):
                return True
        elif any(contains(b, kind, descend_loops) for b in sub_blocks(stmt)):
            return True
    return False
