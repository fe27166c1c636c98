"""The numpy API table's cases for math and statistics: scans, differences, convolutions,
interpolation, quantiles, averages, covariances, histograms, nan-reductions, predicates, type
queries and the ufuncs used most."""
import numpy as np
from numpy_case import Case

_rng = np.random.default_rng(26)
V = _rng.normal(size=7)  # a vector
M = _rng.normal(size=(3, 4))  # a matrix
P = np.abs(M) + 0.5  # positive
W = _rng.uniform(0.5, 2.0, size=(4,))  # weights
N = np.array([[1.0, np.nan, 3.0, -2.0], [np.nan, 0.5, 2.5, 4.0], [7.0, -1.0, np.nan, 0.0]])
I = np.array([2, 0, 5, 2, 3, 0, 0, 1])  # non-negative ints
X = np.sort(_rng.uniform(0.0, 10.0, size=6))  # sample points
SPECIAL = np.array([1.0, -np.inf, np.inf, np.nan, 0.0, -3.5])

# why jit does not compile a case yet (the ops numba lowers are `runtime/backends/numba/`)
NO_REDUCE_PARAMS = "numba lowers np.sum/prod/max/min without dtype=, keepdims= or axis tuples"
NO_SORT = 'np.sort has no numba lowering yet'
NO_VAR = 'np.var and np.std have no numba lowering yet'
NO_UFUNC_REDUCE = 'ufunc.reduce (np.fmax.reduce for nanmax) has no numba lowering yet'
NO_CUMPROD = 'ONNX has no cumulative product'
NO_DIFF = 'np.diff has no lowering yet'
NO_TAKE = 'np.take (the diagonal here) has no numba lowering yet'
PAIRWISE = "numba sums all the elements in order, numpy pairwise: the last bits differ"
NO_FMAX_REDUCE = 'np.fmax.reduce and np.fmin.reduce have no ONNX lowering yet'
LIBM = "numba's libm differs from numpy's SIMD loops in the last bit"

