"""Cases of numpy names that graphs computed before issue 26: elementwise math, reductions,
creation, joins, shape and indexing methods (the names other families do not own)."""
import numpy as np
from numpy_case import Case

M = np.array([[0.5, -1.25, 2.0], [3.5, 0.25, -0.75]])  # 2x3 float64
N = np.array([[1.5, -0.5], [0.25, 2.0], [-1.0, 0.75]])  # 3x2
V = np.array([0.3, -1.7, 2.2])
W = np.array([1.1, 0.4, -0.6])
P = np.array([0.2, 0.7, 1.9])  # positive
U = np.array([0.1, -0.4, 0.8])  # inside (-1, 1)
I = np.array([[3, -1, 4], [1, 5, -9]])  # int64
B = np.array([True, False, True])

_UNARY = {  # name -> argument: functions defined on the whole real line or on the argument
    'sqrt': P, 'log': P, 'exp': V, 'abs': V, 'absolute': V, 'fabs': V, 'cos': V, 'sin': V,
    'tan': U, 'tanh': V, 'sinh': V, 'cosh': V, 'arctan': V, 'arcsin': U, 'arccos': U,
    'arcsinh': V, 'arccosh': P + 1, 'arctanh': U, 'log1p': P, 'expm1': V, 'log10': P,
    'log2': P, 'square': V, 'negative': V, 'radians': V, 'degrees': V, 'exp2': V,
    'reciprocal': P, 'cbrt': P, 'positive': V, 'deg2rad': V, 'rad2deg': V, 'conj': V,
    'conjugate': V, 'acos': U, 'asin': U, 'atan': V, 'asinh': V, 'acosh': P + 1, 'atanh': U,
}
_NOT_DIFF_UNARY = {'floor': V, 'ceil': V, 'sign': V, 'rint': V, 'trunc': V, 'round': V,
                   'around': V, 'isnan': V, 'isinf': V, 'isfinite': V, 'logical_not': B,
                   'signbit': V}
_BINARY = ('add subtract multiply divide true_divide maximum minimum power float_power '
           'arctan2 atan2 pow hypot logaddexp logaddexp2 fmax fmin mod remainder fmod copysign').split()
_NOT_DIFF_BINARY = ('equal not_equal less less_equal greater greater_equal floor_divide '
                    'logical_and logical_or logical_xor nextafter').split()

# why ONNX export refuses a name's op (the lowering's own reason, shortened)
_NO_FLOAT64_KERNEL = "onnxruntime has no float64 kernel of this ONNX operator"
_BIT_LEVEL = "ONNX cannot see a float's sign bit or representation"
_ONNX_WHY = {name: _NO_FLOAT64_KERNEL for name in
             'tan sinh cosh arctan arcsin arccos arcsinh arccosh arctanh arctan2 '
             'acos asin atan asinh acosh atanh atan2'.split()}
_ONNX_WHY.update(signbit=_BIT_LEVEL, copysign=_BIT_LEVEL, nextafter=_BIT_LEVEL)
_PYTHON_VALUE = 'a Python value, known at trace time: no array output to export'


def _no_lowering(op):
    return f"no numba lowering of graph op '{op}' yet"


def _calling(function):
    """A plain function calling `function` (as user code calls numpy)."""
    return lambda *args: function(*args)


CASES = [Case(f'numpy.{name}', _calling(getattr(np, name)), (x,), grad=True,
              onnx=_ONNX_WHY.get(name))
         for name, x in _UNARY.items()]
CASES += [Case(f'numpy.{name}', _calling(getattr(np, name)), (x,), onnx=_ONNX_WHY.get(name))
          for name, x in _NOT_DIFF_UNARY.items()]
CASES += [Case(f'numpy.{name}', _calling(getattr(np, name)), (P, W), grad=True,
               onnx=_ONNX_WHY.get(name)) for name in _BINARY]
CASES += [Case(f'numpy.{name}', _calling(getattr(np, name)),
               (B, B[::-1]) if name.startswith('logical') else (V, W), onnx=_ONNX_WHY.get(name))
          for name in _NOT_DIFF_BINARY]

