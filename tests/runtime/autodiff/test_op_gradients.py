"""Every differentiable op's gradient against central finite differences, eagerly and in graphs.

The op table (`tests/runtime/graph_ops/op_table.py`) has one row per op; a row's
`gradient` lists cases over a few shape classes. A row's graph is checked to
stage its op (so a row cannot test another op than its own), and every op with
a gradient rule has gradient cases or value rows `test_op_table` differentiates.
"""
import sys
from pathlib import Path

import numpy as np
import pytest
from autodiff_helpers import numeric_gradient

import runtime as rt
from runtime import graph_ops
from runtime.ir.liveness import sub_graphs

sys.path.insert(0, str(Path(__file__).parents[1] / 'graph_ops'))  # the op table
from gradient_cases import Case  # noqa: E402
from op_table import COVERED_ELSEWHERE, TABLE  # noqa: E402

ROWS = {row.op: row for row in TABLE if row.gradient}  # the rows with gradient cases


# a gradient that is None (no path, or only ops of zero gradient such as floor) is compared as
# zeros: finite differences then say whether there was a path after all
def eager_gradients(case, variables):
    if variables:
        vs = [rt.Variable(a) for a in case.args]
        with rt.GradientTape() as tape:
            y = case.fn(*vs)
        return tape.gradient(y, vs, unconnected_gradients='zero')
    with rt.GradientTape() as tape:
        xs = tape.watch(list(case.args))
        y = case.fn(*xs)
    return tape.gradient(y, xs, unconnected_gradients='zero')


def graph_gradients(cases, variables):
    """The gradients of every case from one rt.function (one trace for the row); its graphs."""
    if variables:
        vs = [[rt.Variable(a) for a in case.args] for case in cases]

        @rt.function
        def of_variables():
            grads = []
            for case, values in zip(cases, vs):
                with rt.GradientTape() as tape:
                    y = case.fn(*values)
                grads.append(tape.gradient(y, values, unconnected_gradients='zero'))
            return grads
        return of_variables(), of_variables.get_concrete_function().graph

    @rt.function
    def of_values(args):
        grads = []
        for case, xs in zip(cases, args):
            with rt.GradientTape() as tape:
                tape.watch(xs)
                y = case.fn(*xs)
            grads.append(tape.gradient(y, xs, unconnected_gradients='zero'))
        return grads
    args = [list(case.args) for case in cases]
    return of_values(args), of_values.get_concrete_function(args).graph


def forward_primitives(cases, variables):
    """The ops a trace of the row's functions (no tape) stages, in any sub-graph too."""
    @rt.function
    def forward(args):
        return [case.fn(*xs) for case, xs in zip(cases, args)]
    args = [[rt.Variable(a) if variables else a for a in c.args] for c in cases]
    found, graphs = set(), [forward.get_concrete_function(args).graph]
    while graphs:
        graph = graphs.pop()
        for eq in graph.equations:
            found.add(eq.primitive)
            graphs.extend(sub_graphs(eq.params))
    return found


@pytest.mark.parametrize('op', sorted(ROWS))
def test_gradient_against_finite_differences(op):
    row = ROWS[op]
    cases, variables = row.gradient, row.variables
    assert op in forward_primitives(cases, variables), f'no case of the row of {op!r} stages it'
    graph, _ = graph_gradients(cases, variables)
    for case, in_graph in zip(cases, graph):
        expected = numeric_gradient(case.fn, *case.args)
        eager = None if row.graph_only else eager_gradients(case, variables)
        for i, n in enumerate(expected):
            where = f'{op}({case.label}): argument {i}'
            np.testing.assert_allclose(in_graph[i], n, rtol=1e-5, atol=1e-6,
                                       err_msg=f'{where}, graph')
            if eager is not None:
                np.testing.assert_allclose(eager[i], n, rtol=1e-5, atol=1e-6,
                                           err_msg=f'{where}, eager')
                np.testing.assert_allclose(in_graph[i], eager[i], rtol=1e-10, atol=1e-12,
                                           err_msg=f'{where}, graph against eager')


def test_every_op_with_a_gradient_rule_has_a_row():
    """With gradient cases, or value rows (`tests/runtime/graph_ops/test_op_table.py` differentiates
    those), or covered elsewhere (random draws: `test_random_gradients.py`)."""
    elsewhere = {name for names in COVERED_ELSEWHERE.values() for name in names}
    in_op_table = {row.op for row in TABLE if row.call is not None}
    assert sorted(set(graph_ops.GRADIENTS) - set(ROWS) - elsewhere - in_op_table) == []
    assert sorted(set(ROWS) - set(graph_ops.GRADIENTS)) == []  # no stale rows


M = np.array([[0.5, -1.2, 2.0], [0.3, 1.1, -0.7]])


@pytest.mark.parametrize('fn, message', [
    (lambda x: np.linalg.norm(x, ord=2), r'norm with ord=2 of a matrix'),
    (lambda x: np.linalg.norm(x, ord=2, axis=(0, 1)), r'norm with ord=2 of a matrix'),
    (lambda x: np.linalg.norm(x, ord=1, axis=1), r'norm with ord=1'),
    (lambda x: np.einsum('ii->i', x[:, :2]), r"einsum\('ii->i'\)"),
    (lambda x: np.logaddexp.reduce(x, axis=0), r'numpy.logaddexp.reduce'),
], ids=['norm 2', 'norm 2 axes', 'norm 1', 'einsum diagonal', 'logaddexp.reduce'])
def test_arguments_a_rule_does_not_cover_raise_rather_than_give_a_wrong_gradient(fn, message):
    for gradient in (eager_gradients, lambda case, variables: graph_gradients([case], False)):
        with pytest.raises(NotImplementedError, match=message):
            gradient(Case(fn, (M,)), False)
