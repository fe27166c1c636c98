"""numpy's searching and set functions on symbolic tensors: handlers of their ops, and the set
functions written in those ops, as numpy's own Python implementation writes them (so their
results, sizes depending on the data included, are numpy's)."""
import numpy as np

from . import builders
from .numpy_handlers import _static, handles


@handles(np.searchsorted)
def _searchsorted(a, v, side='left', sorter=None):
    params = _static('numpy.searchsorted', {'side': side})
    return builders.bind('searchsorted', a, v, *(() if sorter is None else (sorter,)),
                         **({} if side == 'left' else params))


@handles(np.unique)
def _unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
            equal_nan=True, sorted=True):
    params = _static('numpy.unique', {
        'return_index': return_index, 'return_inverse': return_inverse,
        'return_counts': return_counts, 'axis': axis, 'equal_nan': equal_nan,
        'sorted': sorted})
    defaults = {'axis': None, 'equal_nan': True, 'sorted': True}
    params = {k: v for k, v in params.items() if v != defaults.get(k, False)}
    results = builders.bind('unique', ar, **params)
    return results[0] if len(results) == 1 else tuple(results)


@handles(np.lexsort)
def _lexsort(keys, axis=-1):
    if not isinstance(keys, (tuple, list)):  # one array: its rows are the keys
        count = np.shape(keys)[0] if np.ndim(keys) else None
        if not isinstance(count, int):
            raise TypeError('numpy.lexsort on symbolic tensors: the keys array needs a known '
                            'first dimension (or pass a tuple of arrays)')
        keys = [keys[i] for i in range(count)]
    return builders.bind('lexsort', *keys, axis=_static('numpy.lexsort', {'axis': axis})['axis'])


@handles(np.argwhere)
def _argwhere(a):
    if np.ndim(a) == 0:  # numpy's: as a 1-d array, then no columns
        return _argwhere(np.reshape(a, (1,)))[:, :0]
    return np.transpose(np.stack(np.nonzero(a)))


@handles(np.flatnonzero)
def _flatnonzero(a):
    return np.nonzero(np.ravel(a))[0]


def _flat(x):
    return x if np.ndim(x) == 1 else np.ravel(x)


@handles(np.union1d)
def _union1d(ar1, ar2):
    return np.unique(np.concatenate((_flat(ar1), _flat(ar2))))


@handles(np.intersect1d)
def _intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if not assume_unique:
        if return_indices:
            ar1, ind1 = np.unique(ar1, return_index=True)
            ar2, ind2 = np.unique(ar2, return_index=True)
        else:
            ar1, ar2 = np.unique(ar1), np.unique(ar2)
    else:
        ar1, ar2 = _flat(ar1), _flat(ar2)
    aux = np.concatenate((ar1, ar2))
    if return_indices:
        aux_sort_indices = np.argsort(aux, kind='mergesort')
        aux = aux[aux_sort_indices]
    else:
        aux = np.sort(aux)
    mask = aux[1:] == aux[:-1]
    int1d = aux[:-1][mask]
    if not return_indices:
        return int1d
    ar1_indices = aux_sort_indices[:-1][mask]
    ar2_indices = aux_sort_indices[1:][mask] - np.size(ar1)
    if not assume_unique:
        ar1_indices, ar2_indices = ind1[ar1_indices], ind2[ar2_indices]
    return int1d, ar1_indices, ar2_indices


@handles(np.setdiff1d)
def _setdiff1d(ar1, ar2, assume_unique=False):
    if assume_unique:
        ar1 = _flat(ar1)
    else:
        ar1, ar2 = np.unique(ar1), np.unique(ar2)
    return ar1[np.isin(ar1, ar2, assume_unique=True, invert=True)]


@handles(np.setxor1d)
def _setxor1d(ar1, ar2, assume_unique=False):
    if not assume_unique:
        ar1, ar2 = np.unique(ar1), np.unique(ar2)
    aux = np.sort(np.concatenate((_flat(ar1), _flat(ar2))))
    flag = np.concatenate(([True], aux[1:] != aux[:-1], [True]))
    # numpy returns an empty aux as it is; the flags of no elements are the first size(aux)
    return aux[(flag[1:] & flag[:-1])[:np.size(aux)]]
