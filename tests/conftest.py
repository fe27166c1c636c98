"""The whole suite: every graph a test builds is checked (the IR checker runs after every trace
and after every graph pass)."""
import runtime.passes
from runtime.ir.check import check_graph
from runtime.tracing.builders import GraphBuilder

runtime.passes.set_checking(True)


def pytest_configure(config):
    """Wrap `GraphBuilder.finish`, where every trace, branch and loop body becomes a Graph."""
    finish = GraphBuilder.finish

    def checked_finish(self, outputs):
        graph = finish(self, outputs)
        check_graph(graph)
        return graph

    GraphBuilder.finish = checked_finish
