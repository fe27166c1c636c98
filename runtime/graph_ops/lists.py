"""Graph lists' op: `list_append`, a list that grows in a graph loop held as one stacked array."""
import numpy as np

from ..ir.compatibility import join
from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp


def list_append(buf, x):
    """`buf` (elements stacked on axis 0) with `x` appended; an empty `buf` may have 0 dims."""
    x = np.expand_dims(x, 0)
    return x.astype(buf.dtype, copy=False) if len(buf) == 0 else np.concatenate((buf, x))


@defop('list_append', list_append, fp_quiet=True)
def _list_append_rule(buf, x):
    if x.dtype != buf.dtype:
        raise TypeError(f'list_append: a {x} element for a list of {buf.dtype}')
    if buf.shape is None or x.shape is None:
        return AbstractValue(buf.dtype, None)
    if len(buf.shape) != len(x.shape) + 1:
        raise ValueError(f'list_append: a {x} element for a list stacked as {buf}')
    return AbstractValue(buf.dtype, (None,) + join(AbstractValue(buf.dtype, buf.shape[1:]),
                                                   AbstractValue(buf.dtype, x.shape)).shape)


defvjp('list_append', lambda g, out, buf, x: g[:-1] if np.ndim(buf) == np.ndim(g) else None,
       lambda g, out, buf, x: g[-1])
