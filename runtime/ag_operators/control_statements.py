"""`if`, `while` and `for` statements: Python control flow, or graph ops when a tensor decides.

The fast paths come first because converted code runs these on every
iteration: a Python `bool` condition costs one identity test, anything else
one isinstance check against the staged types before Python decides.

While some thread traces, a Python loop whose test or break/return flags
become tensors part-way (`while True:` with a `return` on a tensor condition)
hands its remaining iterations to the graph runtime instead of failing.
"""
import functools

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
    if _d.tracing:
        _while_tracing(t, test, body, get_state, set_state, symbol_names, opts, extra_test)
        return
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
    if extra_test is not None and _d.tracing:
        _for_tracing(iter_, extra_test, body, get_state, set_state, symbol_names)
        return
    if extra_test is None:
        for target in iter_:
            body(target)
        return
    for target in iter_:
        body(target)
        if not extra_test():
            break


def _staged(value):
    return value is not True and value is not False and isinstance(value, _d.staged_types)


def _while_tracing(t, test, body, get_state, set_state, symbol_names, opts, extra_test):
    """A Python while loop that continues as a graph loop once its test is a tensor."""
    while t:
        body()
        if extra_test is None:
            t = test()
        else:
            flags = extra_test()
            t = _d.graph.and_test(flags, test) if _staged(flags) else flags and test()
        if _staged(t):
            _d.graph.while_stmt(test, body, get_state, set_state, symbol_names, opts, t)
            return


def _for_tracing(iter_, extra_test, body, get_state, set_state, symbol_names):
    """A Python for loop whose later iterations are graph conds once its flags are tensors."""
    items = iter(iter_)
    for target in items:
        body(target)
        flags = extra_test()
        while _staged(flags):
            target = next(items, _END)
            if target is _END:
                return
            _d.graph.if_stmt(flags, functools.partial(body, target), None, get_state, set_state,
                             symbol_names, len(symbol_names))
            flags = extra_test()
        if not flags:
            return


_END = object()
