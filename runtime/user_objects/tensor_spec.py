"""`rt.TensorSpec(shape, dtype, name=None)`: a tensor argument's type; shape None: unknown rank."""
from __future__ import annotations

import operator
from typing import Any

import numpy as np
import numpy.typing as npt

from ..ir.compatibility import compatible
from ..ir.core import AbstractValue, Dim, Shape


class TensorSpec:
    """A dtype and a shape (None in it: an unknown dimension), with an optional name."""
    __slots__ = ('aval', 'name')

    def __init__(self, shape: Any, dtype: npt.DTypeLike, name: str | None = None) -> None:
        if name is not None and not isinstance(name, str):
            raise TypeError(f'rt.TensorSpec: name must be a str or None, not {name!r}')
        self.aval = AbstractValue(_dtype(dtype), _shape(shape))
        self.name = name

    @property
    def shape(self) -> Shape:
        return self.aval.shape

    @property
    def dtype(self) -> np.dtype[Any]:
        return self.aval.dtype

    @classmethod
    def from_value(cls, value: npt.ArrayLike, name: str | None = None) -> TensorSpec:
        value = np.asarray(value)
        return cls(value.shape, value.dtype, name)

    def is_compatible_with(self, other: Any) -> bool:
        """True if `other` (a spec or a numpy value) fits this spec."""
        aval = other.aval if isinstance(other, TensorSpec) else TensorSpec.from_value(other).aval
        return compatible(self.aval, aval)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TensorSpec) and (self.aval, self.name) == (other.aval, other.name)

    def __hash__(self) -> int:
        return hash((self.aval, self.name))

    def __repr__(self) -> str:
        shape = None if self.shape is None else tuple(self.shape)
        return f'TensorSpec(shape={shape}, dtype={self.dtype.name}, name={self.name!r})'


def _shape(shape: Any) -> Shape:
    """A spec's shape checked: None (unknown rank), or a tuple of dims (an int: one dim)."""
    if shape is None:
        return None
    try:
        one_dim = hasattr(type(shape), '__index__') and not isinstance(shape, (bool, np.bool_))
        dims = (shape,) if one_dim else tuple(shape)
    except TypeError:
        raise TypeError(f'rt.TensorSpec: shape must be None, an int or a sequence of ints and '
                        f'Nones, not {shape!r}') from None
    return tuple(_dimension(d, shape) for d in dims)


def _dimension(dim: Any, shape: Any) -> Dim:
    if dim is None:
        return None
    if isinstance(dim, (bool, np.bool_)) or not hasattr(type(dim), '__index__'):
        raise TypeError(f'rt.TensorSpec: shape {shape!r} has dimension {dim!r}; a dimension is '
                        'an int >= 0, or None when unknown')
    value = operator.index(dim)
    if value < 0:
        raise ValueError(f'rt.TensorSpec: shape {shape!r} has dimension {value}; a dimension is '
                         'an int >= 0, or None when unknown')
    return value


def _dtype(dtype: Any) -> np.dtype[Any]:
    """`dtype` as a numpy dtype that a tensor can have (not object or structured)."""
    try:
        result = np.dtype(dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f'rt.TensorSpec: dtype {dtype!r} is not a numpy dtype ({e})') from None
    if result.kind in 'OV':
        raise TypeError(f'rt.TensorSpec: dtype {result} cannot be the dtype of a tensor (graphs '
                        'do not hold Python objects or structured records)')
    return result
