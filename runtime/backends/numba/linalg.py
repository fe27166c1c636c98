"""numpy.linalg under jit: numba's LAPACK bindings, on float or complex matrices.

numba's `np.linalg` functions call SciPy's LAPACK, not numpy's: results agree with
numpy's within rounding, not bit for bit (and `inv` solves by LU inverse rather than
numpy's `gesv` against the identity). They take one matrix and only the leading arguments
numpy's functions had long ago; inv, det, cholesky, eigvalsh and solve of stacks of known
shape loop over the stack (`njit_functions.stacked_*`); other calls are not lowered here.
numpy's defaults that numba's differ from (pinv's and lstsq's cutoffs) are passed.
"""
import numpy as np

from ...ir.lowerings import NUMBA
from .types import cast

_LAPACK_TYPES = (np.float32, np.float64, np.complex64, np.complex128)


def _working_dtype(eq):
    """The dtype LAPACK computes in: the first input's, integers and bools as float64."""
    dtype = eq.inputs[0].aval.dtype
    return dtype if dtype.kind in 'fc' else np.dtype(np.float64)


def _matrices(args, atoms, dtype, ndims=(2,)):
    """The inputs as contiguous arrays of `dtype`, or None where numba's LAPACK bindings do
    not take them."""
    if np.dtype(dtype) not in _LAPACK_TYPES:
        return None
    for atom in atoms:
        aval = getattr(atom, 'aval', None)
        if aval is None or aval.shape is None or len(aval.shape) not in ndims:
            return None
    return [f'np.ascontiguousarray({cast(a, atom, dtype)})' for a, atom in zip(args, atoms)]


def _call(function, stacked=False, **accepted):
    """A lowering of `np.linalg.<function>` for equations whose params are `accepted`' values;
    `stacked`: also of a stack of matrices of known shape, through the helper looping over it."""
    def lower(ctx, eq, args):
        if any(eq.params.get(k, v) != v for k, v in accepted.items()) or \
                set(eq.params) - set(accepted):
            return None
        if stacked and eq.inputs[0].aval.shape is not None and len(eq.inputs[0].aval.shape) > 2:
            return _stacked(ctx, eq, args, function)
        matrices = _matrices(args, eq.inputs, _working_dtype(eq))
        return None if matrices is None else f"np.linalg.{function}({', '.join(matrices)})"
    return lower


def _stacked(ctx, eq, args, function):
    """`stacked_<function>` of every input made a C-contiguous 3-d stack, its result given the
    batch shape back (static shapes: the generated code reshapes with constants)."""
    dtype = _working_dtype(eq)
    shapes = [atom.aval.shape for atom in eq.inputs]
    out = eq.outputs[0].aval
    if any(None in shape for shape in shapes) or None in out.shape or \
            np.dtype(dtype) not in _LAPACK_TYPES or \
            (function == 'eigvalsh' and np.dtype(dtype).kind == 'c') or \
            any(shape[:-2] != shapes[0][:-2] or len(shape) != len(shapes[0]) for shape in shapes):
        return None
    stacks = [f'np.ascontiguousarray({cast(a, atom, dtype)}).reshape('
              f'{(int(np.prod(shape[:-2])),) + tuple(shape[-2:])})'
              for a, atom, shape in zip(args, eq.inputs, shapes)]
    return f"{ctx.helper('stacked_' + function)}({', '.join(stacks)}).reshape({out.shape})"


NUMBA.define('inv', _call('inv', stacked=True))
NUMBA.define('det', _call('det', stacked=True))
NUMBA.define('slogdet', _call('slogdet'))
NUMBA.define('cholesky', _call('cholesky', stacked=True, upper=False))
NUMBA.define('eigh', _call('eigh', UPLO='L'))
NUMBA.define('eigvalsh', _call('eigvalsh', stacked=True, UPLO='L'))


@NUMBA.lowers('solve')
def _solve(ctx, eq, args):
    b = eq.inputs[1].aval
    if eq.params or b.shape is None:
        return None
    if len(b.shape) > 2:
        return _stacked(ctx, eq, args, 'solve')
    if len(b.shape) not in (1, 2):
        return None
    dtype = eq.outputs[0].aval.dtype
    a = _matrices(args[:1], eq.inputs[:1], dtype)
    b = _matrices(args[1:], eq.inputs[1:], dtype, ndims=(1, 2)) if a else None
    return None if b is None else f'np.linalg.solve({a[0]}, {b[0]})'


def _eig(function):
    """Of a complex matrix only: numba's real eig refuses complex eigenvalues, and the
    matrix made complex gives them in another order than numpy's real `geev`."""
    def lower(ctx, eq, args):
        if eq.params or eq.inputs[0].aval.dtype.kind != 'c':
            return None
        matrices = _matrices(args, eq.inputs, eq.inputs[0].aval.dtype)
        return None if matrices is None else f'np.linalg.{function}({matrices[0]})'
    return lower


NUMBA.define('eig', _eig('eig'))
NUMBA.define('eigvals', _eig('eigvals'))
NUMBA.unlowered('numba compiles no np.einsum or np.tensordot', 'einsum', 'tensordot')
NUMBA.unlowered('numba compiles no numpy.fft (pocketfft) function', 'fft', 'ifft', 'rfft',
                'irfft', 'hfft', 'ihfft', 'fftn', 'ifftn', 'rfftn', 'irfftn')


@NUMBA.lowers('svd')
def _svd(ctx, eq, args):
    params = {'full_matrices': True, 'compute_uv': True, 'hermitian': False, **eq.params}
    if params['hermitian']:
        return None
    matrices = _matrices(args, eq.inputs, _working_dtype(eq))
    if matrices is None:
        return None
    call = f"np.linalg.svd({matrices[0]}, {bool(params['full_matrices'])})"
    return call if params['compute_uv'] else f'{call}[1]'


@NUMBA.lowers('qr')
def _qr(ctx, eq, args):
    if eq.params.get('mode', 'reduced') != 'reduced':
        return None
    matrices = _matrices(args, eq.inputs, _working_dtype(eq))
    return None if matrices is None else f'np.linalg.qr({matrices[0]})'


def _cutoff(eq):
    """numpy 2's default relative cutoff of small singular values: eps * max(m, n)."""
    shape = eq.inputs[0].aval.shape
    if None in shape:
        return None
    return float(np.finfo(eq.outputs[0].aval.dtype).eps * max(shape[-2:]))


@NUMBA.lowers('pinv')
def _pinv(ctx, eq, args):
    params = dict(eq.params)
    rcond = params.pop('rcond', None)
    if params.pop('hermitian', False) or params:
        return None
    rcond = _cutoff(eq) if rcond is None else rcond
    matrices = _matrices(args, eq.inputs, _working_dtype(eq))
    if matrices is None or not isinstance(rcond, (int, float)):
        return None
    return f'np.linalg.pinv({matrices[0]}, {float(rcond)!r})'


@NUMBA.lowers('lstsq')
def _lstsq(ctx, eq, args):
    params = dict(eq.params)
    rcond = params.pop('rcond', None)
    b = eq.inputs[1].aval
    if params or b.shape is None or len(b.shape) not in (1, 2):
        return None
    rcond = _cutoff(eq) if rcond is None else rcond
    dtype = eq.outputs[0].aval.dtype
    a = _matrices(args[:1], eq.inputs[:1], dtype)
    b = _matrices(args[1:], eq.inputs[1:], dtype, ndims=(1, 2)) if a else None
    if b is None or not isinstance(rcond, (int, float)):
        return None
    return f'np.linalg.lstsq({a[0]}, {b[0]}, {float(rcond)!r})'
