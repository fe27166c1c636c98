"""Original line and column of every statement, by walking Python's `ast` beside the libcst tree.

libcst nodes carry no positions, and libcst's PositionProvider costs as much
as printing the whole module again; `ast.parse` is implemented in C, and its
statements come in the same order as libcst's, so the two trees are walked in
step. `Positions.start(node)` is the line where the node's printed text begins
(its leading blank and comment lines included), which is what a verbatim copy
of the node needs in the source map.
"""
import ast

import libcst as cst


class Positions:
    def __init__(self, source, module, tree=None):
        """`tree`: the source's `ast` tree, if it has been parsed already."""
        self._lines = {}      # id(libcst node) -> (line, col) of its first token
        self._starts = {}     # id(libcst node) -> first printed line
        self._text = source.splitlines()
        tree = ast.parse(source) if tree is None else tree
        self._block(module.body, tree.body)

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

    def _block(self, stmts, ast_stmts):
        i = 0
        for stmt in stmts:
            if stmt.__class__ is cst.SimpleStatementLine or stmt.__class__ is cst.SimpleStatementSuite:
                first = ast_stmts[i]
                self._record(stmt, first, len(getattr(stmt, 'leading_lines', ())))
                for small in stmt.body:
                    self._lines[id(small)] = (ast_stmts[i].lineno, ast_stmts[i].col_offset)
                    i += 1
            else:
                self._compound(stmt, ast_stmts[i])
                i += 1

    def _record(self, node, ast_node, leading):
        self._lines[id(node)] = (ast_node.lineno, ast_node.col_offset)
        self._starts[id(node)] = ast_node.lineno - leading

    def _suite(self, suite, ast_stmts):
        if suite.__class__ is cst.SimpleStatementSuite:
            for small, a in zip(suite.body, ast_stmts):
                self._lines[id(small)] = (a.lineno, a.col_offset)
            self._lines[id(suite)] = (ast_stmts[0].lineno, ast_stmts[0].col_offset)
        else:
            self._block(suite.body, ast_stmts)

    def _compound(self, stmt, a):
        leading = len(stmt.leading_lines)
        if stmt.__class__ in (cst.FunctionDef, cst.ClassDef) and stmt.decorators:
            first = a.decorator_list[0]
            self._lines[id(stmt)] = (a.lineno, a.col_offset)
            self._starts[id(stmt)] = first.lineno - leading - len(stmt.decorators[0].leading_lines)
        else:
            self._record(stmt, a, leading)
        if stmt.__class__ is not cst.Match:
            self._suite(stmt.body, a.body)
        if stmt.__class__ in (cst.If, cst.For, cst.While):
            self._orelse(stmt.orelse, a.orelse)
        elif stmt.__class__ in (cst.Try, cst.TryStar):
            for handler, ah in zip(stmt.handlers, a.handlers):
                self._lines[id(handler)] = (ah.lineno, ah.col_offset)
                self._starts[id(handler)] = ah.lineno - len(handler.leading_lines)
                self._suite(handler.body, ah.body)
            self._orelse(stmt.orelse, a.orelse)
            if stmt.finalbody is not None:
                self._clause(stmt.finalbody, a.finalbody)
        elif stmt.__class__ is cst.Match:
            for case, ac in zip(stmt.cases, a.cases):
                self._lines[id(case)] = (ac.pattern.lineno, ac.pattern.col_offset)
                self._starts[id(case)] = ac.pattern.lineno - len(case.leading_lines)
                self._suite(case.body, ac.body)

    def _orelse(self, orelse, ast_orelse):
        if orelse is None:
            return
        if orelse.__class__ is cst.If:  # elif
            self._compound(orelse, ast_orelse[0])
        else:
            self._clause(orelse, ast_orelse)

    def _clause(self, clause, ast_body):
        """`else:`/`finally:` have no ast node; they sit on the line above their first statement."""
        self._suite(clause.body, ast_body)
        if clause.body.__class__ is cst.SimpleStatementSuite:
            line = ast_body[0].lineno
        else:
            line = self._starts[id(clause.body.body[0])] - 1
        self._lines[id(clause)] = (line, 0)
        self._starts[id(clause)] = line - len(clause.leading_lines)
