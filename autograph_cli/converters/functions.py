"""The function body runs inside `with ag__.FunctionScope(...) as fscope:`.

    def f(x):                       def f(x):
        \"\"\"Doc.\"\"\"                    \"\"\"Doc.\"\"\"
        return g(x)         ->          with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                                            return ag__.converted_call(g, (x,), None, fscope)

The docstring stays first, so `__doc__` is unchanged; `global` and `nonlocal`
declarations move above the `with` (they hold for the whole function, and the
generated closures repeat them as they need); locals that only closures bind
are declared with a bare annotation, which makes a name local without giving
it a value.
"""
import libcst as cst

from .. import output_nodes


def is_docstring(stmt):
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    expr = stmt.body[0]
    return isinstance(expr, cst.Expr) and isinstance(expr.value, (cst.SimpleString,
                                                                   cst.ConcatenatedString))


def wrap(node, docstring, declarations, locals_, body, scope_name, origin, doc_line=None):
    """The converted def: `node` with its body replaced."""
    head = [output_nodes.Verbatim(docstring, doc_line)] if docstring is not None else []
    if declarations:
        head += declarations
    inner = [output_nodes.Line((name, ': ag__.local'), origin) for name in locals_] + body
    if not inner:  # a body of only a docstring or declarations
        inner = [output_nodes.Line(('pass',), origin)]
    scope = output_nodes.Block(('with ag__.FunctionScope(', repr(node.name.value), ', ',
                        repr(scope_name), ', ag__.STD) as ', scope_name), inner, origin)
    block = node.body
    if not isinstance(block, cst.IndentedBlock):
        block = output_nodes.replace(EMPTY_BLOCK, header=block.trailing_whitespace)
    return output_nodes.replace(node, body=output_nodes.replace(block, body=head + [scope], footer=block.footer
                                                if isinstance(node.body, cst.IndentedBlock) else ()))


EMPTY_BLOCK = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Pass()])])
