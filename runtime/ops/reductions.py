"""Reductions and scans: np.sum ... np.any, linalg.norm, cumsum, cumprod, ufunc.reduce, accumulate."""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.shapes import normalize_axis, probe_dtype, reduce_shape, size
from ..ir.registry import Op, defop, register
from .emitters import ufunc_method_emitter


def _reduction_rule(fn):
    """Reducing `axis` (None: all) of `a`; numpy, on stand-ins, decides the dtype."""
    def rule(a, axis=None, keepdims=False, **params):
        dtype = probe_dtype(fn, a, axis=axis, keepdims=keepdims, **params)
        return AbstractValue(dtype, reduce_shape(a.shape, axis, keepdims))
    return rule


for _name, _fn in (('sum', np.sum), ('prod', np.prod), ('mean', np.mean), ('std', np.std),
                   ('var', np.var), ('max', np.max), ('min', np.min), ('argmax', np.argmax),
                   ('argmin', np.argmin), ('all', np.all), ('any', np.any),
                   ('norm', np.linalg.norm)):
    register(Op(_name, _fn, _reduction_rule(_fn)))


def _scan_shape(shape, axis):
    if axis is None or shape == ():  # numpy scans a 0-d array as a 1-d one
        return None if shape is None else (size(shape),)
    if shape is not None:
        normalize_axis(axis, len(shape))
    return shape


def _scan_rule(fn):
    def rule(a, axis=None, **params):
        return AbstractValue(probe_dtype(fn, a, axis=axis, **params), _scan_shape(a.shape, axis))
    return rule


register(Op('cumsum', np.cumsum, _scan_rule(np.cumsum)))
register(Op('cumprod', np.cumprod, _scan_rule(np.cumprod)))


def _ufunc_reduce(x, *, ufunc, **kwargs):
    return ufunc.reduce(x, **kwargs)


def _ufunc_accumulate(x, *, ufunc, **kwargs):
    return ufunc.accumulate(x, **kwargs)


@defop('ufunc_reduce', _ufunc_reduce, emit=ufunc_method_emitter('reduce'))
def _ufunc_reduce_rule(x, *, ufunc, axis=0, keepdims=False, **params):
    dtype = probe_dtype(ufunc.reduce, x, axis=axis, keepdims=keepdims, **params)
    return AbstractValue(dtype, reduce_shape(x.shape, axis, keepdims))


@defop('ufunc_accumulate', _ufunc_accumulate, emit=ufunc_method_emitter('accumulate'))
def _ufunc_accumulate_rule(x, *, ufunc, axis=0, **params):
    if x.shape is not None and not x.shape:
        raise TypeError('cannot accumulate on a scalar')
    dtype = probe_dtype(ufunc.accumulate, x, axis=axis, **params)
    return AbstractValue(dtype, _scan_shape(x.shape, axis))
