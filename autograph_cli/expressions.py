"""The one walk over a function's expressions: scopes and activity, plus the expression converters.

Walking libcst's tree with its visitor framework costs more than parsing it,
so the expression converters (call trees, logical and conditional expressions)
do not each make a pass: each module declares a handler per node type
(`HANDLERS`), the pipeline merges the tables of the converters it runs
(`pipeline.Pipeline`), and this walker calls them while it records, for the
current statement, which names are read, written and deleted. Handlers
receive the walker, the node and whether it stands in a test position, walk
the children they keep, and return the new node.
"""
import libcst as cst

from . import output_nodes
from .deferred_nodes import LocalLoad
from .statement_tree import Activity

# Fields that can hold expressions, for node types without a handler of their own.
CHILD_FIELDS = {
    cst.Subscript: ('value', 'slice'), cst.SubscriptElement: ('slice',), cst.Index: ('value',),
    cst.Slice: ('lower', 'upper', 'step'), cst.BinaryOperation: ('left', 'right'),
    cst.UnaryOperation: ('expression',), cst.Tuple: ('elements',), cst.List: ('elements',),
    cst.Set: ('elements',), cst.Element: ('value',), cst.StarredElement: ('value',),
    cst.Dict: ('elements',), cst.DictElement: ('key', 'value'), cst.StarredDictElement: ('value',),
    cst.ConcatenatedString: ('left', 'right'), cst.Arg: ('value',),
    cst.Comparison: ('left', 'comparisons'), cst.ComparisonTarget: ('comparator',),
    cst.BooleanOperation: ('left', 'right'), cst.IfExp: ('test', 'body', 'orelse'),
}
LEAVES = frozenset((cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis,
                    cst.FormattedStringText))


class Unsupported(Exception):
    """The function uses something the converter cannot express faithfully."""

    def __init__(self, reason, node=None):
        super().__init__(reason)
        self.reason = reason
        self.node = node


class Facts:
    """What the walk learns about one function."""

    def __init__(self, params, class_name, module_names, qualname):
        self.params = set(params)
        self.qualname = qualname
        self.first_param = None  # set by the function converter: the first positional parameter
        self.module_names = module_names
        self.assigned = set()
        self.globals = set()
        self.nonlocals = set()
        self.captured = set()
        self.referenced = set(params)
        self.class_name = class_name
        self.frame_calls = []  # (name, node) of calls that may read the caller's frame
        self.appends = []      # (ListAppend, Activity): see converters/lists.py
        self.thunk_loads = 0   # loads inside generated lambdas (checked even outside closures)

    def locals(self):
        return (self.assigned | self.params) - self.globals - self.nonlocals

    def message_name(self, name):
        """A local's name as CPython prints it: private names are mangled inside a class."""
        if self.class_name and name.startswith('__') and not name.endswith('__'):
            return f"_{self.class_name.lstrip('_')}{name}"
        return name