# reductions, functions and methods
CASES += [
    Case('numpy.sum', lambda x: np.sum(x, axis=0), (M,), grad=True),
    Case('numpy.sum', lambda x: np.sum(x), (M,), grad=True),
    Case('ndarray.sum', lambda x: x.sum(axis=1), (M,), grad=True),
    Case('numpy.mean', lambda x: np.mean(x, axis=1), (M,), grad=True),
    Case('ndarray.mean', lambda x: x.mean(), (M,), grad=True),
    Case('numpy.max', lambda x: np.max(x, axis=0), (M,), grad=True),
    Case('numpy.min', lambda x: np.min(x), (M,), grad=True),
    Case('numpy.amax', lambda x: np.amax(x, axis=1), (M,), grad=True),
    Case('numpy.amin', lambda x: np.amin(x, axis=1), (M,), grad=True),
    Case('ndarray.max', lambda x: x.max(axis=1), (M,), grad=True),
    Case('ndarray.min', lambda x: x.min(), (M,), grad=True),
    Case('numpy.prod', lambda x: np.prod(x, axis=0), (M,), grad=True),
    Case('ndarray.prod', lambda x: x.prod(axis=1), (M,), grad=True),
    Case('numpy.std', lambda x: np.std(x, axis=0), (M,), grad=True, jit=_no_lowering('std')),
    Case('ndarray.std', lambda x: x.std(), (M,), grad=True, jit=_no_lowering('std')),
    Case('numpy.var', lambda x: np.var(x, axis=1), (M,), grad=True, jit=_no_lowering('var')),
    Case('ndarray.var', lambda x: x.var(axis=0), (M,), grad=True, jit=_no_lowering('var')),
    Case('numpy.any', lambda x: np.any(x > 1.0, axis=0), (M,)),
    Case('numpy.all', lambda x: np.all(x > -2.0), (M,)),
    Case('ndarray.any', lambda x: (x > 3.0).any(), (M,)),
    Case('ndarray.all', lambda x: (x > 0).all(axis=1), (M,)),
    Case('numpy.argmax', lambda x: np.argmax(x, axis=1), (M,)),
    Case('numpy.argmin', lambda x: np.argmin(x), (M,)),
    Case('ndarray.argmax', lambda x: x.argmax(), (M,)),
    Case('ndarray.argmin', lambda x: x.argmin(axis=0), (M,)),
    Case('numpy.cumsum', lambda x: np.cumsum(x, axis=1), (M,), grad=True),
    Case('ndarray.cumsum', lambda x: x.cumsum(), (M,), grad=True),
    Case('numpy.cumprod', lambda x: np.cumprod(x, axis=0), (M,), grad=True,
         onnx='no ONNX operator computes a cumulative product'),
    Case('numpy.clip', lambda x: np.clip(x, -1.0, 1.0), (M,), grad=True),
    Case('ndarray.clip', lambda x: x.clip(0.0, 1.8), (M,), grad=True),
    Case('numpy.where', lambda x, y: np.where(x > 0, x, y), (V, W), grad=True),
    Case('numpy.dot', lambda x, y: np.dot(x, y), (M, N), grad=True),
    Case('numpy.dot', lambda x, y: np.dot(x, y), (V, W), grad=True),
    Case('ndarray.dot', lambda x, y: x.dot(y), (M, N), grad=True),
    Case('numpy.matmul', lambda x, y: np.matmul(x, y), (M, N), grad=True),
    Case('numpy.matmul', lambda x, y: np.matmul(x, y), (M, V), grad=True,
         jit='no numba lowering of a matrix-vector matmul yet'),
    Case('numpy.outer', lambda x, y: np.outer(x, y), (V, W), grad=True),
    Case('numpy.inner', lambda x, y: np.inner(x, y), (V, W), grad=True, jit=_no_lowering('inner')),
    Case('numpy.einsum', lambda x, y: np.einsum('ij,jk->ik', x, y), (M, N), grad=True, jit=_no_lowering('einsum')),
    Case('numpy.tensordot', lambda x, y: np.tensordot(x, y, axes=1), (M, N), grad=True, jit=_no_lowering('tensordot')),
    Case('numpy.linalg.norm', lambda x: np.linalg.norm(x), (M,), grad=True, jit=_no_lowering('norm')),
    Case('numpy.linalg.norm', lambda x: np.linalg.norm(x, axis=1), (M,), grad=True, jit=_no_lowering('norm')),
]

