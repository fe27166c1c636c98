"""numpy's NaN-ignoring functions (nansum ... nanmedian) and nan_to_num on symbolic tensors,
written in existing ops as numpy writes them (results equal numpy's bit for bit).

Documented differences (numpy decides them from the values, not known while tracing): an all-NaN
slice gives nanargmax/nanargmin index 0 rather than a ValueError; for all-NaN slices or
non-positive degrees of freedom the results are numpy's (NaN), but the warning is the division's
('invalid value encountered in divide'), not numpy's own ('Mean of empty slice', ...)."""
import numpy as np

from .numpy_handlers import _reject_out, handles
from .numpy_statistics import as_array, count_true, over_axis, scalar_if_0d

_NO_VALUE = np._NoValue


def _replace_nan(a, value):
    """numpy's `_replace_nan`: `a` with its NaNs replaced by `value`, and the NaN mask (None for a
    type that holds no NaN)."""
    a = as_array(a)
    if not issubclass(a.dtype.type, np.inexact):
        return a, None
    mask = np.isnan(a)
    return np.where(mask, value, a), mask


def _kept(keepdims, dtype=None):
    """The keyword arguments that differ from the defaults (the backends lower fewer params)."""
    return {**({'keepdims': True} if keepdims is True else {}),
            **({} if dtype is None else {'dtype': dtype})}


@handles(np.nansum)
def _nansum(a, axis=None, dtype=None, out=None, keepdims=_NO_VALUE, initial=_NO_VALUE,
            where=_NO_VALUE):
    _reject_out(out)
    _no_where('nansum', where)
    a, _ = _replace_nan(a, 0)
    extra = {} if initial is _NO_VALUE else {'initial': initial}
    return np.sum(a, axis=axis, **_kept(keepdims, dtype), **extra)


@handles(np.nanprod)
def _nanprod(a, axis=None, dtype=None, out=None, keepdims=_NO_VALUE, initial=_NO_VALUE,
             where=_NO_VALUE):
    _reject_out(out)
    _no_where('nanprod', where)
    a, _ = _replace_nan(a, 1)
    extra = {} if initial is _NO_VALUE else {'initial': initial}
    return np.prod(a, axis=axis, **_kept(keepdims, dtype), **extra)


def _no_where(name, where):
    if where is not _NO_VALUE and where is not True:
        raise TypeError(f'numpy.{name}: where= is not supported on symbolic tensors; use np.where')


@handles(np.nanmax)
def _nanmax(a, axis=None, out=None, keepdims=_NO_VALUE, initial=_NO_VALUE, where=_NO_VALUE):
    return _nan_extremum('nanmax', np.fmax, np.max, a, axis, out, keepdims, initial, where)


@handles(np.nanmin)
def _nanmin(a, axis=None, out=None, keepdims=_NO_VALUE, initial=_NO_VALUE, where=_NO_VALUE):
    return _nan_extremum('nanmin', np.fmin, np.min, a, axis, out, keepdims, initial, where)


def _nan_extremum(name, ufunc, plain, a, axis, out, keepdims, initial, where):
    """numpy reduces an ndarray with fmax/fmin (which skip NaNs), other types as plain max/min."""
    _reject_out(out)
    _no_where(name, where)
    a = as_array(a)
    extra = {} if initial is _NO_VALUE else {'initial': initial}
    if not issubclass(a.dtype.type, np.inexact):
        return plain(a, axis=axis, **_kept(keepdims), **extra)
    return ufunc.reduce(a, axis=axis, **_kept(keepdims), **extra)


@handles(np.nanargmax)
def _nanargmax(a, axis=None, out=None, *, keepdims=_NO_VALUE):
    _reject_out(out)
    a, _ = _replace_nan(a, -np.inf)
    return np.argmax(a, axis=axis, **_kept(keepdims))


@handles(np.nanargmin)
def _nanargmin(a, axis=None, out=None, *, keepdims=_NO_VALUE):
    _reject_out(out)
    a, _ = _replace_nan(a, np.inf)
    return np.argmin(a, axis=axis, **_kept(keepdims))


@handles(np.nancumsum)
def _nancumsum(a, axis=None, dtype=None, out=None):
    _reject_out(out)
    a, _ = _replace_nan(a, 0)
    return np.cumsum(a, axis=axis, **_kept(False, dtype))


