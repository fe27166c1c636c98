"""Sets: np.unique (with its indices, inverse and counts) and np.isin, by numpy's own kernels.

The size of unique's results depends on the data: an unknown dimension, as a graph list's.
"""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.lowerings import ONNX
from ..ir.registry import defop, no_gradient
from ..ir.shapes import normalize_axis, probe_dtype

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


no_gradient('its values are picked by equality of keys, its other outputs are integers',
            'unique')
no_gradient('its outputs are booleans', 'isin')
ONNX.unlowered("not written yet (ONNX's Unique, sorted, gives numpy's four results)", 'unique')
ONNX.unlowered('not written yet (an Equal of every pair, reduced with Or)', 'isin')
