"""Conditional expressions become `ag__.if_exp`, with both branches lazy.

    y = a if c else b   ->   y = ag__.if_exp(c, lambda: a, lambda: b, 'c')

The last argument names the condition in graph errors.
"""
import libcst as cst

from .. import output_nodes
from ..expressions import has_walrus
from .logical_expressions import line_breaks


def rewrite_if_exp(w, node, test):
    quote = w.quote()
    if quote is None or has_walrus(node.body) or has_walrus(node.orelse):
        return output_nodes.replace(node, test=w.walk(node.test, True), body=w.maybe(node.body, test),
                            orelse=w.maybe(node.orelse, test))
    cond = w.walk(node.test, True)
    body = w.thunk(node.body, test)
    orelse = w.thunk(node.orelse, test)
    text = output_nodes.code_of(node.test).replace('\\', '\\\\').replace(quote, '\\' + quote)
    if '\n' in text or '\r' in text or '{' in text or w.quotes:
        text = '<condition>'
    breaks = line_breaks(node.whitespace_before_if, node.whitespace_after_if,
                         node.whitespace_before_else, node.whitespace_after_else)
    return output_nodes.Expr((node.lpar, 'ag__.if_exp(', cond, ', lambda: ', body, ',', breaks,
                      ' lambda: ', orelse, ', ', quote, text, quote, ')', node.rpar))


HANDLERS = {cst.IfExp: rewrite_if_exp}
