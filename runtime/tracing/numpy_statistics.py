"""numpy's statistics on symbolic tensors, written in existing ops as numpy writes them in Python
(same arithmetic in the same order, so results equal numpy's bit for bit): average, median,
percentile, quantile, cov, corrcoef, ptp, fix, count_nonzero, gradient, ediff1d; and the handlers
of the ops for what numpy computes in C (`graph_ops/statistics.py`): convolve, bincount,
histogram."""
import numpy as np

from . import builders
from .numpy_handlers import _reject_out, _static, handles

_NO_VALUE = np._NoValue


def as_array(value):
    """A symbolic or taped value as it is; anything else as numpy makes it an array."""
    return value if hasattr(value, 'dtype') and hasattr(value, 'shape') and \
        not isinstance(value, np.generic) else np.asarray(value)


def known_shape(a, where, axes=None):
    """`a`'s shape, its rank and the dimensions `axes` (None: all) known: the composites below
    index along them while tracing."""
    shape = a.shape
    if shape is None or any(shape[k] is None for k in (range(len(shape)) if axes is None
                                                        else axes)):
        what = 'shape' if axes is None else f'size along axis {", ".join(map(str, axes))}'
        raise TypeError(f'{where} on symbolic tensors needs the {what} known while tracing '
                        f'(the shape is {shape}); np.reshape the argument to a static shape first')
    return tuple(shape)


def _axes(axis, ndim):
    return None if axis is None else np.lib.array_utils.normalize_axis_tuple(axis, ndim, 'axis')


@handles(np.ptp)
def _ptp(a, axis=None, out=None, keepdims=_NO_VALUE):
    _reject_out(out)
    keepdims = keepdims is True
    return np.subtract(np.max(a, axis=axis, keepdims=keepdims),
                       np.min(a, axis=axis, keepdims=keepdims))


@handles(np.fix)
def _fix(x, out=None):
    """numpy's `fix`: ceil, then floor where x >= 0 (rounding towards zero)."""
    _reject_out(out)
    return np.where(np.greater_equal(x, 0), np.floor(x), np.ceil(x))


@handles(np.count_nonzero)
def _count_nonzero(a, axis=None, *, keepdims=False):
    a = as_array(a)
    a_bool = a if a.dtype == np.bool_ else a.astype(bool)
    return count_true(a_bool, axis=axis, keepdims=keepdims)


def count_true(mask, axis=None, keepdims=False):
    """np.sum(mask, dtype=np.intp, ...), summing intp values instead: the same counts, and the
    backends lower a plain sum."""
    axis = axis[0] if isinstance(axis, tuple) and len(axis) == 1 else axis
    return np.sum(mask.astype(np.intp), axis=axis, **({'keepdims': True} if keepdims else {}))


@handles(np.average)
def _average(a, axis=None, weights=None, returned=False, *, keepdims=_NO_VALUE):
    """numpy's `average`, but a zero sum of weights gives inf or nan: no ZeroDivisionError (the
    sum is not known while tracing)."""
    a = as_array(a)
    shape = known_shape(a, 'numpy.average', axes=())  # the rank
    axis = _axes(axis, len(shape))
    keepdims_kw = {} if keepdims is _NO_VALUE or not keepdims else {'keepdims': keepdims}
    one_axis = axis[0] if axis is not None and len(axis) == 1 else axis  # as the backends like
    if weights is None:
        avg = np.mean(a, one_axis, **keepdims_kw)
        if returned:  # the count each average stands for
            known_shape(a, 'numpy.average with returned=True')
            scl = avg.dtype.type(int(np.prod(shape)) / int(np.prod(np.shape(avg))))
    else:
        wgt = as_array(weights)
        if a.shape != wgt.shape:
            if axis is None:
                raise TypeError('Axis must be specified when shapes of a and weights differ.')
            known_shape(a, 'numpy.average with weights shaped unlike a', axes=axis)
            if tuple(wgt.shape) != tuple(shape[ax] for ax in axis):
                raise ValueError('Shape of weights must be consistent with shape of a along '
                                 'specified axis.')
            wgt = np.transpose(wgt, np.argsort(axis))
            wgt = np.reshape(wgt, tuple(s if ax in axis else 1 for ax, s in enumerate(shape)))
        if issubclass(a.dtype.type, (np.integer, np.bool_)):
            result_dtype = np.result_type(a.dtype, wgt.dtype, 'f8')
        else:
            result_dtype = np.result_type(a.dtype, wgt.dtype)
        scl = np.sum(_as_type(wgt, result_dtype), axis=one_axis, **keepdims_kw)
        product = np.multiply(a, wgt) if np.result_type(a.dtype, wgt.dtype) == result_dtype \
            else np.multiply(a, wgt, dtype=result_dtype)
        avg = np.sum(product, one_axis, **keepdims_kw) / scl
    if not returned:
        return avg
    avg_shape = known_shape(as_array(avg), 'numpy.average with returned=True')
    if tuple(np.shape(scl)) != avg_shape:
        scl = np.copy(np.broadcast_to(scl, avg_shape))
    return avg, scl


