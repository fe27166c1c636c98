"""`break` becomes a flag that ends the loop; the rest of the body and the loop's `else:` are guarded.

    while c:                  break_ = False
        if x:                 ... loop_body: if x: break_ = True, else: y()
            break       ->    ag__.while_stmt(..., {'extra_test': extra_test})   # stops on break_
        y()                   ag__.if_stmt(ag__.not_(break_), else_body, ...)    # the loop's else
    else:
        z()
"""
from ..statement_tree import LOOPS, sub_blocks
from .guards import Jump, add_extra_test, contains, generated_line, guard, origin_of, rewrite_block


def transform(block, ctx):
    out = []
    for stmt in block:
        for sub in sub_blocks(stmt):
            transform(sub, ctx)
        if isinstance(stmt, LOOPS) and contains(stmt.body, 'break', False):
            flag = ctx.new_name('break_')
            jump = Jump('break', [flag], _setter(flag), descend_loops=False)
            stmt.body, _ = rewrite_block(stmt.body, jump, True)
            add_extra_test(stmt, [flag])
            if stmt.orelse is not None:
                stmt.orelse = [guard([flag], stmt.orelse, origin_of(stmt.orelse[0]))]
            out.append(generated_line((flag, ' = False'), origin_of(stmt), defs=(flag,)))
        out.append(stmt)
    block[:] = out
    return block


def _setter(flag):
    def replace(small, origin):
        return generated_line((flag, ' = True'), origin, kind='set_break', defs=(flag,))
    return replace
