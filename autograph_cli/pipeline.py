"""`convert_module(source) -> ConversionResult`: every function of a module, through the converters.

Per function: one walk over its expressions runs the EXPRESSION_CONVERTERS
(their `HANDLERS`, merged) and records what each statement reads and writes
into a small statement tree (`statement_tree.py`); the STATEMENT_CONVERTERS then run on
that tree in the order below; the analyses (cfg, liveness, reaching
definitions) run on the tree they leave; `control_statements` (with `variables`)
lowers it; `functions` wraps the body last. A `Pipeline` with fewer converters
runs just those (each converter can be run alone in a test).

A function that cannot be converted faithfully is copied as written, with a
comment and a warning.
"""
import dataclasses
from dataclasses import dataclass, field
from functools import cached_property

import libcst as cst

from runtime.ag_operators.builtin_names import LOCALS_READERS
from runtime.errors import ConversionError

from . import module_syntax, output_nodes, scopes, sourcemap
from .converters import (
    asserts,
    break_statements,
    call_trees,
    conditional_expressions,
    continue_statements,
    directives,
    functions,
    lists,
    logical_expressions,
    return_statements,
)
from .diagnostics import Diagnostic
from .expressions import ExpressionWalker, Facts, Unsupported
from .function_facts import FunctionConversion
from .namer import Namer
from .source_positions import Positions, statement_positions
from .statement_tree_builder import StatementWalker

IMPORT = 'from runtime import ag as ag__'
BIND = 'ag__ = ag__.bind(globals())'  # the module's own converted_call: see runtime/ag.py

# Run together by the one walk over the expressions; no order among them (each owns its node types).
EXPRESSION_CONVERTERS = (call_trees, logical_expressions, conditional_expressions, asserts, lists)

# `transform(body, fn) -> body` on the statement tree, in this order.
STATEMENT_CONVERTERS = (
    directives,           # why: before the jump converters, which would guard a directive line
    break_statements,     # why: break and continue flags are per loop, and are in place before
    continue_statements,  # return runs: its flag must also stop the loops they put guards in
    return_statements,
)
# why: then the analyses and control_statements, which need the flags in place (the cfg, liveness
# and reaching definitions are of the tree the jump converters left); functions last, when
# the body is final (it wraps it in the FunctionScope).


@dataclass(frozen=True)
class Pipeline:
    """Which converters run: all of them by default; a test may run one alone."""

    expressions: tuple = EXPRESSION_CONVERTERS
    statements: tuple = STATEMENT_CONVERTERS

    @cached_property
    def handlers(self):
        """node type -> handler: the walk's own (names and scopes), then the converters'."""
        table = dict(scopes.HANDLERS)
        for converter in self.expressions:
            table.update(converter.HANDLERS)
        return table


PIPELINE = Pipeline()


@dataclass
class ConversionResult:
    code: str
    diagnostics: list = field(default_factory=list)
    marks: list = field(default_factory=list)  # (converted line, original line, verbatim): see emit


class ScopeName:
    """The name of the function's FunctionScope, printed once the namer has chosen it."""

    __slots__ = ('name',)

    def __init__(self):
        self.name = 'fscope'

    def _codegen(self, state, **kwargs):
        state.add_token(self.name)


