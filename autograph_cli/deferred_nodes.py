"""Printed nodes whose final form depends on where the lowering puts their statement.

The expression walk cannot know yet whether a statement will run inside a
generated closure (the jump converters may still move it into a guard), so
these nodes keep both forms, and the lowering (`converters/variables.py`)
returns the set of those it chose the closure form for; the printer is
handed that set (`output_nodes.render`, `state.chosen`), and nothing is set on a node
after it is made: a load checked for an unbound local, a zero-argument
`super()` made explicit, a lambda given its original qualified name. Inside a
lambda the converter generated (`in_thunk`) the closure form is always taken.
"""
from .printing import print_node


class LocalLoad:
    """A load of a name inside generated code; checked (`ag__.load`) where it may be unbound."""

    __slots__ = ('name', 'node', 'quote', 'message_name', 'in_thunk')

    def __init__(self, node, quote, message_name, in_thunk):
        self.name = node.value
        self.node = node
        self.quote = quote
        self.message_name = message_name
        self.in_thunk = in_thunk  # inside a generated lambda: a closure wherever it stands

    def _codegen(self, state, **kwargs):
        if self not in state.chosen:
            print_node(self.node, state)
            return
        q = self.quote
        state.add_token('ag__.load(lambda: ')
        print_node(self.node, state)
        state.add_token(f', {q}{self.message_name}{q})')


class SuperCall:
    """A zero-argument `super()`; made explicit where it lands in a closure."""

    __slots__ = ('node', 'first', 'in_thunk')

    def __init__(self, node, first, in_thunk):
        self.node, self.first, self.in_thunk = node, first, in_thunk

    def _codegen(self, state, **kwargs):
        if not self.in_thunk and self not in state.chosen:
            print_node(self.node, state)
            return
        for paren in self.node.lpar:
            paren._codegen(state)
        state.add_token(f'super(__class__, {self.first})')
        for paren in self.node.rpar:
            paren._codegen(state)


class Renamed:
    """A user lambda; inside generated code it is printed through `ag__.qualname`."""

    __slots__ = ('node', 'qualname', 'in_thunk')

    def __init__(self, node, qualname, in_thunk):
        self.node, self.qualname, self.in_thunk = node, qualname, in_thunk

    def _codegen(self, state, **kwargs):
        if not self.in_thunk and self not in state.chosen:
            print_node(self.node, state)
            return
        state.add_token(f'ag__.qualname({self.qualname!r})(')
        print_node(self.node, state)
        state.add_token(')')
