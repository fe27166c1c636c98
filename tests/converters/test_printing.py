"""printing.print_node prints every node type it knows token for token as libcst's codegen does."""
import os
import pathlib

import libcst as cst
import pytest

from autograph_cli import printing
from autograph_cli.libcst_internals import CodegenState

STDLIB = pathlib.Path(os.__file__).parent
ODD = '''\
x = (a) ; y = ((b)).c  # comment
if x:  pass ;
return_ = [1,
           2]  ;  z = 'q'
def f():
    return(x)
    return ;
    return
    # a comment line
    (
        yield
    )
'''


def _printed(node, printer, newline):
    state = CodegenState(default_indent='\t', default_newline=newline)
    state.increase_indent('  ')  # inside a block: lines and indented empty lines show it
    printer(node, state)
    return state.tokens


def _nodes(module):
    stack = [module]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


@pytest.mark.parametrize('source', [ODD, ODD.replace('\n', '\r\n'),
                                    (STDLIB / 'textwrap.py').read_text(encoding='utf-8'),
                                    (STDLIB / 'argparse.py').read_text(encoding='utf-8')],
                         ids=['odd', 'odd-crlf', 'textwrap', 'argparse'])
def test_every_known_node_prints_as_libcst_prints_it(source):
    module = cst.parse_module(source)
    seen = set()
    for node in _nodes(module):
        if node.__class__ in printing._PRINTERS:
            seen.add(node.__class__)
            for newline in ('\n', '\r\n'):
                ours = _printed(node, printing.print_node, newline)
                assert ''.join(ours) == ''.join(_printed(node, lambda n, s: n._codegen(s), newline))
    assert len(seen) >= 9


BUILT = [  # nodes the converter builds: libcst's defaults, not parsed tokens, fill the gaps
    cst.SimpleStatementLine([cst.Expr(cst.Name('a')), cst.Pass(),
                             cst.Assign([cst.AssignTarget(cst.Name('b'))], cst.Integer('1')),
                             cst.Return(cst.Name('c')), cst.Return()]),
    cst.SimpleStatementLine([cst.Return(), cst.Expr(cst.Name('d'))]),
    cst.SimpleStatementLine([]),
    cst.Attribute(cst.Name('e', lpar=[cst.LeftParen()], rpar=[cst.RightParen()]), cst.Name('f')),
    cst.EmptyLine(comment=cst.Comment('# g')),
]


@pytest.mark.parametrize('node', BUILT, ids=range(len(BUILT)))
def test_built_nodes_print_as_libcst_prints_them(node):
    assert _printed(node, printing.print_node, '\n') == _printed(node, lambda n, s: n._codegen(s), '\n')
