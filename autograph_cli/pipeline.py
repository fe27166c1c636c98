"""`convert_module(source) -> ConversionResult`: every function of a module, through the converters.

Per function, in this order:

    walker (with call_trees, logical_expressions, conditional_expressions, asserts, lists)
        one pass over the expressions: rewrites them and records what each statement
        reads and writes (see expressions.py for why the expression converters share it)
    directives            why: before the jump converters, which would guard a directive line
    break_statements      why: break and continue flags are per loop; done before return, whose
    continue_statements        flag must also stop the loops they produce guards for
    return_statements
    control_flow (+ variables)
                          why: needs the flags in place: the analyses (cfg, liveness, reaching
                          definitions) run on the statement tree the jump converters left
    functions             why: last, when the body is final: wraps it in FunctionScope

A function that cannot be converted faithfully is copied as written, with a
comment and a warning.
"""
import dataclasses
import gc
import re
from dataclasses import dataclass, field

import threading

import libcst as cst
from libcst._nodes.base import CSTNode

from . import emit, sourcemap
from .converters import (break_statements, call_trees, conditional_expressions,  # noqa: F401
                         continue_statements, directives, functions, lists,
                         logical_expressions, return_statements)
from .diagnostics import ConversionError, Diagnostic
from .expressions import Facts, Unsupported, Walker
from .scopes import param_names
from .function import FunctionConversion
from .lines import Positions
from .namer import Namer
from . import scopes  # noqa: F401  (registers the scope handlers)
from .walker import StatementWalker, imported_names as _imported

IMPORT = 'from runtime import ag as ag__'
BIND = 'ag__ = ag__.bind(globals())'  # the module's own converted_call: see runtime/ag.py
_CONVERTED_RE = re.compile(r'(?:^|(?<=[\r\n]))from runtime import ag as ag__[ \t]*(?:[\r\n]|$)')
_FRAME_READERS = frozenset(('locals', 'vars', 'dir', 'eval', 'exec'))


@dataclass
class ConversionResult:
    code: str
    diagnostics: list = field(default_factory=list)


class ScopeName:
    """The name of the function's FunctionScope, printed once the namer has chosen it."""

    __slots__ = ('name',)

    def __init__(self):
        self.name = 'fscope'

    def _codegen(self, state, **kwargs):
        state.add_token(self.name)


