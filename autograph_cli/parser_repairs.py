"""Sources CPython accepts but libcst's parser refuses, made parseable without changing their meaning.

Two gaps in libcst 1.x, each closed by rewriting the text libcst sees. The
module it gives has the original's statements on the original's lines (so
positions, taken from the original, and the source map still hold):

- indentation mixing tabs and spaces, or holding a form feed, that CPython
  accepts (a tab advances to the next multiple of 8 columns, a form feed resets
  the column to 0): the indentation of each statement line becomes that many
  spaces, which gives the same blocks (and is what the converted module shows);
- a parenthesised annotated target, `(x): int = 1`: the target becomes a
  placeholder name, and the parsed module gets the original target back as a
  node (libcst prints parentheses around a name it was given, and
  `(x): int` means something else than `x: int`: it is not a declaration).
"""
import ast
import io
import re
import tokenize

import libcst as cst

_NEWLINE = re.compile(r'\r\n|\r|\n')
_FORM_FEED_INDENT = re.compile(r'(?:^|(?<=[\r\n]))[ \t\f]*\f[ \t\f]*[^ \t\f\r\n]')
_BRACKETS = {'(': 1, '[': 1, '{': 1, ')': -1, ']': -1, '}': -1}


def indentation_without_form_feeds(source):
    """source, or, if some line's indentation holds a form feed, source with normalised indentation.

    libcst accepts such indentation but keeps the form feed in the block's
    indentation string, which the converter repeats on the lines it generates,
    where each form feed sends CPython's column back to 0.
    """
    if '\f' not in source or not _FORM_FEED_INDENT.search(source):  # the test alone: ~1% of a run
        return source
    try:
        return normalised_indentation(source)
    except (SyntaxError, tokenize.TokenError):
        return source


def parseable(source, parse):
    """`parse(text)` of a repaired source, with original annotation targets put back; None if no luck."""
    try:
        text = normalised_indentation(source)
        text, targets = _placeholder_targets(text)
    except (SyntaxError, tokenize.TokenError, ValueError):
        return None
    if text == source:
        return None
    try:
        module = parse(text)
    except RecursionError:
        raise  # too deep for this thread, not a parse error: see checked_conversion.py
    except Exception:  # libcst refuses it still: the caller reports its first refusal
        return None
    return module.visit(_PutBack(targets)) if targets else module


def normalised_indentation(source):
    """source with the tabs and form feeds of every statement's indentation turned into spaces."""
    lines = io.StringIO(source, newline='').readlines()
    for row in _statement_rows(source):
        line = lines[row - 1]
        indent = len(line) - len(line.lstrip(' \t\f'))
        if '\t' in line[:indent] or '\f' in line[:indent]:
            lines[row - 1] = ' ' * _column(line[:indent]) + line[indent:]
    return ''.join(lines)


def _statement_rows(source):
    """Lines (1-based) on which a statement or a comment starts outside brackets."""
    rows, depth, at_start = [], 0, True
    for token in tokenize.generate_tokens(io.StringIO(source, newline='').readline):
        kind = token.type
        if kind in (tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        if at_start and depth == 0 and kind not in (tokenize.NL, tokenize.NEWLINE):
            rows.append(token.start[0])
        depth += _BRACKETS.get(token.string, 0) if kind == tokenize.OP else 0
        at_start = kind in (tokenize.NL, tokenize.NEWLINE)
    return rows


def _column(indent):
    """The column CPython's tokenizer reaches after this indentation."""
    column = 0
    for char in indent:
        if char == '\t':
            column = (column // 8 + 1) * 8
        elif char == '\f':
            column = 0
        else:
            column += 1
    return column


def _placeholder_targets(source):
    """source with each parenthesised annotated target replaced by a fresh name; {name: target}."""
    lines = _NEWLINE.split(source)
    starts = [0]
    for match in _NEWLINE.finditer(source):
        starts.append(match.end())

    def offset(line, col):  # ast columns count UTF-8 bytes
        return starts[line - 1] + len(lines[line - 1].encode('utf-8')[:col].decode('utf-8'))

    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AnnAssign) and (node.lineno, node.col_offset) != (
                node.target.lineno, node.target.col_offset):
            start = offset(node.lineno, node.col_offset)
            colon = source.rindex(':', start, offset(node.annotation.lineno, node.annotation.col_offset))
            spans.append((start, start + len(source[start:colon].rstrip())))
    targets = {}
    for start, end in sorted(spans, reverse=True):
        name = _fresh_name(source, len(targets))
        targets[name] = cst.parse_expression(source[start:end])
        # a target over several lines becomes one name on one line: the lines come back with it
        source = source[:start] + name + source[end:]
    return source, targets


def _fresh_name(source, i):
    name = f'_agconvert_target_{i}'
    while name in source:
        name += '_'
    return name


class _PutBack(cst.CSTTransformer):
    """Puts each original annotated target back in place of its placeholder name."""

    def __init__(self, targets):
        super().__init__()
        self.targets = targets

    def leave_Name(self, original_node, updated_node):
        return self.targets.get(updated_node.value, updated_node)
