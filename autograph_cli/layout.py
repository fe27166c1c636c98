"""Generated lines wrapped at 100 columns, after commas inside brackets (where Python joins lines).

    ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test, loop_body, ...)
->
    ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test,
        loop_body, ...)

Each break is taken at the shallowest bracket depth that fits, as far right as
it fits; a line with no such comma stays long. Only one-line statements are
wrapped, so a multi-line original expression keeps its own line breaks.
"""
import io
import tokenize

WIDTH = 100
_OPEN, _CLOSE = frozenset('([{'), frozenset(')]}')
_FSTRING_START = getattr(tokenize, 'FSTRING_START', None)  # Python 3.12 tokenizes f-strings
_FSTRING_END = getattr(tokenize, 'FSTRING_END', None)


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
    """(position after the comma and its space, bracket depth) of each comma inside brackets."""
    depth, in_fstring, found = 0, 0, []
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            kind, string = token.type, token.string
            if kind == _FSTRING_START:
                in_fstring += 1
            elif kind == _FSTRING_END:
                in_fstring -= 1
            elif kind != tokenize.OP or in_fstring:
                continue
            elif string in _OPEN:
                depth += 1
            elif string in _CLOSE:
                depth -= 1
            elif string == ',' and depth > 0:
                at = token.end[1]
                if code[at:].lstrip(' ')[:1] not in _CLOSE:  # not before `)`: `(x,)` stays whole
                    found.append((offset + at + (code[at:at + 1] == ' '), depth))
    except (tokenize.TokenError, SyntaxError):
        return []
    return found
