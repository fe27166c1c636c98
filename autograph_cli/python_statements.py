"""`try`, `with` and `match` stay Python statements; only the statements inside them are converted."""
import libcst as cst

from . import emit
from .converters import variables
from .stmts import Match, Try

_BLOCK = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Pass()])])


def _suite(original, body):
    """`original` (an IndentedBlock or a one-line suite) holding the converted statements."""
    if isinstance(original, cst.IndentedBlock):
        return emit.replace(original, body=body)
    return emit.replace(_BLOCK, header=original.trailing_whitespace, body=body)


def rebuild(fn, stmt, place, hoist):
    if isinstance(stmt, Try):
        return _try(fn, stmt, place, hoist)
    if isinstance(stmt, Match):
        return _match(fn, stmt, place, hoist)
    variables.check_loads(fn, stmt.act, fn.node_of(stmt), place is not None)
    body = fn.lower_block(stmt.body, place, hoist)
    node = emit.replace(stmt.node, body=_suite(stmt.node.body, body))
    return emit.Verbatim(node, stmt.origin)


def _try(fn, stmt, place, hoist):
    node = stmt.node
    origins = iter(stmt.clause_origins)
    try_body = _suite(node.body, fn.lower_block(stmt.body, place, hoist))  # first: reading order
    handlers = []
    for handler, act, body in stmt.handlers:
        variables.check_loads(fn, act, fn.node_of(handler), place is not None)
        new = emit.replace(handler, body=_suite(handler.body, fn.lower_block(body, place, hoist)))
        handlers.append(emit.Verbatim(new, next(origins)))
    changes = {'body': try_body, 'handlers': handlers}
    if stmt.orelse is not None:
        orelse = emit.replace(node.orelse, body=_suite(
            node.orelse.body, fn.lower_block(stmt.orelse, place, hoist)))
        changes['orelse'] = emit.Verbatim(orelse, next(origins))
    if stmt.finalbody is not None:
        final = emit.replace(node.finalbody, body=_suite(
            node.finalbody.body, fn.lower_block(stmt.finalbody, place, hoist)))
        changes['finalbody'] = emit.Verbatim(final, next(origins))
    return emit.Verbatim(emit.replace(node, **changes), stmt.origin)


def _match(fn, stmt, place, hoist):
    variables.check_loads(fn, stmt.act, fn.node_of(stmt), place is not None)
    cases = []
    for (case, act, body), origin in zip(stmt.cases, stmt.case_origins):
        variables.check_loads(fn, act, fn.node_of(case), place is not None)
        new = emit.replace(case, body=_suite(case.body, fn.lower_block(body, place, hoist)))
        cases.append(emit.Verbatim(new, origin))
    return emit.Verbatim(emit.replace(stmt.node, cases=cases), stmt.origin)
