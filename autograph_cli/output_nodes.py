"""Output nodes: fast libcst construction, templates, and lines that carry their source-map origin.

The converter builds its output from three kinds of nodes, all printed by
libcst's own codegen: original libcst nodes (user code, copied verbatim),
libcst nodes rebuilt with `replace` (which skips libcst's validation, the
slowest part of building a node: the converter only ever recombines parts of
valid nodes), and the light nodes below, which print template text around
embedded nodes. Every statement-level node records, while printing, the
original line it stands for; `render` turns those marks into a source map.
"""
import dataclasses

from . import line_wrapping
from .libcst_internals import CodegenState
from .printing import print_node

_REPLACERS = {}


def replace(node, **changes):
    """`node.with_changes(**changes)` without re-validating the node."""
    cls = node.__class__
    replacer = _REPLACERS.get(cls)
    if replacer is None:
        replacer = _REPLACERS[cls] = _make_replacer(cls)
    return replacer(node, changes)


def _make_replacer(cls):
    """A function that copies one node class field by field (generated: it runs a lot)."""
    lines = ['def replace(node, changes):', '    new = new_(cls)']
    for field in dataclasses.fields(cls):
        name = field.name
        lines.append(f'    set_(new, {name!r}, changes[{name!r}] if {name!r} in changes '
                     f'else node.{name})')
    lines.append('    return new')
    namespace = {'new_': object.__new__, 'set_': object.__setattr__, 'cls': cls}
    exec('\n'.join(lines), namespace)
    return namespace['replace']


class Template:
    """Source text with `{name}` holes, split once; `fill(holes)` gives the parts to print.

    A hole takes a string (copied as is), a node, or a list/tuple of those.
    """

    __slots__ = ('pieces',)

    def __init__(self, text):
        pieces = []
        for i, chunk in enumerate(text.split('{')):
            if i == 0:
                pieces.append(chunk)
                continue
            name, _, rest = chunk.partition('}')
            pieces.append((name,))
            pieces.append(rest)
        self.pieces = tuple(p for p in pieces if p != '')

    def fill(self, holes):
        return tuple(holes[p[0]] if p.__class__ is tuple else p for p in self.pieces)


def _emit_parts(parts, state):
    for part in parts:
        if part.__class__ is str:
            state.add_token(part)
        elif part.__class__ is tuple or part.__class__ is list:
            _emit_parts(part, state)
        else:
            print_node(part, state)


class Expr:
    """An expression printed from template parts; it stands wherever libcst expects an expression."""

    __slots__ = ('parts',)

    def __init__(self, parts):
        self.parts = parts

    def _codegen(self, state, **kwargs):
        _emit_parts(self.parts, state)


def _print_line(state, leading, origin, parts, comment, hanging=1):
    """A generated line: the lines above it, then indent, parts, comment; mapped to `origin`.

    A line that spans several lines holds an original expression that does
    (its line breaks are the original's, and it starts on `origin`): its
    lines map one to one, so an error in its third line names the third line.
    A one-line one longer than the width is wrapped, its continuation lines
    indented `hanging` levels deeper; they all map to `origin`.
    """
    for line in leading:
        print_node(line, state)
    state.mark(origin, False)
    start = len(state.tokens)
    state.add_indent_tokens()
    indent = ''.join(state.tokens[start:])
    _emit_parts(parts, state)
    if comment is not None:
        _emit_parts(comment, state)
    text = ''.join(state.tokens[start:])
    if state.default_newline in text:
        if origin is not None:
            state.marks[-1] = state.marks[-1][:2] + (True,)
    elif len(text) > line_wrapping.WIDTH:
        continuation = indent + state.default_indent * hanging
        state.tokens[start:] = [line_wrapping.wrap(text, indent, continuation, state.default_newline)]
    state.add_token(state.default_newline)


class Line:
    """A generated simple statement on its own line, mapped to original line `origin`."""

    __slots__ = ('parts', 'origin', 'leading', 'comment')

    def __init__(self, parts, origin, leading=(), comment=None):
        self.parts = parts
        self.origin = origin
        self.leading = leading
        self.comment = comment

    def _codegen(self, state, **kwargs):
        _print_line(state, self.leading, self.origin, self.parts, self.comment)


class Lines:
    """Generated simple statements, one a line, that stand for one original statement."""

    __slots__ = ('lines',)

    def __init__(self, lines):
        self.lines = lines

    @property
    def leading(self):
        return self.lines[0].leading

    @leading.setter
    def leading(self, value):
        self.lines[0].leading = value

    def _codegen(self, state, **kwargs):
        for line in self.lines:
            print_node(line, state)


class Block:
    """A generated compound statement: `header:` and an indented body of statement nodes."""

    __slots__ = ('header', 'body', 'origin', 'leading', 'comment', 'footer')

    def __init__(self, header, body, origin, leading=(), comment=None, footer=()):
        self.header = header
        self.body = body
        self.origin = origin
        self.leading = leading
        self.comment = comment
        self.footer = footer

    def _codegen(self, state, **kwargs):
        _print_line(state, self.leading, self.origin, (self.header, ':'), self.comment, hanging=2)
        state.increase_indent(state.default_indent)
        for stmt in self.body:
            print_node(stmt, state)
        for line in self.footer:
            print_node(line, state)
        state.decrease_indent()