CASES = [
    # scans and differences
    Case('numpy.cumsum', lambda a: np.cumsum(a, axis=1), (M,), grad=True),
    Case('numpy.cumsum', np.cumsum, (M,), grad=True),
    Case('ndarray.cumsum', lambda a: a.cumsum(axis=0), (M,), grad=True),
    Case('numpy.cumprod', lambda a: np.cumprod(a, axis=0), (M,), grad=True, onnx=NO_CUMPROD),
    Case('ndarray.cumprod', lambda a: a.cumprod(), (M,), grad=True, onnx=NO_CUMPROD),
    Case('numpy.diff', lambda a: np.diff(a), (M,), grad=True, jit=NO_DIFF, onnx=NO_DIFF),
    Case('numpy.diff', lambda a: np.diff(a, n=2, axis=0), (M,), grad=True, jit=NO_DIFF, onnx=NO_DIFF),
    Case('numpy.gradient', np.gradient, (V,), grad=True),
    Case('numpy.gradient', lambda a: np.gradient(a, 0.5), (V,), grad=True),
    Case('numpy.gradient', lambda a: np.gradient(a, axis=1), (M,), grad=True),
    Case('numpy.gradient', lambda a: np.gradient(a, 2.0, 0.5), (M,), grad=True),
    Case('numpy.ediff1d', np.ediff1d, (M,), grad=True),
    # convolutions
    Case('numpy.convolve', np.convolve, (V, W), grad=True),
    Case('numpy.convolve', lambda a, v: np.convolve(a, v, 'same'), (V, W), grad=True),
    Case('numpy.convolve', lambda a, v: np.convolve(a, v, mode='valid'), (V, W), grad=True),
    Case('numpy.correlate', np.correlate, (V, W), grad=True),
    Case('numpy.correlate', lambda a, v: np.correlate(a, v, 'full'), (V, W), grad=True),
    Case('numpy.correlate', lambda a, v: np.correlate(a, v, 'same'), (W, V), grad=True),
    # interpolation
    Case('numpy.interp', lambda x, xp, fp: np.interp(x, xp, fp), (V * 4 + 5, X, np.sin(X)),
         grad=True),
    Case('numpy.interp', lambda x, xp, fp: np.interp(x, xp, fp, left=-1.0, right=2.0),
         (V * 4 + 5, X, np.cos(X)), grad=True),
    # clipping, rounding, signs
    Case('numpy.clip', lambda a: np.clip(a, -0.5, 0.5), (M,), grad=True),
    Case('numpy.clip', lambda a: np.clip(a, None, 0.2), (M,), grad=True, jit='np.clip with a None bound has no numba lowering yet'),
    Case('numpy.clip', lambda a: np.clip(a, -0.2, None), (M,), grad=True, jit='np.clip with a None bound has no numba lowering yet'),
    Case('ndarray.clip', lambda a: a.clip(-0.3, 0.3), (M,), grad=True),
    Case('numpy.round', lambda a: np.round(a, 2), (M,)),
    Case('numpy.around', np.around, (M * 3,)),
    Case('ndarray.round', lambda a: a.round(1), (M,)),
    Case('numpy.sign', np.sign, (M,)),
    Case('numpy.heaviside', lambda a: np.heaviside(a, 0.5), (np.round(M),), jit='numba has no heaviside'),
    Case('numpy.nan_to_num', np.nan_to_num, (SPECIAL,), grad=False),
    Case('numpy.nan_to_num', lambda a: np.nan_to_num(a, nan=0.5, posinf=9.0, neginf=-9.0),
         (SPECIAL,)),
    Case('numpy.nan_to_num', np.nan_to_num, (M,), grad=True),
    # reductions
    Case('numpy.prod', lambda a: np.prod(a, axis=1), (M,), grad=True),
    Case('ndarray.prod', lambda a: a.prod(), (M,), grad=True),
    Case('numpy.ptp', np.ptp, (M,), grad=True),
    Case('numpy.ptp', lambda a: np.ptp(a, axis=0, keepdims=True), (M,), grad=True),
    Case('numpy.ptp', lambda a: np.ptp(a, 1), (M,), grad=True),
    Case('numpy.mean', lambda a: np.mean(a, axis=0, keepdims=True), (M,), grad=True),
    Case('ndarray.mean', lambda a: a.mean(axis=1), (M,), grad=True),
    Case('numpy.var', lambda a: np.var(a, axis=1, ddof=1), (M,), grad=True, jit=NO_VAR),
    Case('numpy.var', lambda a: np.var(a, keepdims=True), (M,), grad=True, jit=NO_VAR),
    Case('ndarray.var', lambda a: a.var(ddof=1), (M,), grad=True, jit=NO_VAR),
    Case('numpy.std', lambda a: np.std(a, axis=0, ddof=1, keepdims=True), (M,), grad=True, jit=NO_VAR),
    Case('ndarray.std', lambda a: a.std(), (M,), grad=True, jit=NO_VAR),
    Case('numpy.sum', lambda a: np.sum(a, axis=(0, 1)), (M,), grad=True),
    Case('numpy.max', lambda a: np.max(a, axis=1), (M,), grad=True),
    Case('numpy.min', lambda a: np.min(a, axis=0), (M,), grad=True),
    Case('numpy.average', np.average, (M,), grad=True),
    Case('numpy.average', lambda a: np.average(a, axis=1), (M,), grad=True),
    Case('numpy.average', lambda a, w: np.average(a, axis=1, weights=w), (M, W), grad=True),
    Case('numpy.average', lambda a, w: np.average(a, axis=1, weights=w, returned=True), (M, W),
         grad=True),
    Case('numpy.average', lambda a, w: np.average(a, weights=w, keepdims=True), (M, M + 2),
         grad=True, jit=PAIRWISE),
    Case('numpy.median', np.median, (M,), grad=True, jit=NO_SORT),
    Case('numpy.median', lambda a: np.median(a, axis=0), (M,), grad=True, jit=NO_SORT),
    Case('numpy.median', lambda a: np.median(a, axis=1, keepdims=True), (M,), grad=True, jit=NO_SORT),
    Case('numpy.percentile', lambda a: np.percentile(a, 30), (M,), grad=True, jit=NO_SORT),
    Case('numpy.percentile', lambda a: np.percentile(a, [10, 50, 95], axis=1), (M,), grad=True, jit=NO_SORT),
    Case('numpy.quantile', lambda a: np.quantile(a, 0.25, axis=0, keepdims=True), (M,),
         grad=True, jit=NO_SORT),
    Case('numpy.quantile', lambda a: np.quantile(a, np.array([0.0, 0.5, 1.0])), (V,), grad=True, jit=NO_SORT),
    Case('numpy.cov', np.cov, (M,), grad=True),
    Case('numpy.cov', lambda a: np.cov(a, rowvar=False), (M,), grad=True),
    Case('numpy.cov', lambda a: np.cov(a, bias=True), (M,), grad=True),
    Case('numpy.cov', lambda a: np.cov(a, ddof=2), (M,), grad=True),
    Case('numpy.cov', lambda a, b: np.cov(a, b), (V, V ** 2), grad=True),
    Case('numpy.corrcoef', np.corrcoef, (M,), grad=True, jit=NO_TAKE),
    Case('numpy.corrcoef', lambda a: np.corrcoef(a, rowvar=False), (M,), grad=True, jit=NO_TAKE),
    Case('numpy.corrcoef', lambda a, b: np.corrcoef(a, b), (V, V ** 2), grad=True, jit=NO_TAKE),
    # counting
    Case('numpy.histogram', lambda a: np.histogram(a, bins=4), (M,)),
    Case('numpy.histogram', lambda a: np.histogram(a, bins=3, range=(-1.0, 1.0)), (M,)),
    Case('numpy.histogram', lambda a, b: np.histogram(a, bins=b), (M, np.array([-2.0, -0.5, 0.0, 0.7, 3.0]))),
    Case('numpy.histogram', lambda a: np.histogram(a, bins=5, density=True), (M,)),
    Case('numpy.histogram', lambda a, w: np.histogram(a, bins=3, weights=w), (V, V * V)),
    Case('numpy.bincount', np.bincount, (I,), note='unknown dimension'),
    Case('numpy.bincount', lambda a: np.bincount(a, minlength=10), (I,), note='unknown dimension'),
    Case('numpy.bincount', lambda a, w: np.bincount(a, weights=w), (I, np.arange(8.0) / 3),
         grad=True, note='unknown dimension'),
    Case('numpy.count_nonzero', np.count_nonzero, (np.round(M),), jit=NO_REDUCE_PARAMS),
    Case('numpy.count_nonzero', lambda a: np.count_nonzero(a, axis=1), (np.round(M),), jit=NO_REDUCE_PARAMS),
    Case('numpy.count_nonzero', lambda a: np.count_nonzero(a, axis=0, keepdims=True), (I.reshape(2, 4),)),
    # nan-reductions
    Case('numpy.nansum', np.nansum, (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nansum', lambda a: np.nansum(a, axis=1, keepdims=True), (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanmean', lambda a: np.nanmean(a, axis=0), (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanmean', np.nanmean, (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanmax', lambda a: np.nanmax(a, axis=1), (N,), grad=True, jit=NO_UFUNC_REDUCE, onnx=NO_FMAX_REDUCE),
    Case('numpy.nanmin', np.nanmin, (N,), grad=True, jit=NO_UFUNC_REDUCE, onnx=NO_FMAX_REDUCE),
    Case('numpy.nanprod', lambda a: np.nanprod(a, axis=0), (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanstd', lambda a: np.nanstd(a, axis=1), (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanstd', lambda a: np.nanstd(a, ddof=1), (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanvar', lambda a: np.nanvar(a, axis=0, keepdims=True), (N,), grad=True, jit=NO_REDUCE_PARAMS),
    Case('numpy.nanargmax', lambda a: np.nanargmax(a, axis=1), (N,)),
    Case('numpy.nanargmin', np.nanargmin, (N,)),
    Case('numpy.nancumsum', lambda a: np.nancumsum(a, axis=1), (N,), grad=True),
    Case('numpy.nancumprod', np.nancumprod, (N,), grad=True, onnx=NO_CUMPROD),
    # predicates
    Case('numpy.isposinf', np.isposinf, (SPECIAL,)),
    Case('numpy.isneginf', np.isneginf, (SPECIAL,)),
    Case('numpy.isfinite', np.isfinite, (SPECIAL,)),
    Case('numpy.isnan', np.isnan, (SPECIAL,)),
    Case('numpy.isinf', np.isinf, (SPECIAL,)),
    Case('numpy.isclose', np.isclose, (M, M + 1e-9)),
    Case('numpy.isclose', lambda a, b: np.isclose(a, b, rtol=0.0, atol=0.5), (M, M * 1.5)),
    Case('numpy.isclose', lambda a, b: np.isclose(a, b, equal_nan=True), (SPECIAL, SPECIAL)),
    Case('numpy.allclose', np.allclose, (M, M + 1e-9)),
    Case('numpy.allclose', lambda a, b: np.allclose(a, b, atol=0.1), (M, M * 1.5)),
    Case('numpy.array_equal', np.array_equal, (M, M + 0.0)),
    Case('numpy.array_equal', np.array_equal, (M, M + 1e-9)),
    Case('numpy.array_equal', lambda a: np.array_equal(a, a[:2]), (M,), onnx='shapes differ: the answer is False while tracing, no array to export'),
    Case('numpy.array_equal', lambda a: np.array_equal(a, a, equal_nan=True), (SPECIAL,)),
    Case('numpy.iscomplexobj', lambda a: np.full(2, np.iscomplexobj(a)), (M,)),
    Case('numpy.isrealobj', lambda a: np.full(2, np.isrealobj(a)), (M,)),
    Case('numpy.iscomplex', np.iscomplex, (M,)),
    Case('numpy.isreal', np.isreal, (M,)),
    # types, answered from the abstract value as numpy answers from the array
    Case('numpy.result_type', lambda a, b: np.zeros(2, np.result_type(a, b)), (M, I)),
    Case('numpy.result_type', lambda a: np.zeros(2, np.result_type(a, np.float32, 1)),
         (I,)),
    Case('numpy.promote_types', lambda a: np.zeros(2, np.promote_types(a.dtype, np.int8)), (I,)),
    Case('numpy.can_cast', lambda a: np.full(2, np.can_cast(a, np.float32)), (M,)),
    Case('numpy.can_cast', lambda a: np.full(2, np.can_cast(a.dtype, np.int64)), (I,)),
    # logsumexp, softmax and the ufuncs used most
    Case('numpy.exp', lambda a: np.log(np.sum(np.exp(a), axis=1)), (M,), grad=True,
         note='logsumexp'),
    Case('numpy.exp', lambda a: np.exp(a - np.max(a, axis=1, keepdims=True)) / np.sum(
        np.exp(a - np.max(a, axis=1, keepdims=True)), axis=1, keepdims=True), (M,), grad=True,
         note='softmax'),
    Case('numpy.log', np.log, (P,), grad=True),
    Case('numpy.log1p', np.log1p, (P,), grad=True, exact=False, note=LIBM),
    Case('numpy.expm1', np.expm1, (M,), grad=True),
    Case('numpy.sqrt', np.sqrt, (P,), grad=True),
    Case('numpy.abs', np.abs, (M,), grad=True),
    Case('numpy.absolute', np.absolute, (M,), grad=True),
    Case('numpy.maximum', np.maximum, (M, P[:, :1] - 1.0), grad=True),
    Case('numpy.minimum', np.minimum, (M, P[1:2] - 1.0), grad=True),
    Case('numpy.power', np.power, (P, M), grad=True),
    Case('numpy.power', lambda a: np.power(a, 3), (M,), grad=True),
    Case('numpy.square', np.square, (M,), grad=True),
    Case('numpy.tanh', np.tanh, (M,), grad=True, exact=False, note=LIBM),
    Case('numpy.sin', np.sin, (M,), grad=True),
    Case('numpy.cos', np.cos, (M,), grad=True),
    Case('numpy.arctan2', np.arctan2, (M, P), grad=True, exact=False, note=LIBM, onnx="onnxruntime's Atan has no float64 kernel"),
    Case('numpy.hypot', np.hypot, (M, P), grad=True),
    Case('numpy.floor', np.floor, (M * 3,)),
    Case('numpy.ceil', np.ceil, (M * 3,)),
    Case('numpy.log2', np.log2, (P,), grad=True),
    Case('numpy.log10', np.log10, (P,), grad=True, exact=False, note=LIBM),
    Case('numpy.reciprocal', np.reciprocal, (P,), grad=True),
    Case('numpy.logaddexp', np.logaddexp, (M, M[::-1]), grad=True),
]
