"""Arrays shaped like others: np.zeros_like, ones_like, empty_like, full_like."""
import numpy as np

from ..ir import AbstractValue
from ..shapes import probe_dtype
from . import Op, register


def _like_rule(fn):
    """The dtype of `a` (or `dtype=`), the shape of `a` (or `shape=`)."""
    def rule(a, *fill_value, shape=None, **params):
        dtype = probe_dtype(fn, a, *fill_value, **params)  # not `shape=`: it may be huge
        if shape is not None:
            return AbstractValue(dtype, (shape,) if isinstance(shape, int) else tuple(shape))
        return AbstractValue(dtype, a.shape)
    return rule


for _name, _fn in (('zeros_like', np.zeros_like), ('ones_like', np.ones_like),
                   ('empty_like', np.empty_like), ('full_like', np.full_like)):
    register(Op(_name, _fn, _like_rule(_fn)))
