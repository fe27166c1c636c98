"""`x if cond else y`: Python's conditional expression, or a graph cond on a tensor condition."""
from . import dispatch as _d


def if_exp(cond, if_true, if_false, expr_repr):
    """`if_true() if cond else if_false()`; `expr_repr` names the expression in graph errors."""
    if cond is True:
        return if_true()
    if cond is False:
        return if_false()
    if isinstance(cond, _d.staged_types):
        return _d.graph.if_exp(cond, if_true, if_false, expr_repr)
    return if_true() if cond else if_false()
