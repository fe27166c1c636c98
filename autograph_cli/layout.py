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
_OPEN, _CLOSE = frozenset('([{'), frozenset(')]}')
_QUOTES = ("'''", '"""', "'", '"')
_INTERESTING = re.compile('|'.join(re.escape(q) for q in _QUOTES) + r'|[#()\[\]{},]')
# the rest of a string after its opening quote: a backslash escapes the next character
_STRING_REST = {q: re.compile(r'(?:\\.|(?!' + re.escape(q) + r')[^\\])*' + re.escape(q), re.S)
                for q in _QUOTES}


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

    A scan with regular expressions rather than `tokenize` (which took a tenth of the
    whole conversion time): strings, f-strings included, are skipped whole (a backslash
    escapes the next character in every kind), and a comment ends the line. Unbalanced
    text gives none.
    """
    if _NESTED_FSTRINGS and _FSTRING.search(code):
        return []  # from 3.12 an f-string may hold its own quote: left long, never misread
    depth, found, i = 0, [], 0
    while True:
        match = _INTERESTING.search(code, i)
        if match is None:
            break
        char, i = match.group(), match.end()
        if char in _QUOTES:
            closed = _STRING_REST[char].match(code, i)
            if closed is None:
                return []
            i = closed.end()
        elif char == '#':
            break
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth -= 1
        elif depth > 0:  # a comma
            if code[i:].lstrip(' ')[:1] not in _CLOSE:  # not before `)`: `(x,)` stays whole
                found.append((offset + i + (code[i:i + 1] == ' '), depth))
    return found if depth == 0 else []
