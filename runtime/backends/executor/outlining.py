"""Control flow nested too deep to inline: a function of its own, which the enclosing code calls.

Python compiles a function of at most 100 levels of indentation and 20 nested
loops (`try` included): the compiled executor inlines a `cond` or `while` as
an `if` or a loop while the code stays within budgets well inside those, and
beyond them makes the equation a one-equation graph compiled, at its first
call, into a function of its own (where it starts again at the top):

    v7, v8 = _cond_outlined(v3, v5)

Its sub-graphs are compiled at that first call, so generating the code of a
deep graph recurses only as deep as the budget. The call costs a Python call;
the results it gives are new to the enclosing code, which never updates them
in place (as a cond's that may be its inputs' arrays).
"""
from ...ir.core import Graph, Var

INDENT_BUDGET = 50  # levels of indentation of a generated function (Python's limit: 100)
LOOP_BUDGET = 15  # nested loops and `try` statements (Python's limit: 20)


def nested(outer, inner):
    """(indentation, loops) of a block nested `inner` deeper than one at `outer`."""
    return outer[0] + inner[0], outer[1] + inner[1]


def too_deep(nesting):
    """True if a cond or loop emitted at `nesting` (indentation, loops) could pass a budget: its
    lines go at most two levels deeper (a counted loop's `for` in its `if`), inside one loop."""
    indentation, loops = nesting
    return indentation + 2 > INDENT_BUDGET or loops + 1 > LOOP_BUDGET


def equation_graph(eq, targets):
    """(graph, input vars, kept targets): `eq` alone, taking its distinct variables, giving the
    outputs whose target is not '_' (the ones the enclosing code reads)."""
    inputs = tuple(dict.fromkeys(a for a in eq.inputs if isinstance(a, Var)))
    kept = [(t, v) for t, v in zip(targets, eq.outputs) if t != '_']
    return Graph(inputs, (eq,), tuple(v for _, v in kept)), inputs, [t for t, _ in kept]
