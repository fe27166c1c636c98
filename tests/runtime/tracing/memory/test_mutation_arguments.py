"""Arguments and captured state updated in place: written back after each run, or refused clearly."""
import numpy as np
import pytest
from mutation_helpers import check

import runtime as rt
from runtime.errors import InvalidArgumentError, MutationError


def update_args(x, y):
    x[0] = y[0]
    y += 1
    z = y[1:]
    z *= 2
    return x.sum()


def test_updated_arguments_are_written_back_on_every_call():
    f = check(update_args, np.zeros(3), np.arange(3.0), calls=3)
    x, y = np.zeros(3), np.arange(3.0)
    f(x, y)
    f(x, y)
    assert x.tolist() == [1.0, 0.0, 0.0] and y.tolist() == [2.0, 10.0, 14.0]


def test_arrays_nested_in_arguments_are_written_back():
    def nested(pair, d):
        pair[0][1] = 5
        d['w'] += pair[1]
    check(nested, (np.zeros(3), np.ones(3)), {'w': np.arange(3.0)})


def test_a_view_passed_as_argument_updates_its_base():
    base = np.zeros((2, 3))
    rt.function(update_args)(base[1], np.arange(1.0, 4.0))
    assert base.tolist() == [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]]


def test_read_only_arguments_give_numpys_error():
    x = np.zeros(3)
    x.flags.writeable = False
    with pytest.raises(ValueError, match='^assignment destination is read-only$'):
        rt.function(update_args)(x, np.arange(3.0))

    def add(x):
        x += 1
    y = np.zeros(3)
    y.flags.writeable = False
    with pytest.raises(ValueError, match='^output array is read-only$'):
        rt.function(add)(y)
    with pytest.raises(ValueError, match='^output array is read-only$'):
        add(y)


def test_the_same_array_twice_is_traced_as_aliases():
    def two(x, y):
        x += 1
        return y.copy()
    f = rt.function(two)
    a, b = np.zeros(2), np.zeros(2)
    assert f(a, b).tolist() == [0.0, 0.0] and a.tolist() == [1.0, 1.0]
    assert f(a, a).tolist() == [2.0, 2.0] and a.tolist() == [2.0, 2.0]   # y is x
    assert f(a, b).tolist() == [0.0, 0.0] and f.experimental_get_tracing_count() == 2
    check(two, a, a)


def test_aliases_do_not_leak_into_the_fast_path():
    def pick(x, y):
        return y
    f = rt.function(pick)
    a, b = np.zeros(2), np.ones(2)
    assert f(a, a) is not None and f(a, b).tolist() == [1.0, 1.0]


def test_arguments_sharing_memory_with_an_updated_one_are_refused():
    a = np.zeros(4)
    with pytest.raises(InvalidArgumentError, match="arguments 'x' and 'y' share memory and "
                                                   "the function updates 'x' in place"):
        rt.function(update_args)(a[:3], a[1:])


def test_arguments_that_are_not_writeable_arrays():
    f = rt.function(update_args, input_signature=[rt.TensorSpec((3,), np.float64),
                                                  rt.TensorSpec((3,), np.float64)])
    with pytest.raises(TypeError, match="argument 'x' is updated in place by the function: "
                                        'pass a writeable numpy array, not a value converted'):
        f([0.0, 0.0, 0.0], np.arange(3.0))
    with pytest.raises(TypeError, match="argument 'x' is updated in place by the function: "
                                        'pass a writeable numpy array, not float'):
        f.get_concrete_function().callable()(np.float64(0), np.arange(3.0))

    def out_list(x, target):
        np.add(x, 1, out=target)
    with pytest.raises(TypeError, match='return arrays must be of ArrayType'):
        rt.function(out_list)(np.zeros(2), [0.0, 0.0])


def increment(x):
    x += 1
    return x


def test_0d_arguments_keep_their_kind():
    check(increment, np.array(1.0))   # a 0-d array: updated in place
    check(increment, np.float64(1.0))  # a numpy scalar: a new value
    f = rt.function(increment)
    f(np.float64(1.0))
    with pytest.raises(InvalidArgumentError, match="argument 'x' was traced as a numpy scalar "
                                                   'and is updated in place'):
        f(np.array(1.0))


