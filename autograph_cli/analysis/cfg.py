"""The control-flow graph of one function, over the statement tree.

Nodes are simple statements and the headers of compound statements (an `if`
test, a loop head, a `with` item list, an `except` clause, a `match` case),
each with its Activity; every compound statement is followed by a join node,
so "live after the statement" is simply "live into its join". Exceptions are
approximated safely: every node of a `try` body may go to each handler and to
`finally`, and a `with` body may end early at any node (a context manager can
suppress an exception).

Edges are node indices, not nodes: a graph with loops held by references would
be cyclic garbage, left for the cycle collector with everything it reaches.
"""
from .. import statement_tree
from ..statement_tree import Activity


class Node:
    """`succ` and `pred` are indices into `CFG.nodes`."""

    __slots__ = ('act', 'succ', 'pred', 'index')

    def __init__(self, act, index):
        self.act = act
        self.succ = []
        self.pred = []
        self.index = index


class CFG:
    def __init__(self, body, params, exit_uses):
        self.nodes = []
        self.of = {}          # id(IR element) -> its node (simple statements, headers, joins)
        self._raising = [[]]  # per enclosing try: the nodes that may raise into its handlers
        self._finally = []    # enclosing finally entries, where real returns go first
        self.entry = self._node(Activity(defs=params))
        self.exit = self._node(Activity(uses=exit_uses))
        ends = self._block(body, [self.entry])
        self._link(ends, self.exit)

    def _node(self, act, key=None):
        node = Node(act, len(self.nodes))
        self.nodes.append(node)
        if key is not None:
            self.of[key] = node
        self._raising[-1].append(node)
        return node

    @staticmethod
    def _link(preds, node):
        for p in preds:
            p.succ.append(node.index)
            node.pred.append(p.index)

    def _step(self, preds, act, key):
        node = self._node(act, key)
        self._link(preds, node)
        return [node]

    def join_of(self, stmt):
        return self.of[('join', id(stmt))]

    def _block(self, block, preds):
        for stmt in block:
            preds = self._stmt(stmt, preds)
        return preds

    def _stmt(self, stmt, preds):
        if isinstance(stmt, statement_tree.StatementLine):
            for small in stmt.smalls:
                preds = self._step(preds, small.act, id(small))
                if small.kind == 'return':
                    self._link(preds, self._finally[-1] if self._finally else self.exit)
                    preds = []
            return preds
        method = getattr(self, '_' + stmt.__class__.__name__)
        ends = method(stmt, preds)
        join = self._node(Activity(), ('join', id(stmt)))
        self._link(ends, join)
        return [join]

    def _If(self, stmt, preds):
        test = self._step(preds, stmt.act, id(stmt))
        ends = self._block(stmt.body, test)
        return ends + (self._block(stmt.orelse, test) if stmt.orelse is not None else test)

    def _loop(self, stmt, head, body_preds):
        ends = self._block(stmt.body, body_preds)
        exits = [head]
        if stmt.extra_test:  # the break/return flags are read after each iteration
            ends = self._step(ends, Activity(uses=stmt.extra_test), ('extra', id(stmt)))
            exits = exits + ends
        self._link(ends, head)
        return self._block(stmt.orelse, exits) if stmt.orelse is not None else exits

    def _While(self, stmt, preds):
        head = self._step(preds, stmt.act, id(stmt))[0]
        return self._loop(stmt, head, [head])

    def _For(self, stmt, preds):
        # the head takes the next item or ends the loop; only the body edge binds the target
        iter_node = self._step(preds, stmt.act, ('iter', id(stmt)))
        head = self._step(iter_node, Activity(), ('head', id(stmt)))[0]
        target = self._step([head], stmt.target_act, id(stmt))
        return self._loop(stmt, head, target)

    def _Try(self, stmt, preds):
        final = self._node(Activity(), ('finally', id(stmt))) if stmt.finalbody is not None else None
        if final is not None:
            self._finally.append(final)
        self._raising.append(list(preds))
        ends = self._block(stmt.body, preds)
        raising = self._raising.pop()
        if stmt.orelse is not None:
            ends = self._block(stmt.orelse, ends)
        for handler, act, body in stmt.handlers:
            head = self._step(raising, act, id(handler))
            handler_ends = self._block(body, head)
            name = handler.name
            if name is not None:  # Python deletes the name when the handler ends
                name = name.name.value
                handler_ends = self._step(handler_ends, Activity(dels=(name,)), ('del', id(handler)))
            ends += handler_ends
        if final is None:
            return ends
        self._finally.pop()
        self._link(ends + raising, final)
        final_ends = self._block(stmt.finalbody, [final])
        self._link(final_ends, self._finally[-1] if self._finally else self.exit)
        return final_ends

    def _With(self, stmt, preds):
        items = self._step(preds, stmt.act, id(stmt))
        start = len(self.nodes)
        ends = self._block(stmt.body, items)
        return ends + self.nodes[start:] + items  # a suppressed exception ends the body anywhere

    def _Match(self, stmt, preds):
        test = self._step(preds, stmt.act, id(stmt))
        ends = []
        for case, act, body in stmt.cases:
            test = self._step(test, act, id(case))
            ends += self._block(body, test)
        return ends + test

    def _Opaque(self, stmt, preds):
        return self._step(preds, stmt.act, id(stmt))
