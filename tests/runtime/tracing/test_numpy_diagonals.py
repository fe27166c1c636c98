"""np.diagonal (and diag, ndarray.diagonal) in graphs: numpy's read-only view of the array."""
import numpy as np
import pytest

import runtime as rt


def _written_after(a):
    d = np.diagonal(a, 1)
    a[0, 1] = 7.0  # numpy's view shows the write
    return d * 1.0


def _write_into(a):
    d = a.diagonal()
    d[0] = 1.0
    return d


def test_a_write_into_the_array_shows_through_its_diagonal_as_in_numpy():
    x = np.arange(12.0).reshape(3, 4)
    expected = _written_after(x.copy())
    for jit_compile in (None, True):
        np.testing.assert_array_equal(rt.function(_written_after, jit_compile=jit_compile)(
            x.copy()), expected)


def test_a_write_into_the_diagonal_is_refused_as_numpy_refuses_it():
    with pytest.raises(ValueError, match='read-only'):
        _write_into(np.eye(3))
    with pytest.raises(ValueError, match='read-only'):
        rt.function(_write_into)(np.eye(3))
