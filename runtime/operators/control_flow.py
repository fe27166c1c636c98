"""`if`, `while` and `for` statements: Python control flow, or graph ops when a tensor decides.

The fast paths come first because converted code runs these on every
iteration: a Python `bool` condition costs one identity test, anything else
one isinstance check against the staged types before Python decides.
"""
from . import dispatch as _d


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    """`if cond: body() else: orelse()`; `orelse` may be None when there is no else clause."""
    if cond is True:
        body()
    elif cond is False:
        if orelse is not None:
            orelse()
    elif isinstance(cond, _d.staged_types):
        _d.graph.if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts)
    elif cond:
        body()
    elif orelse is not None:
        orelse()


def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """`while test(): body()`; the first value of the test decides Python or graph.

    `opts['extra_test']`, when given, carries the break and return flags: it is
    checked after each iteration, before the test, which Python would not
    evaluate again after a `break`.
    """
    t = test()
    if t is not True and t is not False and isinstance(t, _d.staged_types):
        _d.graph.while_stmt(test, body, get_state, set_state, symbol_names, opts, t)
        return
    extra_test = opts.get('extra_test') if opts else None
    if extra_test is None:
        while t:
            body()
            t = test()
        return
    while t:
        body()
        if not extra_test():
            return
        t = test()


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """`for target in iter_: body(target)`, stopping early once `extra_test()` is false.

    `extra_test` carries the break and return flags of the converted body. It
    is checked after each iteration, before the next item is fetched, so a
    Python iterator is advanced exactly as often as by the original loop.
    """
    if isinstance(iter_, _d.staged_types):
        _d.graph.for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
        return
    if extra_test is None:
        for target in iter_:
            body(target)
        return
    for target in iter_:
        body(target)
        if not extra_test():
            break
