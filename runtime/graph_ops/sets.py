"""Sets: np.unique (with its indices, inverse and counts) and np.isin, by numpy's own kernels.

The size of unique's results depends on the data: an unknown dimension, as a graph list's.
"""
import numpy as np

from ..ir.core import AbstractValue, Hole
from ..ir.lowerings import ONNX
from ..ir.registry import defop, defvjp_all, no_gradient
from ..ir.shapes import normalize_axis, probe_dtype
from .gradient_helpers import scatter_add

UNIQUE_FLAGS = ('return_index', 'return_inverse', 'return_counts')


def _unique(ar, **params):
    result = np.unique(ar, **params)
    return list(result) if isinstance(result, tuple) else [result]


# Staged by the handler in tracing/numpy_sorting.py (a result for each flag given).
@defop('unique', _unique, multiple_results=True, numpy=(np.unique,), numpy_inputs=None, fresh=True)
def _unique_rule(ar, axis=None, **params):
    dtypes = probe_dtype(_unique, ar, axis=axis, **params)
    # numpy 2: with axis=None the inverse has the input's shape; with an axis, that axis' length
    if axis is None:
        shape, inverse = (None,), ar.shape
    elif ar.shape is None:
        shape, inverse = None, (None,)
    else:
        axis = normalize_axis(axis, len(ar.shape))
        shape = ar.shape[:axis] + (None,) + ar.shape[axis + 1:]
        inverse = (ar.shape[axis],)
    avals = [AbstractValue(dtypes[0], shape)]
    for flag in UNIQUE_FLAGS:
        if params.get(flag):
            avals.append(AbstractValue(dtypes[len(avals)],
                                       inverse if flag == 'return_inverse' else (None,)))
    return avals


@defop('isin', np.isin, numpy=(np.isin,), numpy_inputs=2, fresh=True, array_result=True)
def _isin_rule(element, test_elements, **params):
    return AbstractValue(probe_dtype(np.isin, element, test_elements, **params), element.shape)


@defvjp_all('unique')
def _unique_vjp(needed, g, out, ar, axis=None, **params):
    """Each unique value's cotangent goes to its first occurrence (the element return_index
    names), as max's goes to one of equal maxima; the other outputs are integers."""
    if not needed[0] or g[0] is None:
        return [None]
    if axis is not None:
        raise NotImplementedError('the gradient of np.unique with an axis is not written yet; '
                                  'np.unique(x) (axis=None) has one')
    options = {k: params[k] for k in ('equal_nan', 'sorted') if k in params}
    first = np.unique(ar, return_index=True, **options)[1]
    return [np.reshape(scatter_add(np.ravel(ar), g[0], (Hole(0),), [first]), np.shape(ar))]


no_gradient('its outputs are booleans', 'isin')
ONNX.unlowered("not written yet (ONNX's Unique, sorted, gives numpy's four results)", 'unique')
ONNX.unlowered('not written yet (an Equal of every pair, reduced with Or)', 'isin')
