"""When the compiled executor may run an update op on its target itself, without the copy.

An update op (`graph_ops/updates.py`) gives an updated copy of its target. The
executor runs it in place (`op.inplace`) when nothing can see the target any
more: the generated code alone holds the target's array (*owns* it: a new
array made by an op of this graph, not an input the caller still holds, a
constant, a variable's value, a view or an argument a Python function could
keep), the op is the target's last use, and no value that may share its
memory (a view of it) is used later. So a loop filling a preallocated array
updates it row by row instead of copying it every iteration; the first update
of an argument copies it (copy-on-first-write).

`Ownership` walks one block (a graph, a branch, a loop body) in the order the
executor emits it. A branch may update, in place, an owned value the
enclosing block no longer needs; a loop carries an array it updates in place
as owned (`control` copies it once on entry unless the enclosing block
owns it and needs it no more).
"""
from ... import graph_ops
from ...ir.core import Var

# Ops whose results are new arrays, sharing memory with nothing (for arrays of rank >= 1).
FRESH = graph_ops.names_where('fresh')
# Update ops for which numpy itself copies a value that overlaps the target.
_OVERLAP_SAFE = frozenset(('set_item', 'inplace_op', 'ufunc_out'))
_ESCAPES = frozenset(('py_function',))  # ops handing their inputs to code that may keep them


def is_updatable(aval):
    """Arrays of known rank >= 1 (0-d values may be immutable numpy scalars at run time)."""
    return not getattr(aval, 'weak', True) and aval.shape is not None and len(aval.shape) >= 1


class Ownership:
    """Which variables of one block the generated code alone holds, as the block is emitted."""

    def __init__(self, last_use, owned):
        self.last_use = last_use
        self.owned = set(owned)
        self.aliases = {}  # owned var -> vars that may share its memory (views of it)
        self.roots = {}    # var -> owned vars whose memory it may share
        self.updated = set()  # owned inputs updated in place
        self.at = 0        # index of the equation being emitted

    def _live_after(self, var, i):
        return self.last_use.get(var, -1) > i

    def free(self, atom, others=()):
        """True if the block's equation `at` may hand `atom`'s array to code that updates it,
        none of `others` (the equation's other operands) sharing its memory."""
        i = self.at
        if not isinstance(atom, Var) or atom not in self.owned or self.last_use.get(atom) != i:
            return False
        aliases = self.aliases.get(atom, ())
        return atom not in others and not any(self._live_after(a, i) or a in others
                                                for a in aliases)

    def can_update(self, eq):
        """True if `eq`, an update op, may run on its target itself."""
        op = graph_ops.get(eq.primitive)
        if op.inplace is None or not eq.inputs or not is_updatable(eq.outputs[0].aval):
            return False
        target = eq.inputs[0]
        if eq.primitive in _OVERLAP_SAFE:  # an operand sharing the target's memory is fine
            return self.free(target)
        return self.free(target, [a for a in eq.inputs[1:] if isinstance(a, Var)])

    def step(self, eq, in_place, owned_outputs=()):
        """Account for the outputs of the equation just emitted (`in_place`: on its target;
        `owned_outputs`: results of a cond or loop that hold arrays the code alone holds)."""
        if in_place:
            target, out = eq.inputs[0], eq.outputs[0]
            self.updated.add(target)
            self.owned.add(out)
            self.aliases[out] = self.aliases.pop(target, set())
            return
        if eq.primitive in _ESCAPES:
            self.owned.difference_update(a for a in eq.inputs if isinstance(a, Var))
        fresh = eq.primitive in FRESH and eq.params.get('copy', True) is not False
        sources = set()
        if not fresh:
            for a in eq.inputs:
                if isinstance(a, Var):
                    sources |= self.roots.get(a, {a} if a in self.owned else set())
        for out in eq.outputs:
            if (fresh or out in owned_outputs) and is_updatable(out.aval):
                self.owned.add(out)
            elif sources:
                self.roots[out] = sources
                for root in sources:
                    self.aliases.setdefault(root, set()).add(out)

    def owns_outputs(self, outputs):
        """Per output atom: True if the block's result is an array the generated code alone holds."""
        counts = {}
        for a in outputs:
            counts[a] = counts.get(a, 0) + 1
        return [isinstance(a, Var) and a in self.owned and counts[a] == 1
                and not (self.aliases.get(a, set()) & set(outputs)) for a in outputs]
