"""Reductions and scans: np.sum ... np.any, linalg.norm, cumsum, cumprod, diff, ufunc.reduce, accumulate."""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.registry import Op, defop, defvjp, no_gradient, register
from ..ir.shapes import normalize_axis, probe_dtype, reduce_shape, size
from .emitters import ufunc_method_emitter
from .gradient_helpers import count, unreduce


def _reduction_rule(fn):
    """Reducing `axis` (None: all) of `a`; numpy, on stand-ins, decides the dtype."""
    def rule(a, axis=None, keepdims=False, **params):
        dtype = probe_dtype(fn, a, axis=axis, keepdims=keepdims, **params)
        return AbstractValue(dtype, reduce_shape(a.shape, axis, keepdims))
    return rule


def _direct(fn, ufunc):
    """`fn` (np.sum, np.max...), calling `ufunc.reduce` itself on a plain array, as `fn` does
    after some microseconds of Python dispatch."""
    def reduce(a, axis=None, keepdims=False, **params):
        if a.__class__ is np.ndarray and not params:
            return ufunc.reduce(a, axis=axis, keepdims=keepdims)
        return fn(a, axis=axis, keepdims=keepdims, **params)
    reduce.__name__ = fn.__name__
    return reduce


_UFUNC_OF = {'sum': np.add, 'prod': np.multiply, 'max': np.maximum, 'min': np.minimum}
_ALIASES = {'max': (np.amax,), 'min': (np.amin,)}  # numpy's other names for them
for _name, _fn in (('sum', np.sum), ('prod', np.prod), ('mean', np.mean), ('std', np.std),
                   ('var', np.var), ('max', np.max), ('min', np.min), ('argmax', np.argmax),
                   ('argmin', np.argmin), ('all', np.all), ('any', np.any),
                   ('norm', np.linalg.norm)):
    _impl = _direct(_fn, _UFUNC_OF[_name]) if _name in _UFUNC_OF else _fn
    register(Op(_name, _impl, _reduction_rule(_fn), numpy=(_fn, *_ALIASES.get(_name, ())),
                methods=() if _name == 'norm' else (_name,), fresh=True,
                layout=None if _name == 'norm' else 'operands'))
no_gradient('its outputs are integers or bools', 'argmax', 'argmin', 'all', 'any')


def _sum_vjp(g, out, a, axis=None, keepdims=False, **params):
    return unreduce(g, a, axis, keepdims)


def _mean_vjp(g, out, a, axis=None, keepdims=False, **params):
    return unreduce(g, a, axis, keepdims) / count(a, out)


def _extremum_vjp(g, out, a, axis=None, keepdims=False, **params):
    """Shared equally by the elements equal to the extremum (as TensorFlow's Max gradient); none
    where an `initial=` value is the extremum (no element is)."""
    ties = a == unreduce(out, a, axis, keepdims)
    count = np.maximum(np.sum(ties, axis=axis, keepdims=True), 1)
    return unreduce(g, a, axis, keepdims) * ties / count


def _prod_vjp(g, out, a, axis=None, keepdims=False, initial=None, **params):
    """Each element's cotangent is the product of the others: zeros are counted, not divided by
    (one zero: only it gets a cotangent, the product of the rest; two or more: none does)."""
    zero = a == 0
    nonzero = np.where(zero, 1, a)
    zeros = np.sum(zero, axis=axis, keepdims=True)
    others = np.prod(nonzero, axis=axis, keepdims=True)
    if initial is not None:
        others = others * initial
    of_zero = np.where(zeros == 1, others, 0)
    of_nonzero = np.where(zeros == 0, others, 0) / nonzero
    return unreduce(g, a, axis, keepdims) * np.where(zero, of_zero, of_nonzero)


def _var_vjp(g, out, a, axis=None, keepdims=False, ddof=0, **params):
    centred = a - np.mean(a, axis=axis, keepdims=True)
    return unreduce(g, a, axis, keepdims) * centred * (2 / (count(a, out) - ddof))


def _std_vjp(g, out, a, axis=None, keepdims=False, ddof=0, **params):
    return _var_vjp(g * 0.5 / out, out * out, a, axis, keepdims, ddof)


def _norm_vjp(g, out, x, ord=None, axis=None, keepdims=False):
    """The 2-norm of vectors, and Frobenius' of matrices (ord=2 of a matrix is its largest
    singular value: no gradient here)."""
    matrix = np.ndim(x) != 1 if axis is None else isinstance(axis, tuple) and len(axis) == 2
    if ord not in (None, 2, 'fro') or (ord == 2 and matrix):
        raise NotImplementedError(f'no gradient for numpy.linalg.norm with ord={ord!r}'
                                  f'{" of a matrix" if matrix else ""}')
    return unreduce(g / out, x, axis, keepdims) * x


defvjp('sum', _sum_vjp)
defvjp('mean', _mean_vjp)
defvjp('max', _extremum_vjp)
defvjp('min', _extremum_vjp)
defvjp('prod', _prod_vjp)
defvjp('var', _var_vjp)
defvjp('std', _std_vjp)
defvjp('norm', _norm_vjp)


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


register(Op('cumsum', np.cumsum, _scan_rule(np.cumsum), numpy=(np.cumsum,), methods=('cumsum',),
            fresh=True, layout='operands'))
