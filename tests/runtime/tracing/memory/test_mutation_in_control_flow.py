"""Updates inside tensor `if`/`while`/`for`: the arrays they update become branch or loop state."""
import numpy as np
import pytest
from mutation_helpers import check

import runtime as rt
from runtime.errors import MutationError

M = np.arange(12.0).reshape(4, 3)


def fill_loop(m):  # the example
    out = np.zeros_like(m)
    for i in range(m.shape[0]):
        out[i] = m[i] * 2
    return out


def fill_graph_loop(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        out[i] = m[i] * 2
    return out


def every_form_in_a_loop(m, n):
    x = np.zeros_like(m)
    y = x                    # an alias
    row = x[0]               # a view
    acc = np.zeros(3)
    i = 0
    while i < n:
        x[i] += m[i]
        y[i, 0] -= 1
        row[...] = i
        x[i].fill(x[i, 1])
        np.copyto(x[n - 1 - i], m[i], where=m[i] > 4)
        np.add(x[i], 1, out=x[i])
        np.put(x, i, -5.0)
        acc += m[i]
        i += 1
    return x, acc


def every_form_in_a_branch(m, t):
    x = m * 1.0
    y = x
    row = x[1]
    if t > 0:
        x[0] += 1
        row[...] = 5
        np.multiply(x[2], 3, out=x[2])
    else:
        y[3].fill(-1)
        np.copyto(x[0], 9.0)
        x.T[2, 2] = 7
    return x, row


def through_a_view_made_in_the_loop(m, n):
    x = m * 0
    for i in range(n):
        y = x[i]
        y[...] = 1        # x is updated, and carried, though the loop never rebinds it
    return x


def for_over_rows(m):
    for row in m:         # rows are views, as in numpy
        row *= 2
    return m.sum()


def nested(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        for j in range(m.shape[1]):
            if m[i, j] > 3:
                out[i, j] = m[i, j]
            else:
                out[i][j] = -1
    return out


def loop_with_break(m, n):
    out = np.ones_like(m)
    for i in range(n):
        if m[i, 0] > 5:
            break
        out[i] *= 3
    return out


def while_test_reads_updates(m, n):
    x = np.zeros_like(m)
    while x[0, 0] < n:      # the loop's test reads the array its body updates
        x[0, 0] += 1
        x[1] += x[0]
    return x


def iterate_while_updating(m):
    for row in m:           # numpy iterates views of the rows as they are now
        m[-1] += row
    return m


def zip_and_enumerate_rows(a, b, n):
    for r, s in zip(a, b):
        r += s
        s *= 2
    for i, r in enumerate(a):
        if i < n:
            r[...] = i
    return a, b


def mutated_input_in_loop(m, n):
    for i in range(n):
        m[i] += i
    return n


def test_fill_loop():
    check(fill_loop, M.copy())
    check(fill_graph_loop, M.copy(), np.int64(4))
    check(fill_graph_loop, M.copy(), np.int64(0))


def test_every_form_of_update_in_loops_and_branches():
    check(every_form_in_a_loop, M.copy(), np.int64(3))
    check(every_form_in_a_branch, M.copy(), np.int64(1))
    check(every_form_in_a_branch, M.copy(), np.int64(-1))
    check(through_a_view_made_in_the_loop, M.copy(), np.int64(2))
    check(for_over_rows, M.copy())
    check(nested, M.copy(), np.int64(3))
    check(loop_with_break, M.copy(), np.int64(4))
    check(mutated_input_in_loop, M.copy(), np.int64(3))
    check(while_test_reads_updates, M.copy(), np.int64(4))
    check(iterate_while_updating, M.copy())
    check(zip_and_enumerate_rows, M.copy(), M + 1, np.int64(2))


def test_the_arrays_a_loop_updates_are_carried_by_one_while():
    graph = rt.function(every_form_in_a_loop).get_concrete_function(M.copy(), np.int64(3)).graph
    (loop,) = [eq for eq in graph.equations if eq.primitive == 'while']
    carried = loop.params['body'].in_avals[:loop.params['carried']]
    assert [str(a) for a in carried].count('f64[4,3]') == 1  # x, y, row: one array
    assert 'f64[3]' in [str(a) for a in carried]               # acc


def rebound_in_one_branch(m, t):
    x = m * 1.0
    if t > 0:
        x = x + 1
    x[0] = 0.0            # numpy: updates m * 1.0 only when t <= 0
    return x


def rebound_in_one_branch_then_alias_read(m, t):
    x = m * 1.0
    y = x
    if t > 0:
        x = x + 1
    x[0] = 0.0
    return y


def test_updating_an_array_whose_identity_depends_on_a_branch():
    check(rebound_in_one_branch, M.copy(), np.int64(1))  # the old array is dead: no difference
    with pytest.raises(MutationError, match='which array `x` is depends on the path taken by '
                                            r'the `if` statement at .*test_mutation_in_control_flow.py:'):
        rt.function(rebound_in_one_branch_then_alias_read)(M.copy(), np.int64(1))


def test_updating_then_rebinding_in_a_loop_is_an_error():
    def update_then_rebind(m, n):
        x = m * 1.0
        y = x
        for i in range(n):
            x[0] += 1     # the first iteration updates y's array too
            x = x * 2
        return y
    with pytest.raises(MutationError, match='at the start of an iteration depends on the '
                                            'iteration'):
        rt.function(update_then_rebind)(M.copy(), np.int64(2))


def test_loop_rebinding_with_updates_after_it():
    def rebind_then_update(m, n):
        x = np.zeros_like(m)
        for i in range(n):
            x = x + m[i]
        x += 1
        return x
    check(rebind_then_update, M.copy(), np.int64(3))
    check(rebind_then_update, M.copy(), np.int64(0))


def test_values_appended_to_a_graph_list_are_pinned():
    def append_then_update(m, n):
        rows = []
        for i in range(n):
            rows.append(m[i])
        m[0, 0] = 5.0
        return rt.stack(rows)
    with pytest.raises(MutationError, match='put in a list that a graph loop'):
        rt.function(append_then_update)(M.copy(), np.int64(2))


def scalar_accumulator(m, n):
    total = np.float64(0.0)    # a numpy scalar: `+=` gives a new number, not an update
    for i in range(n):
        total += m[i, 0]
    return total


def test_a_numpy_scalar_stays_a_number_in_a_graph_loop():
    check(scalar_accumulator, M, np.int64(3))
