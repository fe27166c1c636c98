"""Python numbers a graph carries (weakly typed, as NEP 50 says): a loop counter, a cond's `0`/`1`.

At run time such a value is a Python scalar, and operators between it and
another Python number compute as Python does (`py_binary`): `i + 1` stays a
Python int, so `x * i` keeps a float32 `x` float32, as in the eager code.
Anything else (numpy functions, arrays, numpy scalars) treats it as numpy
treats a Python scalar: weakly typed (NEP 50).
"""
from ..converted_code.operator_table import PYTHON_NUMBER_BINARY
from ..ir.core import PYTHON_NUMBERS
from . import builders
from .tensor import Tensor


class WeakTensor(Tensor):
    """A symbolic Python number (its abstract value is weak)."""
    __slots__ = ()


def is_weak(value):
    return value.__class__ in PYTHON_NUMBERS or isinstance(value, WeakTensor)


def wrap(value):
    """`value` as a WeakTensor if it is a tensor of a weak type, else unchanged."""
    if isinstance(value, Tensor) and not isinstance(value, WeakTensor) and value.aval.weak:
        return WeakTensor(value._var, value._builder, value._op)
    return value


def _binary(symbol, reflected):
    # Tensor's operator, looked up when called: `tensor_methods` installs it after this module
    name = f'__{"r" if reflected else ""}{PYTHON_NUMBER_BINARY[symbol].stem}__'

    def method(self, other):
        if not is_weak(other):
            return getattr(Tensor, name)(self, other)
        inputs = (other, self) if reflected else (self, other)
        return wrap(builders.bind('py_binary', *inputs, op=symbol))
    return method


def _unary(symbol):
    return lambda self: wrap(builders.bind('py_unary', self, op=symbol))


for _symbol, _op in PYTHON_NUMBER_BINARY.items():
    setattr(WeakTensor, f'__{_op.stem}__', _binary(_symbol, False))
    setattr(WeakTensor, f'__r{_op.stem}__', _binary(_symbol, True))
    # a Python number is immutable: `i += 1` is `i = i + 1`, not an array's in-place update
    setattr(WeakTensor, f'__i{_op.stem}__', _binary(_symbol, False))


def _strong(value):
    if not isinstance(value, WeakTensor):
        return value
    return builders.bind('to_dtype', value, dtype=value.dtype)


def _pow(reflected):
    def method(self, other, modulo=None):
        if modulo is not None:
            return NotImplemented  # as for numpy arrays: pow(x, y, m) is a TypeError
        # numpy's power on strong values: a Python int ** int is typed by its exponent's sign
        base, exponent = (other, self) if reflected else (self, other)
        return Tensor.__pow__(_strong(base), _strong(exponent)) if isinstance(
            _strong(base), Tensor) else Tensor.__rpow__(_strong(exponent), base)
    return method


WeakTensor.__pow__ = _pow(False)
WeakTensor.__rpow__ = _pow(True)
WeakTensor.__neg__ = _unary('-')
WeakTensor.__pos__ = _unary('+')
WeakTensor.__abs__ = _unary('abs')