class DecoratorLine:
    """A generated `@decorator` line put above an original `def`, whose line `next_origin` is."""

    __slots__ = ('parts', 'next_origin')

    def __init__(self, parts, next_origin):
        self.parts = parts
        self.next_origin = next_origin

    def _codegen(self, state, **kwargs):
        state.add_indent_tokens()
        state.add_token('@')
        _emit_parts(self.parts, state)
        state.add_token(state.default_newline)
        state.mark(self.next_origin, True)  # the original lines resume on the next line


class Verbatim:
    """An original statement copied as it is; its lines map one to one onto the original's."""

    __slots__ = ('node', 'origin')

    def __init__(self, node, origin):
        self.node = node
        self.origin = origin

    def _codegen(self, state, **kwargs):
        state.mark(self.origin, True)
        print_node(self.node, state)


class Statement:
    """An original line of simple statements as converted (`original` is its text before).

    It maps one to one like a verbatim copy; if converting it made it longer
    than the width, it is wrapped, and its continuation lines map to its line.
    """

    __slots__ = ('node', 'origin', 'original')

    def __init__(self, node, origin, original):
        self.node = node
        self.origin = origin
        self.original = original

    def _codegen(self, state, **kwargs):
        state.mark(self.origin, True)
        tokens = state.tokens
        start = len(tokens)
        print_node(self.node, state)
        newline = state.default_newline
        text = ''.join(tokens[start:])
        if self.origin is None or not text.endswith(newline):
            return
        # the lines above the statement's last line (its blank lines and comments, or its own
        # first lines): `sep` tells them apart from none, `above` is '' under one blank line
        above, sep, line = text[:-len(newline)].rpartition(newline)
        if len(line) <= line_wrapping.WIDTH or line.strip() == self.original.strip():
            return
        indent = line[:len(line) - len(line.lstrip())]
        tokens[start:] = [above + sep]
        lines_above = above.count(newline) + 1 if sep else 0
        state.mark(self.origin + lines_above, False)
        tokens.append(line_wrapping.wrap(line, indent, indent + state.default_indent, newline) + newline)
        state.mark(self.origin + lines_above + 1, True)  # the verbatim run resumes


class _NoPosition:
    """A do-nothing context manager: we do not track node positions while printing."""

    __slots__ = ()

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


_NO_POSITION = _NoPosition()


class _MarkingState(CodegenState):
    """libcst's codegen state, plus the marks that become the source map."""

    # libcst calls these around every node it prints; they do nothing in the base class,
    # and a builtin taking one argument does nothing faster than a method (no frame)
    before_codegen = after_codegen = id

    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        # the base class's is a generator-based context manager that records nothing,
        # entered for most nodes: the cheapest one that does the same
        return _NO_POSITION

    def __init__(self, default_indent, default_newline, chosen):
        super().__init__(default_indent=default_indent, default_newline=default_newline)
        self.add_token = self.tokens.append  # what the base method does, without its frame
        self.chosen = chosen  # the deferred nodes printed in their closure form (deferred_nodes.py)
        self.marks = []
        self.counted = [0, 1]  # tokens counted so far, line number reached

    def mark(self, origin, verbatim):
        if origin is None:
            return
        counted = self.counted
        tokens = self.tokens
        if counted[0] < len(tokens):
            counted[1] += ''.join(tokens[counted[0]:]).count(self.default_newline)
            counted[0] = len(tokens)
        self.marks.append((counted[1], origin, verbatim))


def render(module, chosen=frozenset()):
    """Print a module built from the nodes above; returns (code, marks).

    chosen: the deferred nodes the lowering chose the closure form for.
    marks: (converted line, original line, verbatim) in printing order.
    """
    # a form feed resets the column, so one in the indent unit would undo nesting
    indent = module.default_indent.replace('\f', '') or '    '
    state = _MarkingState(indent, module.default_newline, chosen)
    module._codegen(state)
    return ''.join(state.tokens), state.marks


def comment_of(trailing_whitespace):
    """The comment of a header line as printable parts (to move it onto a generated line), or None."""
    if trailing_whitespace is not None and trailing_whitespace.comment is not None:
        return (trailing_whitespace.whitespace, trailing_whitespace.comment)
    return None


class _PlainState(CodegenState):
    """libcst's codegen state for printing a piece alone: no marks, deferred nodes as written."""

    chosen = frozenset()

    def mark(self, origin, verbatim):
        pass


def code_of(node):
    """Source text of a node or an emit node (for reprs in generated code, and tests)."""
    state = _PlainState(default_indent='    ', default_newline='\n')
    print_node(node, state)
    return ''.join(state.tokens)
