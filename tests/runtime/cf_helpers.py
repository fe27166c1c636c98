"""Helpers for the control-flow tests: convert modules, trace, run both executors, compare."""
import textwrap
from pathlib import Path

import numpy as np
from equality import same
from loading import import_file

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.ir.liveness import sub_graphs


def collatz(n):
    """The Collatz step count: a tensor `while` holding an `if` (shared by the loop tests)."""
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def convert_source(tmp_path, source, name='user_code'):
    """(original module, converted module, original path) of a dedented module source."""
    source = textwrap.dedent(source).lstrip('\n')
    original = Path(tmp_path) / 'src' / f'{name}.py'
    converted = Path(tmp_path) / 'build' / f'{name}.py'
    original.parent.mkdir(exist_ok=True)
    converted.parent.mkdir(exist_ok=True)
    original.write_text(source, encoding='utf-8')
    result = convert_module(source, str(original), original_path=str(original))
    converted.write_text(result.code, encoding='utf-8')
    return import_file(original, name), import_file(converted, name), original


def line_of(path, text, nth=0):
    """The 1-based line of the `nth` line of file `path` containing `text`."""
    lines = [i for i, line in enumerate(Path(path).read_text().splitlines(), 1) if text in line]
    return lines[nth]


def graphs_of(graph):
    """`graph` and every sub-graph in it, depth first."""
    yield graph
    for eq in graph.equations:
        for sub in sub_graphs(eq.params):
            yield from graphs_of(sub)


def count_ops(graph):
    return sum(len(g.equations) for g in graphs_of(graph))


def traced(function, *args):
    """`function(*args)` through rt.function, where the compiled executor agrees bit for bit
    with the reference interpreter (and the graph is checked, as every graph: tests/conftest.py)."""
    f = function if isinstance(function, rt.Function) else rt.function(function)
    result = f(*args)
    graph = f.get_concrete_function(*args).graph
    inputs = [a for a in args if isinstance(a, (np.ndarray, np.generic))]
    if len(inputs) == len(graph.inputs):
        same(compile_graph(graph)(*inputs), eval_graph(graph, *inputs))
    return result