@handles(np.nancumprod)
def _nancumprod(a, axis=None, dtype=None, out=None):
    _reject_out(out)
    a, _ = _replace_nan(a, 1)
    return np.cumprod(a, axis=axis, **_kept(False, dtype))


def _divide_by_count(a, b):
    """numpy's `_divide_by_count`: a / b in a's type (numpy divides in place, casting)."""
    quotient = np.true_divide(a, b)
    return quotient if quotient.dtype == a.dtype else quotient.astype(a.dtype)


@handles(np.nanmean)
def _nanmean(a, axis=None, dtype=None, out=None, keepdims=_NO_VALUE, *, where=_NO_VALUE):
    _reject_out(out)
    _no_where('nanmean', where)
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.mean(arr, axis=axis, **_kept(keepdims, dtype))
    cnt = count_true(~mask, axis=axis, keepdims=keepdims is True)
    tot = np.sum(arr, axis=axis, **_kept(keepdims, dtype))
    return _divide_by_count(tot, cnt)


@handles(np.nanvar)
def _nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NO_VALUE, *,
            where=_NO_VALUE, mean=_NO_VALUE, correction=_NO_VALUE):
    _reject_out(out)
    _no_where('nanvar', where)
    if mean is not _NO_VALUE:
        raise TypeError('numpy.nanvar: mean= is not supported on symbolic tensors')
    if correction is not _NO_VALUE:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.var(arr, axis=axis, ddof=ddof, **_kept(keepdims, dtype))
    cnt = count_true(~mask, axis=axis, keepdims=True)
    avg = _divide_by_count(np.sum(arr, axis=axis, **_kept(True, dtype)), cnt)
    arr = np.where(mask, 0, np.subtract(arr, avg))
    if issubclass(arr.dtype.type, np.complexfloating):
        sqr = np.real(np.multiply(arr, np.conj(arr)))
    else:
        sqr = np.multiply(arr, arr)
    var = np.sum(sqr, axis=axis, **_kept(keepdims, dtype))
    if len(var.shape) < len(cnt.shape):
        cnt = np.squeeze(cnt, axis)
    dof = cnt - ddof
    var = _divide_by_count(var, dof)
    return np.where(dof <= 0, np.nan, var)


@handles(np.nanstd)
def _nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NO_VALUE, *,
            where=_NO_VALUE, mean=_NO_VALUE, correction=_NO_VALUE):
    return np.sqrt(_nanvar(a, axis=axis, dtype=dtype, out=out, ddof=ddof, keepdims=keepdims,
                           where=where, mean=mean, correction=correction))


@handles(np.nan_to_num)
def _nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = as_array(x)
    if not issubclass(x.dtype.type, np.inexact):
        return np.copy(x)
    if issubclass(x.dtype.type, np.complexfloating):
        raise TypeError('numpy.nan_to_num of complex values is not supported on symbolic tensors')
    maxf, minf = np.finfo(x.dtype).max, np.finfo(x.dtype).min
    high = maxf if posinf is None else posinf
    low = minf if neginf is None else neginf
    replaced = np.where(np.isnan(x), nan, np.where(x == np.inf, high,
                                                   np.where(x == -np.inf, low, x)))
    return scalar_if_0d(replaced if replaced.dtype == x.dtype else replaced.astype(x.dtype))


def _nanmedian_along(a, axis):
    """The median of the values that are not NaN (numpy: of the sorted values, the middle one or
    the mean of the middle two; NaN for a slice of NaNs only)."""
    part = np.sort(a, axis=axis)  # NaNs sort last
    counts = count_true(~np.isnan(a), axis=axis, keepdims=True)
    high = counts // 2
    low = np.maximum(np.where(counts % 2 == 1, high, high - 1), 0)
    middle = (np.take_along_axis(part, low, axis) + np.take_along_axis(part, high, axis)) / 2
    return np.where(np.squeeze(counts, axis) == 0, np.nan, np.squeeze(middle, axis))


@handles(np.nanmedian)
def _nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=_NO_VALUE):
    _reject_out(out)
    a = as_array(a)
    if not issubclass(a.dtype.type, np.inexact):
        return np.median(a, axis=axis, keepdims=keepdims is True)
    return over_axis('numpy.nanmedian', a, axis, keepdims is True, _nanmedian_along)
