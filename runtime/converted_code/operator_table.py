"""Python's operators in one table: symbol, special-method stem, Python's function, numpy's ufunc.

Tensors' special methods (`__add__`, `__radd__`, `__iadd__`), the ops on Python
numbers a graph carries (`py_binary`), in-place updates (`x += v`) and the
compiled executor's operator syntax all read their operators here. Standard
library only: every stage may import it.
"""
import operator
from collections.abc import Callable
from typing import NamedTuple


class Operator(NamedTuple):
    symbol: str        # '+'
    stem: str          # 'add': the special methods __add__, __radd__, __iadd__
    python: Callable   # operator.add
    ufunc: str         # 'add': the numpy ufunc (and graph op) of the same meaning

    @property
    def inplace(self):
        """Python's augmented form (`operator.iadd`): updates a mutable left operand."""
        return getattr(operator, f'i{self.stem}')


def _table(*rows):
    return {row[0]: Operator(*row) for row in rows}


# numpy gives every one of these its ufunc; Python's `/` is numpy's true division, `divide`
ARITHMETIC = _table(
    ('+', 'add', operator.add, 'add'), ('-', 'sub', operator.sub, 'subtract'),
    ('*', 'mul', operator.mul, 'multiply'), ('/', 'truediv', operator.truediv, 'divide'),
    ('//', 'floordiv', operator.floordiv, 'floor_divide'), ('%', 'mod', operator.mod, 'remainder'),
    ('**', 'pow', operator.pow, 'power'), ('@', 'matmul', operator.matmul, 'matmul'),
    ('&', 'and', operator.and_, 'bitwise_and'), ('|', 'or', operator.or_, 'bitwise_or'),
    ('^', 'xor', operator.xor, 'bitwise_xor'), ('<<', 'lshift', operator.lshift, 'left_shift'),
    ('>>', 'rshift', operator.rshift, 'right_shift'))
COMPARISONS = _table(
    ('<', 'lt', operator.lt, 'less'), ('<=', 'le', operator.le, 'less_equal'),
    ('>', 'gt', operator.gt, 'greater'), ('>=', 'ge', operator.ge, 'greater_equal'),
    ('==', 'eq', operator.eq, 'equal'), ('!=', 'ne', operator.ne, 'not_equal'))
UNARY = _table(
    ('-', 'neg', operator.neg, 'negative'), ('+', 'pos', operator.pos, 'positive'),
    ('~', 'invert', operator.invert, 'invert'), ('abs', 'abs', abs, 'absolute'))
# the augmented assignments: '+=' -> the row of '+'
AUGMENTED = {f'{symbol}=': row for symbol, row in ARITHMETIC.items()}
# Python's arithmetic on the numbers a graph carries as Python scalars (`py_binary`, `py_unary`)
PYTHON_NUMBER_BINARY = {s: ARITHMETIC[s] for s in ('+', '-', '*', '/', '//', '%')}
PYTHON_NUMBER_UNARY = {s: UNARY[s] for s in ('-', '+', 'abs')}