def scalar_if_0d(result):
    """`result[()]`: numpy's functions give a 0-d result as a numpy scalar, as this does."""
    return result[()] if result.shape == () else result


def _as_type(a, dtype):
    return a if a.dtype == dtype else a.astype(dtype)


def over_axis(where, a, axis, keepdims, reduce):
    """numpy's `_ureduce` for one axis or all: `reduce(array, axis)` of the flattened array
    (axis None) or along `axis`, with the reduced axes kept as length 1 if `keepdims`."""
    a = as_array(a)
    shape = known_shape(a, where, axes=())  # the rank
    if isinstance(axis, (tuple, list)) and len(axis) == 1:
        axis = axis[0]
    if isinstance(axis, (tuple, list)):
        raise TypeError(f'{where} on symbolic tensors reduces one axis or all (axis=None), '
                        f'not axis={axis!r}; np.moveaxis and np.reshape them into one first')
    if axis is None:
        result = reduce(np.reshape(a, (-1,)), 0) if known_shape(a, where) else None
    else:
        axis = np.lib.array_utils.normalize_axis_index(axis, len(shape))
        result = reduce(a, axis) if known_shape(a, where, axes=(axis,)) else None
    if keepdims:
        kept = tuple(np.newaxis if axis is None or i == axis else slice(None)
                     for i in range(len(shape)))
        result = result[(Ellipsis, *kept)]
    return scalar_if_0d(result)


def _median_along(a, axis):
    """numpy's `_median` with a sort for its partition (the middle values are the same)."""
    part = np.sort(a, axis=axis)
    size = a.shape[axis]
    index = size // 2
    middle = slice(index, index + 1) if size % 2 == 1 else slice(index - 1, index + 1)
    indexer = tuple(middle if i == axis else slice(None) for i in range(len(a.shape)))
    rout = np.mean(part[indexer], axis=axis)
    if np.issubdtype(a.dtype, np.inexact) and size > 0:  # a NaN, sorted last, is the median
        last = np.take(part, -1, axis=axis)
        rout = np.where(np.isnan(last), last, rout)
    return rout


@handles(np.median)
def _median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _reject_out(out)
    return over_axis('numpy.median', a, axis, keepdims, _median_along)


def _quantile_along(arr, axis, quantiles, weak_q):
    """numpy's `_quantile` for method='linear', with a sort for its partition; `weak_q`: q was
    a Python number (numpy then keeps the array's float type)."""
    values_count = arr.shape[axis]
    arr = np.moveaxis(np.sort(arr, axis=axis), axis, 0)
    virtual_indexes = np.asanyarray((values_count - 1) * quantiles)
    previous_indexes = np.asanyarray(np.floor(virtual_indexes))
    next_indexes = np.asanyarray(previous_indexes + 1)
    indexes_above_bounds = virtual_indexes >= values_count - 1
    previous_indexes[indexes_above_bounds] = -1
    next_indexes[indexes_above_bounds] = -1
    indexes_below_bounds = virtual_indexes < 0
    previous_indexes[indexes_below_bounds] = 0
    next_indexes[indexes_below_bounds] = 0
    gamma = np.asanyarray(virtual_indexes - previous_indexes, dtype=virtual_indexes.dtype)
    previous = np.take(arr, previous_indexes.astype(np.intp), axis=0)
    next_ = np.take(arr, next_indexes.astype(np.intp), axis=0)
    diff_b_a = np.subtract(next_, previous)  # numpy's `_lerp`: one branch or the other by gamma
    if weak_q:
        gamma = float(gamma)
        result = np.subtract(next_, diff_b_a * (1 - gamma)) if gamma >= 0.5 else \
            np.add(previous, diff_b_a * gamma)
    else:
        gamma = gamma.reshape(virtual_indexes.shape + (1,) * (len(arr.shape) - 1))
        low = np.add(previous, diff_b_a * gamma)
        high = np.subtract(next_, diff_b_a * (1 - gamma))
        result = np.where(gamma >= 0.5, high, low)
    if np.issubdtype(arr.dtype, np.inexact):  # a slice holding a NaN gives NaN
        last = arr[-1]
        result = np.where(np.isnan(last), last, result)
    return result


