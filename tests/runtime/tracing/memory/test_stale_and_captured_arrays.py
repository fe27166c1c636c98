"""What a graph cannot know about numpy arrays: updates that may or may not reach an array
(an error only once the array is used), arrays the traced function did not make (constants of
the graph, never silently stale), views that cannot follow a made array."""
import numpy as np
import pytest
from mutation_helpers import check

import runtime as rt
from runtime.errors import MutationError

X = np.arange(1.0, 7.0)


def rebind_in_branch_then_update(x, n):
    acc = np.zeros(3)
    for i in range(n):
        if x[i] > 0:
            acc = acc + x[:3]
        acc += 1         # numpy: updates whichever array acc is; nothing else sees it
    return acc


def rebind_in_branch_then_update_tensor(x, n):
    acc = x[:3] * 0
    for i in range(n):
        if x[i] > 0:
            acc = acc + x[:3]
        acc += 1
    return acc


def rebind_in_branch_then_read_alias(x, n):
    acc = np.zeros(3)
    first = acc
    for i in range(n):
        if x[i] > 0:
            acc = acc + x[:3]
        acc += 1
    return acc, first    # whether `first` was updated depends on x


def test_an_ambiguous_update_nobody_observes_is_not_refused():
    signs = np.array([1.0, -1.0, 2.0, -3.0])
    for n in (0, 2, 4):
        check(rebind_in_branch_then_update, signs, np.int64(n))
        check(rebind_in_branch_then_update_tensor, signs, np.int64(n))
    with pytest.raises(MutationError, match=r'returns an array whose value a graph cannot know: '
                       r'it may or may not have been updated in place at .*_arrays.py:\d+ \(in '
                       r'the loop at .*, which array `acc` is at the start of an iteration '
                       r'depends on the iteration'):
        rt.function(rebind_in_branch_then_read_alias)(signs, np.int64(2))


def test_a_view_with_another_dtype_cannot_follow_the_graph():
    def reinterpret(x):
        a = np.zeros(2)
        bits = a.view(np.int64)
        a[0] = x[0]
        return bits
    with pytest.raises(MutationError, match='a view with another dtype'):
        rt.function(reinterpret)(X.copy())


class _Box:
    g = np.zeros(3)


B = _Box()  # an array reached through an attribute: captured arrays by name are by reference
G = np.zeros(3)


def test_numpy_arrays_the_trace_did_not_make_are_never_silently_stale():
    def graph_loop(x, n):     # f3 with a captured array: eager numpy updates G
        a = B.g
        for i in range(n):
            a += x
        return a

    def python_write_in_loop(x, n):
        a = B.g
        for i in range(n):
            a[0] += 1.0       # not the loop's state: numpy would write it n times
        return x

    def python_write_in_branch(x, t):
        a = B.g
        if t > 0:
            a[0] = 5.0
        return x

    def after_loop(x, n):
        a = B.g
        for i in range(n):
            a = a + x
        a += 1                # numpy updates G when the loop did not run
        return a
    cases = [(graph_loop, 'which numpy would update in the loop at'),
             (python_write_in_loop, r'updates `a` in place with Python values'),
             (python_write_in_branch, r'the `if` statement at .* updates `a` in place'),
             (after_loop, 'which array `a` is depends on how often the loop ran')]
    for fn, message in cases:
        with pytest.raises(MutationError, match=message):
            rt.function(fn)(np.ones(3), np.int64(2))
        assert B.g.tolist() == [0.0, 0.0, 0.0]


def test_a_made_array_kept_from_an_earlier_trace_is_a_captured_array():
    class Model:
        def __call__(self, x):
            if x.shape[0] == 2:
                self.buffer = np.zeros(3)
            else:
                self.buffer[0] = x[0]   # eager numpy updates self.buffer
            return x
    model = Model()
    f = rt.function(model.__call__)
    f(np.ones(2))
    first = model.buffer
    assert first.__class__ is np.ndarray and first.tolist() == [0.0, 0.0, 0.0]
    f(np.full(4, 7.0))
    assert model.buffer is first and first.tolist() == [7.0, 0.0, 0.0]


def test_a_captured_array_returned_by_a_function_stays_captured():
    def get():
        return B.g

    def store(x):
        a = get()          # not a new array: G itself
        a[0] = x[0]
        return a
    with pytest.raises(MutationError, match=r'at .*_arrays.py:\d+ updates a numpy array with a '
                                            'graph value'):
        rt.function(store)(np.ones(3))
    assert B.g.tolist() == [0.0, 0.0, 0.0]


def test_a_made_array_stored_in_a_graph_list_cannot_be_updated_later():
    def same_array(x, n):
        rows = []
        a = np.zeros(3)
        for i in range(n):
            rows.append(a)   # numpy's list holds the array, which the next line updates
            a[0] = x[i]
        return rt.stack(rows)

    def new_arrays(x, n):
        rows = []
        for i in range(n):
            a = np.zeros(3)
            a[0] = x[i]
            rows.append(a)
        return np.stack(rows)
    with pytest.raises(MutationError, match='put in a list that a graph loop'):
        rt.function(same_array)(X.copy(), np.int64(3))
    check(new_arrays, X.copy(), np.int64(3))


@rt.do_not_convert
def set_first(z):
    np.asarray(z)[0] += 1.0  # code that is not converted, writing the array's memory itself


def test_numpy_writes_to_a_made_array_inside_graph_control_flow_are_refused():
    def fill_diagonal(x, n):
        a = np.zeros((3, 3))
        np.fill_diagonal(a, 2.0)     # before the loop: numpy, while tracing
        for i in range(n):
            np.fill_diagonal(a, 3.0)   # a Python value, but in a graph loop
        return a

    def library(x, n):
        a = np.arange(4.0)
        set_first(a)                # before the loop: numpy, while tracing
        for i in range(n):
            set_first(a)
        return a
    for fn, what in ((fill_diagonal, 'numpy.fill_diagonal'), (library, 'set_first')):
        with pytest.raises(MutationError, match=f'{what} at .*_arrays.py:\\d+ updates, with '
                                                'numpy, an array made before the tensor'):
            rt.function(fn)(X.copy(), np.int64(2))
