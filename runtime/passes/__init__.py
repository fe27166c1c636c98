"""The pass pipeline: graph -> graph rewrites run on every graph before it is compiled.

`optimize(graph, enabled)` runs the passes of `PIPELINE` that `enabled` names,
in the pipeline's order. `rt.function(experimental_optimizations=...)` and
`rt.config.set_experimental_optimizations(...)` choose them (`options`).
With `set_checking(True)` (the tests do it) the IR checker runs after each.
"""
from ..config import PASS_NAMES as NAMES  # noqa: F401
from ..config import enabled_passes as options  # noqa: F401  (re-exported: passes.options)
from ..ir.check import GraphCheckError, check_graph
from ..ir.nesting import recursion_room
from . import algebraic, constant_folding, cse, dce, licm

# The order (and the names rt.config checks) is `runtime.config.PASS_NAMES`'s.
_RUNS = {'constant_folding': constant_folding.run, 'algebraic': algebraic.run, 'cse': cse.run,
         'licm': licm.run, 'dce': dce.run}
PIPELINE = tuple((name, _RUNS[name]) for name in NAMES)
_checking = False


def set_checking(flag):
    """Run the IR checker after every pass (a failing check names the pass)."""
    global _checking
    _checking = bool(flag)


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
