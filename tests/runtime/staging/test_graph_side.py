"""`dispatch.graph`: `ag__` operators on tensors, builtin overloads, control flow on tensors."""
import inspect
import threading

import numpy as np
import pytest

import runtime as rt
from runtime import ag as ag__
from runtime.ag_operators import dispatch
from runtime.ir.check import check_graph
from runtime.staging import graph_side
from runtime.tracing import tensor
from runtime.tracing.builders import GraphBuilder


def line_of(fn, text):
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_importing_the_graph_runtime_installs_the_operators():
    assert dispatch.graph is graph_side and tensor.Tensor in dispatch.staged_types
    tensor.register_staged_types()  # registering again keeps the installed implementation
    assert dispatch.graph is graph_side and dispatch.staged_types.count(tensor.Tensor) == 1


def builtins_of(x, y):
    return (len(x), abs(y), int(y), float(y), min(x), max(x, y), min(y, 0.5), any(x), all(x),
            sorted(x, reverse=True), isinstance(x, np.ndarray), isinstance(x, int))


def test_builtin_overloads_match_eager_numpy():
    x, y = np.array([3.0, -1.0, 2.0]), np.float64(-2.5)
    f = rt.function(builtins_of)
    results = f(x, y)
    check_graph(f.get_concrete_function(x, y).graph)
    expected = (3, 2.5, -2, -2.5, -1.0, [3.0, -1.0, 2.0], -2.5, True, True,
                [3.0, 2.0, -1.0], True, False)
    assert [np.asarray(r).tolist() for r in results] == [np.asarray(e).tolist() for e in expected]
    assert [np.asarray(r).dtype for r in results[1:5]] == [np.float64, np.int_, np.float64,
                                                          np.float64]


def test_builtins_on_python_values_are_the_builtins(capsys):
    @rt.function
    def f(x, n):
        print('tracing', n, len([1, 2]), list(range(n)), list(zip('ab', range(n))))
        return x + sum(map(abs, range(-n, 0)))

    assert f(np.float64(1.0), 2) == 4.0
    assert f(np.float64(1.0), 2) == 4.0
    assert capsys.readouterr().out == "tracing 2 2 [0, 1] [('a', 0), ('b', 1)]\n"


def test_iterating_a_rank_two_tensor_with_min_is_refused():
    with pytest.raises(rt.errors.OperatorNotAllowedInGraphError, match='rank 2'):
        rt.function(lambda x: ag__.converted_call(min, (x,), None))(np.ones((2, 2)))


def positive_sqrt(x):
    assert np.all(x >= 0), 'x must be non-negative'
    return np.sqrt(x)


def test_assert_on_a_tensor_is_a_graph_assert():
    f = rt.function(positive_sqrt)
    assert f(np.array([4.0, 9.0])).tolist() == [2.0, 3.0]
    with pytest.raises(rt.errors.InvalidArgumentError, match='x must be non-negative') as caught:
        f(np.array([4.0, -9.0]))
    assert caught.value.__notes__[0].endswith(f':{line_of(positive_sqrt, "assert")}')
    assert f.experimental_get_tracing_count() == 1


def test_operators_called_by_tensorflow_generated_code():
    @rt.function
    def f(x):
        x = ag__.set_item(x, 0, 5.0)
        return ag__.not_(x > 1), ag__.eq(x, 2.0), ag__.get_item(x, 1), ag__.list_stack([x, x])

    x = np.array([1.0, 2.0])
    inverted, equal, second, stacked = f(x)
    assert inverted.tolist() == [False, False] and equal.tolist() == [False, True]
    assert second == 2.0 and stacked.tolist() == [[5.0, 2.0]] * 2
    assert x.tolist() == [5.0, 2.0]  # set_item assigns in place, as it does eagerly


def tensor_if(x):
    if x > 0:
        x = -x
    return x


def tensor_while(x):
    while x > 0:
        x = x - 1
    return x


def tensor_for(x):
    total = 0.0
    for v in x:
        total += v
    return total


def tensor_and(x):
    return x > 0 and x < 2


def tensor_range(x):
    for i in range(x):
        pass
    return x


@pytest.mark.parametrize('fn, x', [
    (tensor_if, np.array(1.0)), (tensor_while, np.array(2.5)), (tensor_for, np.array([1.0, 2.0])),
    (tensor_and, np.array(1.0)), (tensor_range, np.array(3)),
])
def test_control_flow_on_tensors_is_staged(fn, x):
    """Graph control flow (tests/runtime/control_flow) stages what these stubs once refused."""
    assert np.array_equal(rt.function(fn)(x), fn(x))


def test_converted_call_outside_this_threads_trace_is_a_plain_call():
    entered, leave = threading.Event(), threading.Event()

    def trace_elsewhere():
        with GraphBuilder():
            entered.set()
            leave.wait(5)

    thread = threading.Thread(target=trace_elsewhere)
    thread.start()
    try:
        assert entered.wait(5) and dispatch.tracing
        assert ag__.converted_call(int, (np.float64(2.5),), None) == 2
        assert ag__.converted_call(tensor_if, (np.float64(1.0),), None) == -1.0
    finally:
        leave.set()
        thread.join()
