"""Arrays the traced function makes with Python values: numpy until a graph value is written into
them, then one graph array object, as eager numpy (runtime.tracing.memory.made_arrays)."""
import copy

import numpy as np
from mutation_helpers import check

import runtime as rt

X = np.arange(1.0, 7.0)


def f1(x):  # the issue's cases: an alias sees an in-place update of a made array
    a = np.zeros(3)
    b = a
    a += x
    return b


def f2(x):
    a = np.zeros(3)
    a[0] = x[0]
    return a


def f3(x, n):  # a graph loop updating a made array that another name is bound to
    a = np.zeros(3)
    b = a
    for i in range(n):
        a += x
    return a, b


def f5(x):
    a = np.zeros(3)
    a[1] = 5.0           # a Python value: numpy, while tracing
    a += x
    return a


def fill(x):  # preallocate and fill, with a static length
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        out[i] = x[i] * 2
    return out


def fill_graph_loop(x, n):
    out = np.zeros((4, 3))
    for i in range(n):
        row = np.zeros(3)  # made in the loop body
        row[i % 3] = x[i]
        out[i] = row
    return out


def test_the_issues_examples_match_numpy():
    check(f1, np.ones(3))
    check(f2, np.ones(3))
    for n in (0, 1, 3):
        check(f3, np.ones(3), np.int64(n))
    check(f5, np.ones(3))
    check(fill, X.copy())
    check(fill_graph_loop, X.copy(), np.int64(4))


def every_update(x, i):
    a = np.zeros(6)
    b = a
    a[0] = x[0]
    a[1:3] = x[1:3]
    a[...] += 1
    a[None, 2] *= x[2]
    a[a > 2] = -1.0
    a[[4, 5]] = x[:2]
    a[i] -= 10
    a += x
    a -= x
    a *= x
    a /= x
    np.add(a, x, out=a)
    np.multiply.at(a, [0, 0, 1], 2.0)
    a.put([1], x[3])
    np.copyto(a, x, where=x > 3)
    np.put(a, [2], x[0])
    np.place(a, a > 3, x[:1])
    np.putmask(a, a < 0, x)
    np.put_along_axis(a, np.array([0, 5]), x[2], axis=0)
    a.sort()
    return b


def integer_updates(x, i):
    a = np.arange(6)
    a //= 2
    a %= 5
    a **= 2
    a &= x
    a |= 1
    a ^= x
    a <<= 1
    a >>= 1
    a[i] += x[i]
    return a


def other_updates(m, x):
    a = np.eye(3)
    a @= m
    b = np.ones(4)
    b.fill(x[0])
    c = np.array(0.0)    # a 0-d array is updated in place too
    c += x[1]
    return a, b, c


def test_every_update_form_on_a_made_array():
    check(every_update, X.copy(), np.int64(2))
    check(integer_updates, np.arange(6), np.int64(3))
    check(other_updates, np.arange(9.0).reshape(3, 3), X.copy())


def views_before(x):
    a = np.zeros((3, 4))
    row, col, t, flat, strided = a[1], a[:, 2], a.T, a.reshape(12), a[::-1, ::2]
    same = np.asarray(a)           # a plain numpy view, adopted as a view of `a`
    broadcast = np.broadcast_to(a[0], (2, 4))
    a[1, 2] = x[0]                 # promotes `a`: every view follows it
    row += x[1]
    t[0, 0] = x[2]
    strided[0] = x[3]
    same[2, 3] = 7.0
    return a, row, col, t, flat, strided, same, broadcast


def views_after(x):
    a = np.zeros((3, 4))
    a[0, 0] = x[0]
    row, col, t = a[1], a[:, 2], a.T
    row += x[1]
    t[3, 2] = x[2]
    return a, row, col, t


def through_functions(x):
    a = np.zeros(4)
    set_second(a, x[0])
    set_second(a[1:], 7.0)         # a view, written with a Python value after the promotion
    update_in_graph(a)
    return a


def set_second(z, v):
    z[1] = v


