"""Builds the statement tree (`statement_tree`) of one function body, converting its expressions on the way.

`in_closure` tells whether a statement will run inside a generated closure:
the bodies of `if`, `while` and `for` and the tests of loops do; `try`,
`with` and `match` bodies run where their statement runs.
"""
import libcst as cst

from . import output_nodes, statement_tree
from .converters import directives
from .expressions import Unsupported
from .statement_tree import Activity, Header, Small, StatementLine


class StatementWalker:
    def __init__(self, walker, positions, convert_nested):
        self.w = walker
        self.pos = positions
        self.convert_nested = convert_nested  # (def or class node, walker) -> converted node

    def block(self, suite, in_closure):
        """IR of an IndentedBlock or SimpleStatementSuite body."""
        if isinstance(suite, cst.SimpleStatementSuite):
            line = cst.SimpleStatementLine(body=suite.body,
                                           trailing_whitespace=suite.trailing_whitespace)
            self.pos.alias(line, suite)
            return [self.line(line, in_closure)]
        return [self.stmt(s, in_closure) for s in suite.body]

    def stmt(self, node, in_closure):
        if node.__class__ is cst.SimpleStatementLine:
            return self.line(node, in_closure)
        method = getattr(self, '_' + node.__class__.__name__, None)
        if method is None:
            raise Unsupported(f'{node.__class__.__name__} statement', node)
        return method(node, in_closure)

    def start(self, act, in_closure):
        w = self.w
        w.act = act
        w.in_closure = in_closure
        return act

    # -- simple statements -------------------------------------------------------------------
    def line(self, node, in_closure):
        smalls = []
        for small in node.body:
            act = self.start(Activity(), in_closure)
            kind, new, value = self.small(small)
            smalls.append(Small(new, kind, act, value))
        new_node = output_nodes.replace(node, body=[s.node for s in smalls])
        return StatementLine(new_node, smalls, self.pos.start(node))

    def small(self, node):
        w = self.w
        cls = node.__class__
        if cls is cst.Expr:
            if directives.is_directive(node.value):
                call = directives.walk_directive(w, node.value)
                return 'directive', output_nodes.replace(node, value=call), call
            converted = self._statement_handler(node)
            if converted is not None:
                return 'plain', converted, None
            return 'plain', output_nodes.replace(node, value=w.walk(node.value)), None
        if cls is cst.Assign:
            value = w.walk(node.value)
            targets = [output_nodes.replace(t, target=w.store(t.target)) for t in node.targets]
            return 'plain', output_nodes.replace(node, targets=targets, value=value), None
        if cls is cst.AugAssign:
            return 'plain', self._aug(node), None
        if cls is cst.AnnAssign:
            return self._ann(node)
        if cls is cst.Return:
            value = None if node.value is None else w.walk(node.value)
            return 'return', output_nodes.replace(node, value=value), value
        if cls is cst.Assert:
            converted = self._statement_handler(node)
            if converted is None:
                msg = None if node.msg is None else w.walk(node.msg)
                converted = output_nodes.replace(node, test=w.walk(node.test, True), msg=msg)
            return 'plain', converted, None
        if cls is cst.Raise:
            exc = None if node.exc is None else w.walk(node.exc)
            cause = None if node.cause is None else output_nodes.replace(node.cause, item=w.walk(node.cause.item))
            return 'plain', output_nodes.replace(node, exc=exc, cause=cause), None
        if cls is cst.Del:
            return 'plain', output_nodes.replace(node, target=self._del(node.target)), None
        if cls is cst.Global or cls is cst.Nonlocal:
            names = {n.name.value for n in node.names}
            (w.facts.globals if cls is cst.Global else w.facts.nonlocals).update(names)
            w.facts.referenced.update(names)
            return 'declaration', node, None
        if cls is cst.Import or cls is cst.ImportFrom:
            for name in imported_names(node):
                w.bind(name)
            return 'plain', node, None
        kinds = {cst.Pass: 'pass', cst.Break: 'break', cst.Continue: 'continue'}
        if cls in kinds:
            return kinds[cls], node, None
        raise Unsupported(f'{cls.__name__} statement', node)

    def _statement_handler(self, node):
        """What a converter makes of a whole simple statement (`lists`, `asserts`), or None."""
        handler = self.w.handlers.get(node.__class__)
        return None if handler is None else handler(self.w, node, False)

    def _aug(self, node):
        w = self.w
        target = node.target
        if target.__class__ is cst.Name:
            name = target.value
            w.facts.referenced.add(name)
            if not w.is_inner(name):
                w.act.uses.add(name)
                w.act.augs = w.act.augs | {name}  # read before it is written: checked as a statement
            w.bind(name)
            new_target = target
        else:
            new_target = w.store(target)
        return output_nodes.replace(node, target=new_target, value=w.walk(node.value))

    def _ann(self, node):
        w = self.w
        if node.value is None:
            if node.target.__class__ is cst.Name and node.target.lpar:
                return 'plain', node, None  # `(x): T` in a function does nothing, not even declare x
            if node.target.__class__ is cst.Name:
                w.facts.assigned.add(node.target.value)  # `x: T` makes x local without binding it
                w.facts.referenced.add(node.target.value)
                return 'annotation', node, None
            return 'plain', output_nodes.replace(node, target=w.store(node.target)), None
        value = w.walk(node.value)
        return 'annotated', output_nodes.replace(node, target=w.store(node.target), value=value), None

    def _del(self, target):
        w = self.w
        cls = target.__class__
        if cls is cst.Name:
            w.facts.referenced.add(target.value)
            if not w.is_inner(target.value):
                w.act.uses.add(target.value)
                w.act.dels = w.act.dels | {target.value}
                w.act.augs = w.act.augs | {target.value}
                w.facts.assigned.add(target.value)
            return target
        if cls is cst.Tuple or cls is cst.List:
            return output_nodes.replace(target, elements=[output_nodes.replace(e, value=self._del(e.value))
                                                  for e in target.elements])
        return w.walk(target)

    # -- compound statements -------------------------------------------------------------
    def header(self, node, body):
        comment = output_nodes.comment_of(body.header) if isinstance(body, cst.IndentedBlock) else None
        footer = body.footer if isinstance(body, cst.IndentedBlock) else ()
        return Header(self.pos.line(node), node.leading_lines, comment, footer)

    def _If(self, node, in_closure):
        act = self.start(Activity(), in_closure)
        test = self.w.walk(node.test, True)
        body = self.block(node.body, True)
        orelse, else_header = None, None
        if isinstance(node.orelse, cst.If):
            orelse = [self._If(node.orelse, True)]
            else_header = Header(self.pos.line(node.orelse))
        elif node.orelse is not None:
            orelse = self.block(node.orelse.body, True)
            else_header = self.header(node.orelse, node.orelse.body)
        return statement_tree.If(test, act, body, orelse, self.header(node, node.body), else_header)

    def _While(self, node, in_closure):
        act = self.start(Activity(), True)
        test = self.w.walk(node.test, True)
        if node.test.__class__ is cst.NamedExpr and not node.test.lpar:
            test = output_nodes.Expr(('(', test, ')'))  # it becomes `return test` in loop_test
        body = self.block(node.body, True)
        orelse, else_header = self._else(node)
        return statement_tree.While(test, act, body, orelse, self.header(node, node.body), else_header)

    def _For(self, node, in_closure):
        if node.asynchronous is not None:
            raise Unsupported('asynchronous for loop', node)
        act = self.start(Activity(), in_closure)
        iter_ = self.w.walk(node.iter)
        if node.iter.__class__ is cst.Tuple and not node.iter.lpar:
            iter_ = output_nodes.Expr(('(', iter_, ')'))  # `for x in a, b:` becomes a call argument
        target_act = self.start(Activity(), True)
        target = self.w.store(node.target)
        body = self.block(node.body, True)
        orelse, else_header = self._else(node)
        return statement_tree.For(target, iter_, act, target_act, body, orelse,
                         self.header(node, node.body), else_header)

    def _else(self, node):
        if node.orelse is None:
            return None, None
        return self.block(node.orelse.body, True), self.header(node.orelse, node.orelse.body)

    def _Try(self, node, in_closure):
        body = self.block(node.body, in_closure)
        handlers = []
        for handler in node.handlers:
            act = self.start(Activity(), in_closure)
            new = handler
            if handler.type is not None:
                new = output_nodes.replace(handler, type=self.w.walk(handler.type))
            if handler.name is not None:
                self.w.bind(handler.name.name.value)
            handlers.append((new, act, self.block(handler.body, in_closure)))
        orelse = None if node.orelse is None else self.block(node.orelse.body, in_closure)
        final = None if node.finalbody is None else self.block(node.finalbody.body, in_closure)
        clauses = list(node.handlers) + [c for c in (node.orelse, node.finalbody) if c is not None]
        return statement_tree.Try(node, body, handlers, orelse, final, self.pos.start(node),
                         [self.pos.start(c) for c in clauses])

    _TryStar = _Try

    def _With(self, node, in_closure):
        if node.asynchronous is not None:
            raise Unsupported('asynchronous with statement', node)
        act = self.start(Activity(), in_closure)
        items = []
        for item in node.items:
            new = output_nodes.replace(item, item=self.w.walk(item.item))
            if item.asname is not None:
                new = output_nodes.replace(new, asname=output_nodes.replace(
                    item.asname, name=self.w.store(item.asname.name)))
            items.append(new)
        origin = self.pos.start(node)
        node = output_nodes.replace(node, items=items)
        return statement_tree.With(node, act, self.block(node.body, in_closure), origin)

    def _Match(self, node, in_closure):
        act = self.start(Activity(), in_closure)
        subject = self.w.walk(node.subject)
        cases = []
        for case in node.cases:
            case_act = self.start(Activity(), in_closure)
            _pattern_names(case.pattern, self.w)
            new = case
            if case.guard is not None:
                new = output_nodes.replace(case, guard=self.w.walk(case.guard, True))
            cases.append((new, case_act, self.block(case.body, in_closure)))
        return statement_tree.Match(output_nodes.replace(node, subject=subject), act, cases, self.pos.start(node),
                           [self.pos.start(c) for c in node.cases])  # original nodes: positions

    def _FunctionDef(self, node, in_closure):
        act = self.start(Activity(), in_closure)
        new = self.convert_nested(node, self.w)
        self.w.act = act
        self.w.bind(node.name.value)
        return statement_tree.Opaque(new, act, self.pos.start(node), self.pos.line(node))

    _ClassDef = _FunctionDef


def imported_names(node):
    if node.__class__ is cst.ImportFrom and isinstance(node.names, cst.ImportStar):
        return []
    names = []
    for alias in node.names:
        if alias.asname is not None:
            names.append(alias.asname.name.value)
        elif node.__class__ is cst.Import:
            names.append(output_nodes.code_of(alias.name).split('.')[0])
        else:
            names.append(alias.name.value)
    return names


def _pattern_names(pattern, w):
    """Bind the capture names of a match pattern and read the names its value patterns use."""
    stack = [pattern]
    while stack:
        p = stack.pop()
        cls = p.__class__
        if cls is cst.MatchAs or cls is cst.MatchStar:
            if p.name is not None:
                w.bind(p.name.value)
            if cls is cst.MatchAs and p.pattern is not None:
                stack.append(p.pattern)
        elif cls is cst.MatchValue:
            w.walk(p.value)
        elif cls is cst.MatchClass:
            w.walk(p.cls)
            stack.extend(a.value for a in p.patterns)
            stack.extend(k.pattern for k in p.kwds)
        elif cls is cst.MatchSequence or cls is cst.MatchList or cls is cst.MatchTuple:
            stack.extend(e.value if e.__class__ is cst.MatchSequenceElement else e for e in p.patterns)
        elif cls is cst.MatchMapping:
            for element in p.elements:
                w.walk(element.key)
                stack.append(element.pattern)
            if p.rest is not None:
                w.bind(p.rest.value)
        elif cls is cst.MatchOr:
            stack.extend(e.pattern for e in p.patterns)
