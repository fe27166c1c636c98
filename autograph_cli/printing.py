"""libcst's codegen for the node types converted code prints most, without its per-node overhead.

libcst prints each node through three method calls, and each expression
inside a generator-based context manager (for its parentheses): about a
sixth of a conversion went there, mostly on whitespace, names and lines of
simple statements. `print_node` prints the types below as libcst does, token
for token (`tests/converters/test_printing.py` holds them to libcst's own
output), and hands any other node to its `_codegen`, libcst's or ours.
"""
import libcst as cst
from libcst import MaybeSentinel


def print_node(node, state):
    printer = _PRINTERS.get(node.__class__)
    if printer is None:
        node._codegen(state)
    else:
        printer(node, state)


def _value(node, state):
    state.add_token(node.value)


def _atom(node, state):
    """Name, Integer, SimpleString: the value inside the node's own parentheses."""
    if node.lpar:
        for paren in node.lpar:
            print_node(paren, state)
        state.add_token(node.value)
        for paren in node.rpar:
            print_node(paren, state)
    else:
        state.add_token(node.value)


def _attribute(node, state):
    for paren in node.lpar:
        print_node(paren, state)
    print_node(node.value, state)
    _one_token_op(node.dot, state, '.')
    print_node(node.attr, state)
    for paren in node.rpar:
        print_node(paren, state)


def _one_token_op(node, state, token):
    print_node(node.whitespace_before, state)
    state.add_token(token)
    print_node(node.whitespace_after, state)


def _newline(node, state):
    value = node.value
    state.add_token(state.default_newline if value is None else value)


def _trailing_whitespace(node, state):
    print_node(node.whitespace, state)
    if node.comment is not None:
        state.add_token(node.comment.value)
    _newline(node.newline, state)


def _empty_line(node, state):
    if node.indent:
        state.add_indent_tokens()
    _trailing_whitespace(node, state)  # the same three fields, printed the same way


def _simple_statement_line(node, state):
    for line in node.leading_lines:
        _empty_line(line, state)
    state.add_indent_tokens()
    body = node.body
    if not body:
        state.add_token('pass')
    last = len(body) - 1
    for index, small in enumerate(body):
        printer = _SMALL_PRINTERS.get(small.__class__)
        if printer is None:
            small._codegen(state, default_semicolon=index != last)
        else:
            printer(small, state)
            _semicolon(small.semicolon, state, index != last)
    _trailing_whitespace(node.trailing_whitespace, state)


def _semicolon(semicolon, state, default):
    if isinstance(semicolon, MaybeSentinel):
        if default:
            state.add_token('; ')
    else:
        _one_token_op(semicolon, state, ';')


def _expr(node, state):
    print_node(node.value, state)


def _assign(node, state):
    for target in node.targets:
        print_node(target.target, state)
        print_node(target.whitespace_before_equal, state)
        state.add_token('=')
        print_node(target.whitespace_after_equal, state)
    print_node(node.value, state)


def _return(node, state):
    state.add_token('return')
    whitespace, value = node.whitespace_after_return, node.value
    if isinstance(whitespace, MaybeSentinel):
        if value is not None:
            state.add_token(' ')
    else:
        print_node(whitespace, state)
    if value is not None:
        print_node(value, state)


# small statements: printed without their semicolon, which _simple_statement_line adds
_SMALL_PRINTERS = {cst.Expr: _expr, cst.Assign: _assign, cst.Return: _return}

_PRINTERS = {
    cst.SimpleWhitespace: _value, cst.Comment: _value,
    cst.Name: _atom, cst.Integer: _atom, cst.SimpleString: _atom,
    cst.Attribute: _attribute,
    cst.Comma: lambda node, state: _one_token_op(node, state, ','),
    cst.Dot: lambda node, state: _one_token_op(node, state, '.'),
    cst.Newline: _newline, cst.TrailingWhitespace: _trailing_whitespace,
    cst.EmptyLine: _empty_line, cst.SimpleStatementLine: _simple_statement_line,
}