@rt.function
def update_in_graph(z):
    z[0] = 1.0
    return 0


def test_aliases_views_and_calls_see_the_updates():
    check(views_before, X.copy())
    check(views_after, X.copy())
    check(through_functions, X.copy())


def made_in_branch(x, t):
    if t > 0:
        a = np.zeros(3)
        a[0] = x[0]
    else:
        a = np.ones(3)
    a[1] = x[1]
    return a


def updated_in_branch(x, t):
    a = np.zeros(3)
    view = a[1:]
    if t > 0:
        view[0] = 4.0            # Python values, written when the graph takes the branch
    else:
        a.fill(2.0)
    return a, view


def updated_in_loops(x, n):
    a = np.zeros(3)
    grid = np.zeros((3, 3))
    row = grid[0]
    i = 0
    while i < n:
        a[0] += 1.0
        a[1] = a[0] * 2
        row += x[i]
        i += 1
    return a, grid


def test_made_arrays_in_graph_control_flow():
    for t in (1, -1):
        check(made_in_branch, X.copy(), np.int64(t))
        check(updated_in_branch, X.copy(), np.int64(t))
    for n in (0, 3):
        check(updated_in_loops, X.copy(), np.int64(n))


def returned(x):
    a = np.array([1.0, 2.0, 3.0])
    return a, a, np.array(5.0), np.zeros(2, np.int32), a[0], x


def test_returned_made_arrays_are_new_writeable_arrays_of_eagers_types():
    f = check(returned, X.copy())
    first = f(X.copy())
    assert first[0] is first[1] and first[0].flags.writeable
    first[0][0] = -1.0
    assert f(X.copy())[0][0] == 1.0


def python_flow(x):
    a = np.zeros(3)
    a[0] = 2.0
    if a[0] > 1:                  # concrete: Python decides while tracing
        print('traced once')
        a[1] = 3.0
    for v in a:                   # a Python loop over a numpy array
        if v > 2:
            a[2] = v
    a += x                        # from here `a` is a graph value
    return a


def test_concrete_use_before_promotion_stays_python(capsys):
    f = rt.function(python_flow)
    for _ in range(3):
        np.testing.assert_array_equal(f(np.ones(3)), [3.0, 4.0, 4.0])
    assert capsys.readouterr().out == 'traced once\n'
    graph = f.get_concrete_function(np.ones(3)).graph
    assert not [eq for eq in graph.equations if eq.primitive in ('cond', 'while')]


def test_copies_of_made_arrays():
    def copies(x):
        a = np.zeros(3)
        a[0] = x[0]
        b, c, d = copy.copy(a), a.copy(), np.copy(a)
        a[1] = 9.0
        return a, b, c, d
    check(copies, X.copy())


def views_with_a_graph_index(x, i):
    a = np.zeros((3, 3))
    row = a[i]            # a view chosen by a tensor: `a` is promoted
    a[0, 0] = 5.0
    return row


def test_a_view_taken_with_a_graph_index_follows_its_base():
    for i in (0, 1):
        check(views_with_a_graph_index, X.copy(), np.int64(i))


def lookup(x, i):
    table = np.array([10.0, 20.0, 30.0])
    y = table[i] + x[0]    # a copy: `table` stays numpy
    if table[0] > 0:       # so this `if` is Python's
        y = y + 1
    return y


def test_reading_a_made_array_with_a_graph_index_keeps_it_numpy():
    f = check(lookup, X.copy(), np.int64(2))
    graph = f.get_concrete_function(X.copy(), np.int64(2)).graph
    assert not [eq for eq in graph.equations if eq.primitive == 'cond']


def append_to(items, value):
    items.append(value)


def lists_keep_their_identity(x):
    a = np.zeros(3)
    a[0] = x[0]             # promoted: passed around as what it stands for
    items = [a]
    append_to(items, a)     # converted code gets the list itself
    a[1] = x[1]
    return len(items), np.stack(items)


def test_containers_holding_made_arrays_keep_their_identity():
    check(lists_keep_their_identity, X.copy())
