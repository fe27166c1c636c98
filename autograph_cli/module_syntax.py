"""libcst helpers of the module-level pass: parsing, function bodies, names a module binds."""
import dataclasses

import libcst as cst

from runtime.ag_operators.builtin_names import FRAME_READERS
from runtime.errors import ConversionError

from . import cpython_errors, output_nodes, parser_repairs
from .converters import functions
from .diagnostics import Diagnostic
from .libcst_internals import validation_skipped
from .statement_tree_builder import imported_names


def _parse_without_validation(source):
    """libcst's parse, minus the validation of the nodes it builds (they are valid)."""
    with validation_skipped():
        return cst.parse_module(source)


def parse(source, path):
    """The libcst module of source; ConversionError, at CPython's place, if CPython rejects it."""
    text = parser_repairs.indentation_without_form_feeds(source)
    try:
        return _parse_without_validation(text)
    except RecursionError:
        raise  # too deep for this thread, not a parse error: see checked_conversion.py
    except Exception as e:
        parse_error = e
    # CPython's own parser names the exact place and words the message better
    error = cpython_errors.compile_error(source, path)
    if error is not None:
        raise ConversionError(error)
    module = parser_repairs.parseable(text, _parse_without_validation)
    if module is not None:
        return module
    line = getattr(parse_error, 'raw_line', 1)
    col = getattr(parse_error, 'raw_column', 0) + 1
    message = getattr(parse_error, 'message', str(parse_error))
    raise ConversionError(Diagnostic(path, line, col, 'error', f'cannot parse: {message}'))


def starts_with_blank(stmt):
    lines = getattr(stmt, 'leading_lines', ())
    return bool(lines) and lines[0].comment is None


def import_position(body):
    """After the module docstring and the `from __future__` imports.

    A line that starts with either counts whole: `from __future__ import x; import os`
    keeps `import os` above the runtime's import, which must not come before a future import.
    """
    at = 0
    if body and _starts_with(body[0], functions.is_docstring):
        at = 1
    while at < len(body) and _starts_with(body[at], _is_future_import):
        at += 1
    return at


def _starts_with(stmt, test):
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    return test(output_nodes.replace(stmt, body=stmt.body[:1]))


def _is_future_import(line):
    small = line.body[0]
    return isinstance(small, cst.ImportFrom) and small.module is not None and \
        output_nodes.code_of(small.module) == '__future__'


def runtime_import(body):
    """The top-level `from runtime import ag as ag__` a converted module starts with, or None.

    Statements, not text: a comment on that line does not hide it, and the
    same words inside a string literal are not it.
    """
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine) and any(map(_imports_ag, stmt.body)):
            return stmt
    return None


def _imports_ag(small):
    if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
        return False
    if not isinstance(small.module, cst.Name) or small.module.value != 'runtime':
        return False
    return any(alias.name.value == 'ag' and alias.asname is not None and
               getattr(alias.asname.name, 'value', None) == 'ag__' for alias in small.names)


def with_comment(node, text):
    """The def with a comment at the end of its `def` line (no line is added, so the source
    map stays exact), or on a line of its own above it if that line has a comment already."""
    body = node.body
    header = body.header if isinstance(body, cst.IndentedBlock) else body.trailing_whitespace
    if header.comment is not None:
        comment = cst.EmptyLine(comment=cst.Comment(text))
        return output_nodes.replace(node, leading_lines=[*node.leading_lines, comment])
    header = output_nodes.replace(header, whitespace=cst.SimpleWhitespace('  '), comment=cst.Comment(text))
    if isinstance(body, cst.IndentedBlock):
        return output_nodes.replace(node, body=output_nodes.replace(body, header=header))
    return output_nodes.replace(node, body=output_nodes.replace(body, trailing_whitespace=header))


def body(node):
    body = node.body
    return body.body if isinstance(body, cst.IndentedBlock) else [cst.SimpleStatementLine(body.body)]


def with_body(node, statements):
    if not isinstance(node.body, cst.IndentedBlock):
        return node
    return output_nodes.replace(node, body=output_nodes.replace(node.body, body=statements))


def skipped(node):
    """@do_not_convert (from rt, ag__ or TensorFlow) leaves a function exactly as written."""
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            expr = expr.func
        name = expr.attr.value if isinstance(expr, cst.Attribute) else getattr(expr, 'value', '')
        if name == 'do_not_convert':
            return True
    return False


def reads_frame(name, call):
    """Does this call use the caller's local variables (no explicit namespace given)?"""
    positional = [a for a in call.args if a.keyword is None]
    return len(positional) < FRAME_READERS[name] and not any(
        a.keyword is not None and a.keyword.value in ('globals', 'locals') for a in call.args)


def all_names(node):
    """Every identifier in a subtree (a safe over-approximation for code that is not walked)."""
    names = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.__class__ is cst.Name:
            names.add(n.value)
            continue
        # the fields themselves: libcst's `children` runs a visitor per node, 6x slower
        for field in _fields(n.__class__):
            value = getattr(n, field)
            if value.__class__ is tuple or value.__class__ is list:
                stack.extend(v for v in value if _is_node(v.__class__))
            elif _is_node(value.__class__):
                stack.append(value)
    return names


_FIELDS = {}   # node class -> its field names
_NODES = {}    # class -> is it a libcst node class


def _fields(cls):
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return fields


def _is_node(cls):
    node = _NODES.get(cls)
    if node is None:
        node = _NODES[cls] = issubclass(cls, cst.CSTNode)
    return node


def module_names(module):
    """Names the module binds at its top level (to tell a shadowed builtin from the real one)."""
    names = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            names.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    for target in small.targets:
                        names |= all_names(target.target)
                elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
                    names |= all_names(small.target)
                elif isinstance(small, (cst.Import, cst.ImportFrom)):
                    names.update(imported_names(small))
    return names

