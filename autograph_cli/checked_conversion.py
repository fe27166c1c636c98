"""convert_module held to CPython: what it rejects is reported as it reports it; no output fails to compile.

The input is compiled first: `break` outside a loop, a late `from __future__`
import, a `global` after a use and the like are errors CPython finds only when
compiling, which the converter would copy or even hide by moving code. It is
parsed once, into the `ast` tree that is both compiled and read for the
statement positions the converter needs (`source_positions.statement_positions`). The
conversion runs on the main thread, and again on a deep stack (`big_stack.py`) if
the ordinary recursion limit is too low for the input (not at once: handing
work to that thread and back costs scheduling delays on a busy machine, and
the converter measured slower there). Its output is compiled too.
The converter nests code (a `with` block around each body, calls and lambdas
around expressions), so a function at the edge of one of CPython's nesting
limits can convert into code beyond it: that function is converted again,
left as written, with a warning. Any other output that does not compile is an
internal error, and no output is returned.
"""
import ast
import threading

from runtime.errors import ConversionError

from . import big_stack, cpython_errors, pipeline
from .diagnostics import Diagnostic
from .source_positions import statement_positions


def convert(source, path='<string>', original_path=None):
    """`pipeline.convert_module(source, path, original_path=...)`, checked as above."""
    statements = _checked_input(source, path)
    leave = {}
    while True:
        options = {'leave': dict(leave)} if leave else {}
        result = _convert(source, path, original_path=original_path, statements=statements,
                          **options)
        failure = _compile_failure(result.code, path)
        if failure is None:
            return result
        line = _original_line(getattr(result, 'marks', ()), getattr(failure, 'lineno', None))
        def_line = cpython_errors.is_limit(failure) and _function_to_leave(source, line, leave)
        if not def_line:
            raise ConversionError(Diagnostic(path, line or 1, 1, 'error', (
                'internal converter error: the converted module does not compile: '
                f'{cpython_errors.describe(failure)}')))
        leave[def_line] = f'its converted form exceeds a limit of CPython ({cpython_errors.describe(failure)})'


def _checked_input(source, path):
    """The input's statement positions once compile() accepts the input; ConversionError, as
    CPython reports it, if it does not. Any failure of the tree's way (rare: bad input, deep
    nesting) is decided by compiling the text as before; None then means the converter parses
    it on its own stack."""
    tree, failure = cpython_errors.parse(source, path)
    if failure is None:
        failure = cpython_errors.compile_failure(tree, path)
        if failure is None:
            return statement_positions(source, tree)
    failure = _compile_failure(source, path)
    if failure is not None:
        raise ConversionError(cpython_errors.diagnostic(failure, source, path))
    return None


def _compile_failure(text, path):
    """cpython_errors.compile_failure(text, path) as `python file.py` would meet it: at depth ~0."""
    failure = cpython_errors.compile_failure(text, path)
    if isinstance(failure, RecursionError):  # maybe only because of the frames below us: again
        failure = big_stack.shallow(cpython_errors.compile_failure, text, path)
    return failure


def _convert(*args, **kwargs):
    """pipeline.convert_module(*args, **kwargs) here if the main thread's limits hold it, else deep."""
    if threading.current_thread() is threading.main_thread():  # others may have a small stack
        try:
            return pipeline.convert_module(*args, **kwargs)
        except RecursionError:
            pass
    return big_stack.call(pipeline.convert_module, *args, **kwargs)


def _original_line(marks, converted_line):
    """The original line a line of the converted module comes from (None if unknown)."""
    if converted_line is None:
        return None
    found = None
    for converted, original, verbatim in marks:
        if converted > converted_line:
            break
        found = original + (converted_line - converted if verbatim else 0)
    return found


def _function_to_leave(source, line, leave):
    """The `def` line of the outermost function holding `line` (or, without a line, of the most
    deeply nested one), among those not left as written already; None if there is none."""
    candidates = [f for f in big_stack.call(_outermost_functions, source) if f[0] not in leave]
    if line is not None:
        candidates = [f for f in candidates if f[0] <= line <= f[1]]
    if not candidates:
        return None
    return max(candidates, key=lambda f: f[2])[0]


def _outermost_functions(source):
    """(def line, last line, nesting depth) of every function not inside another function."""
    functions = []
    stack = [ast.parse(source)]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append((node.lineno, node.end_lineno, _depth(node)))
        else:
            stack.extend(ast.iter_child_nodes(node))
    return functions


def _depth(tree):
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest
