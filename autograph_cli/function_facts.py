"""One function being converted: its facts, names and analyses, and where each statement will run.

A *place* says where code will execute: None for the function's own frame,
or a generated closure, e.g. `('body', id(loop))`. The lowering asks here
which names a closure must declare `nonlocal` (those it assigns that anything
outside it, or a later call of it, can see) and which locals need a bare
declaration because no code left in the function's frame binds them.
"""
from . import output_nodes
from .analysis.cfg import CFG
from .analysis.liveness import Liveness
from .analysis.reaching_definitions import ReachingDefinitions
from .converters import variables
from .converters.control_statements import BLANK, ControlFlow
from .statement_tree import (
    CONVERTED,
    For,
    If,
    Match,
    Opaque,
    StatementLine,
    Try,
    While,
    With,
    sub_blocks,
)


class FunctionConversion:
    def __init__(self, facts, namer, scope_name, positions, def_line):
        self.facts = facts
        self.def_line = def_line  # the original line of the `def`: generated set-up code maps to it
        self.namer = namer
        self.scope_name = scope_name
        self.pos = positions
        self._itr = self._vars = None
        self.nonlocal_names = set()
        self.chosen = set()  # deferred nodes printed in their closure form (converters/variables.py)
        # id(block) -> what it modifies: each `elif` of a chain is a block inside the last one
        self._modified_by_block = {}

    def new_name(self, base):
        name = self.namer.new(base)
        self.facts.assigned.add(name)
        return name

    def itr_name(self):
        self._itr = self._itr or self.namer.new('itr')
        return self._itr

    def vars_name(self):
        self._vars = self._vars or self.namer.new('vars_')
        return self._vars

    # -- analyses ------------------------------------------------------------------------------
    def analyze(self, body):
        """Run the analyses, unless nothing in the function needs them (no closure, no thunk)."""
        facts = self.facts
        params = facts.params
        self._occurs, self._assigned, self._host_bound = {}, {}, set(params)
        self._scan(body, None)
        self.cfg = None
        if not facts.thunk_loads and not _has_converted(body):
            return
        exit_uses = facts.globals | facts.nonlocals | facts.captured
        self.cfg = CFG(body, params, exit_uses)
        self.live = Liveness(self.cfg)
        self.rd = ReachingDefinitions(self.cfg, facts.locals(), params)

    def _note(self, act, place):
        bound = act.defs | act.dels | act.maydefs
        for name in act.uses | bound:
            self._occurs.setdefault(name, set()).add(place)
        if bound:
            self._assigned.setdefault(place, set()).update(bound)
            if place is None:
                self._host_bound.update(act.defs | act.maydefs)

    def _scan(self, block, place):
        for stmt in block:
            if isinstance(stmt, StatementLine):
                for small in stmt.smalls:
                    self._note(small.act, place)
            elif isinstance(stmt, If):
                self._note(stmt.act, place)
                self._scan(stmt.body, ('body', id(stmt)))
                if stmt.orelse is not None:
                    self._scan(stmt.orelse, ('else', id(stmt)))
            elif isinstance(stmt, (While, For)):
                self._scan_loop(stmt, place)
            else:
                for act in _header_acts(stmt):
                    self._note(act, place)
                for sub in sub_blocks(stmt):
                    self._scan(sub, place)

    def _scan_loop(self, stmt, place):
        body = ('body', id(stmt))
        if isinstance(stmt, While):
            self._note(stmt.act, ('test', id(stmt)))
        else:
            self._note(stmt.act, place)
            self._note(stmt.target_act, body)
        for _, _, act in stmt.opts:
            self._note(act, place)
        for flag in stmt.extra_test or ():
            self._occurs.setdefault(flag, set()).add(('extra', id(stmt)))
        self._scan(stmt.body, body)
        if stmt.orelse is not None:
            self._scan(stmt.orelse, place)

    def node_of(self, key):
        if self.cfg is None:
            return None
        return self.cfg.of.get(key if key.__class__ is tuple else id(key))

    def maybe_unbound(self, node, names):
        if node is None:
            return []
        return self.rd.maybe_unbound(node, names)

    def assigned_in(self, place):
        return self._assigned.get(place, set())

    def state(self, stmt, blocks, extra_act=None):
        """Names (and attributes) the statement modifies that are live after it or next time round."""
        modified, composites = set(), set()
        for block in blocks:
            names, attributes = _modified(block, self._modified_by_block)
            modified |= names
            composites |= attributes
        if extra_act is not None:
            modified |= extra_act.defs | extra_act.dels
            composites |= extra_act.composites
        facts = self.facts
        candidates = modified & (facts.locals() | facts.globals | facts.nonlocals)
        live = self.live.live_names(self.cfg.join_of(stmt), candidates)
        if isinstance(stmt, (While, For)):
            live |= self.live.live_names(self.node_of(stmt), candidates)
        names = sorted(live)
        names += sorted(c for c in composites if c.split('.')[0] not in modified)
        return names

    # -- declarations ----------------------------------------------------------------------
    def declarations(self, names, place, origin):
        """`global`/`nonlocal` lines for a closure that assigns `names`."""
        facts = self.facts
        globals_ = sorted(n for n in names if n in facts.globals)
        nonlocals = sorted(n for n in names if n not in facts.globals and (
            n in facts.nonlocals or self._escapes(n, place)))
        lines = []
        if globals_:
            lines.append(output_nodes.Line(('global ', ', '.join(globals_)), origin))
        if nonlocals:
            lines.append(output_nodes.Line(('nonlocal ', ', '.join(nonlocals)), origin))
            self.nonlocal_names.update(n for n in nonlocals if n not in facts.nonlocals)
        return lines

    def _escapes(self, name, place):
        """Must a name a closure assigns live in the function's frame, not the closure's?"""
        if place is None or name in self.facts.captured or name in self.facts.params:
            return True
        if self._occurs.get(name) != {place}:
            return True
        entry = self._entry_node(place)
        return entry is not None and self.live.is_live(entry, name)

    def _entry_node(self, place):
        kind, key = place
        stmt = self._stmt_by_id[key]
        if kind == 'test' or (kind == 'body' and isinstance(stmt, For)):
            return self.node_of(stmt)
        if kind == 'extra':
            return None
        block = stmt.body if kind == 'body' else stmt.orelse
        return _first_node(self, block)

    def local_declarations(self):
        """Locals that some closure declares nonlocal but no code in the function's frame binds."""
        return sorted(self.nonlocal_names - self._host_bound - self.facts.params)

    # -- lowering ------------------------------------------------------------------------------
    def lower(self, body):
        self._stmt_by_id = {}
        _index(body, self._stmt_by_id)
        self.flow = ControlFlow(self)
        try:
            return self.lower_block(body, None, None)
        finally:
            # the flow refers back to this conversion: without the cycle, both (and the
            # statement tree they reach) are freed at once instead of by the cycle collector
            del self.flow

    def lower_block(self, block, place, hoist):
        if hoist is None:
            # closures defined in a block of the function's own frame are there for what follows
            # in that block, not for what follows the block (a `try` body may stop half-way)
            visible = dict(self.flow.visible_state)
            try:
                return self._lower_block(block, place, hoist)
            finally:
                self.flow.visible_state = visible
        return self._lower_block(block, place, hoist)

    def _lower_block(self, block, place, hoist):
        out = []
        for stmt in block:
            if isinstance(stmt, CONVERTED):
                local = [] if hoist is None else hoist
                start = len(local)
                calls = self.flow.lower(stmt, place, local)
                emitted = local[start:] + calls if hoist is None else calls
                _attach_leading(emitted, stmt)
                out.extend(emitted)
            elif isinstance(stmt, StatementLine):
                out.extend(self._line(stmt, place))
            elif isinstance(stmt, Opaque):
                variables.check_loads(self, stmt.act, self.node_of(stmt), place is not None)
                node = stmt.node if place is None else self._renamed(stmt.node, stmt.line)
                out.append(output_nodes.Verbatim(node, stmt.origin))
            else:
                out.append(self._python(stmt, place, hoist))
        return out

    def _line(self, line, place):
        out = []
        kept = []
        for small in line.smalls:
            node = self.node_of(small)
            variables.check_loads(self, small.act, node, place is not None)
            if place is not None:
                out += variables.check_lines(self, small.act, node, line.origin)
            new = _in_closure(small) if place is not None else _at_host(small)
            if new is not None:
                kept.append(new)
        if line.generated:
            return out + [line.node]
        if not kept:
            return out
        node = line.node if len(kept) == len(line.smalls) and all(
            a is b.node for a, b in zip(kept, line.smalls)) else output_nodes.replace(line.node, body=kept)
        original = '' if line.origin is None else self.pos.text(line.origin + len(node.leading_lines))
        return out + [output_nodes.Statement(node, line.origin, original)]

    def _renamed(self, node, line):
        """A def or class inside a closure keeps the qualified name it has in the original."""
        name = f'{self.facts.qualname}.<locals>.{node.name.value}'
        decorator = output_nodes.DecoratorLine((f'ag__.qualname({name!r})',), line)
        return output_nodes.replace(node, decorators=[*node.decorators, decorator])

    def _python(self, stmt, place, hoist):
        """try/with/match stay Python statements, with their bodies lowered."""
        from .kept_statements import rebuild
        return rebuild(self, stmt, place, hoist)

    def origin_of(self, stmt):
        return stmt.header.origin


def _at_host(small):
    """`global`/`nonlocal` move above the FunctionScope; the rest stays."""
    return None if small.kind == 'declaration' else small.node


def _in_closure(small):
    """A simple statement as it must read inside a closure (declarations are made elsewhere)."""
    import libcst as cst
    if small.kind in ('declaration', 'annotation'):
        return None
    if small.kind == 'annotated' and small.node.target.__class__ is cst.Name:
        return cst.Assign(targets=[cst.AssignTarget(target=small.node.target)],
                          value=small.node.value)
    return small.node


def _attach_leading(emitted, stmt):
    """The comments and blank lines above a converted statement go above what replaces it."""
    leading = tuple(stmt.header.leading)
    if leading and emitted:
        ours = tuple(emitted[0].leading)
        if ours[:1] == BLANK:  # keep one empty line above, then the statement's own lines
            spaced = leading[0].comment is not None
            emitted[0].leading = (BLANK if spaced else ()) + leading + ours[1:]
        else:
            emitted[0].leading = leading + ours


def _header_acts(stmt):
    if isinstance(stmt, Try):
        return [act for _, act, _ in stmt.handlers]
    if isinstance(stmt, Match):
        return [stmt.act] + [act for _, act, _ in stmt.cases]
    if isinstance(stmt, (With, Opaque)):
        return [stmt.act]
    return []


