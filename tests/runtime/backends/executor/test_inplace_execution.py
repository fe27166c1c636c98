"""The compiled executor updates arrays in place when nothing else can see them, never otherwise."""
import re
import warnings

import numpy as np
import pytest
from mutation_helpers import check, source_of

import runtime as rt
from runtime.backends.executor.executor import compile_graph
from runtime.ir.core import AbstractValue
from runtime.staging import make_graph
from runtime.tracing import builders

M = np.arange(8.0).reshape(4, 2)
N = np.int64(4)


def fill(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        out[i] = m[i] * 2
    return out


def fill_argument(m, n):
    for i in range(n):
        m[i] = m[i] * 2
    return n


def fill_in_branches(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        if m[i, 0] > 3:
            out[i] = m[i]
        else:
            out[i, 1] = -1.0
    return out


def fill_nested(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        for j in range(m.shape[1]):
            out[i, j] = i * j
    return out


def view_read_after_update(m):
    out = m * 1
    v = out[0]
    w = v + 0        # reads the view before the update: its old value is not needed after,
    out[0] = 5.0     # so the update runs in place, and v reads the new value
    return v, w, out


def array_used_after_update(m):
    out = m * 1
    before = out     # the same array: it sees the update
    snapshot = out + 0
    out[1] = -1.0
    return before, snapshot


def update_a_value_also_returned(m):
    a = m * 2
    b = a.copy()
    b[0] = 0.0
    return a, b


def overlapping_operands(m):
    x = m * 1
    x[1:] = x[:-1]                # numpy copies an operand that overlaps the target
    np.add(x, x[::-1], out=x)
    x += x.T
    return x


def loop_lines(source):
    """The lines of the generated loops (their bodies included): a `while`, or a counted `for`."""
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(('while', 'for')))
    return lines[start:]


def test_a_fill_loop_updates_its_array_in_place_without_copying():
    check(fill, M, N)
    source = source_of(rt.function(fill), M, N)
    assert re.search(r'\n +v\d+\[v\d+\] = v\d+\n', source)
    assert 'copy' not in source and 'set_item' not in source  # not even once: zeros_like's


def test_an_argument_is_copied_once_then_updated_in_place():
    check(fill_argument, M.copy(), N)
    source = source_of(rt.function(fill_argument), M, N)
    body = loop_lines(source)
    assert source.count(".copy(order='K')") == 1 and not any('.copy(' in line for line in body[1:])
    assert 'set_item' not in source


def test_branches_and_nested_loops_update_in_place():
    for fn in (fill_in_branches, fill_nested):
        check(fn, M.copy(), N)
        source = source_of(rt.function(fn), M, N)
        assert 'set_item' not in source and 'copy' not in source, source


def test_aliases_and_views_read_around_updates():
    check(view_read_after_update, M.copy())
    check(array_used_after_update, M.copy())
    check(update_a_value_also_returned, M.copy())


def test_a_value_used_after_its_update_is_copied():
    def both(m):  # the graph's own ops: the old value and the updated one are both outputs
        x = builders.bind('multiply', m, 1)
        return x, builders.bind('set_item', x, 5.0, index=(0,))
    graph = make_graph(both, AbstractValue(np.float64, (4, 2)))
    source = compile_graph(graph).__source__
    assert 'set_item(' in source and '] = ' not in source
    m = M.copy()
    old, new = compile_graph(graph)(m)
    assert old.tolist() == M.tolist() and new[0].tolist() == [5.0, 5.0] and m.tolist() == M.tolist()


def test_operands_sharing_the_targets_memory_still_update_in_place():
    m = np.arange(9.0).reshape(3, 3)
    check(overlapping_operands, m)
    source = source_of(rt.function(overlapping_operands), m)
    assert 'set_item' not in source and 'inplace_op' not in source and 'ufunc_out' not in source


def updated_then_viewed_in_a_branch(a, t):
    a += 0.5
    if t > 0:
        pass
    else:
        a += 0.5
        a = a[::-1]
    return a


def test_a_branch_result_never_overwrites_an_array_updated_in_place_still_read():
    """The branch's view goes to the cond's result name, which held the argument updated in
    place, still the branch's other result (the argument's new value): it waited (found by the
    mutation property test: the argument came back reversed)."""
    check(updated_then_viewed_in_a_branch, np.arange(16.0).reshape(4, 4), np.int64(-1))
    check(updated_then_viewed_in_a_branch, np.arange(16.0).reshape(4, 4), np.int64(1))

# A ufunc whose result a loop only stores into a row writes into that row (runtime/backends/executor/
# stores.py), with eager numpy's values and errors.

ROWS = np.arange(12.0).reshape(4, 3)


def shifted(m, n):  # the ufunc reads the row before the one it writes, of the same array
    out = m * 1
    for i in range(1, n):
        out[i] = np.add(out[i - 1], out[i])
    return out


def columns(m, n):
    out = np.zeros((3, 4))
    for i in range(n):
        out[:, i] = np.sqrt(m[i])
    return out


def truncated(m, n):  # a float row stored into an int array: the store casts, out= would refuse
    out = np.zeros(m.shape, np.int64)
    for i in range(n):
        out[i] = m[i] * 1.5
    return out


def broadcast(m, n):  # a (1,)-shaped result stored into a row of 3: the store broadcasts
    out = np.zeros_like(m)
    for i in range(n):
        out[i] = m[i, :1] + 1.0
    return out


def listed(m, n):  # an index array picks a copy: writing into it would be lost
    out, columns = np.zeros_like(m), np.arange(3)
    for i in range(n):
        out[i, columns] = m[i] * 3
    return out


def overflowing(m, n):
    out = np.zeros((2, 3))
    for i in range(n):
        out[i] = np.exp(m[i])
    return out


def test_a_row_store_becomes_the_ufuncs_out():
    for fn, ufunc in ((fill, 'multiply'), (shifted, 'add')):
        check(fn, ROWS.copy(), N)
        source = source_of(rt.function(fn), ROWS, N)
        assert re.search(rf'\n +v\d+ = {ufunc}\(v\d+.*, out=v\d+\[v\d+\]\)\n', source), source


def exp_columns(m, n):  # each column from the one before it, of the same array
    out = m * 1.0
    for i in range(1, n):
        out[:, i] = np.exp(out[:, i - 1])
    return out


@pytest.mark.parametrize('fn, m', [(columns, ROWS),
                                   (exp_columns, np.linspace(-3.0, -0.1, 400).reshape(100, 4))])
def test_a_column_store_keeps_its_own_line(fn, m):
    # a column is strided, unlike numpy's new result, and a column read beside it interleaves
    # with it: numpy's SIMD exp then takes its scalar loop, whose last bits differ
    check(fn, m.copy(), np.int64(4))
    assert 'except IndexError' not in source_of(rt.function(fn), m, np.int64(4))


@pytest.mark.parametrize('fn', [truncated, broadcast, listed])
def test_a_store_that_casts_broadcasts_or_copies_is_left_alone(fn):
    check(fn, ROWS.copy(), N)
    source = source_of(rt.function(fn), ROWS, N)
    assert 'except IndexError' not in source


def test_an_index_out_of_bounds_fails_after_the_ufuncs_warning_as_eagerly():
    m = np.array([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [1000.0, 0.0, 0.0]])
    fn = rt.function(overflowing)
    outcomes = []
    for function in (overflowing, fn):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter('always')
            with pytest.raises(IndexError) as raised:
                function(m, np.int64(3))
        outcomes.append(([str(w.message) for w in seen], str(raised.value)))
    assert outcomes[0] == outcomes[1] == (
        ['overflow encountered in exp'], 'index 2 is out of bounds for axis 0 with size 2')
    assert "graph op 'set_item'" in ''.join(raised.value.__notes__)  # the store's line
    with np.errstate(over='raise'), pytest.raises(FloatingPointError, match='overflow'):
        fn(m, np.int64(3))  # the ufunc's own error comes first, as eagerly
    assert 'except IndexError' in source_of(fn, m, np.int64(3))