class ExpressionWalker:
    """Walks expressions of one function; `act` is the Activity of the statement being walked."""

    def __init__(self, facts, scope_name, handlers):
        self.facts = facts
        self.handlers = handlers          # node type -> handler(walker, node, test)
        self.scope_name = scope_name      # 'fscope' of the function, or 'None' outside one
        self.act = Activity()
        self.inner = []                   # names bound by enclosing lambdas and comprehensions
        self.inner_kinds = []             # 'lambda' or 'comprehension', beside `inner`
        self.deferred = 0                 # inside a lambda or generator expression of the user's
        self.in_closure = False           # the statement will run inside a generated closure
        self.thunks = 0                   # inside a lambda the converter generated
        self.quotes = ''                  # quote characters an enclosing f-string forbids
        self.conditional = 0              # inside an operand Python may not evaluate

    # -- dispatch --------------------------------------------------------------------------
    def walk(self, node, test=False):
        cls = node.__class__
        handler = self.handlers.get(cls)
        if handler is not None:
            return handler(self, node, test)
        if cls in LEAVES:
            return node
        return self.generic(node)

    def generic(self, node):
        fields = CHILD_FIELDS.get(node.__class__)
        if fields is None:
            return node
        changes = None
        for name in fields:
            value = getattr(node, name)
            if value is None:
                continue
            if value.__class__ is tuple or value.__class__ is list:
                new = [self.walk(v) for v in value]
                if any(a is not b for a, b in zip(new, value)):
                    changes = changes or {}
                    changes[name] = new
            elif value.__class__ is not str:  # a node (the fields hold nodes, sequences or None)
                new = self.walk(value)
                if new is not value:
                    changes = changes or {}
                    changes[name] = new
        return node if changes is None else output_nodes.replace(node, **changes)

    def walk_all(self, nodes):
        return [self.walk(n) for n in nodes]

    # -- names -------------------------------------------------------------------------------
    def is_inner(self, name):
        for names in self.inner:
            if name in names:
                return True
        return False

    def load(self, node):
        name = node.value
        self.facts.referenced.add(name)
        if self.inner and self.is_inner(name):
            return node
        self.act.uses.add(name)
        if self.deferred:
            self.facts.captured.add(name)
            return node
        # any statement may end up in a closure (the jump converters move statements into
        # guards), so every direct load can be asked later to check that its local is bound
        if not self.inner and self.quote() is not None:
            load = LocalLoad(node, self.quote(), self.facts.message_name(name), self.thunks > 0)
            self.facts.thunk_loads += self.thunks > 0
            self.act.loads.append(load)
            return load
        return node

    def store(self, node):
        """Walk an assignment target: names are bound, the rest of the target is read."""
        cls = node.__class__
        if cls is cst.Name:
            self.bind(node.value)
            return node
        if cls is cst.Attribute:
            composite = dotted(node)
            if composite is not None and not self.inner:
                self.act.composites = self.act.composites | {composite}
            return output_nodes.replace(node, value=self.walk(node.value))
        if cls is cst.Subscript:
            return output_nodes.replace(node, value=self.walk(node.value), slice=self.walk_all(node.slice))
        if cls is cst.Tuple or cls is cst.List:
            return output_nodes.replace(node, elements=[output_nodes.replace(e, value=self.store(e.value))
                                                for e in node.elements])
        if cls is cst.StarredElement:
            return output_nodes.replace(node, value=self.store(node.value))
        return self.walk(node)

    def bind(self, name):
        self.facts.referenced.add(name)
        if self.inner and self.is_inner(name):
            return
        self.act.defs.add(name)
        self.facts.assigned.add(name)
        if self.deferred:
            self.facts.captured.add(name)

    def quote(self):
        """A quote character generated strings may use here, or None if none is allowed."""
        for q in ("'", '"'):
            if q not in self.quotes:
                return q
        return None

    # -- helpers for the converters ------------------------------------------------------
    def maybe(self, node, test=False):
        """Walk an operand that Python evaluates only sometimes, left as Python code."""
        self.conditional += 1
        try:
            return self.walk(node, test)
        finally:
            self.conditional -= 1

    def thunk(self, node, test=False):
        """Walk `node` as the body of a generated `lambda: node`."""
        self.thunks += 1
        try:
            return self.walk(node, test)
        finally:
            self.thunks -= 1

    def in_scope(self, names, deferred, fn, kind):
        """Run fn() with `names` bound by an inner scope (a lambda or comprehension)."""
        self.inner.append(names)
        self.inner_kinds.append(kind)
        self.deferred += deferred
        try:
            return fn()
        finally:
            self.inner.pop()
            self.inner_kinds.pop()
            self.deferred -= deferred


def dotted(node):
    """'a.b.c' for an attribute chain on a name, else None."""
    parts = []
    while node.__class__ is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if node.__class__ is not cst.Name:
        return None
    parts.append(node.value)
    return '.'.join(reversed(parts))


def has_walrus(node):
    """True if an expression contains an assignment expression outside inner scopes."""
    stack = [node]
    while stack:
        n = stack.pop()
        cls = n.__class__
        if cls is cst.NamedExpr:
            return True
        if cls is cst.Lambda:
            continue
        for name in CHILD_FIELDS.get(cls, ()):
            value = getattr(n, name)
            if value.__class__ is tuple or value.__class__ is list:
                stack.extend(value)
            elif value.__class__ is not str:  # a node (the fields hold nodes, sequences or None)
                stack.append(value)
        if cls is cst.Call:
            stack.append(n.func)
            stack.extend(n.args)
        elif cls is cst.Attribute:
            stack.append(n.value)
        elif cls in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            return True  # a comprehension may hold one; stay on the safe side
        elif cls is cst.FormattedString:
            stack.extend(p.expression for p in n.parts if p.__class__ is cst.FormattedStringExpression)
    return False
