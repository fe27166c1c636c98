"""Printed nodes whose final form depends on where the lowering puts their statement.

The expression walk cannot know yet whether a statement will run inside a
generated closure (the jump converters may still move it into a guard), so
these nodes record the facts and the lowering decides (see
`converters/variables.py`): a load checked for an unbound local, a
zero-argument `super()` made explicit, a lambda given its original qualified name.
"""


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