def test_nested_functions_update_the_callers_tensors():
    inner = rt.function(update_args)

    def outer(x, y):
        total = inner(x, y)
        x[1] = total
        return x, y
    check(outer, np.zeros(3), np.arange(3.0))


def test_tensors_captured_and_updated_by_a_nested_function():
    def outer(x):
        y = x * 2

        @rt.function
        def inner():
            y[0] = -1
            return 0
        inner()
        return y
    check(outer, np.arange(3.0))


class _Box:
    state = np.zeros(3)


BOX = _Box()  # an array reached through an attribute: not captured by reference


def test_arrays_reached_through_attributes_are_constants_and_updating_them_is_refused():
    def store_element(x):
        BOX.state[0] = x[0]  # numpy converts the value itself, and words the error its own way
    with pytest.raises(MutationError, match=r'an item assignment .* at .*test_mutation_arguments'
                                            r'.py:\d+ updates a numpy array with a graph value'):
        rt.function(store_element)(np.ones(3))

    def store(x):
        BOX.state[:2] = x[:2]
        return x
    with pytest.raises(MutationError, match=r'an item assignment \(`a\[i\] = t` where `a` is '
                                            r'a numpy array\) at .*:\d+ updates a numpy array'):
        rt.function(store)(np.ones(3))

    def add_out(x):
        np.add(BOX.state, x, out=BOX.state)
    with pytest.raises(MutationError, match='a constant of the graph'):
        rt.function(add_out)(np.ones(3))

    def copy_into(x):
        np.copyto(BOX.state, x)
    with pytest.raises(MutationError, match='rt.Variable'):
        rt.function(copy_into)(np.ones(3))
    assert BOX.state.tolist() == [0.0, 0.0, 0.0]


def test_variables_support_item_assignment_as_ordered_effects():
    v = rt.Variable(np.zeros((3, 2)))

    @rt.function
    def scatter(x, i):
        before = v.read_value()
        v[0] = x
        v[i] += x
        v[2, 1] = 7.5
        return before, v[i]
    before, row = scatter(np.array([1.0, 2.0]), np.int64(1))
    assert before.tolist() == [[0, 0], [0, 0], [0, 0]] and row.tolist() == [1.0, 2.0]
    scatter(np.array([1.0, 2.0]), np.int64(1))
    assert v.numpy().tolist() == [[1.0, 2.0], [2.0, 4.0], [0.0, 7.5]]
    eager = rt.Variable(np.zeros((3, 2)))
    eager[0] = [1.0, 2.0]
    eager[1] += np.array([1.0, 2.0])
    assert eager.numpy().tolist() == [[1.0, 2.0], [1.0, 2.0], [0.0, 0.0]]


def test_a_variables_value_is_read_only_as_eagerly():
    v = rt.Variable(np.zeros(2))

    def update_read(unused):
        r = v.read_value()
        r += 1
    with pytest.raises(ValueError, match='output array is read-only'):
        update_read(None)
    with pytest.raises(ValueError, match='output array is read-only'):
        rt.function(update_read)(np.zeros(1))


def rebind_in_loop(n, x):
    while n > 0:
        n -= 1
        x = x + 1
    return x


def test_an_argument_a_loop_rebinds_but_never_updates_is_not_written_back():
    f = check(rebind_in_loop, np.int64(3), np.zeros(2))
    concrete = f.get_concrete_function(np.int64(3), np.zeros(2))
    assert concrete.mutations is None
    assert len(concrete.graph.outputs) == 1  # the result only: no copy of x to write back
    x = np.zeros(2)
    x.flags.writeable = False  # a write-back, even of the same values, would fail
    assert f(np.int64(2), x).tolist() == [2.0, 2.0]


def count_down_in_place(n):
    while n > 0:
        n -= 1
    return n


def test_a_0d_array_a_loop_updates_in_place_stays_an_array_and_is_written_back():
    check(count_down_in_place, np.array(3))
    n = np.array(3)
    assert rt.function(count_down_in_place)(n) == 0 and n == 0  # as numpy: n itself counts down
    assert rt.function(count_down_in_place)(np.int64(3)) == 0  # a numpy scalar: a new number