# creation
CASES += [
    Case('numpy.zeros', lambda x: np.zeros((2, 3)) + x, (M,)),
    Case('numpy.ones', lambda x: np.ones(3) * x, (V,)),
    Case('numpy.empty', lambda x: np.empty(0), (V,)),
    Case('numpy.full', lambda x: np.full((2, 2), 7.5), (V,)),
    Case('numpy.eye', lambda x: np.eye(3) * x, (V,)),
    Case('numpy.identity', lambda x: np.identity(3) * x, (V,)),
    Case('numpy.arange', lambda x: np.arange(5) * 1.5, (V,)),
    Case('numpy.zeros_like', lambda x: np.zeros_like(x), (M,)),
    Case('numpy.ones_like', lambda x: np.ones_like(x), (I,)),
    Case('numpy.full_like', lambda x: np.full_like(x, 2.5), (M,)),
    Case('numpy.copy', lambda x: np.copy(x), (M,), grad=True),
    Case('ndarray.copy', lambda x: x.copy(), (M,), grad=True),
    Case('ndarray.astype', lambda x: x.astype(np.float32), (M,)),
    Case('ndarray.astype', lambda x: x.astype(np.int64), (M,)),
    Case('ndarray.astype', lambda x: x.astype(np.float64) * 2.0, (M,), grad=True),
]

# joins, shapes and indexing
CASES += [
    Case('numpy.concatenate', lambda x, y: np.concatenate([x, y]), (V, W), grad=True),
    Case('numpy.concatenate', lambda x: np.concatenate([x, x], axis=1), (M,), grad=True),
    Case('numpy.stack', lambda x, y: np.stack([x, y]), (V, W), grad=True),
    Case('numpy.vstack', lambda x, y: np.vstack([x, y]), (V, W), grad=True, jit=_no_lowering('vstack')),
    Case('numpy.hstack', lambda x, y: np.hstack([x, y]), (V, W), grad=True, jit=_no_lowering('hstack')),
    Case('numpy.reshape', lambda x: np.reshape(x, (3, 2)), (M,), grad=True),
    Case('ndarray.reshape', lambda x: x.reshape(-1), (M,), grad=True),
    Case('ndarray.reshape', lambda x: x.reshape(3, 2), (M,), grad=True),
    Case('ndarray.ravel', lambda x: x.ravel(), (M,), grad=True),
    Case('numpy.ravel', lambda x: np.ravel(x), (M,), grad=True),
    Case('ndarray.flatten', lambda x: x.flatten(), (M,), grad=True),
    Case('ndarray.transpose', lambda x: x.transpose(), (M,), grad=True),
    Case('ndarray.T', lambda x: x.T * 2.0, (M,), grad=True),
    Case('numpy.transpose', lambda x: np.transpose(x), (M,), grad=True),
    Case('numpy.squeeze', lambda x: np.squeeze(x[None]), (M,), grad=True),
    Case('ndarray.squeeze', lambda x: x[:, None].squeeze(1), (M,), grad=True),
    Case('numpy.expand_dims', lambda x: np.expand_dims(x, 0), (M,), grad=True),
    Case('numpy.broadcast_to', lambda x: np.broadcast_to(x, (2, 3)), (V,), grad=True),
    Case('numpy.moveaxis', lambda x: np.moveaxis(x, 0, 1), (M,), grad=True, jit=_no_lowering('moveaxis')),
    Case('numpy.swapaxes', lambda x: np.swapaxes(x, 0, 1), (M,), grad=True),
    Case('ndarray.swapaxes', lambda x: x.swapaxes(0, 1), (M,), grad=True),
    Case('numpy.take', lambda x: np.take(x, [2, 0]), (V,), grad=True, jit=_no_lowering('take')),
    Case('ndarray.take', lambda x: x.take([1, 1, 0]), (V,), grad=True, jit=_no_lowering('take')),
    Case('numpy.sort', lambda x: np.sort(x), (V,), grad=True, jit=_no_lowering('sort')),
    Case('numpy.argsort', lambda x: np.argsort(x), (V,), jit=_no_lowering('argsort')),
    Case('ndarray.argsort', lambda x: x.argsort(), (V,), jit=_no_lowering('argsort')),
    Case('numpy.shape', lambda x: np.shape(x), (M,), onnx=_PYTHON_VALUE),
    Case('numpy.ndim', lambda x: np.ndim(x), (M,), onnx=_PYTHON_VALUE),
    Case('numpy.size', lambda x: np.size(x), (M,), onnx=_PYTHON_VALUE),
    Case('ndarray.fill', lambda x: _filled(x), (V,), jit=_no_lowering('fill')),
    Case('numpy.isscalar', lambda x: np.isscalar(x), (V,), onnx=_PYTHON_VALUE),
]


def _filled(x):
    y = x.copy()
    y.fill(2.5)
    return y

