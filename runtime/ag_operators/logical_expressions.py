"""`and`, `or`, `not` and chained comparisons, with Python's evaluation order and `__bool__` calls.

Operands after the first are thunks, evaluated only when Python would
evaluate them. In a test position (the condition of `if`, `while`, `assert` or
a conditional expression) Python calls `__bool__` once per evaluated operand
and never on the result, so the converter uses the `*_test` forms there: they
return a real `bool`, which the statement then uses without calling anything.
"""
import operator

from . import dispatch as _d

_COMPARISONS = {
    '==': operator.eq,
    '!=': operator.ne,
    '<': operator.lt,
    '<=': operator.le,
    '>': operator.gt,
    '>=': operator.ge,
    'is': operator.is_,
    'is not': operator.is_not,
    'in': lambda a, b: a in b,
    'not in': lambda a, b: a not in b,
}


_MEMBERSHIP = ('in', 'not in')
_DISPLAYS = (tuple, list, set, frozenset)


def and_(a, b):
    """`a and b` as a value: `a` is called, `b` only if the first value is true."""
    a_val = a()
    if isinstance(a_val, _d.staged_types):
        return _d.graph.and_(a_val, b)
    return a_val and b()


def or_(a, b):
    """`a or b` as a value."""
    a_val = a()
    if isinstance(a_val, _d.staged_types):
        return _d.graph.or_(a_val, b)
    return a_val or b()


def not_(a):
    """`not a`."""
    if isinstance(a, _d.staged_types):
        return _d.graph.not_(a)
    return not a


def and_test(a, b):
    """`a and b` in a test position: each evaluated operand is made a bool once."""
    a_val = a()
    if isinstance(a_val, _d.staged_types):
        return _d.graph.and_test(a_val, b)
    if not a_val:
        return False
    return _truth(b())


def or_test(a, b):
    """`a or b` in a test position."""
    a_val = a()
    if isinstance(a_val, _d.staged_types):
        return _d.graph.or_test(a_val, b)
    if a_val:
        return True
    return _truth(b())


def logical(first, *ops_and_operands):
    """A chain such as `a and b or c` as a value: each operand made a bool at most once.

    Operands are thunks, or tuples for nested chains (`x or (y and z) or w`).
    Python's jumps remember the truth of the operand that decided an inner
    `and`/`or`, so `a` is tested once in `a and b or c` although it is also the
    value the `or` looks at; nested `and_`/`or_` would test it twice.
    """
    return _bool_chain((first,) + ops_and_operands)[0]


def _bool_chain(chain):
    """(value, its truth if already known) of a chain `operand, op, operand, ...`."""
    value, known = _operand(chain[0])
    for i in range(1, len(chain), 2):
        op, operand = chain[i], chain[i + 1]
        if isinstance(value, _d.staged_types):
            return _fold(value, chain[i:]), None
        truth = known if known is not None else (True if value else False)
        if truth == (op == 'and'):
            value, known = _operand(operand)
        else:
            known = truth
    return value, known


def _operand(operand):
    return _bool_chain(operand) if operand.__class__ is tuple else (operand(), None)


def _fold(value, ops_and_operands):
    """The rest of a chain once a value is a tensor: nested graph `and`/`or`."""
    for i in range(0, len(ops_and_operands), 2):
        op, operand = ops_and_operands[i], ops_and_operands[i + 1]
        thunk = (lambda o=operand: _bool_chain(o)[0]) if operand.__class__ is tuple else operand
        value = (and_ if op == 'and' else or_)(lambda v=value: v, thunk)
    return value


def compare(left, *ops_and_operands):
    """A chained comparison `left op1 x1 op2 x2 ...` as a value, every operand evaluated once.

    `ops_and_operands` alternates operator strings and thunks of the operands.
    """
    return _chain(left, ops_and_operands, False)


def compare_test(left, *ops_and_operands):
    """A chained comparison in a test position."""
    return _chain(left, ops_and_operands, True)


def _chain(left, ops_and_operands, as_test):
    last = len(ops_and_operands) - 2
    for i in range(0, last + 2, 2):
        right = ops_and_operands[i + 1]()
        op = ops_and_operands[i]
        if op in _MEMBERSHIP and isinstance(left, _d.staged_types) and right.__class__ in _DISPLAYS:
            result = _d.graph.contains(right, left)  # a tensor in a tuple/list/set of values
            if op == 'not in':
                result = _d.graph.not_(result)
        else:
            result = _COMPARISONS[op](left, right)
        if isinstance(result, _d.staged_types):
            if i == last:
                return result
            rest = ops_and_operands[i + 2:]
            return _d.graph.and_(result, lambda: _chain(right, rest, as_test))
        if i == last:
            return _truth(result) if as_test else result
        if not result:
            return False if as_test else result
        left = right


def _truth(value):
    if isinstance(value, _d.staged_types):
        return value
    return True if value else False


def eq(a, b):
    """`a == b` (TensorFlow's operator, kept for code it generated)."""
    if isinstance(a, _d.staged_types) or isinstance(b, _d.staged_types):
        return _d.graph.eq(a, b)
    return a == b


def not_eq(a, b):
    """`a != b` (TensorFlow's operator, kept for code it generated)."""
    return not_(eq(a, b))
