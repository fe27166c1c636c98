"""Cases of the names jit_compile=True compiles since issue 26 part 2: joins, moveaxis, take,
nonzero, boolean masks, empty_like, linalg.norm, matrix-vector products and powers."""
import numpy as np
from numpy_case import Case

M = np.arange(6.0).reshape(2, 3) / 7 - 0.3
V = np.array([0.5, -1.0, 2.0])
I = np.array([3, -2, 0, 7])
B = np.array([True, False, True])

def _filled_like(a):
    out = np.empty_like(a)
    out[...] = a * 2.0  # (an empty array's values are unspecified)
    return out


CASES = [
    Case('numpy.hstack', lambda a, b: np.hstack([a, b]), (V, V * 2), grad=True),
    Case('numpy.hstack', lambda a, b: np.hstack([a, b[:, None]]), (M.T, V), grad=True),
    Case('numpy.vstack', lambda a, b: np.vstack([a, b]), (M, V), grad=True),
    Case('numpy.moveaxis', lambda a: np.moveaxis(a.reshape(1, 2, 3), 0, -1), (M,), grad=True),
    Case('numpy.take', lambda a: np.take(a, np.array([2, 0, -1]), axis=1), (M,), grad=True),
    Case('numpy.take', lambda a: np.take(a, np.array([5, 0])), (M,), grad=True),
    Case('ndarray.take', lambda a: a.take(np.array([1, 0]), axis=0), (M,), grad=True),
    Case('numpy.nonzero', lambda a: np.nonzero(a > 0.0), (M,), note='unknown dimension'),
    Case('ndarray.nonzero', lambda a: (a > 0.0).nonzero(), (M,), note='unknown dimension'),
    Case('numpy.empty_like', _filled_like, (M,)),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a), (M,), grad=True),
    Case('numpy.linalg.norm', lambda a: np.linalg.norm(a), (V,), grad=True),
    Case('numpy.matmul', lambda a, b: np.matmul(a, b), (M, V), grad=True),
    Case('numpy.matmul', lambda a, b: b[:2] @ a, (M, V), grad=True),
    Case('numpy.dot', lambda a, b: np.dot(a, b), (M, V), grad=True),
    Case('numpy.power', lambda a: np.power(a, 1.5), (np.abs(V) + 0.5,), grad=True),
    Case('numpy.power', lambda a: np.power(a, 3), (I,)),
    Case('numpy.power', lambda a: a ** 2, (B,),
         onnx="the pow op's type rule says int64 for a boolean squared; numpy gives int8"),
    Case('numpy.power', lambda a, e: a ** e, (M + 1.0, V), grad=True),
]
