"""The one table of Python's operators agrees with numpy, the op registry and tensors' methods."""
import numpy as np
import pytest

from runtime.converted_code.operator_table import ARITHMETIC, AUGMENTED, COMPARISONS, UNARY
from runtime.ir.registry import is_registered
from runtime.tracing.python_numbers import WeakTensor
from runtime.tracing.tensor import Tensor

BINARY_ROWS = [*ARITHMETIC.values(), *COMPARISONS.values()]


@pytest.mark.parametrize('op', BINARY_ROWS, ids=lambda op: op.symbol)
def test_python_and_numpy_agree_on_each_binary_operator(op):
    a, b = np.array([[6, 7], [2, 3]]), np.array([[2, 1], [3, 5]])
    np.testing.assert_array_equal(op.python(a, b), getattr(np, op.ufunc)(a, b))
    assert is_registered(op.ufunc)
    assert hasattr(Tensor, f'__{op.stem}__')


@pytest.mark.parametrize('op', UNARY.values(), ids=lambda op: op.symbol)
def test_python_and_numpy_agree_on_each_unary_operator(op):
    a = np.array([-2, 3])
    np.testing.assert_array_equal(op.python(a), getattr(np, op.ufunc)(a))
    assert is_registered(op.ufunc) and hasattr(Tensor, f'__{op.stem}__')


@pytest.mark.parametrize('symbol', AUGMENTED)
def test_augmented_assignments_update_in_place_and_tensors_stage_them(symbol):
    op = AUGMENTED[symbol]
    dtype = float if symbol == '/=' else int  # numpy's in-place true division needs floats
    a, b = np.array([[6, 7], [2, 3]], dtype), np.array([[2, 1], [3, 5]], dtype)
    target = a.copy()
    assert op.inplace(target, b) is target
    np.testing.assert_array_equal(target, op.python(a, b))
    assert symbol == op.symbol + '=' and f'__i{op.stem}__' in Tensor.__dict__


def test_python_numbers_a_graph_carries_take_pythons_arithmetic_operators():
    for symbol in ('+', '-', '*', '/', '//', '%'):
        assert f'__{ARITHMETIC[symbol].stem}__' in WeakTensor.__dict__
