"""CPython as the yardstick: what its compile() rejects, reported where and as CPython reports it."""
import ast
import re
import warnings

from .diagnostics import Diagnostic

# compile() errors that come from CPython's fixed limits on nesting, not from what the code means
_LIMITS = ('too many nested parentheses', 'too many levels of indentation',
           'too many statically nested blocks', 'too complex')
_NEWLINE = re.compile(r'\r\n|\r|\n')
_FAILURES = (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError)


def compile_failure(source, path):
    """The exception compile() raises for source (text or an `ast` tree: SyntaxError,
    ValueError, ...), or None."""
    return _compiled(source, path, 0)[1]


def parse(source, path):
    """(the `ast` tree of source, None), or (None, the exception parsing it raised)."""
    return _compiled(source, path, ast.PyCF_ONLY_AST)


def _compiled(source, path, flags):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')  # SyntaxWarning & co. are shown when the module is imported
            return compile(source, path, 'exec', flags, dont_inherit=True), None
    except _FAILURES as e:
        return None, e


def compile_error(source, path):
    """A Diagnostic for what compile() finds wrong with source, or None if it compiles."""
    failure = compile_failure(source, path)
    return None if failure is None else diagnostic(failure, source, path)


def diagnostic(failure, source, path):
    """CPython's complaint as `path:line:col: error: syntax error: ...`, at CPython's place."""
    line, col = place(failure, source)
    return Diagnostic(path, line, col, 'error', f'syntax error: {describe(failure)}')


def place(failure, source):
    """1-based (line, column) of a compile() failure; a NUL byte CPython does not place is found here."""
    line = getattr(failure, 'lineno', None)
    if line is None and '\0' in source:
        before = _NEWLINE.split(source[:source.index('\0')])
        return len(before), len(before[-1]) + 1
    return line or 1, getattr(failure, 'offset', None) or 1


def describe(failure):
    """CPython's message for a failure, starting lower case to follow `syntax error: `."""
    if isinstance(failure, SyntaxError):
        message = failure.msg or 'invalid syntax'
    elif isinstance(failure, RecursionError):
        message = f'too deeply nested for CPython ({failure})'
    elif isinstance(failure, MemoryError):
        message = "too deeply nested for CPython's parser (MemoryError)"
    else:
        message = str(failure)
    return message[:1].lower() + message[1:]


def is_limit(failure):
    """Does the failure come from a CPython nesting limit (not from what the code means)?"""
    if isinstance(failure, (RecursionError, MemoryError)):
        return True
    return isinstance(failure, SyntaxError) and (failure.msg or '').startswith(_LIMITS)