register(Op('cumprod', np.cumprod, _scan_rule(np.cumprod), numpy=(np.cumprod,),
            methods=('cumprod',), fresh=True, layout='operands'))


def _cumsum_vjp(g, out, a, axis=None, **params):
    """The sums of `g` from each position to the end."""
    if axis is None:
        return np.reshape(np.flip(np.cumsum(np.flip(g))), np.shape(a))
    return np.flip(np.cumsum(np.flip(g, axis), axis), axis)


def _cumprod_vjp(g, out, a, axis=None, **params):
    """Element i's cotangent: the sum over positions j >= i of g[j] times the product of the
    elements up to j but i. Zeros are counted, not divided by (as in `_prod_vjp`)."""
    if axis is None:  # a scan of the flattened array: g and out are flat already
        a, axis = np.ravel(a), 0
    zero = a == 0
    nonzero = np.where(zero, 1, a)
    zeros = np.cumsum(zero, axis=axis)
    weighted = g * np.cumprod(nonzero, axis=axis)  # times the products of the nonzero elements
    of_zero = _cumsum_vjp(np.where(zeros == 1, weighted, 0), None, a, axis)
    of_nonzero = _cumsum_vjp(np.where(zeros == 0, weighted, 0), None, a, axis) / nonzero
    return np.where(zero, of_zero, of_nonzero)


defvjp('cumsum', _cumsum_vjp)
defvjp('cumprod', lambda g, out, a, axis=None, **params: np.reshape(
    _cumprod_vjp(g, out, a, axis), np.shape(a)))


# Not `fresh`: np.diff(a, n=0) is `a` itself.
@defop('diff', np.diff, numpy=(np.diff,))
def _diff_rule(a, n=1, axis=-1, **edges):
    if edges:
        raise TypeError(f'numpy.diff: {"=, ".join(sorted(edges))}= is not supported on symbolic '
                        'tensors; np.concatenate them to the array first')
    dtype = probe_dtype(np.diff, a, n=n, axis=axis)  # numpy's errors: 0-d input, n < 0, bad axis
    if a.shape is None:
        return AbstractValue(dtype, None)
    shape = list(a.shape)
    axis = normalize_axis(axis, len(shape))
    shape[axis] = None if shape[axis] is None else max(shape[axis] - n, 0)
    return AbstractValue(dtype, tuple(shape))


def _diff_vjp(g, out, a, n=1, axis=-1):
    """diff is linear; each difference out[i] = a[i+1] - a[i] gives g[i] to a[i+1] and -g[i] to
    a[i], n times over (when n reaches a's length, out is empty and nothing depends on a)."""
    if np.shape(a)[axis] <= n:
        return np.zeros_like(a)
    for _ in range(n):
        edge = np.zeros_like(np.sum(g, axis=axis, keepdims=True))
        g = np.concatenate([edge, g], axis) - np.concatenate([g, edge], axis)
    return g


defvjp('diff', _diff_vjp)

def _ufunc_reduce(x, *, ufunc, **kwargs):
    return ufunc.reduce(x, **kwargs)


def _ufunc_accumulate(x, *, ufunc, **kwargs):
    return ufunc.accumulate(x, **kwargs)


@defop('ufunc_reduce', _ufunc_reduce, emit=ufunc_method_emitter('reduce'), fresh=True,
       layout='operands')
def _ufunc_reduce_rule(x, *, ufunc, axis=0, keepdims=False, **params):
    dtype = probe_dtype(ufunc.reduce, x, axis=axis, keepdims=keepdims, **params)
    return AbstractValue(dtype, reduce_shape(x.shape, axis, keepdims))


_REDUCE_VJPS = {np.add: _sum_vjp, np.multiply: _prod_vjp, np.maximum: _extremum_vjp,
                np.minimum: _extremum_vjp, np.fmax: _extremum_vjp, np.fmin: _extremum_vjp}


def _ufunc_reduce_vjp(g, out, x, *, ufunc, axis=0, keepdims=False, **params):
    if ufunc not in _REDUCE_VJPS:
        raise NotImplementedError(f'no gradient for numpy.{ufunc.__name__}.reduce')
    return _REDUCE_VJPS[ufunc](g, out, x, axis, keepdims, **params)


def _ufunc_accumulate_vjp(g, out, x, *, ufunc, axis=0, **params):
    if ufunc not in (np.add, np.multiply):
        raise NotImplementedError(f'no gradient for numpy.{ufunc.__name__}.accumulate')
    return (_cumsum_vjp if ufunc is np.add else _cumprod_vjp)(g, out, x, axis)


defvjp('ufunc_reduce', _ufunc_reduce_vjp)
defvjp('ufunc_accumulate', _ufunc_accumulate_vjp)


@defop('ufunc_accumulate', _ufunc_accumulate, emit=ufunc_method_emitter('accumulate'),
       fresh=True, layout='operands')
def _ufunc_accumulate_rule(x, *, ufunc, axis=0, **params):
    if x.shape is not None and not x.shape:
        raise TypeError('cannot accumulate on a scalar')
    dtype = probe_dtype(ufunc.accumulate, x, axis=axis, **params)
    return AbstractValue(dtype, _scan_shape(x.shape, axis))
