"""How a traced graph becomes the callable a ConcreteFunction runs: passes, then a backend.

`compile_function(graph, name, options)` runs the pass pipeline the options
enable, then compiles with the numpy executor (`jit_compile` None or False) or
lowers the whole graph to one numba function (`jit_compile=True`, `numba/`).
"""
from dataclasses import dataclass
from typing import Any

from .. import config, passes
from .executor.executor import compile_graph


@dataclass(frozen=True)
class CompileOptions:
    """A Function's choices: `jit_compile` (None/False: numpy executor) and its passes
    (`experimental_optimizations`: None for rt.config's setting); and, for one trace, the
    Python numbers it was called with ((type, value) pairs): with jit_compile, elementwise
    ops take those as parameters, so that traces for other numbers share the compiled code."""
    jit_compile: Any = None
    optimizations: Any = None
    numbers: frozenset = frozenset()

    def enabled_passes(self):
        chosen = self.optimizations
        return passes.options(config.experimental_optimizations() if chosen is None else chosen)


def compile_function(graph, name, options=CompileOptions()):
    """`f(*inputs) -> tuple of outputs` computing `graph`."""
    graph = passes.optimize(graph, options.enabled_passes())
    if options.jit_compile:
        from .numba import compile_jit  # numba is optional: imported only when asked for
        return compile_jit(graph, name, options.numbers, strict=options.jit_compile == 'strict')
    return compile_graph(graph, name)
