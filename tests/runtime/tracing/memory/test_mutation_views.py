"""Aliases and views in graphs: names bound to one array, and views that share their base's memory."""
import numpy as np
import pytest
from mutation_helpers import check

import runtime as rt
from runtime.errors import MutationError

A = np.arange(24.0).reshape(4, 6)


def aug_alias(a):  # the example
    b = a * 1.0
    c = b
    c += 1
    return b


def list_alias(a):
    b = a * 2
    items = [b, b]
    items[0][1] = -5
    return items[1], b


def views_see_base_writes(a):
    row, col, t, block = a[1], a[:, 2], a.T, a[1:3, ::2]
    whole, e = a[...], a[None, 0]
    a[1, 2] = 100.0
    a += 1
    return row, col, t, block, whole, e


def writes_through_views(a):
    a[1][2] = -1.0                  # through a temporary view
    row = a[2]
    row[:] = 7.0
    a.T[0, 3] = 42.0
    a[::2, 1::2][1, 0] = 3.5         # a view of a view
    np.swapaxes(a, 0, 1)[5, 0] += 8
    np.moveaxis(a[None], 0, 2)[0, 1, 0] = 9
    np.expand_dims(a, 0)[0, 3, 3] = 11
    np.squeeze(a[None, 1:2])[0] = 12
    np.flip(a, axis=1)[0, 0] = 13
    first, second = np.split(a, 2, axis=1)
    second[0, 0] = 14
    a.transpose(1, 0)[4, 0] *= 2
    a.reshape(a.shape)[3, 3] = 15    # the same shape: always a view
    return a, row, first


def views_in_both_directions(a):
    v = a[1:, 1:]
    w = v.T
    a[2, 2] = -3
    w[0, 0] = -4
    v[1:, 1:] *= 10
    return a, v, w


def scalar_element_is_a_copy(a):
    s = a[1, 1]
    a[1, 1] = 0
    return s


def advanced_index_is_a_copy(a):
    c = a[[0, 1]]
    m = a[a > 20]
    a[0, 0] = -9
    c[0, 0] = 1
    m[0] = 1
    return a, c, m


def flatten_copies(a):
    f = a.flatten()
    f[0] = 99
    return a, f


def astype_without_copy(a):
    b = a.astype(a.dtype, copy=False)
    b[0, 0] = -1
    c = np.astype(a, a.dtype, copy=False)
    c[0, 1] = -2
    return a


def test_aliases_see_updates():
    check(aug_alias, np.arange(3.0))
    check(list_alias, A.copy())


def test_views_see_their_base_and_write_through():
    check(views_see_base_writes, A.copy())
    check(writes_through_views, A.copy())
    check(views_in_both_directions, A.copy())


def test_copies_do_not_share():
    check(scalar_element_is_a_copy, A.copy())
    check(advanced_index_is_a_copy, A.copy())
    check(flatten_copies, A.copy())
    check(astype_without_copy, A.copy())


def test_broadcast_to_is_a_read_only_view():
    def broadcast(a):
        b = np.broadcast_to(a[0], (2, 6))
        a[0, 0] = 5
        return b
    check(broadcast, A.copy())

    def write(a):
        b = np.broadcast_to(a[0], (2, 6))
        b += 1
    with pytest.raises(ValueError, match='output array is read-only'):
        rt.function(write)(A.copy())


def reshape_then_update(a):
    r = a.reshape(6, 4)
    r[0, 0] = 1.0
    return r


def test_reshape_whose_view_ness_the_graph_cannot_know_is_an_error():
    with pytest.raises(MutationError) as caught:
        rt.function(reshape_then_update)(A.copy())
    message = str(caught.value)
    assert 'test_mutation_views.py:' in message and '`reshape` at' in message
    assert 'x = x.copy()' in message

    def ravel_then_update_base(a):
        r = a.ravel()
        a[0, 0] = 1.0
        return r
    with pytest.raises(MutationError, match='`ravel` at .* returns a view of its input only when'):
        rt.function(ravel_then_update_base)(A.copy())


def test_reshape_of_a_dead_array_or_a_copy_is_fine():
    def reshape_temporary(a):
        r = (a * 2).reshape(6, 4)
        r[0, 0] = 1.0
        return r
    check(reshape_temporary, A.copy())

    def reshape_copy(a):
        r = a.reshape(6, 4).copy()
        r[0, 0] = 1.0
        return a, r
    check(reshape_copy, A.copy())


def test_an_index_of_unknown_rank_is_undecidable():
    f = rt.function(lambda a, i: (a[i].__iadd__(1), a)[1],
                    input_signature=[rt.TensorSpec((4, 6), np.float64),
                                     rt.TensorSpec(None, np.int64)])
    with pytest.raises(MutationError, match='view or a copy depending on the rank'):
        f(A.copy(), np.int64(1))


def test_constants_changed_between_uses_keep_each_value():
    def changes(x):
        w = np.ones(3)
        y = x * w
        w[0] = 5.0      # numpy code run while tracing: the graph sees w as it was at each use
        return y, x * w
    check(changes, np.arange(3.0))
