"""Graph `for` loops run as a Python `for` over a range in the compiled executor (`counted_loops`).

The `while` a graph `for` loop is staged as and the `for` it is emitted as must
run the body for the same counter values: eager numpy is the oracle, for bounds
of every integer dtype, empty and negative ranges, a user's `while` counting up,
and loops the rule must leave alone (a `break`, a counter that doubles).
"""
import re

import numpy as np
import pytest
from mutation_helpers import check, source_of

import runtime as rt

M = np.arange(12.0).reshape(6, 2)
BOUNDS = [-3, 0, 1, 2, 6]
INTEGER_DTYPES = [np.int8, np.uint8, np.int32, np.int64, np.uint64]


def fill(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        out[i] = m[i] * 2
    return out


def counts(n, start, step):
    total, seen = np.int64(0), np.int64(0)
    for i in range(start, n, step):
        total = total * 3 + i
        seen += 1
    return total, seen


def last_index(n):
    i = -1
    for i in range(n):
        pass
    return i


def rows_and_indices(m):
    total = np.zeros(2)
    for k, row in enumerate(m):
        total = total + row * k
    return total


def with_break(m, n):
    total = np.float64(0)
    for i in range(n):
        if m[i, 0] > 5:
            break
        total += m[i, 1]
    return total


def counting_while(n):
    i, total = 0, np.int64(0)
    while i < n:
        i += 3
        total = total * 2 + i
    return total


def doubling_while(n):
    i, total = 1, np.int64(0)
    while i < n:
        total += i
        i *= 2
    return total


def loop_statements(source):
    return [line.strip() for line in source.splitlines()
            if line.strip().startswith(('for ', 'while '))]


@pytest.mark.parametrize('dtype', INTEGER_DTYPES, ids=lambda d: np.dtype(d).name)
def test_a_range_loop_runs_its_body_as_eagerly_for_every_bound(dtype):
    for bound in BOUNDS:
        if bound >= 0 or np.dtype(dtype).kind == 'i':
            check(fill, M, dtype(bound))
            check(last_index, dtype(bound))
            for start, step in ((0, 1), (2, 1), (1, 3), (5, -2)):
                check(counts, dtype(bound), start, step)


def test_a_zero_d_array_bound_counts_as_its_scalar():
    for bound in (0, 4):
        check(fill, M, np.array(bound, np.int32))


def test_a_range_loop_becomes_a_for_over_a_range_without_a_comparison_per_iteration():
    source = source_of(rt.function(fill), M, np.int64(6))
    assert loop_statements(source) == [re.search(r'for v\d+ in range\(0, max\(1, v\d+\)\):',
                                                 source).group(0)]
    body = source.split('for ')[1].split('\n    return')[0]
    assert ' < ' not in body and ' + 1' not in body


def test_a_loop_over_a_static_axis_counts_to_a_literal_bound():
    check(rows_and_indices, M)
    assert any(re.fullmatch(r'for v\d+ in range\(0, max\(1, 6\)\):', line)
               for line in loop_statements(source_of(rt.function(rows_and_indices), M)))


def test_a_users_while_counting_up_to_an_invariant_bound_also_becomes_a_for():
    for bound in BOUNDS:
        check(counting_while, np.int64(bound))
    source = source_of(rt.function(counting_while), np.int64(6))
    assert re.fullmatch(r'for v\d+ in range\(0, max\(3, v\d+\), 3\):',
                        loop_statements(source)[0])


def test_loops_the_rule_does_not_fit_stay_while_loops_and_agree_with_eager():
    for bound in BOUNDS:
        check(with_break, M, np.int64(bound))
        check(doubling_while, np.int64(bound))
    for fn, args in ((with_break, (M, np.int64(6))), (doubling_while, (np.int64(6),))):
        statements = loop_statements(source_of(rt.function(fn), *args))
        assert statements and all(s.startswith('while') for s in statements), statements
