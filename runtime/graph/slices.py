"""`ag__.get_item` / `ag__.set_item` on tensors, and `set_item`, the functional `x[index] = v` op.

Graph values are immutable, so `set_item(x, i, v)` (emitted by TensorFlow's
converter; agconvert leaves `x[i] = v` as written) returns a new tensor: a
copy of `x` with `x[i]` replaced, which is what the eager assignment leaves in
`x`. Indices are templates as for `getitem` (`Hole(i)` for array parts).
"""
import numpy as np

from .ir import AbstractValue
from . import tensor, tracing
from .ops import defop, get
from .ops.indexing import _fill, split_index


def get_item(target, i, opts=None):
    return target[i]


def set_item(target, i, x):
    if not tensor.is_symbolic(target):
        target[i] = x
        return target
    template, dynamic = split_index(i, tensor.is_symbolic)
    return tracing.bind('set_item', target, x, *dynamic, index=template)


def _set_item(x, value, *dynamic, index):
    result = np.array(x, copy=True)
    result[_fill(index, dynamic)] = value
    return result


@defop('set_item', _set_item)
def _set_item_rule(x, value, *dynamic, index):
    get('getitem').rule(x, *dynamic, index=index)  # the index errors numpy would raise
    if value.dtype.kind in 'USV' and x.dtype.kind not in 'USVO':
        raise ValueError(f'cannot store a {value.dtype} value in an array of dtype {x.dtype}')
    return AbstractValue(x.dtype, x.shape)
