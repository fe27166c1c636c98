"""Loads of locals that may be unbound, inside generated closures, keep Python's error.

In a closure, a local of the converted function is a free variable, and
Python reports an unbound free variable with a NameError worded differently
from the original UnboundLocalError. Where reaching definitions say a local
may be unbound, its load is printed checked, and `x += 1` / `del x` get a
checking statement first:

    print(prev)   ->   print(ag__.load(lambda: prev, 'prev'))
    del tmp       ->   ag__.load(lambda: tmp, 'tmp')
                       del tmp
"""
from .. import output_nodes


def check_loads(fn, act, node, in_closure=True):
    """Choose the closure form (`fn.chosen`) for the deferred nodes of `act` that need it.

    Those are, inside a closure, zero-argument `super()` calls and lambdas, and
    the loads that may meet an unbound local (in a closure or a generated lambda).
    """
    if in_closure:
        fn.chosen.update(act.supers)
        fn.chosen.update(act.renamed)
    if not act.loads or node is None:
        return
    unbound = set(fn.maybe_unbound(node, {load.name for load in act.loads}))
    fn.chosen.update(load for load in act.loads
                     if load.name in unbound and (in_closure or load.in_thunk))


def check_lines(fn, act, node, origin):
    """Statements to run before an augmented assignment or `del` of a maybe-unbound local."""
    if not act.augs or node is None:
        return []
    return [output_nodes.Line((f"ag__.load(lambda: {name}, '{fn.facts.message_name(name)}')",), origin)
            for name in sorted(fn.maybe_unbound(node, act.augs))]
