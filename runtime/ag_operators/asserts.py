"""`assert`: converted as `assert ag__.assert_stmt(test, msg_thunk)`, so `python -O` still drops it."""
from . import dispatch as _d


def assert_stmt(expression1, expression2):
    """Raise AssertionError(expression2()) unless `expression1`; a tensor test stages a graph assert.

    `expression2` is a thunk for the message, or None for `assert test` without
    one (then the error has no arguments, as Python raises it).
    """
    if isinstance(expression1, _d.staged_types):
        return _d.graph.assert_stmt(expression1, expression2)
    if not expression1:
        if expression2 is None:
            raise AssertionError
        raise AssertionError(expression2())
    return True
