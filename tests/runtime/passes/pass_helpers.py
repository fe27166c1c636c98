"""Helpers for the pass tests: trace a function, run one pass, check it, compare the text forms."""
import sys
import textwrap
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent.parent / 'graph'))
from graph_helpers import EXECUTIONS, assert_same, run_both, trace  # noqa: E402,F401

from runtime.ir.check import check_graph  # noqa: E402
from runtime.ir.core import AbstractValue  # noqa: E402

F64 = AbstractValue(np.float64, (3,))
I8 = AbstractValue(np.int8, (3,))
I64 = AbstractValue(np.int64, ())


def golden(text):
    return textwrap.dedent(text).strip('\n')


def check_pass(run, fn, specs, before, after, args=None):
    """`run` turns the trace of `fn` from `before` into `after` (str forms), a checked graph
    computing the same bits as the original on `args`."""
    graph = trace(fn, *specs)
    assert str(graph) == golden(before)
    result = run(graph)
    check_graph(result)
    assert str(result) == golden(after if after is not None else before)
    if args is not None:
        assert_same(run_both(result, *args), run_both(graph, *args))
    return result
