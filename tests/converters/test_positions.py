"""lines.Positions (statement positions read from `ast`) agrees with libcst's own PositionProvider."""
import os
import pathlib

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from autograph_cli.source_positions import Positions, statement_positions

TRICKY = '''\
"""doc"""
import os; x = 1

# a comment
@decorator
# between decorators
@other(1,
       2)
def f(a):
    if a: return 1
    elif a > 2:
        pass
    else: b = 2; c = 3
    for i in a:
        continue
    else:
        pass
    try:
        pass
    except ValueError as e:
        raise
    else:
        pass

    finally: d = 4
    while a:
        break
    try:
        pass
    except* TypeError:
        pass
    with open(a) as h: pass
    match a:
        case [1, 2]:
            pass
        # comment above a case
        case {'k': v} if v:
            return v
    class Inner:
        y = 1
'''
STDLIB = pathlib.Path(os.__file__).parent
KINDS = (cst.BaseStatement, cst.BaseSmallStatement, cst.ExceptHandler, cst.ExceptStarHandler,
         cst.MatchCase, cst.Else, cst.Finally)


def _statements(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, KINDS):
            yield n
        stack.extend(n.children)


@pytest.mark.parametrize('source', [TRICKY, (STDLIB / 'textwrap.py').read_text(encoding='utf-8'),
                                    (STDLIB / 'dataclasses.py').read_text(encoding='utf-8')],
                         ids=['tricky', 'textwrap', 'dataclasses'])
def test_every_statement_is_where_libcst_places_it(source):
    wrapper = MetadataWrapper(cst.parse_module(source), unsafe_skip_copy=True)
    where = wrapper.resolve(PositionProvider)
    positions = Positions(source, wrapper.module, statement_positions(source))
    checked = 0
    for node in _statements(wrapper.module):
        start = where[node].start
        if isinstance(node, (cst.Else, cst.Finally, cst.MatchCase)):  # a case: its pattern's place
            assert positions.line(node) == start.line
        else:
            assert positions.line_col(node) == (start.line, start.column + 1)
        checked += 1
    assert checked > 40


def test_the_positions_read_without_a_tree_are_those_of_the_tree():
    import ast
    assert statement_positions(TRICKY) == statement_positions(TRICKY, ast.parse(TRICKY))
    assert statement_positions('def f(:\n') is None