class ModuleConversion:
    def __init__(self, source, path, module):
        self.path = path
        self.positions = Positions(source, module)
        self.module_names = _module_names(module)
        self.diagnostics = []

    def warn(self, node, message):
        line, col = self.positions.line_col(node)
        self.diagnostics.append(Diagnostic(self.path, line, col, 'warning', message))

    # -- module and class level: find the functions ----------------------------------------
    # `where` is (enclosing class name or None, qualified-name prefix of the scope).
    def statement(self, node, where=(None, '')):
        if isinstance(node, cst.FunctionDef):
            return emit.Verbatim(self.function(node, where)[0], self.positions.start(node))
        if isinstance(node, cst.ClassDef):
            inner = (node.name.value, where[1] + node.name.value + '.')
            body = [self.statement(s, inner) for s in _body(node)]
            return emit.Verbatim(_with_body(node, body), self.positions.start(node))
        if isinstance(node, (cst.If, cst.For, cst.While, cst.Try, cst.TryStar, cst.With)):
            return emit.Verbatim(self._compound(node, where), self.positions.start(node))
        return emit.Verbatim(node, self.positions.start(node))

    def _compound(self, node, where):
        changes = {}
        if isinstance(node.body, cst.IndentedBlock):
            changes['body'] = _with_body(node, [self.statement(s, where) for s in _body(node)]).body
        for name in ('orelse', 'finalbody'):
            clause = getattr(node, name, None)
            if isinstance(clause, cst.If):
                changes[name] = self._compound(clause, where)
            elif clause is not None and isinstance(clause.body, cst.IndentedBlock):
                changes[name] = _with_body(clause, [self.statement(s, where)
                                                    for s in clause.body.body])
        if isinstance(node, (cst.Try, cst.TryStar)):
            changes['handlers'] = [_with_body(h, [self.statement(s, where) for s in _body(h)])
                                   if isinstance(h.body, cst.IndentedBlock) else h
                                   for h in node.handlers]
        return emit.replace(node, **changes)

    # -- one function ----------------------------------------------------------------------
    def function(self, node, where):
        """(converted node, names it shares with enclosing scopes, names it mentions)."""
        if _skipped(node):
            return node, _all_names(node), _all_names(node)
        params = param_names(node.params)
        qualname = where[1] + node.name.value
        facts = Facts(params, where[0], self.module_names, qualname)
        positional = [*node.params.posonly_params, *node.params.params]
        facts.first_param = positional[0].name.value if positional else None
        scope = ScopeName()
        try:
            if node.asynchronous is not None:
                raise Unsupported('asynchronous function')
            body, docstring, fc = self._convert_body(node, facts, scope)
            if 'ag__' in facts.locals():
                raise Unsupported("binds the name 'ag__', which converted code needs")
        except Unsupported as e:
            return self._unconverted(node, e.reason)
        declared = sorted(facts.globals), sorted(facts.nonlocals)
        decls = [emit.Line((kw, ', '.join(names)), None)
                 for kw, names in zip(('global ', 'nonlocal '), declared) if names]
        doc_line = self.positions.start(docstring) if docstring is not None else None
        new = functions.wrap(node, docstring, decls, fc.local_declarations(), body, scope.name,
                             self.positions.line(node), doc_line)
        free = (facts.referenced - facts.locals()) | facts.nonlocals
        return new, free, facts.referenced

    def _convert_body(self, node, facts, scope):
        statements = list(_body(node))
        docstring = statements.pop(0) if statements and functions.is_docstring(statements[0]) else None
        walker = Walker(facts, scope)
        where = (facts.class_name, facts.qualname + '.<locals>.')
        walker_ = StatementWalker(walker, self.positions, lambda n, w: self._nested(n, w, where))
        ir = [walker_.stmt(s, False) for s in statements]
        lists.settle(facts)
        for name, call in facts.frame_calls:
            if name == 'stack':
                raise Unsupported('inspects the call stack, where converted code runs in '
                                  'generated closures')
            if name in _FRAME_READERS and name not in facts.locals() and _reads_frame(name, call):
                raise Unsupported(f'calls {name}(), which reads the local variables')
        namer = Namer(facts.referenced | {'ag__'})
        scope.name = namer.new('fscope')
        fc = FunctionConversion(facts, namer, scope.name, self.positions)
        directives.transform(ir)
        break_statements.transform(ir, fc)
        continue_statements.transform(ir, fc)
        ir = return_statements.transform(ir, fc, self.positions.line(node))
        fc.analyze(ir)
        return fc.lower(ir), docstring, fc

    def _nested(self, node, outer, where):
        """Convert a def or class nested in a function; the outer walker records what it reads."""
        act = outer.act
        for decorator in node.decorators:
            outer.walk(decorator.decorator)
        if isinstance(node, cst.ClassDef):
            for arg in node.bases + node.keywords:
                outer.walk(arg.value)
            names = _all_names(node)
            outer.facts.captured |= names
            outer.facts.referenced |= names
            act.uses |= names
            inner = (node.name.value, where[1] + node.name.value + '.')
            body = [self._class_member(s, inner, outer) for s in _body(node)]
            return _with_body(node, body)
        for param in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
            if param.default is not None:
                outer.walk(param.default)
        new, free, referenced = self.function(node, where)
        outer.facts.captured |= free
        outer.facts.referenced |= referenced
        act.uses |= free
        return new

    def _class_member(self, node, where, outer):
        if isinstance(node, cst.FunctionDef):
            new, free, referenced = self.function(node, where)
            outer.facts.referenced |= referenced
            return emit.Verbatim(new, self.positions.start(node))
        return self.statement(node, where)

    def _unconverted(self, node, reason):
        self.warn(node, f'function {node.name.value!r} left unconverted: {reason}')
        names = _all_names(node)
        return _with_comment(node, f'# agconvert: left unconverted: {reason}'), names, names


def convert_module(source, path='<string>', *, original_path=None, first_line=1):
    """Convert one module's source text; raises ConversionError when it cannot.

    `original_path` is the path the source map records (default: `path`);
    `first_line` is the line of the original file the source starts at, for
    code cut out of a larger file (a function converted at run time).
    """
    collecting = gc.isenabled()
    gc.disable()  # the analyses build cyclic graphs; collecting them mid-way costs a tenth
    try:
        return _convert_module(source, path, original_path, first_line)
    finally:
        if collecting:
            gc.enable()


def _convert_module(source, path, original_path, first_line):
    if _CONVERTED_RE.search(source):
        line = len(source[:_CONVERTED_RE.search(source).start()].splitlines()) + 1
        raise ConversionError(Diagnostic(path, line, 1, 'error',
                                         'already converted by agconvert (it imports ag__)'))
    module = _parse(source, path)
    conversion = ModuleConversion(source, path, module)
    body = [conversion.statement(s) for s in module.body]
    at = _import_position(module.body)
    marker = cst.EmptyLine(comment=cst.Comment(
        '# Converted by agconvert: edit the original module, not this file.'))
    body[at:at] = [emit.Line((IMPORT,), None, leading=(marker,)), emit.Line((BIND,), None)]
    if at + 2 < len(body) and not _starts_with_blank(module.body[at] if at < len(module.body)
                                                     else None):
        body.insert(at + 2, emit.Line(('',), None))
    code, marks = emit.render(emit.replace(module, body=body))
    newline = module.default_newline
    shift = first_line - 1
    if shift:
        marks = [(c, o + shift, v) for c, o, v in marks]
        conversion.diagnostics = [dataclasses.replace(d, line=d.line + shift)
                                  for d in conversion.diagnostics]
    map_line = sourcemap.statement(original_path or path, marks)
    if not code.endswith(('\n', '\r')):
        code += newline
    return ConversionResult(code + map_line + newline, conversion.diagnostics)


