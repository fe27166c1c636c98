"""numpy's own BLAS `gemm`, callable from numba code (matmuls then run numpy's kernels).

numba's `np.dot` calls SciPy's BLAS, an older OpenBLAS build than the one
numpy's wheels bundle; on this machine its float32 `gemm` is 15-25% slower
for the training step's matrices (64x128 by 128x128: 34 against 28 us). So
matmuls call the `cblas_?gemm` of numpy's bundled OpenBLAS, found in the
wheel's library folder, through a symbol registered with LLVM under our own
name: compiled code refers to it by name, so numba's cache keeps working.
Where numpy brings no such library (a build against a system BLAS),
`GEMM` is None and matmuls keep numba's `np.dot`; `PROVIDER` names the
choice for the compile cache's key.
"""
import ctypes
from pathlib import Path

import llvmlite.binding
import numpy as np
from numba.core import types

# (symbol, integer type of its dimensions): ILP64 builds (numpy's wheels) first
_CANDIDATES = (('scipy_cblas_{}gemm64_', types.int64), ('scipy_cblas_{}gemm', types.int32))
ROW_MAJOR, NO_TRANS, TRANS = 101, 111, 112


def _libraries():
    root = Path(np.__file__).resolve().parent
    for folder in (root.parent / 'numpy.libs', root / '.dylibs'):
        if folder.is_dir():
            yield from sorted(p for p in folder.iterdir() if 'openblas' in p.name)


def _find():
    """(provider, {kind: ExternalFunction}) for numpy's BLAS, or (None, None)."""
    for path in _libraries():
        try:
            library = ctypes.CDLL(str(path))
        except OSError:
            continue
        for template, dim in _CANDIDATES:
            try:
                addresses = {kind: ctypes.cast(getattr(library, template.format(kind)),
                                               ctypes.c_void_p).value for kind in 'sd'}
            except AttributeError:
                continue
            functions = {}
            for kind, scalar in (('s', types.float32), ('d', types.float64)):
                name = f'agconvert_numpy_{kind}gemm'
                llvmlite.binding.add_symbol(name, addresses[kind])
                functions[kind] = types.ExternalFunction(name, types.void(
                    types.intc, types.intc, types.intc, dim, dim, dim, scalar, types.intp, dim,
                    types.intp, dim, scalar, types.intp, dim))  # pointers as addresses
            return f'{path.name}:{template}', functions
    return None, None


PROVIDER, GEMM = _find()
