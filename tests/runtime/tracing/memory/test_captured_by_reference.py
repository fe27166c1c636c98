"""Arrays a traced function reaches by a global or closure name and updates: by reference, as in
numpy (read at each call, written back after it), compared with eager numpy over several calls."""
import numpy as np
import pytest
from mutation_helpers import check_with_global

import runtime as rt
from runtime.errors import InvalidArgumentError, MutationError, RetracingWarning

G = np.zeros(3)
H = np.arange(4.0)


def item_graph_value(x):
    G[0] = x[0]
    return G * 2


def python_value_then_read(x):
    G[1] += 1.0           # a Python value, after a read: traced again with G by reference
    return G.sum() + x


def in_branch(x):
    if x[0] > 0:
        G[2] = 7.0
    else:
        G[:] += x
    return x


def in_loop(x, n):
    for i in range(n):
        G[i % 3] += x[i % 3]
    return G[0]


def in_while(x, n):
    i = 0
    a = G                 # through an alias: the loop's state
    while i < n:
        a += x
        i += 1
    return i


def forms(x):
    np.add(G, x, out=G)
    np.copyto(G, G * 2)
    G.fill(G[0])
    np.multiply(G, 1.5, out=G)
    G.sort()
    return G


def view_of_global(x):
    v = H[1:3]
    v += x[:2]
    return H.T


def bump(captured):
    """A change made between calls: the graph sees it, as numpy does."""
    captured[...] += 1.0


@pytest.mark.parametrize('fn, args', [
    (item_graph_value, (np.array([1.0, 2.0, 3.0]),)),
    (python_value_then_read, (np.ones(3),)),
    (in_branch, (np.array([1.0, 2.0, 3.0]),)),
    (in_branch, (np.array([-1.0, 2.0, 3.0]),)),
    (in_loop, (np.array([1.0, 2.0, 3.0]), np.int64(4))),
    (in_while, (np.array([1.0, 2.0, 3.0]), np.int64(2))),
    (forms, (np.array([3.0, 1.0, 2.0]),)),
])
def test_an_updated_global_is_updated_by_reference_across_calls(fn, args):
    check_with_global(fn, globals(), 'G', [args] * 3, bump)
    G[...] = 0


def test_a_view_of_a_global_updates_it():
    check_with_global(view_of_global, globals(), 'H', [(np.ones(2),)] * 3, bump)
    H[...] = np.arange(4.0)


def test_a_closure_array_is_updated_by_reference():
    def make():
        buf = np.zeros(2)

        def step(x):
            buf[0] += x[0]
            return buf.copy()
        return step, buf
    step, buf = make()
    f = rt.function(step)
    for k in range(3):
        assert f(np.array([2.0])).tolist() == [2.0 * (k + 1), 0.0]
    buf[0] = 100.0
    assert f(np.array([1.0])).tolist() == [101.0, 0.0] and buf[0] == 101.0


def test_reads_of_a_global_see_its_value_at_each_call():
    def read(x):
        return H * x
    f = rt.function(read)
    assert f(np.ones(4)).tolist() == [0.0, 1.0, 2.0, 3.0]
    H[0] = 10.0           # changed between calls: the graph reads it when it runs, as numpy
    try:
        assert f(np.ones(4)).tolist() == [10.0, 1.0, 2.0, 3.0]
    finally:
        H[0] = 0.0
    assert f.experimental_get_tracing_count() == 1
    assert len(f.get_concrete_function(np.ones(4)).graph.inputs) == 2


def test_an_rt_function_calling_one_that_updates_a_global():
    @rt.function
    def inner(x):
        G[0] += x[0]
        return x

    def outer(x):
        inner(x)
        return G * 1.0
    check_with_global(outer, globals(), 'G', [(np.ones(3),)] * 3, bump)
    G[...] = 0


def test_a_read_only_global_gives_numpys_error():
    ro = np.zeros(3)
    ro.flags.writeable = False
    globals()['RO'] = ro

    def write(x):
        RO[0] = x[0]  # noqa: F821
    with pytest.raises(ValueError, match='assignment destination is read-only'):
        write(np.ones(3))
    with pytest.raises(ValueError, match='assignment destination is read-only'):
        rt.function(write)(np.ones(3))
    del globals()['RO']


def test_a_global_passed_as_an_argument_too_is_refused():
    def update_both(x):
        x[0] += 1.0
        return G.sum()
    f = rt.function(update_both)
    f(np.zeros(3))
    with pytest.raises(InvalidArgumentError, match="argument 'x' shares memory with the global "
                                                   "'G'"):
        f(G)
    assert G.tolist() == [0.0, 0.0, 0.0]


def test_a_rebound_name_is_read_again_and_a_changed_shape_traces_again():
    globals()['K'] = np.zeros(3)

    def set_first(x):
        K[0] = x[0]  # noqa: F821
    f = rt.function(set_first)
    f(np.ones(3))
    assert K.tolist() == [1.0, 0.0, 0.0]  # noqa: F821
    globals()['K'] = np.zeros(3)       # another array of the same type: updated, as eagerly
    f(np.full(3, 2.0))
    assert K.tolist() == [2.0, 0.0, 0.0] and f.experimental_get_tracing_count() == 1  # noqa
    K.shape = (3, 1)  # noqa: F821
    f(np.full(3, 4.0))                  # traced again for the new shape
    assert K.tolist() == [[4.0], [0.0], [0.0]] and f.experimental_get_tracing_count() == 2  # noqa
    with pytest.warns(RetracingWarning, match=r'K: now float64\[\d\], before float64\[\d\]'):
        for n in range(4, 10):
            globals()['K'] = np.zeros(n)
            f(np.ones(3))
    del globals()['K']


def test_globals_sharing_memory_cannot_both_be_followed():
    globals()['W'], globals()['V'] = H, H[1:]

    def both(x):
        V[0] = x[0]  # noqa: F821
        return W * 1.0  # noqa: F821
    with pytest.raises(MutationError, match="share memory"):
        rt.function(both)(np.ones(2))
    del globals()['W'], globals()['V']


def test_python_reads_of_an_updated_global_become_graph_reads():
    def read_then_write(x):
        if G[0] > 0:      # converted: a graph `if` once G is by reference
            G[1] = 1.0
        G[0] = x[0]
        return x
    f = rt.function(read_then_write)
    f(np.ones(3))
    f(np.ones(3))
    assert G.tolist() == [1.0, 1.0, 0.0]
    assert f.experimental_get_tracing_count() == 1
    G[...] = 0
