"""Which types accept which, and the one type of a value that may be of two: the only home of these rules.

Types are `AbstractValue`s: a dtype, a shape whose dims (or whole rank) may be
unknown (`None`), and `weak` for a Python number (NEP 50: only its kind takes
part in promotion). The questions the runtime asks of them:

- `compatible(a, b)`: could a value of one type also be of the other? Same
  dtype, and shapes that could be equal (an unknown dim agrees with any).
  Symmetric, as TensorFlow's `is_compatible_with`: what `rt.TensorSpec` and a
  variable's assignment check ask of values whose shape is partly known.
- `accepts(expected, actual)`: may a value of type `actual` flow where
  `expected` was traced (a graph input, a trace's signature, a list's element)?
  Directional: `expected`'s shape covers `actual`'s; a flexible string dtype
  (`str`, length 0) takes strings of any length; and an input declared weak
  (a Python number at run time) takes only weak values, since a numpy value
  there would change what the graph computes.
- `join(a, b)`: the most specific type both are (same dtype; differing dims
  unknown; weak only if both are). `generalise` joins a trace's types with a
  call's, for one trace serving both.
- `unify(a, b)`: as `join`, but Python numbers (weak) adopt or promote with
  the other dtype as numpy would: the type of a variable that has two values
  (a cond's branches, a loop's entry and body).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .core import PYTHON_TYPE, AbstractValue, Dim, Shape


def dims_agree(a: Dim, b: Dim) -> bool:
    """True if two dims could be equal (None: unknown, agrees with any)."""
    return a is None or b is None or a == b


def covers(general: Shape, specific: Shape) -> bool:
    """True if shape `general` admits every shape that `specific` stands for."""
    if general is None:
        return True
    if specific is None or len(general) != len(specific):
        return False
    return all(g is None or g == s for g, s in zip(general, specific))


def compatible(a: AbstractValue, b: AbstractValue) -> bool:
    """True if a value could be of both types: same dtype, shapes that could be equal."""
    if a.dtype != b.dtype:
        return False
    if a.shape is None or b.shape is None:
        return True
    return len(a.shape) == len(b.shape) and all(map(dims_agree, a.shape, b.shape))


def accepts(expected: AbstractValue, actual: AbstractValue) -> bool:
    """True if a value of type `actual` may flow where type `expected` was traced."""
    if expected.dtype != actual.dtype and not _flexible_string(expected.dtype, actual.dtype):
        return False
    return covers(expected.shape, actual.shape) and (actual.weak or not expected.weak)


def accepts_all(expected: Sequence[AbstractValue], actual: Sequence[AbstractValue]) -> bool:
    return len(expected) == len(actual) and all(map(accepts, expected, actual))


def _flexible_string(expected: np.dtype[Any], actual: np.dtype[Any]) -> bool:
    return expected.itemsize == 0 and expected.kind in 'USV' and expected.kind == actual.kind


def join(a: AbstractValue, b: AbstractValue) -> AbstractValue:
    """The most specific type of both (same dtype; differing dims unknown; weak if both are)."""
    if a.dtype != b.dtype:
        raise TypeError(f'cannot join types {a} and {b}: dtypes differ')
    weak = a.weak and b.weak
    if a.shape is None or b.shape is None or len(a.shape) != len(b.shape):
        return AbstractValue(a.dtype, None, weak)
    return AbstractValue(a.dtype, tuple(x if x == y else None for x, y in zip(a.shape, b.shape)),
                         weak)


def generalise(traced: Sequence[AbstractValue],
               avals: Sequence[AbstractValue]) -> list[AbstractValue] | None:
    """Types for one trace covering both calls (differing dims unknown); None if dtypes differ."""
    if any(t.dtype != a.dtype for t, a in zip(traced, avals)):
        return None
    return [join(t, a) for t, a in zip(traced, avals)]


def unify(a: AbstractValue, b: AbstractValue) -> AbstractValue | None:
    """The type of a value that is of type `a` or of type `b`, or None if the dtypes conflict."""
    if a.weak and b.weak:
        dtype = a.dtype if a.dtype == b.dtype else np.promote_types(a.dtype, b.dtype)
    elif a.weak or b.weak:
        strong, weak = (b, a) if a.weak else (a, b)
        dtype = np.result_type(strong.dtype, PYTHON_TYPE[weak.dtype.kind](0))
    elif a.dtype.kind == b.dtype.kind and a.dtype.kind in 'SU':
        dtype = np.promote_types(a.dtype, b.dtype)  # strings: the longer length holds both
    elif a.dtype != b.dtype:
        return None
    else:
        dtype = a.dtype
    both_weak = a.weak and b.weak
    return join(AbstractValue(dtype, a.shape, both_weak), AbstractValue(dtype, b.shape, both_weak))
