"""Undefined and mismatched values: trace-time errors naming the variable and the ORIGINAL line.

Each test writes a module to tmp_path, converts it ahead of time with
`convert_module`, imports the converted module and calls it through rt.function.
"""
import numpy as np
import pytest
from cf_helpers import convert_source, line_of
from equality import same

import runtime as rt

SOURCE = '''
import numpy as np
import runtime as rt


def one_branch(x):
    if x > 0:
        y = x * 2
    return y


def two_structures(x):
    if x > 0:
        return x, x
    return x


def maybe_none(x):
    if x > 0:
        return x


def first_set_in_loop(n):
    i = 0
    while i < n:
        last = i * 10
        i += 1
    return last


def for_target_after(xs):
    for x in xs:
        pass
    return x


def dtype_change(n):
    s = np.int32(0)
    i = 0
    while i < n:
        s = s + 0.5
        i += 1
    return s


def rank_change(n):
    x = np.zeros(2)
    i = 0
    while i < n:
        x = np.stack([x, x])
        i += 1
    return x


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def vector_condition(x):
    if x > 0:
        x = -x
    return x


def string_or_number(x):
    if x > 0:
        label = 'positive'
    else:
        label = x
    return label
'''


@pytest.fixture(scope='module')
def user(tmp_path_factory):
    _, converted, path = convert_source(tmp_path_factory.mktemp('errors'), SOURCE)
    return converted, str(path)


def test_variable_assigned_in_one_branch_and_used_after(user):
    module, path = user
    with pytest.raises(rt.errors.StagingError) as caught:
        rt.function(module.one_branch)(np.float64(1.0))
    message = str(caught.value)
    assert message.startswith(
        f"'y' is assigned in the true branch of the `if` statement at "
        f"{path}:{line_of(path, 'if x > 0')} but not in its false branch, and it is used after "
        'it. A graph needs a value on both paths: assign y before the `if`, or in the false '
        'branch too.')
    assert 'build' not in message  # the original file, not the converted one


def test_different_return_structures_from_two_branches(user):
    module, path = user
    with pytest.raises(rt.errors.StagingError) as caught:
        rt.function(module.two_structures)(np.float64(1.0))
    assert str(caught.value).startswith(
        f'`if` statement at {path}:{line_of(path, "if x > 0", 1)}: the true branch returns a '
        'tuple of 2 values but the false branch returns a float64 tensor of shape (); make the '
        'return value the same kind of value (and dtype) on both paths.')


def test_returning_a_value_on_some_paths_only(user):
    module, path = user
    with pytest.raises(rt.errors.StagingError, match=r"'maybe_none' \(at .*\) returns a value on "
                       'some paths and reaches its end without a `return`') as caught:
        rt.function(module.maybe_none)(np.float64(1.0))
    assert path in str(caught.value)


def test_variable_first_set_in_a_graph_loop(user):
    module, path = user
    f = rt.function(module.first_set_in_loop)
    same(f(np.int64(3)), np.int64(20))
    with pytest.raises(UnboundLocalError) as caught:
        f(np.int64(0))  # the same trace: the loop ran zero times
    assert str(caught.value) == ("cannot access local variable 'last' where it is not "
                                 'associated with a value')
    assert caught.value.__notes__[-1].endswith(f'{path}:{line_of(path, "while i < n")}')
    assert f.experimental_get_tracing_count() == 1
    with pytest.raises(UnboundLocalError):
        module.first_set_in_loop(np.int64(0))  # as the Python code does


def test_for_loop_target_used_after_the_loop(user):
    module, _ = user
    f = rt.function(module.for_target_after)
    same(f(np.arange(3.0)), np.float64(2.0))
    with pytest.raises(UnboundLocalError, match="'x' where it is not associated"):
        f(np.zeros((0,)))


def test_loop_variable_whose_dtype_changes(user):
    module, path = user
    with pytest.raises(rt.errors.StagingError) as caught:
        rt.function(module.dtype_change)(np.int64(3))
    assert str(caught.value) == (
        f"'s' has dtype int32 before the loop and float64 after its body in the graph loop at "
        f'{path}:{line_of(path, "while i < n", 1)}: a graph loop variable keeps one dtype: give '
        'it the dtype its body computes before the loop (e.g. s = np.float64(...)).')


def test_loop_variable_whose_rank_changes_needs_a_shape_invariant(user):
    module, _ = user
    with pytest.raises(rt.errors.StagingError, match=r"'x' has shape \(2,\) before the loop and "
                       r'\(2, 2\) after its body .*shape_invariants'):
        rt.function(module.rank_change)(np.int64(3))


def test_recursion_on_a_tensor(user):
    module, path = user
    with pytest.raises(rt.errors.StagingError, match='nested more than 50 levels deep at '
                       f'{path}:{line_of(path, "if n <= 1")}: .* recursive function'):
        rt.function(module.factorial)(np.int64(5))
    assert module.factorial(np.int64(5)) == 120  # eagerly it recurses on values


def test_condition_with_many_values(user):
    module, path = user
    with pytest.raises(ValueError, match='the condition of the `if` statement at '
                       f'{path}:{line_of(path, "if x > 0", 3)} is a tensor of shape \\(3,\\)'):
        rt.function(module.vector_condition)(np.ones(3))


def test_a_string_and_a_number(user):
    module, path = user
    with pytest.raises(rt.errors.StagingError, match="'label' is a str in the true branch and a "
                       'float64 tensor of shape \\(\\) in the false branch'):
        rt.function(module.string_or_number)(np.float64(1.0))
