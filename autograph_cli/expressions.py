"""The one walk over a function's expressions: scopes and activity, plus the expression converters.

Walking libcst's tree with its visitor framework costs more than parsing it,
so the expression converters (call trees, logical and conditional expressions)
do not each make a pass: they register a handler per node type (`HANDLERS` in
their module) and this walker calls them while it records, for the current
statement, which names are read, written and deleted. Handlers receive the
walker and the node, walk the children they keep, and return the new node.
"""
import libcst as cst

from . import emit
from .stmts import Activity

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


class LocalLoad:
    """A load of a name inside generated code; the variables converter may make it checked."""

    __slots__ = ('name', 'node', 'quote', 'checked', 'message_name', 'in_thunk')

    def __init__(self, node, quote, message_name, in_thunk):
        self.name = node.value
        self.node = node
        self.quote = quote
        self.message_name = message_name
        self.in_thunk = in_thunk  # inside a generated lambda: a closure wherever it stands
        self.checked = False

    def _codegen(self, state, **kwargs):
        if not self.checked:
            self.node._codegen(state)
            return
        q = self.quote
        state.add_token('ag__.load(lambda: ')
        self.node._codegen(state)
        state.add_token(f', {q}{self.message_name}{q})')


class SuperCall:
    """A zero-argument `super()`; the lowering makes it explicit where it lands in a closure."""

    __slots__ = ('node', 'first', 'explicit')

    def __init__(self, node, first, explicit):
        self.node, self.first, self.explicit = node, first, explicit

    def _codegen(self, state, **kwargs):
        if not self.explicit:
            self.node._codegen(state)
            return
        for paren in self.node.lpar:
            paren._codegen(state)
        state.add_token(f'super(__class__, {self.first})')
        for paren in self.node.rpar:
            paren._codegen(state)


class Renamed:
    """A user lambda; inside generated code it is printed through `ag__.qualname`."""

    __slots__ = ('node', 'qualname', 'fix')

    def __init__(self, node, qualname, fix):
        self.node, self.qualname, self.fix = node, qualname, fix

    def _codegen(self, state, **kwargs):
        if not self.fix:
            self.node._codegen(state)
            return
        state.add_token(f'ag__.qualname({self.qualname!r})(')
        self.node._codegen(state)
        state.add_token(')')


class Walker:
    """Walks expressions of one function; `act` is the Activity of the statement being walked."""

    handlers = {}  # node type -> handler(walker, node, test); filled by the converters

    def __init__(self, facts, scope_name):
        self.facts = facts
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
            elif isinstance(value, cst.CSTNode):
                new = self.walk(value)
                if new is not value:
                    changes = changes or {}
                    changes[name] = new
        return node if changes is None else emit.replace(node, **changes)

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
                self.act.composites.add(composite)
            return emit.replace(node, value=self.walk(node.value))
        if cls is cst.Subscript:
            return emit.replace(node, value=self.walk(node.value), slice=self.walk_all(node.slice))
        if cls is cst.Tuple or cls is cst.List:
            return emit.replace(node, elements=[emit.replace(e, value=self.store(e.value))
                                                for e in node.elements])
        if cls is cst.StarredElement:
            return emit.replace(node, value=self.store(node.value))
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
            elif isinstance(value, cst.CSTNode):
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


# -- scopes: the handlers every conversion needs ---------------------------------------------
def _name(w, node, test):
    return w.load(node)


def _attribute(w, node, test):
    value = w.walk(node.value)
    return node if value is node.value else emit.replace(node, value=value)


def _named_expr(w, node, test):
    value = w.walk(node.value)
    name = node.target.value
    lambdas = [names for names, kind in zip(w.inner, w.inner_kinds) if kind == 'lambda']
    if lambdas:
        lambdas[-1].add(name)  # `lambda: (y := ...)` binds y in the lambda
        w.facts.referenced.add(name)
    elif w.inner or w.conditional:
        # in a comprehension the target belongs to the function, but the comprehension (or
        # the operand of `and`/`or`/`if`) may not run: a binding that may not happen
        w.facts.referenced.add(name)
        w.facts.assigned.add(name)
        w.act.maydefs.add(name)
    else:
        w.bind(name)
    return node if value is node.value else emit.replace(node, value=value)