class ModuleConversion:
    def __init__(self, source, path, module, leave=None, pipeline=PIPELINE, statements=None):
        self.path = path
        self.pipeline = pipeline
        self.chosen = set()  # deferred nodes printed in their closure form, of every function
        self.positions = Positions(source, module, statements)
        self.module_names = module_syntax.module_names(module)
        self.diagnostics = []
        self.leave = leave or {}  # line of a def -> why that function is left as written

    def warn(self, node, message):
        line, col = self.positions.line_col(node)
        self.diagnostics.append(Diagnostic(self.path, line, col, 'warning', message))

    # -- module and class level: find the functions ----------------------------------------
    # `where` is (enclosing class name or None, qualified-name prefix of the scope).
    def statement(self, node, where=(None, '')):
        if isinstance(node, cst.FunctionDef):
            return output_nodes.Verbatim(self.function(node, where)[0], self.positions.start(node))
        if isinstance(node, cst.ClassDef):
            inner = (node.name.value, where[1] + node.name.value + '.')
            body = [self.statement(s, inner) for s in module_syntax.body(node)]
            return output_nodes.Verbatim(module_syntax.with_body(node, body), self.positions.start(node))
        if isinstance(node, (cst.If, cst.For, cst.While, cst.Try, cst.TryStar, cst.With)):
            return output_nodes.Verbatim(self._compound(node, where), self.positions.start(node))
        return output_nodes.Verbatim(node, self.positions.start(node))

    def _compound(self, node, where):
        changes = {}
        if isinstance(node.body, cst.IndentedBlock):
            changes['body'] = module_syntax.with_body(node, [self.statement(s, where) for s in module_syntax.body(node)]).body
        for name in ('orelse', 'finalbody'):
            clause = getattr(node, name, None)
            if isinstance(clause, cst.If):
                changes[name] = self._compound(clause, where)
            elif clause is not None and isinstance(clause.body, cst.IndentedBlock):
                changes[name] = module_syntax.with_body(clause, [self.statement(s, where)
                                                    for s in clause.body.body])
        if isinstance(node, (cst.Try, cst.TryStar)):
            changes['handlers'] = [module_syntax.with_body(h, [self.statement(s, where) for s in module_syntax.body(h)])
                                   if isinstance(h.body, cst.IndentedBlock) else h
                                   for h in node.handlers]
        return output_nodes.replace(node, **changes)

    # -- one function ----------------------------------------------------------------------
    def function(self, node, where):
        """(converted node, names it shares with enclosing scopes, names it mentions)."""
        if module_syntax.skipped(node):
            return node, module_syntax.all_names(node), module_syntax.all_names(node)
        if self.leave and self.positions.line(node) in self.leave:
            return self._unconverted(node, self.leave[self.positions.line(node)])
        params = scopes.param_names(node.params)
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
        self.chosen |= fc.chosen
        declared = sorted(facts.globals), sorted(facts.nonlocals)
        decls = [output_nodes.Line((kw, ', '.join(names)), None)
                 for kw, names in zip(('global ', 'nonlocal '), declared) if names]
        doc_line = self.positions.start(docstring) if docstring is not None else None
        new = functions.wrap(node, docstring, decls, fc.local_declarations(), body, scope.name,
                             self.positions.line(node), doc_line)
        free = (facts.referenced - facts.locals()) | facts.nonlocals
        return new, free, facts.referenced

    def _convert_body(self, node, facts, scope):
        statements = list(module_syntax.body(node))
        docstring = statements.pop(0) if statements and functions.is_docstring(statements[0]) else None
        walker = ExpressionWalker(facts, scope, self.pipeline.handlers)
        where = (facts.class_name, facts.qualname + '.<locals>.')
        walker_ = StatementWalker(walker, self.positions, lambda n, w: self._nested(n, w, where))
        ir = [walker_.stmt(s, False) for s in statements]
        local_appends = lists.settle(facts)
        for name, call in facts.frame_calls:
            if name == 'stack':
                raise Unsupported('inspects the call stack, where converted code runs in '
                                  'generated closures')
            if name in LOCALS_READERS and name not in facts.locals() and module_syntax.reads_frame(name, call):
                raise Unsupported(f'calls {name}(), which reads the local variables')
        namer = Namer(facts.referenced | {'ag__'})
        scope.name = namer.new('fscope')
        fc = FunctionConversion(facts, namer, scope.name, self.positions, self.positions.line(node))
        fc.chosen |= local_appends
        for converter in self.pipeline.statements:
            ir = converter.transform(ir, fc)
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
            names = module_syntax.all_names(node)
            outer.facts.captured |= names
            outer.facts.referenced |= names
            act.uses |= names
            inner = (node.name.value, where[1] + node.name.value + '.')
            body = [self._class_member(s, inner, outer) for s in module_syntax.body(node)]
            return module_syntax.with_body(node, body)
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
            return output_nodes.Verbatim(new, self.positions.start(node))
        return self.statement(node, where)

    def _unconverted(self, node, reason):
        self.warn(node, f'function {node.name.value!r} left unconverted: {reason}')
        names = module_syntax.all_names(node)
        return module_syntax.with_comment(node, f'# agconvert: left unconverted: {reason}'), names, names


def convert_module(source, path='<string>', *, original_path=None, first_line=1, leave=None,
                   pipeline=PIPELINE, statements=None):
    """Convert one module's source text; raises ConversionError when it cannot.

    `original_path` is the path the source map records (default: `path`);
    `first_line` is the line of the original file the source starts at, for
    code cut out of a larger file (a function converted at run time);
    `leave` maps the line of a `def` to why that function is left as written;
    `pipeline` says which converters run (all of them by default);
    `statements` is `source_positions.statement_positions(source)`, when the caller has read it already.
    """
    if statements is None:  # read first: the `ast` tree is freed before libcst's tree is built
        statements = statement_positions(source)
    module = module_syntax.parse(source, path)
    conversion = ModuleConversion(source, path, module, leave, pipeline, statements)
    header = module_syntax.runtime_import(module.body)
    if header is not None:
        raise ConversionError(Diagnostic(path, conversion.positions.line(header) + first_line - 1, 1,
                                         'error', 'already converted by agconvert (it imports ag__)'))
    body = [conversion.statement(s) for s in module.body]
    at = module_syntax.import_position(module.body)
    marker = cst.EmptyLine(comment=cst.Comment(
        '# Converted by agconvert: edit the original module, not this file.'))
    body[at:at] = [output_nodes.Line((IMPORT,), None, leading=(marker,)), output_nodes.Line((BIND,), None)]
    if at + 2 < len(body) and not module_syntax.starts_with_blank(module.body[at] if at < len(module.body)
                                                     else None):
        body.insert(at + 2, output_nodes.Line(('',), None))
    code, marks = output_nodes.render(output_nodes.replace(module, body=body), conversion.chosen)
    newline = module.default_newline
    shift = first_line - 1
    if shift:
        marks = [(c, o + shift, v) for c, o, v in marks]
        conversion.diagnostics = [dataclasses.replace(d, line=d.line + shift)
                                  for d in conversion.diagnostics]
    map_line = sourcemap.statement(original_path or path, marks, source)
    if not code.endswith(('\n', '\r')):
        code += newline
    return ConversionResult(code + map_line + newline, conversion.diagnostics, marks)