def _quantile_of(where, a, q, weak_q, axis, method, keepdims, weights, interpolation):
    if method != 'linear' or interpolation is not None or weights is not None:
        raise TypeError(f"{where} on symbolic tensors supports method='linear' (the default) "
                        'without weights')
    if hasattr(q, 'dtype') and not isinstance(q, (np.ndarray, np.generic)):
        raise TypeError(f'{where}: q must be a Python or numpy value while tracing, not a '
                        'symbolic tensor')
    quantiles = np.asanyarray(q)
    if quantiles.dtype.kind not in 'iuf' or not np.all((quantiles >= 0) & (quantiles <= 1)):
        raise ValueError('Quantiles must be in the range [0, 1]')
    return over_axis(where, a, axis, keepdims,
                      lambda arr, axis: _quantile_along(arr, axis, quantiles, weak_q))


@handles(np.quantile)
def _quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
              keepdims=False, *, weights=None, interpolation=None):
    _reject_out(out)
    return _quantile_of('numpy.quantile', a, q, type(q) in (int, float), axis, method, keepdims, weights, interpolation)


@handles(np.percentile)
def _percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
                keepdims=False, *, weights=None, interpolation=None):
    _reject_out(out)
    if hasattr(q, 'dtype') and not isinstance(q, (np.ndarray, np.generic)):
        raise TypeError('numpy.percentile: q must be a Python or numpy value while tracing, '
                        'not a symbolic tensor')
    weak_q = type(q) in (int, float)
    q = np.asanyarray(np.true_divide(q, 100))
    return _quantile_of('numpy.percentile', a, q, weak_q, axis, method, keepdims, weights,
                        interpolation)


@handles(np.cov)
def _cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
         dtype=None):
    """numpy's `cov` without frequency or analytic weights."""
    if fweights is not None or aweights is not None:
        raise TypeError('numpy.cov on symbolic tensors: fweights= and aweights= are not '
                        'supported; weight the centred data yourself')
    m = as_array(m)
    if len(m.shape) > 2:
        raise ValueError('m has more than 2 dimensions')
    if y is not None:
        y = as_array(y)
        if len(y.shape) > 2:
            raise ValueError('y has more than 2 dimensions')
    if dtype is None:
        dtype = np.result_type(m.dtype, np.float64) if y is None else \
            np.result_type(m.dtype, y.dtype, np.float64)
    X = _at_least_2d(m, dtype)
    if not rowvar and len(m.shape) != 1:
        X = np.transpose(X)
    if y is not None:
        y = _at_least_2d(y, dtype)
        if not rowvar and y.shape[0] != 1:
            y = np.transpose(y)
        X = np.concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 1 if bias == 0 else 0
    avg = np.mean(X, axis=1)  # numpy: average(X, axis=1), the mean without weights
    fact = known_shape(X, 'numpy.cov')[1] - ddof
    if fact <= 0:
        fact = 0.0
    X = X - avg[:, None]
    c = np.dot(X, np.conj(np.transpose(X)) if np.iscomplexobj(X) else np.transpose(X))
    c = c * np.true_divide(1, fact)
    return np.squeeze(c)


def _at_least_2d(a, dtype):
    a = a if a.dtype == dtype else a.astype(dtype)
    return np.reshape(a, (1, -1)) if len(a.shape) < 2 else a


@handles(np.corrcoef)
def _corrcoef(x, y=None, rowvar=True, *, dtype=None):
    c = _cov(x, y, rowvar, dtype=dtype)
    if len(c.shape) != 2:  # one variable: nan for a bad variance, else 1
        return c / c
    n = c.shape[0]  # the diagonal, as numpy's diag(c), by indices known while tracing
    d = np.take(np.reshape(c, (-1,)), np.arange(n) * (n + 1))
    stddev = np.sqrt(np.real(d) if np.iscomplexobj(d) else d)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    if np.iscomplexobj(c):
        raise TypeError('numpy.corrcoef of complex values is not supported on symbolic tensors')
    return np.clip(c, -1, 1)


