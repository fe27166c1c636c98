"""Helpers for the converter tests: convert a dedented source, cut out a def, run both sides."""
import contextlib
import copy
import io
import textwrap
import tokenize

from autograph_cli.pipeline import convert_module
from runtime.errors import ConversionError

PATH = 'm.py'


def convert(source, path=PATH):
    """Convert a dedented source: the output must compile, be stable, refuse a second conversion."""
    source = textwrap.dedent(source)
    result = convert_module(source, path)
    compile(result.code, 'converted_' + path, 'exec', dont_inherit=True)
    assert convert_module(source, path).code == result.code, 'conversion is not deterministic'
    try:
        convert_module(result.code, 'converted_' + path)
    except ConversionError:
        pass
    else:
        raise AssertionError('converting the output again was not refused')
    return result


def function(code, name):
    """The dedented text of the def (or class) `name` in converted code, its decorators included."""
    lines = code.splitlines()
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith((f'def {name}(', f'async def {name}(', f'class {name}:',
                                f'class {name}(')):
            break
    else:
        raise AssertionError(f'no def or class {name} in:\n{code}')
    indent = len(line) - len(stripped)
    start = i
    while start > 0 and lines[start - 1][indent:].startswith('@') and \
            len(lines[start - 1]) - len(lines[start - 1].lstrip()) == indent:
        start -= 1
    end = i + 1
    while end < len(lines) and (not lines[end].strip() or
                                len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    while not lines[end - 1].strip():
        end -= 1
    return textwrap.dedent('\n'.join(lines[start:end])) + '\n'


def converted(source, name=None):
    """The converted text of function `name` (default: the first def of the source)."""
    source = textwrap.dedent(source)
    if name is None:
        name = next(line.split('(')[0][4:] for line in source.splitlines()
                    if line.startswith('def '))
    return function(convert(source).code, name)


def expected(text):
    return textwrap.dedent(text).lstrip('\n')


def stripped_lines(code):
    """Every logical line of `code` without its indentation (to look for one emitted statement).

    A wrapped line is joined again: `f(a,` and `    b)` give `f(a, b)`.
    """
    lines = code.splitlines()
    out, first, depth = [], 1, 0
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.OP and token.string in '([{)]}':
            depth += 1 if token.string in '([{' else -1
        elif token.type == tokenize.NEWLINE or token.type == tokenize.NL and depth == 0:
            out.append(' '.join(line.strip() for line in lines[first - 1:token.start[0]]))
            first = token.start[0] + 1
    return out


def run_source(source, module_name='m'):
    """Execute a module's source in a fresh namespace called `module_name`."""
    namespace = {'__name__': module_name}
    exec(compile(source, f'<{module_name}>', 'exec', dont_inherit=True), namespace)
    return namespace


def both(source, module_name='m'):
    """(original namespace, converted namespace) of a dedented source."""
    source = textwrap.dedent(source)
    return run_source(source, module_name), run_source(convert(source).code, module_name)


def outcome(fn, *args, **kwargs):
    """What a call did, ('ok', value repr) or ('raise', type name, message), and what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            result = ('ok', repr(fn(*args, **kwargs)))
        except Exception as e:  # noqa: BLE001 - the exception is the outcome
            result = ('raise', type(e).__name__, str(e))
    return result, out.getvalue()


def assert_same(source, name, *calls):
    """Function `name` behaves the same, original and converted, for each argument tuple in `calls`.

    Returns the outcomes, so a test can also check what they are.
    """
    original, new = both(source)
    outcomes = []
    for args in calls:
        expected_outcome = outcome(original[name], *copy.deepcopy(args))
        assert outcome(new[name], *copy.deepcopy(args)) == expected_outcome, args
        outcomes.append(expected_outcome)
    return outcomes
