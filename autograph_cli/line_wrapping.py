"""Generated lines wrapped at 100 columns, after commas inside brackets (where Python joins lines).

    ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test, loop_body, ...)
->
    ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test,
        loop_body, ...)

Each break is taken at the shallowest bracket depth that fits, as far right as
it fits; a line with no such comma stays long. Only one-line statements are
wrapped, so a multi-line original expression keeps its own line breaks.
"""
import re
import sys

WIDTH = 100
_NESTED_FSTRINGS = sys.version_info >= (3, 12)  # PEP 701
_FSTRING = re.compile(r'(?<![\w])[rRbB]?[fF][rR]?[\'"]')
_QUOTES = ("'''", '"""', "'", '"')  # a triple quote is tried before a single one


def _string(quote):
    """A whole string opened by `quote`, then the bare quote (a string left open)."""
    q = re.escape(quote)
    return rf'{q}(?:\\.|(?!{q})[^\\])*{q}|(?P<unclosed{len(quote)}{ord(quote[0])}>{q})'


# One scan finds every token that matters, in order: a string (skipped whole: a backslash
# escapes the next character), a comment, a bracket, and a comma not just before a closing
# bracket (`(x,)` stays whole), with the space after it.
_TOKENS = re.compile(r'[^\'"#()\[\]{},]*(?:' + '|'.join(_string(q) for q in _QUOTES)
                     + r'|(?P<comment>#)|(?P<open>[(\[{])|(?P<close>[)\]}])|(?P<comma>, ?(?! *[)\]}])))',
                     re.S)


def wrap(text, indent, continuation, newline):
    """`text` (one line: `indent` + code) as lines of at most WIDTH columns where it can be."""
    if len(text) <= WIDTH:
        return text
    breaks = _breaks(text[len(indent):], len(indent))
    if not breaks:
        return text
    lines, start, column0 = [], 0, 0
    while len(text) - start + column0 > WIDTH:
        fitting = [(depth, at) for at, depth in breaks if start < at <= start + WIDTH - column0]
        if fitting:
            shallowest = min(depth for depth, _ in fitting)
            at = max(at for depth, at in fitting if depth == shallowest)
        else:
            at = next((at for at, _ in breaks if at > start), None)
            if at is None:
                break
        lines.append(text[start:at].rstrip(' '))
        start, column0 = at, len(continuation)
    lines.append(text[start:])
    return (newline + continuation).join(lines)


def _breaks(code, offset):
    """(position after the comma and its space, bracket depth) of each comma inside brackets.

    One regular-expression scan (`_TOKENS`) rather than `tokenize` (which took a tenth of
    the whole conversion time): strings, f-strings included, are skipped whole (a backslash
    escapes the next character in every kind), and a comment ends the line. Unbalanced
    text, or a string left open, gives none.
    """
    if _NESTED_FSTRINGS and _FSTRING.search(code):
        return []  # from 3.12 an f-string may hold its own quote: left long, never misread
    depth, found = 0, []
    for match in _TOKENS.finditer(code):
        kind = match.lastgroup
        if kind is None:  # a whole string
            continue
        if kind == 'open':
            depth += 1
        elif kind == 'close':
            depth -= 1
        elif kind == 'comma':
            if depth > 0:
                found.append((offset + match.end(), depth))
        elif kind == 'comment':
            break
        else:  # a string left open
            return []
    return found if depth == 0 else []
