"""`try`, `with` and `match` stay Python statements; only the statements inside them are converted."""
import libcst as cst

from . import output_nodes
from .converters import variables
from .statement_tree import Match, Try

_BLOCK = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Pass()])])


def _suite(original, body):
    """`original` (an IndentedBlock or a one-line suite) holding the converted statements."""
    if isinstance(original, cst.IndentedBlock):
        return output_nodes.replace(original, body=body)
    return output_nodes.replace(_BLOCK, header=original.trailing_whitespace, body=body)


def rebuild(fn, stmt, place, hoist):
    if isinstance(stmt, Try):
        return _try(fn, stmt, place, hoist)
    if isinstance(stmt, Match):
        return _match(fn, stmt, place, hoist)
    variables.check_loads(fn, stmt.act, fn.node_of(stmt), place is not None)
    body = fn.lower_block(stmt.body, place, hoist)
    node = output_nodes.replace(stmt.node, body=_suite(stmt.node.body, body))
    return output_nodes.Verbatim(node, stmt.origin)


def _try(fn, stmt, place, hoist):
    node = stmt.node
    origins = iter(stmt.clause_origins)
    try_body = _suite(node.body, fn.lower_block(stmt.body, place, hoist))  # first: reading order
    handlers = []
    for handler, act, body in stmt.handlers:
        variables.check_loads(fn, act, fn.node_of(handler), place is not None)
        new = output_nodes.replace(handler, body=_suite(handler.body, fn.lower_block(body, place, hoist)))
        handlers.append(output_nodes.Verbatim(new, next(origins)))
    changes = {'body': try_body, 'handlers': handlers}
    if stmt.orelse is not None:
        orelse = output_nodes.replace(node.orelse, body=_suite(
            node.orelse.body, fn.lower_block(stmt.orelse, place, hoist)))
        changes['orelse'] = output_nodes.Verbatim(orelse, next(origins))
    if stmt.finalbody is not None:
        final = output_nodes.replace(node.finalbody, body=_suite(
            node.finalbody.body, fn.lower_block(stmt.finalbody, place, hoist)))
        changes['finalbody'] = output_nodes.Verbatim(final, next(origins))
    return output_nodes.Verbatim(output_nodes.replace(node, **changes), stmt.origin)


def _match(fn, stmt, place, hoist):
    variables.check_loads(fn, stmt.act, fn.node_of(stmt), place is not None)
    cases = []
    for (case, act, body), origin in zip(stmt.cases, stmt.case_origins):
        variables.check_loads(fn, act, fn.node_of(case), place is not None)
        new = output_nodes.replace(case, body=_suite(case.body, fn.lower_block(body, place, hoist)))
        cases.append(output_nodes.Verbatim(new, origin))
    return output_nodes.Verbatim(output_nodes.replace(stmt.node, cases=cases), stmt.origin)