@handles(np.gradient)
def _gradient(f, *varargs, axis=None, edge_order=1):
    """numpy's `gradient` with uniform spacing (a scalar per axis, or none: 1)."""
    f = as_array(f)
    shape = known_shape(f, 'numpy.gradient', axes=())  # the rank
    axes = tuple(range(len(shape))) if axis is None else _axes(axis, len(shape))
    known_shape(f, 'numpy.gradient', axes=axes)
    if not varargs:
        dx = [1.0] * len(axes)
    elif len(varargs) == 1 and np.ndim(varargs[0]) == 0:
        dx = [varargs[0]] * len(axes)
    elif len(varargs) == len(axes) and all(np.ndim(d) == 0 for d in varargs):
        dx = list(varargs)
    else:
        raise TypeError('numpy.gradient on symbolic tensors takes scalar spacings (one, or one '
                        'per axis), not coordinate arrays')
    if any(hasattr(d, 'dtype') and not isinstance(d, (np.ndarray, np.generic)) for d in dx):
        raise TypeError('numpy.gradient: the spacing must be a Python or numpy number while '
                        'tracing, not a symbolic tensor')
    if edge_order not in (1, 2):
        raise ValueError("'edge_order' greater than 2 not supported")
    if np.issubdtype(f.dtype, np.integer) or f.dtype == np.bool_:
        f = f.astype(np.float64)
    outvals = [_derivative(f, ax, ax_dx, edge_order, shape[ax]) for ax, ax_dx in zip(axes, dx)]
    return outvals[0] if len(axes) == 1 else tuple(outvals)


def _derivative(f, axis, ax_dx, edge_order, size):
    if size < edge_order + 1:
        raise ValueError('Shape of array too small to calculate a numerical gradient, at least '
                         '(edge_order + 1) elements are required.')

    def at(index):
        return f[(slice(None),) * axis + (index,)]

    def edge(value):
        return np.expand_dims(value, axis)
    interior = (at(slice(2, None)) - at(slice(None, -2))) / (2. * ax_dx)
    if edge_order == 1:
        first = (at(slice(1, 2)) - at(slice(0, 1))) / ax_dx
        last = (at(slice(-1, None)) - at(slice(-2, -1))) / ax_dx
    else:
        a, b, c = -1.5 / ax_dx, 2. / ax_dx, -0.5 / ax_dx
        first = edge(a * at(0) + b * at(1) + c * at(2))
        a, b, c = 0.5 / ax_dx, -2. / ax_dx, 1.5 / ax_dx
        last = edge(a * at(-3) + b * at(-2) + c * at(-1))
    out = np.concatenate([first, interior, last], axis=axis)
    return out if out.dtype == f.dtype else out.astype(f.dtype)


@handles(np.ediff1d)
def _ediff1d(ary, to_end=None, to_begin=None):
    if to_end is not None or to_begin is not None:
        raise TypeError('numpy.ediff1d: to_end= and to_begin= are not supported on symbolic '
                        'tensors; np.concatenate them to the result')
    ary = np.reshape(as_array(ary), (-1,))
    return ary[1:] - ary[:-1]


@handles(np.convolve)
def _convolve(a, v, mode='full'):
    """numpy's `convolve`: the correlation with `v` reversed, the longer input first."""
    a, v = as_array(a), as_array(v)
    if len(a.shape) != 1 or len(v.shape) != 1:
        raise ValueError('numpy.convolve: a and v must be 1-d')
    if known_shape(v, 'numpy.convolve')[0] > known_shape(a, 'numpy.convolve')[0]:
        a, v = v, a
    if np.iscomplexobj(v):  # correlate conjugates v; convolve does not
        v = np.conj(v)
    return builders.bind('correlate', a, v[::-1], mode=mode)


@handles(np.bincount)
def _bincount(x, /, weights=None, minlength=0):
    """The length of the result (max(x) + 1, or minlength) is known when the graph runs."""
    _static('numpy.bincount', {'minlength': minlength})
    weights = () if weights is None else (weights,)  # a literal None has no numba value
    return builders.bind('bincount', x, *weights, minlength=minlength)


@handles(np.histogram)
def _histogram(a, bins=10, range=None, density=None, weights=None):
    """Counts and edges; `bins` an int or an array of edges, `range` and `density` known while
    tracing."""
    _static('numpy.histogram', {'range': range, 'density': density})
    if isinstance(bins, str):
        raise TypeError(f'numpy.histogram on symbolic tensors: bins={bins!r} (an estimator) '
                        'gives a number of bins known only from the data; give an int or edges')
    if isinstance(bins, (int, np.integer)):
        bins, edges = int(bins), None
    else:
        bins, edges = None, as_array(bins)
    counts, edges = builders.bind('histogram', a, weights, edges, bins=bins, range=range,
                                  density=density)
    return counts, edges