_PARSING = threading.Lock()


def _parse_without_validation(source):
    """libcst's parse, minus the validation every node runs when it is built.

    The parser only builds valid nodes, and validating them costs about a
    seventh of the whole conversion. The switch is process-wide, so it is held
    under a lock for the parse only.
    """
    with _PARSING:
        validate = CSTNode.__post_init__
        CSTNode.__post_init__ = _no_validation
        try:
            return cst.parse_module(source)
        finally:
            CSTNode.__post_init__ = validate


def _no_validation(node):
    pass


def _parse(source, path):
    try:
        return _parse_without_validation(source)
    except Exception as e:
        parse_error = e
    # CPython's own parser names the exact place and words the message better
    try:
        compile(source, path, 'exec', dont_inherit=True)
    except SyntaxError as e:
        message = e.msg[0].lower() + e.msg[1:] if e.msg else 'invalid syntax'
        raise ConversionError(Diagnostic(path, e.lineno or 1, e.offset or 1, 'error',
                                         f'syntax error: {message}')) from None
    except (ValueError, OverflowError) as e:  # e.g. a NUL byte in the source
        raise ConversionError(Diagnostic(path, 1, 1, 'error', f'syntax error: {e}')) from None
    line = getattr(parse_error, 'raw_line', 1)
    col = getattr(parse_error, 'raw_column', 0) + 1
    message = getattr(parse_error, 'message', str(parse_error))
    raise ConversionError(Diagnostic(path, line, col, 'error', f'cannot parse: {message}'))


def _starts_with_blank(stmt):
    lines = getattr(stmt, 'leading_lines', ())
    return bool(lines) and lines[0].comment is None


def _import_position(body):
    """After the module docstring and the `from __future__` imports."""
    at = 0
    if body and functions.is_docstring(body[0]):
        at = 1
    while at < len(body) and isinstance(body[at], cst.SimpleStatementLine) and all(
            isinstance(s, cst.ImportFrom) and s.module is not None and
            emit.code_of(s.module) == '__future__' for s in body[at].body):
        at += 1
    return at


def _with_comment(node, text):
    """The def with a comment at the end of its `def` line (no line is added, so the source
    map stays exact), or on a line of its own above it if that line has a comment already."""
    body = node.body
    header = body.header if isinstance(body, cst.IndentedBlock) else body.trailing_whitespace
    if header.comment is not None:
        comment = cst.EmptyLine(comment=cst.Comment(text))
        return emit.replace(node, leading_lines=[*node.leading_lines, comment])
    header = emit.replace(header, whitespace=cst.SimpleWhitespace('  '), comment=cst.Comment(text))
    if isinstance(body, cst.IndentedBlock):
        return emit.replace(node, body=emit.replace(body, header=header))
    return emit.replace(node, body=emit.replace(body, trailing_whitespace=header))


def _body(node):
    body = node.body
    return body.body if isinstance(body, cst.IndentedBlock) else [cst.SimpleStatementLine(body.body)]


def _with_body(node, statements):
    if not isinstance(node.body, cst.IndentedBlock):
        return node
    return emit.replace(node, body=emit.replace(node.body, body=statements))


def _skipped(node):
    """@do_not_convert (from rt, ag__ or TensorFlow) leaves a function exactly as written."""
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            expr = expr.func
        name = expr.attr.value if isinstance(expr, cst.Attribute) else getattr(expr, 'value', '')
        if name == 'do_not_convert':
            return True
    return False


def _reads_frame(name, call):
    """Does this call use the caller's local variables (no explicit namespace given)?"""
    positional = [a for a in call.args if a.keyword is None]
    return len(positional) < (1 if name in ('locals', 'vars', 'dir') else 2) and not any(
        a.keyword is not None and a.keyword.value in ('globals', 'locals') for a in call.args)


def _all_names(node):
    """Every identifier in a subtree (a safe over-approximation for code that is not walked)."""
    names = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, cst.Name):
            names.add(n.value)
            continue
        for child in n.children:
            stack.append(child)
    return names


def _module_names(module):
    """Names the module binds at its top level (to tell a shadowed builtin from the real one)."""
    names = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            names.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    for target in small.targets:
                        names |= _all_names(target.target)
                elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
                    names |= _all_names(small.target)
                elif isinstance(small, (cst.Import, cst.ImportFrom)):
                    names.update(_imported(small))
    return names

