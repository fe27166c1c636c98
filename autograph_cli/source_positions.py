"""Original line and column of every statement, read from Python's `ast` beside the libcst tree.

libcst nodes carry no positions, and libcst's PositionProvider costs as much
as printing the whole module again; `ast.parse` is implemented in C, and its
statements come in the same order as libcst's. `statement_positions` reads
what is needed of the `ast` tree into a flat list (so the tree can be freed
before libcst parses: the collector walks every live tree on each of its full
passes), and `Positions` hands its entries to the libcst statements in
the same order. `Positions.start(node)` is the line where the node's printed
text begins (its leading blank and comment lines included), which is what a
verbatim copy of the node needs in the source map.
"""
import ast

import libcst as cst

from . import cpython_errors

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_TRIES = (ast.Try, ast.TryStar)


def statement_positions(source, tree=None):
    """(line, column, first line) of every statement, handler and case of the source, in the
    order `Positions` visits them; None if CPython cannot parse it (Positions then raises)."""
    if tree is None:
        tree, failure = cpython_errors.parse(source, '<positions>')
        if failure is not None:
            return None
    found = []
    stack = list(reversed(tree.body))
    while stack:
        a = stack.pop()
        if a.__class__ is ast.match_case:
            found.append((a.pattern.lineno, a.pattern.col_offset, a.pattern.lineno))
            stack.extend(reversed(a.body))
            continue
        first = a.decorator_list[0].lineno if a.__class__ in _DEFS and a.decorator_list else a.lineno
        found.append((a.lineno, a.col_offset, first))
        if a.__class__ is ast.Match:
            stack.extend(reversed(a.cases))
        elif hasattr(a, 'body'):  # a compound statement: its clauses in the order of the text
            later = [*a.body, *getattr(a, 'handlers', ()), *getattr(a, 'orelse', ()),
                     *getattr(a, 'finalbody', ())]
            stack.extend(reversed(later))
    return found


class Positions:
    def __init__(self, source, module, statements=None):
        """`statements`: `statement_positions(source)`, if it has been read already."""
        self._lines = {}      # id(libcst node) -> (line, col) of its first token
        self._starts = {}     # id(libcst node) -> first printed line
        self._text = source.splitlines()
        if statements is None:
            statements = statement_positions(source, ast.parse(source))
        self._next = iter(statements).__next__
        self._block(module.body)

    def line(self, node):
        return self._lines.get(id(node), (None, None))[0]

    def line_col(self, node):
        """1-based line and column (in characters) of the node's first token."""
        line, col = self._lines.get(id(node), (1, 0))
        text = self._text[line - 1] if 0 < line <= len(self._text) else ''
        return line, len(text.encode('utf-8')[:col].decode('utf-8', 'replace')) + 1

    def text(self, line):
        """The text of a line of the source (1-based), '' past its end."""
        return self._text[line - 1] if 0 < line <= len(self._text) else ''

    def start(self, node):
        return self._starts.get(id(node), self._lines.get(id(node), (None,))[0])

    def alias(self, new, old):
        """Give `new` (built from `old`) the position of `old`."""
        self._lines[id(new)] = self._lines[id(old)]
        self._starts[id(new)] = self._lines[id(old)][0]

    def _block(self, stmts):
        for stmt in stmts:
            if stmt.__class__ is cst.SimpleStatementLine or stmt.__class__ is cst.SimpleStatementSuite:
                self._smalls(stmt)
                leading = len(getattr(stmt, 'leading_lines', ()))
                self._starts[id(stmt)] = self._lines[id(stmt)][0] - leading
            else:
                self._compound(stmt)

    def _smalls(self, line):
        """A line of simple statements (or a one-line suite): each small takes its statement's place."""
        for small in line.body:
            line_, col, _ = self._next()
            self._lines[id(small)] = (line_, col)
        self._lines[id(line)] = self._lines[id(line.body[0])]

    def _take(self, node):
        """The next entry's place for `node`; returns its first line (a decorator's, if any)."""
        line, col, first = self._next()
        self._lines[id(node)] = (line, col)
        return first

    def _suite(self, suite):
        if suite.__class__ is cst.SimpleStatementSuite:
            self._smalls(suite)
        else:
            self._block(suite.body)

    def _compound(self, stmt):
        first = self._take(stmt)
        leading = len(stmt.leading_lines)
        if stmt.__class__ in (cst.FunctionDef, cst.ClassDef) and stmt.decorators:
            self._starts[id(stmt)] = first - leading - len(stmt.decorators[0].leading_lines)
        else:
            self._starts[id(stmt)] = first - leading
        if stmt.__class__ is not cst.Match:
            self._suite(stmt.body)
        if stmt.__class__ in (cst.If, cst.For, cst.While):
            self._orelse(stmt.orelse)
        elif stmt.__class__ in (cst.Try, cst.TryStar):
            for handler in stmt.handlers:
                self._starts[id(handler)] = self._take(handler) - len(handler.leading_lines)
                self._suite(handler.body)
            self._orelse(stmt.orelse)
            if stmt.finalbody is not None:
                self._clause(stmt.finalbody)
        elif stmt.__class__ is cst.Match:
            for case in stmt.cases:
                self._starts[id(case)] = self._take(case) - len(case.leading_lines)
                self._suite(case.body)

    def _orelse(self, orelse):
        if orelse is None:
            return
        if orelse.__class__ is cst.If:  # elif
            self._compound(orelse)
        else:
            self._clause(orelse)

    def _clause(self, clause):
        """`else:`/`finally:` have no ast node; they sit on the line above their first statement."""
        self._suite(clause.body)
        if clause.body.__class__ is cst.SimpleStatementSuite:
            line = self._lines[id(clause.body)][0]
        else:
            line = self._starts[id(clause.body.body[0])] - 1
        self._lines[id(clause)] = (line, 0)
        self._starts[id(clause)] = line - len(clause.leading_lines)
