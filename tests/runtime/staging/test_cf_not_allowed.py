"""OperatorNotAllowedInGraphError: the cause, and the fix that applies to the code at hand.

Converted code already has its control flow staged, so its messages never say
to convert it; code that is not converted is told so, and where it is.
"""
import math

import numpy as np
import pytest

import runtime as rt
from runtime.errors import OperatorNotAllowedInGraphError

VECTOR = [rt.TensorSpec([None], np.float64)]


def bool_of_a_tensor(x):
    return bool(np.sum(x) > 0)


def unpacking(x):
    first, second = x
    return first


def python_list_indexed_by_a_tensor(x):
    return [1.0, 2.0][np.argmax(x)]


def reversed_tensor(x):
    return reversed(x)


def math_of_a_tensor(x):
    return math.sqrt(np.sum(x))


def item_of_a_tensor(x):
    return x.sum().item()


def comprehension_over_a_tensor(x):
    return [v * 2 for v in x]


@pytest.mark.parametrize('fn, cause, fix', [
    (bool_of_a_tensor, 'using it as a Python bool', 'compute it with numpy (np.where(c, a, b)'),
    (unpacking, 'iterating over it', 'this iteration is not a `for` statement'),
    (comprehension_over_a_tensor, 'iterating over it', 'write the iteration as a for loop'),
    (python_list_indexed_by_a_tensor, 'using it as a Python int',
     'Python needs an int here: index a stacked array instead (np.stack(values)[i])'),
    (reversed_tensor, 'len() of a tensor whose first dimension is unknown (f64[?])',
     'this len() was called by Python for other code'),
    (math_of_a_tensor, 'math.sqrt()', "Use numpy's np.sqrt in its place"),
    (item_of_a_tensor, 'item()', 'rt.py_function(func, inp, Tout)'),
], ids=lambda v: getattr(v, '__name__', None))
def test_converted_code_is_told_a_fix_for_converted_code(fn, cause, fix):
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        rt.function(fn, input_signature=VECTOR)(np.ones(2))
    message = str(caught.value)
    assert message.startswith(cause) and ' is not allowed on a symbolic tensor: ' in message
    assert fix in message
    assert 'not converted, so' not in message and 'through rt.function' not in message


def branches_on_a_tensor(x):
    if np.sum(x) > 0:
        return x
    return -x


def test_unconverted_code_is_told_to_convert_it_and_where_it_is():
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        rt.function(branches_on_a_tensor, autograph=False)(np.ones(2))
    line = branches_on_a_tensor.__code__.co_firstlineno + 1
    assert str(caught.value) == (
        'using it as a Python bool (if, while, and/or/not, assert, bool()) is not allowed on a '
        'symbolic tensor: its value is only known when the graph runs. The code doing it '
        f'({__file__}:{line}, in branches_on_a_tensor) is not converted, so Python runs it as '
        'written: convert it (call the function through rt.function, whose autograph=True, the '
        'default, converts it and the functions it calls, except lambdas, library code and '
        'functions marked rt.do_not_convert), which stages `if`, `while`, `for`, `and`/`or`/`not` '
        'and `assert` on tensors as graph ops; or use rt.cond, rt.while_loop or np.where '
        'explicitly.')


def test_the_same_code_converted_runs():
    f = rt.function(branches_on_a_tensor)
    assert f(np.ones(2)).tolist() == [1.0, 1.0] and f(-np.ones(2)).tolist() == [1.0, 1.0]
