"""`and`, `or`, `not` and chained comparisons become operators whose later operands are lazy.

    a and b            ->  ag__.and_(lambda: a, lambda: b)
    if a or b:         ->  ag__.if_stmt(ag__.or_test(lambda: a, lambda: b), ...)
    not a              ->  ag__.not_(a)
    lo <= x < hi       ->  ag__.compare(lo, '<=', lambda: x, '<', lambda: hi)
    m in (4, 6, 9)     ->  ag__.compare(m, 'in', lambda: (4, 6, 9))

In a test position (the condition of if/while/assert/a conditional
expression/a comprehension filter) the `*_test` forms are used: they make
each operand a bool once, as Python's jumps do, instead of handing back an
operand whose `__bool__` the statement would call a second time. An operand
holding an assignment expression is never put in a lambda (its target would
bind there), so such an expression stays Python.
"""
import libcst as cst

from .. import output_nodes
from ..expressions import has_walrus

_OPS = {cst.LessThan: '<', cst.GreaterThan: '>', cst.LessThanEqual: '<=',
        cst.GreaterThanEqual: '>=', cst.Equal: '==', cst.NotEqual: '!=', cst.In: 'in',
        cst.NotIn: 'not in', cst.Is: 'is', cst.IsNot: 'is not'}

_BOOL = {(cst.And, False): 'ag__.and_(lambda: ', (cst.And, True): 'ag__.and_test(lambda: ',
         (cst.Or, False): 'ag__.or_(lambda: ', (cst.Or, True): 'ag__.or_test(lambda: '}


def _membership_in_display(node):
    """`x in (4, 6, 9)`: a tensor `x` cannot ask the tuple, so it goes through `compare`."""
    target = node.comparisons[0]
    return target.operator.__class__ in (cst.In, cst.NotIn) and \
        target.comparator.__class__ in _DISPLAYS


def line_breaks(*whitespace):
    """The whitespace nodes that hold line breaks: re-emitted so that line numbers stay put."""
    return [ws for ws in whitespace if ws.__class__ is cst.ParenthesizedWhitespace]


def rewrite_boolean(w, node, test):
    if has_walrus(node.left) or has_walrus(node.right):
        return output_nodes.replace(node, left=w.walk(node.left), right=w.maybe(node.right))
    if not test:
        operands = _flatten(node)[::2]
        if len(operands) > 2 or any(o.__class__ is cst.BooleanOperation for o in operands):
            return _chain(w, node)
    left = w.thunk(node.left, test)
    right = w.thunk(node.right, test)
    op = node.operator
    breaks = line_breaks(op.whitespace_before, op.whitespace_after)
    return output_nodes.Expr((node.lpar, _BOOL[op.__class__, test], left, ',', breaks, ' lambda: ', right,
                      ')', node.rpar))


def _flatten(node):
    """The operands and operators along the left spine of `a and b or c ...`."""
    spine = []
    while node.__class__ is cst.BooleanOperation:
        spine.append(node)
        node = node.left
    spine.reverse()
    items = [node]
    for op_node in spine:
        items += [op_node, op_node.right]
    return items


def _chain(w, node):
    """A value chain whose operands are chains themselves: one `ag__.logical` call."""
    return output_nodes.Expr((node.lpar, 'ag__.logical(', _chain_parts(w, node), ')', node.rpar))


def _chain_parts(w, node):
    items = _flatten(node)
    parts = []
    for i, item in enumerate(items):
        if i % 2:  # an operator: the BooleanOperation it belongs to
            op = item.operator
            word = 'and' if op.__class__ is cst.And else 'or'
            parts += [", '", word, "',", line_breaks(op.whitespace_before, op.whitespace_after), ' ']
        elif item.__class__ is cst.BooleanOperation and not has_walrus(item):
            parts += ['(', _chain_parts(w, item), ')']  # its truth, once known, is kept
        else:
            parts += ['lambda: ', w.thunk(item)]
    return parts


def rewrite_not(w, node, test):
    if node.operator.__class__ is not cst.Not:
        return w.generic(node)
    operand = w.walk(node.expression, test)
    return output_nodes.Expr((node.lpar, 'ag__.not_(', line_breaks(node.operator.whitespace_after),
                      operand, ')', node.rpar))


_DISPLAYS = (cst.Tuple, cst.List, cst.Set)


def rewrite_comparison(w, node, test):
    quote = w.quote()
    if len(node.comparisons) == 1 and not _membership_in_display(node):
        return w.generic(node)
    if quote is None or any(has_walrus(c.comparator) for c in node.comparisons):
        rest = [output_nodes.replace(c, comparator=w.maybe(c.comparator)) for c in node.comparisons[1:]]
        first = node.comparisons[0]
        first = output_nodes.replace(first, comparator=w.walk(first.comparator))
        return output_nodes.replace(node, left=w.walk(node.left), comparisons=[first] + rest)
    parts = [node.lpar, 'ag__.compare_test(' if test else 'ag__.compare(', w.walk(node.left)]
    for target in node.comparisons:
        op = target.operator
        parts += [', ', quote, _OPS[op.__class__], quote, ',',
                  line_breaks(op.whitespace_before, op.whitespace_after),
                  ' lambda: ', w.thunk(target.comparator)]
    parts += [')', node.rpar]
    return output_nodes.Expr(parts)


HANDLERS = {cst.BooleanOperation: rewrite_boolean, cst.UnaryOperation: rewrite_not,
            cst.Comparison: rewrite_comparison}
