"""`assert` keeps its statement, so `python -O` still removes it, and tests through `ag__.assert_stmt`.

    assert x > 0, msg   ->   assert ag__.assert_stmt(x > 0, lambda: msg)

`assert_stmt` returns True or raises the AssertionError itself; with a tensor
test it stages a graph assert instead. The message stays lazy, as in Python.
"""
import libcst as cst

from .. import output_nodes


def rewrite_assert(w, node, test=False):
    test = w.walk(node.test, True)
    if node.msg is None:
        call = output_nodes.Expr(('ag__.assert_stmt(', test, ', None)'))
    else:
        call = output_nodes.Expr(('ag__.assert_stmt(', test, ', lambda: ', w.thunk(node.msg), ')'))
    return output_nodes.replace(node, test=call, msg=None, comma=cst.MaybeSentinel.DEFAULT)


HANDLERS = {cst.Assert: rewrite_assert}  # a statement: the statement walker asks for it
