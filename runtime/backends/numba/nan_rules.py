"""Which NaN numpy's float loops give, probed from numpy itself once per ufunc and dtype.

A NaN's sign and payload are not fixed by IEEE 754, and numpy's loops and
numba's libm calls choose differently: numpy's float64 log(-1) is -NaN (the
x86 default NaN an invalid operation makes), numba's +NaN; numpy's float32
exp of a NaN is +NaN whatever its sign (its SIMD kernel), numba's keeps it;
numpy's arctan2 of two NaNs gives the first, numba's the second. So instead
of a table that holds on one machine, the rule is read off numpy (a few
values through the ufunc, cached) and compiled into the jit's kernel
(`njit_functions._numpy_nans`). A rule is 'what a NaN input gives:what an invalid
operation gives', e.g. 'keep:-q' or 'first:-q'; None if numpy follows none
of these (the op then keeps numba's NaNs).
"""
import functools

import numpy as np

_INVALID_PROBES = (-1.0, 6.0, -6.0, np.inf, -np.inf, -0.5, 0.0, -0.0, 0.5, 1.5, -2.5)


@functools.cache
def rule(ufunc, dtype):
    """numpy's NaN rule for `ufunc` (one or two inputs) on `dtype` (float32 or float64)."""
    dtype = np.dtype(dtype)
    try:
        loop = ufunc.resolve_dtypes((dtype,) * ufunc.nin + (None,) * ufunc.nout)
    except TypeError:
        return None
    if ufunc.nout != 1 or set(loop) != {dtype}:  # a loop of another dtype is probed as its own
        return None
    with np.errstate(all='ignore'):
        nans = _nan_rule(ufunc, dtype)
        invalid = _invalid_nan(ufunc, dtype)
    return None if nans is None or invalid is None else f'{nans}:{invalid}'


def _bits(dtype):
    """(unsigned integer type of `dtype`'s width, its sign bit, its default quiet NaN's bits)."""
    unsigned = np.dtype(f'u{dtype.itemsize}')
    sign = unsigned.type(1) << unsigned.type(8 * dtype.itemsize - 1)
    return unsigned, sign, np.array(np.nan, dtype).view(unsigned)[()]


def _nan_rule(ufunc, dtype):
    unsigned, sign, quiet = _bits(dtype)
    payloads = np.array([quiet | 1, quiet | sign | 2], unsigned)
    nans = payloads.view(dtype)
    if ufunc.nin == 2:
        first = np.array([nans[0], nans[1], nans[0], 1.5, nans[1], 0.0], dtype)
        second = np.array([nans[1], nans[0], 1.5, nans[1], 0.0, nans[0]], dtype)
        out = ufunc(first, second)
        expected = np.where(np.isnan(first), first, second)
        made = np.isnan(out)  # power(nan, 0) is 1
        same = out[made].view(unsigned) == expected[made].view(unsigned)
        return 'first' if same.all() else None
    out = ufunc(nans).view(unsigned)
    for name, expected in (('keep', payloads), ('flip', payloads ^ sign),
                           ('clear', payloads & ~sign), ('+q', quiet), ('-q', quiet | sign)):
        if np.all(out == expected):
            return name
    return None


def _invalid_nan(ufunc, dtype):
    """'+q' or '-q': the NaN numpy gives for every invalid operation probed; '' if none."""
    unsigned, sign, quiet = _bits(dtype)
    values = np.array(_INVALID_PROBES, dtype)
    if ufunc.nin == 2:
        out = ufunc(np.repeat(values, len(values)), np.tile(values, len(values)))
    else:
        out = ufunc(values)
    made = set(out[np.isnan(out)].view(unsigned).tolist())
    if not made:
        return ''
    if len(made) == 1:
        return {int(quiet): '+q', int(quiet | sign): '-q'}.get(made.pop())
    return None