def param_names(params):
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.append(star.name.value)
    return names


def _lambda(w, node, test):
    params = node.params
    defaults = {}
    for p in (*params.posonly_params, *params.params, *params.kwonly_params):
        if p.default is not None:
            defaults[id(p)] = w.walk(p.default)  # evaluated where the lambda is made
    if defaults:
        params = emit.replace(params, **{
            group: [emit.replace(p, default=defaults[id(p)]) if id(p) in defaults else p
                    for p in getattr(params, group)]
            for group in ('posonly_params', 'params', 'kwonly_params')})
    direct = not w.inner
    body = w.in_scope(set(param_names(node.params)), 1, lambda: w.walk(node.body), 'lambda')
    new = emit.replace(node, params=params, body=body)
    if not direct or w.quote() is None:
        return new
    renamed = Renamed(new, w.facts.qualname + '.<locals>.<lambda>', w.thunks > 0)
    w.act.renamed.append(renamed)
    return renamed


def _comp_target(w, target, names):
    cls = target.__class__
    if cls is cst.Name:
        names.add(target.value)
        w.facts.referenced.add(target.value)
        return target
    if cls is cst.Tuple or cls is cst.List:
        return emit.replace(target, elements=[emit.replace(e, value=_comp_target(w, e.value, names))
                                              for e in target.elements])
    if cls is cst.StarredElement:
        return emit.replace(target, value=_comp_target(w, target.value, names))
    return w.walk(target)


def _comp_for(w, comp_for, names, first_iter=None):
    if comp_for.asynchronous is not None:
        raise Unsupported('asynchronous comprehension')
    iter_ = first_iter if first_iter is not None else w.walk(comp_for.iter)
    target = _comp_target(w, comp_for.target, names)
    ifs = [emit.replace(c, test=w.walk(c.test, True)) for c in comp_for.ifs]
    inner = comp_for.inner_for_in
    if inner is not None:
        inner = _comp_for(w, inner, names)
    return emit.replace(comp_for, iter=iter_, target=target, ifs=ifs, inner_for_in=inner)


def _comprehension(w, node, test):
    first_iter = w.walk(node.for_in.iter)  # the first iterable is evaluated outside
    names = set()
    deferred = 1 if node.__class__ is cst.GeneratorExp else 0

    def inside():
        for_in = _comp_for(w, node.for_in, names, first_iter)
        if node.__class__ is cst.DictComp:
            return emit.replace(node, for_in=for_in, key=w.walk(node.key), value=w.walk(node.value))
        return emit.replace(node, for_in=for_in, elt=w.walk(node.elt))
    return w.in_scope(names, deferred, inside, 'comprehension')


def _formatted_string(w, node, test):
    quote = node.end[0] if node.end else "'"
    saved = w.quotes
    w.quotes = saved + quote
    try:
        parts = [_formatted_part(w, p) for p in node.parts]
    finally:
        w.quotes = saved
    return emit.replace(node, parts=parts)


def _formatted_part(w, part):
    if part.__class__ is not cst.FormattedStringExpression:
        return part
    if part.equal is not None:
        # f'{expr=}' prints the expression's own text: it must stay as written
        _collect(w, part.expression)
        return part
    spec = part.format_spec
    if spec is not None:
        spec = [_formatted_part(w, p) for p in spec]
    return emit.replace(part, expression=w.walk(part.expression), format_spec=spec)


def _collect(w, node):
    """Record what an expression reads without rewriting it."""
    w.thunks, saved = 0, w.thunks
    w.walk(node)
    w.thunks = saved


def _yield(w, node, test):
    if w.inner:
        return w.generic(node)
    raise Unsupported('generator function (yield)')


def _await(w, node, test):
    raise Unsupported('asynchronous function (await)')


Walker.handlers.update({
    cst.Name: _name, cst.Attribute: _attribute, cst.NamedExpr: _named_expr,
    cst.Lambda: _lambda, cst.ListComp: _comprehension, cst.SetComp: _comprehension,
    cst.DictComp: _comprehension, cst.GeneratorExp: _comprehension,
    cst.FormattedString: _formatted_string, cst.Yield: _yield, cst.Await: _await,
})
