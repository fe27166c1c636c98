"""The whole suite: every graph a test builds is checked (the IR checker runs after every trace
and after every graph pass); tests needing a missing optional extra skip, naming it (`extras`)."""
import os

# numba compiles the suite's graphs at LLVM's -O0 (read when numba is imported): the same
# semantics (nothing is compiled with fastmath) in half the time of -O3; the benchmarks use -O3
os.environ.setdefault('NUMBA_OPT', '0')

import runtime.backends.executor.blocking  # noqa: E402
import runtime.backends.executor.scratch  # noqa: E402
import runtime.passes  # noqa: E402
from runtime.ir.check import check_graph  # noqa: E402
from runtime.tracing.builders import GraphBuilder  # noqa: E402

# `extras` skips tests needing a missing extra; with AGCONVERT_ALL_EXTRAS=1 (`make test`) nothing
# may skip. `pytester` runs small suites in tests/test_extras.py.
pytest_plugins = ['extras', 'pytester']

runtime.passes.set_checking(True)
# every temporary a graph keeps inside a call is a scratch buffer, not only the big ones (1 MiB
# and more): the suite's small graphs then check what pooling does to the big ones
runtime.backends.executor.scratch.MIN_BYTES = 0
# likewise every run of elementwise ops runs block by block, in blocks of a few elements (24
# bytes: 3 float64s, a last block often shorter), not only over big arrays in 256 KiB blocks
runtime.backends.executor.blocking.MIN_BYTES = 0
runtime.backends.executor.blocking.BLOCK_BYTES = 24


def pytest_configure(config):
    """Wrap `GraphBuilder.finish`, where every trace, branch and loop body becomes a Graph."""
    finish = GraphBuilder.finish

    def checked_finish(self, outputs):
        graph = finish(self, outputs)
        check_graph(graph)
        return graph

    GraphBuilder.finish = checked_finish