def _modified(block, memo):
    """(names, attribute targets) the statements of a block modify, memoised by block."""
    found = memo.get(id(block))
    if found is not None:
        return found
    names, composites = set(), set()
    for stmt in block:
        if isinstance(stmt, StatementLine):
            acts = [s.act for s in stmt.smalls]
        elif isinstance(stmt, (If, While)):
            acts = [stmt.act]
        elif isinstance(stmt, For):
            acts = [stmt.act, stmt.target_act]
        else:
            acts = _header_acts(stmt)
        for act in acts:
            names |= act.defs | act.dels | act.maydefs
            composites |= act.composites
        for sub in sub_blocks(stmt):
            inner_names, inner_composites = _modified(sub, memo)
            names |= inner_names
            composites |= inner_composites
    memo[id(block)] = names, composites
    return names, composites


def _has_converted(block):
    return any(isinstance(s, CONVERTED) or _has_converted_inside(s) for s in block)


def _has_converted_inside(stmt):
    return any(_has_converted(b) for b in sub_blocks(stmt))


def _index(block, by_id):
    for stmt in block:
        by_id[id(stmt)] = stmt
        for sub in sub_blocks(stmt):
            _index(sub, by_id)


def _first_node(fn, block):
    if not block:
        return None
    stmt = block[0]
    if isinstance(stmt, StatementLine):
        return fn.node_of(stmt.smalls[0])
    if isinstance(stmt, For):
        return fn.node_of(('iter', id(stmt)))
    if isinstance(stmt, Try):
        return _first_node(fn, stmt.body)
    return fn.node_of(stmt)
