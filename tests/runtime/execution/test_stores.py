"""A ufunc whose result a loop only stores into a row writes into that row, as eager numpy's values."""
import re
import warnings

import numpy as np
import pytest

import runtime as rt
from mutation_helpers import check, source_of

M = np.arange(12.0).reshape(4, 3)
N = np.int64(4)


def fill(m, n):
    out = np.zeros_like(m)
    for i in range(n):
        out[i] = m[i] * 2
    return out


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
    for fn, ufunc, row in ((fill, 'multiply', r'v\d+\[v\d+\]'), (shifted, 'add', r'v\d+\[v\d+\]'),
                           (columns, 'sqrt', r'v\d+\[:, v\d+\]')):
        check(fn, M.copy(), N)
        source = source_of(rt.function(fn), M, N)
        assert re.search(rf'\n +v\d+ = {ufunc}\(v\d+.*, out={row}\)\n', source), source


@pytest.mark.parametrize('fn', [truncated, broadcast, listed])
def test_a_store_that_casts_broadcasts_or_copies_is_left_alone(fn):
    check(fn, M.copy(), N)
    source = source_of(rt.function(fn), M, N)
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
