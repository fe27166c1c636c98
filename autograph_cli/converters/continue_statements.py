"""`continue` becomes a flag, reset at the top of each iteration; the rest of the body is guarded.

    for x in xs:                def loop_body(itr):
        if x < 0:                   continue_ = False
            continue     ->         ... if x < 0: continue_ = True, else: total += x
        total += x
"""
from ..stmts import LOOPS, sub_blocks
from .guards import Jump, contains, generated_line, origin_of, rewrite_block


def transform(block, ctx):
    for stmt in block:
        for sub in sub_blocks(stmt):
            transform(sub, ctx)
        if isinstance(stmt, LOOPS) and contains(stmt.body, 'continue', False):
            flag = ctx.new_name('continue_')
            jump = Jump('continue', [flag], _setter(flag), descend_loops=False)
            body, _ = rewrite_block(stmt.body, jump, True)
            reset = generated_line((flag, ' = False'), origin_of(stmt.body[0]), defs=(flag,))
            stmt.body = [reset] + body


def _setter(flag):
    def replace(small, origin):
        return generated_line((flag, ' = True'), origin, kind='set_continue', defs=(flag,))
    return replace
