"""`rt.TensorSpec(shape, dtype, name=None)`: a tensor argument's type; shape None: unknown rank."""
import numpy as np

from .ir import AbstractValue


class TensorSpec:
    """A dtype and a shape (None in it: an unknown dimension), with an optional name."""
    __slots__ = ('aval', 'name')

    def __init__(self, shape, dtype, name=None):
        shape = (shape,) if isinstance(shape, int) else None if shape is None else tuple(shape)
        self.aval = AbstractValue(np.dtype(dtype), shape)
        self.name = name

    shape = property(lambda self: self.aval.shape)
    dtype = property(lambda self: self.aval.dtype)

    @classmethod
    def from_value(cls, value, name=None):
        value = np.asarray(value)
        return cls(value.shape, value.dtype, name)

    def is_compatible_with(self, other):
        """True if `other` (a spec or a numpy value) fits this spec."""
        aval = other.aval if isinstance(other, TensorSpec) else TensorSpec.from_value(other).aval
        return self.aval.is_compatible_with(aval)

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and (self.aval, self.name) == (other.aval, other.name)

    def __hash__(self):
        return hash((self.aval, self.name))

    def __repr__(self):
        shape = None if self.shape is None else tuple(self.shape)
        return f'TensorSpec(shape={shape}, dtype={self.dtype.name}, name={self.name!r})'
