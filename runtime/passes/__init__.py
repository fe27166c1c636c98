"""The pass pipeline: graph -> graph rewrites run on every graph before it is compiled.

`optimize(graph, enabled)` runs the passes of `PIPELINE` that `enabled` names,
in the pipeline's order. `rt.function(experimental_optimizations=...)` and
`rt.config.set_experimental_optimizations(...)` choose them (`options`).
With `set_checking(True)` (the tests do it) the IR checker runs after each.
"""
from ..ir.check import GraphCheckError, check_graph
from ..ir.nesting import recursion_room
from . import algebraic, constant_folding, cse, dce, licm

# why this order: folding first turns static sizes and arithmetic on constants into literals
# that the simplifier recognises; simplifying before CSE lets `x * 1` and `x` merge; LICM
# after CSE hoists one copy of a repeated invariant; DCE last removes what the others left
# unread (and the constants nobody reads any more).
PIPELINE = (
    ('constant_folding', constant_folding.run),
    ('algebraic', algebraic.run),
    ('cse', cse.run),
    ('licm', licm.run),
    ('dce', dce.run),
)
NAMES = tuple(name for name, _ in PIPELINE)
_checking = False


def set_checking(flag):
    """Run the IR checker after every pass (a failing check names the pass)."""
    global _checking
    _checking = bool(flag)


def options(value):
    """The pass names that `value` enables: True (all), False (none), or {name: bool}
    (the passes not named keep their default: on)."""
    if value is True or value is None:
        return NAMES
    if value is False:
        return ()
    if not isinstance(value, dict):
        raise TypeError('experimental_optimizations must be True, False or a dict of pass '
                        f'names to bools, not {value!r}')
    unknown = sorted(set(value) - set(NAMES))
    if unknown:
        raise ValueError(f'unknown optimization pass(es) {", ".join(map(repr, unknown))}; '
                         f'the passes are {", ".join(NAMES)}')
    return tuple(name for name in NAMES if value.get(name, True))


def optimize(graph, enabled=NAMES):
    """`graph` through the enabled passes, in pipeline order."""
    with recursion_room(graph, 'optimizing a graph'):  # each pass recurses into sub-graphs
        for name, run in PIPELINE:
            if name in enabled:
                graph = run(graph)
                if _checking:
                    try:
                        check_graph(graph)
                    except GraphCheckError as e:
                        raise GraphCheckError(f'after pass {name!r}: {e}') from e
    return graph
