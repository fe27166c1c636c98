"""Appending to a local list becomes `ag__.list_append`, so a graph loop can collect into a graph list.

    out.append(y)   ->   out = ag__.list_append(out, y)

Only the statement form on a name that is a local of the function is
rewritten (rebinding a global or a free variable would change its scope);
`list_append` calls the object's own `append` for anything but a graph list,
and hands the object back. Whether the name is local is known only after the
whole function was walked: `settle` returns the statements that are, and the
printer is handed that set (`output_nodes.render`).
"""
import libcst as cst

from .call_trees import CALL


class ListAppend:
    """`name.append(value)` as a simple statement; `list_append` if `settle` found `name` local."""

    __slots__ = ('name', 'target', 'value', 'semicolon', 'scope')

    def __init__(self, name, target, value, semicolon, scope):
        self.name, self.target, self.value = name, target, value
        self.semicolon, self.scope = semicolon, scope

    def _codegen(self, state, default_semicolon=False, **kwargs):
        if self in state.chosen:
            self.name._codegen(state)
            state.add_token(' = ag__.list_append(')
            self.target._codegen(state)
            state.add_token(', ')
            self.value._codegen(state)
            state.add_token(')')
        else:
            method = (self.target, '.append')
            for part in CALL.fill({'f': method, 'args': ('(', self.value, ',)'), 'kwargs': 'None',
                                   'scope': self.scope}):
                _emit(part, state)
        if isinstance(self.semicolon, cst.MaybeSentinel):
            if default_semicolon:
                state.add_token('; ')
        else:
            self.semicolon._codegen(state)


def _emit(part, state):
    if part.__class__ is str:
        state.add_token(part)
    elif part.__class__ is tuple:
        for p in part:
            _emit(p, state)
    else:
        part._codegen(state)


def rewrite_append(w, node, test=False):
    """A ListAppend for a `name.append(x)` statement, else None (then it is walked as usual)."""
    call = node.value
    if call.__class__ is not cst.Call or call.lpar or call.func.__class__ is not cst.Attribute:
        return None
    func = call.func
    if (func.attr.value != 'append' or func.value.__class__ is not cst.Name or func.value.lpar
            or len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star
            or w.is_inner(func.value.value)):
        return None
    target = w.load(func.value)
    value = w.walk(call.args[0].value)
    statement = ListAppend(func.value, target, value, node.semicolon, w.scope_name)
    w.facts.appends.append((statement, w.act))
    return statement


def settle(facts):
    """Once the function is walked: the appends to its own locals, which bind their name."""
    local = facts.locals()
    rewritten = set()
    for statement, act in facts.appends:
        name = statement.name.value
        if name in local:
            rewritten.add(statement)
            act.defs.add(name)
    return rewritten


HANDLERS = {cst.Expr: rewrite_append}  # a statement: the statement walker asks for it
