"""A `return` inside converted control flow sets `retval_` and `do_return`; what follows is guarded.

    def f(xs):                          do_return = False
        for x in xs:                    retval_ = ag__.UndefinedReturnValue()
            if x:                       ... loop_body: if x: retval_ = x, do_return = True
                return x        ->      ag__.for_stmt(xs, extra_test, loop_body, ...)
        return None                     ... if not do_return: retval_ = None, do_return = True
                                        return fscope.ret(retval_, do_return)

Returns that do not end up in a generated closure stay real returns, which
keeps `try`/`finally` behaving as written.
"""
import libcst as cst

from .. import output_nodes
from ..statement_tree import CONVERTED, Small, StatementLine, sub_blocks
from .guards import Jump, generated_line, rewrite_block


def transform(body, ctx):
    """The new function body; unchanged when no return sits inside converted control flow."""
    if not _returns_in_closure(body, False):
        return body
    origin = ctx.def_line
    do_return, retval = ctx.new_name('do_return'), ctx.new_name('retval_')
    jump = Jump('return', [do_return], _setter(do_return, retval), descend_loops=True)
    new_body, _ = rewrite_block(body, jump, False)
    start = [generated_line((do_return, ' = False'), origin, defs=(do_return,)),
             generated_line((retval, ' = ag__.UndefinedReturnValue()'), origin, defs=(retval,))]
    end = generated_line(('return ', ctx.scope_name, '.ret(', retval, ', ', do_return, ')'), origin,
                         kind='return', uses=(retval, do_return))
    return start + new_body + [end]


def _setter(do_return, retval):
    def replace(small, origin):
        value = small.value if small.value is not None else 'None'
        if small.node.value is not None and small.node.value.__class__ is cst.NamedExpr \
                and not small.node.value.lpar:
            value = ('(', value, ')')  # `return x := y` needs parentheses after `retval_ =`
        act = small.act
        act.defs |= {retval, do_return}
        lines = output_nodes.Lines([output_nodes.Line((retval, ' = ', value), origin),
                            output_nodes.Line((do_return, ' = True'), origin)])
        return StatementLine(lines, [Small(None, 'set_return', act)], origin, generated=True)
    return replace


def _returns_in_closure(block, inside):
    for stmt in block:
        if isinstance(stmt, StatementLine):
            if inside and any(s.kind == 'return' for s in stmt.smalls):
                return True
            continue
        nested = inside or isinstance(stmt, CONVERTED)
        if any(_returns_in_closure(b, nested) for b in sub_blocks(stmt)):
            return True
    return False
