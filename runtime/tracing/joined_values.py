"""The values of a variable that has two (a cond's branches, a loop's entry and body): their types, conversion.

Their one type is `ir.compatibility.unify`'s: arrays keep their dtype, Python
numbers (weak, NEP 50) adopt or promote with the other's, differing shapes
generalise. Here: what a graph can hold (`is_value`), a value's type
(`aval_of`), a value converted to the unified type (`convert`), a stand-in
for a path that never uses it (`dummy`), and how messages name it (`describe`).
"""
import numpy as np

from ..ag_operators.variables import Undefined, UndefinedReturnValue
from ..ir.core import PYTHON_NUMBERS, PYTHON_TYPE, AbstractValue
from .python_numbers import wrap
from .tensor import Tensor


def is_value(value):
    """True for what a graph can hold: tensors, numpy values and Python numbers."""
    return (value.__class__ in PYTHON_NUMBERS or isinstance(value, Tensor)
            or isinstance(value, (np.ndarray, np.generic)) and value.dtype != object)


def aval_of(value):
    return value.aval if isinstance(value, Tensor) else AbstractValue.from_value(value)


def same_python(a, b):
    """True for one object, or two equal Python scalars of one type (0.0 and -0.0 differ)."""
    if a is b:
        return True
    kind = a.__class__
    return kind is b.__class__ and kind in (*PYTHON_NUMBERS, str) and repr(a) == repr(b)


def convert(builder, value, target):
    """`value` as a value of type `target`: conversion ops staged in `builder` when needed."""
    if value.__class__ in PYTHON_NUMBERS:
        if target.weak:
            return PYTHON_TYPE[target.dtype.kind](value)
        try:
            return target.dtype.type(value)
        except OverflowError as e:
            raise OverflowError(f'the Python int {value} does not fit {target.dtype}') from e
    if isinstance(value, Tensor):
        aval = value.aval
        if aval.dtype == target.dtype and aval.weak == target.weak:
            return value
        if aval.weak:
            return wrap(builder.emit('to_dtype', [value], {'dtype': target.dtype,
                                                           'weak': target.weak}))
        return builder.emit('astype', [value], {'dtype': target.dtype})
    if value.dtype == target.dtype:
        return value
    if np.ndim(value) == 0 and target.dtype.kind not in 'SU':  # a str scalar has its own length
        return target.dtype.type(value)
    return np.asarray(value, target.dtype)


def dummy(target):
    """A zero of type `target` (unknown dims: 0), for paths on which a value is never used."""
    if target.weak:
        return PYTHON_TYPE[target.dtype.kind](0)
    if target.shape == ():
        return target.dtype.type(0)
    shape = () if target.shape is None else tuple(d or 0 for d in target.shape)
    return np.zeros(shape, target.dtype)


def describe(value):
    """How an error message names a value: 'an int32 tensor of shape (3,)', 'the Python int 0'."""
    if isinstance(value, Tensor):
        aval = value.aval
        if aval.weak:
            return f'a Python {PYTHON_TYPE[aval.dtype.kind].__name__}'
        shape = 'unknown shape' if aval.shape is None else f'shape {aval.shape}'
        return f'{_article(aval.dtype.name)} {aval.dtype.name} tensor of {shape}'
    if value.__class__ in PYTHON_NUMBERS:
        return f'the Python {value.__class__.__name__} {value!r}'
    if isinstance(value, (np.ndarray, np.generic)):
        return f'{_article(value.dtype.name)} {value.dtype.name} array of shape {np.shape(value)}'
    if isinstance(value, Undefined):
        return 'undefined'
    if isinstance(value, UndefinedReturnValue):
        return 'no return value'
    if value is None:
        return 'None'
    return f'{_article(type(value).__name__)} {type(value).__name__}'


def _article(word):
    return 'an' if word[:1] in 'aeiou' else 'a'
