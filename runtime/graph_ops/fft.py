"""numpy.fft's transforms: fft, ifft, rfft, irfft, hfft, ihfft and their n-dimensional forms.

Each op runs numpy's own function (pocketfft), so results are numpy's bit for bit;
fft2/ifft2/rfft2/irfft2 are the n-dimensional ops over the last two axes, which is how
numpy computes them too (`tracing/numpy_linalg.py`).
"""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.registry import defop, no_gradient
from ..ir.shapes import normalize_axis

_ONE_DIMENSIONAL = {'fft': np.fft.fft, 'ifft': np.fft.ifft, 'rfft': np.fft.rfft,
                    'irfft': np.fft.irfft, 'hfft': np.fft.hfft, 'ihfft': np.fft.ihfft}
_N_DIMENSIONAL = {'fftn': np.fft.fftn, 'ifftn': np.fft.ifftn, 'rfftn': np.fft.rfftn,
                  'irfftn': np.fft.irfftn}


def _result_dtype(func, a):
    return func(np.ones(4, dtype=a.dtype)).dtype


def _length(kind, given, n):
    """The result's length along a transformed axis of length `given` (n: numpy's n or s[i])."""
    if kind in ('irfft', 'hfft', 'irfftn'):
        return n if n is not None else None if given is None else 2 * (given - 1)
    length = given if n is None else n
    if kind in ('rfft', 'ihfft', 'rfftn') and length is not None:
        return length // 2 + 1
    return length


def _one_dimensional_rule(kind):
    def rule(a, n=None, axis=-1, norm=None):
        dtype = _result_dtype(_ONE_DIMENSIONAL[kind], a)
        if a.shape is None:
            return AbstractValue(dtype, None)
        axis = normalize_axis(axis, len(a.shape))
        if n is not None and n < 1:
            raise ValueError(f'Invalid number of FFT data points ({n}) specified.')
        shape = list(a.shape)
        shape[axis] = _length(kind, a.shape[axis], n)
        return AbstractValue(dtype, tuple(shape))
    return rule


def _n_dimensional_rule(kind):
    def rule(a, s=None, axes=None, norm=None):
        dtype = _result_dtype(_N_DIMENSIONAL[kind], a)
        if a.shape is None:
            return AbstractValue(dtype, None)
        ndim = len(a.shape)
        if axes is None:
            axes = list(range(-(ndim if s is None else len(s)), 0))
        axes = [normalize_axis(x, ndim) for x in axes]
        if s is not None and len(s) != len(axes):
            raise ValueError('Shape and axes have different lengths.')
        shape = list(a.shape)
        for i, axis in enumerate(axes):
            last = i == len(axes) - 1
            n = None if s is None else s[i]
            shape[axis] = _length(kind, a.shape[axis], n) if last else \
                (a.shape[axis] if n is None else n)
        return AbstractValue(dtype, tuple(shape))
    return rule


for _kind, _func in _ONE_DIMENSIONAL.items():
    defop(_kind, _func, numpy=(_func,), fresh=True)(_one_dimensional_rule(_kind))
for _kind, _func in _N_DIMENSIONAL.items():
    defop(_kind, _func, numpy=(_func,), fresh=True)(_n_dimensional_rule(_kind))



no_gradient('the numpy.fft transforms have complex results or inputs, and gradient tapes follow '
            'real floating values only (no convention for complex cotangents yet)',
            *_ONE_DIMENSIONAL, *_N_DIMENSIONAL)