S = np.array([[2.0, 0.5, 0.1], [0.5, 3.0, 0.2], [0.1, 0.2, 1.5]])  # symmetric positive definite

# names working on dtypes and Python values while tracing, and more functions and methods
CASES += [
    Case('numpy.finfo', lambda x: x * np.finfo(x.dtype).eps, (V,), grad=True),
    Case('numpy.iinfo', lambda x: np.minimum(x, np.iinfo(np.int32).max), (I,)),
    Case('numpy.issubdtype',
         lambda x: x * 2.0 if np.issubdtype(x.dtype, np.floating) else x, (V,), grad=True),
    Case('numpy.dtype', lambda x: x.astype(np.dtype('float32')), (V,)),
    Case('numpy.promote_types', lambda x: x.astype(np.promote_types(x.dtype, np.float32)), (I,)),
    Case('numpy.can_cast', lambda x: x + 1 if np.can_cast(x.dtype, np.float64) else x, (I,)),
    Case('numpy.errstate', lambda x: _log_ignoring_division(x), (V,), grad=True,
         onnx='ONNX runtimes report no floating-point errors to handle'),
    Case('numpy.int64', lambda x: np.int64(3) * x, (I,)),
    Case('numpy.int32', lambda x: x + np.int32(3), (I,)),
    Case('numpy.empty_like', lambda x: np.empty_like(x).shape, (M,), onnx=_PYTHON_VALUE),
    Case('ndarray.conj', lambda x: x.conj(), (V,), grad=True),
    Case('ndarray.conjugate', lambda x: x.conjugate(), (V,), grad=True),
    Case('ndarray.round', lambda x: x.round(1), (V,)),
    Case('ndarray.sort', lambda x: _sorted(x), (V,), jit=_no_lowering('sort'),
         onnx="the ONNX lowering of 'sort' refuses its params",
         note='no gradient: a tape refuses to update a value it follows in place'),
    Case('ndarray.nonzero', lambda x: x.nonzero(), (V,), note='unknown dimension',
         jit=_no_lowering('nonzero'), onnx="onnxruntime's NonZero has no float64 kernel"),
    Case('numpy.nonzero', lambda x: np.nonzero(x > 0), (V,), note='unknown dimension',
         jit=_no_lowering('nonzero')),
    Case('numpy.diff', lambda x: np.diff(x), (V,), grad=True, jit=_no_lowering('diff'),
         onnx="no ONNX lowering of 'diff' yet"),
    Case('numpy.diff', lambda x: np.diff(x, n=2, axis=0), (N,), grad=True,
         jit=_no_lowering('diff'), onnx="no ONNX lowering of 'diff' yet"),
    Case('numpy.flip', lambda x: np.flip(x), (M,), grad=True),
    Case('numpy.indices', lambda x: np.indices((2, 3)) + x, (I,)),
    Case('numpy.linspace', lambda x: np.linspace(0.0, 1.0, 5) + x[0], (V,)),
    Case('numpy.logspace', lambda x: np.logspace(0.0, 1.0, 4) * x[0], (V,)),
    Case('numpy.place', lambda x: _placed(x), (V,), jit=_no_lowering('place'),
         onnx='no ONNX operator repeats values to fill a boolean mask'),
    Case('numpy.ravel_multi_index',
         lambda x: np.ravel_multi_index((np.array([1, 0]), np.array([2, 1])), x.shape), (M,)),
    Case('numpy.spacing', lambda x: np.spacing(x), (V,), onnx=_BIT_LEVEL),
    Case('numpy.split', lambda x: np.split(x, 3), (V,), grad=True, jit=_no_lowering('split')),
    Case('numpy.take_along_axis',
         lambda x: np.take_along_axis(x, np.argsort(x, axis=1), axis=1), (M,), grad=True,
         jit=_no_lowering('argsort')),
    Case('numpy.linalg.inv', lambda x: np.linalg.inv(x), (S,), grad=True, exact=False,
         jit=_no_lowering('inv'), onnx='no ONNX operator inverts a matrix'),
    Case('numpy.linalg.det', lambda x: np.linalg.det(x), (S,), grad=True, exact=False,
         jit=_no_lowering('det'), onnx="onnxruntime's Det has no float64 kernel"),
]


def _log_ignoring_division(x):
    with np.errstate(divide='ignore'):
        return np.log(x * x)


def _sorted(x):
    y = x.copy()
    y.sort()
    return y


def _placed(x):
    y = x.copy()
    np.place(y, y > 0, 0.0)
    return y
