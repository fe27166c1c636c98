"""One table of every registered op: a numpy call staging it, example inputs, gradient cases.

A row is `Row(op, call, args, gradient=cases)`: `call(*args)` is ordinary numpy
code that stages op `op` when traced (`test_op_table`: types, values on every
backend, memory flags); `gradient` lists the cases differentiated against
finite differences over shape classes (`test_op_gradients`; their domains and
helpers are `gradient_cases`). A row of an op no numpy call stages on its own
(control flow, graph lists) has gradient cases only. Rows of the ufuncs are
generated from numpy's own loops (float64 inputs, or int64 where the ufunc has
no float loop), their gradients from `_UFUNC_GRADIENTS`. Ops no row can stage
(variable updates, effects, random draws) are in `COVERED_ELSEWHERE`, by kind,
with the tests that drive them.
"""
from dataclasses import dataclass

import numpy as np
from gradient_cases import (  # the gradient cases' domains and statements
    F64,
    INDEX,
    MASK,
    REDUCTION_AXES,
    SCAN_AXES,
    Case,
    above_one,
    binary,
    cases_of,
    copyto,
    defined_in_loop,
    fill,
    graph_list,
    in_errstate,
    inplace_op,
    loop_gradient,
    off_grid,
    place,
    positive,
    put,
    put_along_axis,
    put_along_axis_repeated,
    putmask,
    quotients,
    real,
    reduction,
    reshape_as,
    set_item,
    set_item_repeated,
    stack_last,
    staged_call,
    tensor_if,
    tensor_while,
    ufunc_at,
    ufunc_out,
    unary,
    unit,
    with_zeros,
)

import runtime as rt
from runtime.autodiff.op_hook import apply_op
from runtime.autograph import to_graph
from runtime.graph_ops.elementwise import UFUNCS
from runtime.ir.core import AbstractValue


@dataclass
class Row:
    op: str
    call: object = None  # None: a row of the op's gradient only (statements, control flow)
    args: tuple = ()
    dynamic: bool = False  # traced with every dimension unknown (so sizes are graph values)
    gradient: list = None  # `Case`s differentiated against finite differences (test_op_gradients)
    graph_only: bool = False  # its cases update arrays in place: an eager tape refuses them
    variables: bool = False  # its cases' values are rt.Variables

    @property
    def specs(self):
        """The placeholders' types (None: those of the args)."""
        if not self.dynamic:
            return None
        return [AbstractValue(np.asarray(a).dtype, (None,) * np.ndim(a)) for a in self.args]

    def __repr__(self):
        return f'{self.op}[{", ".join(str(np.shape(a)) for a in self.args)}]'


_rng = np.random.default_rng(25)
V = np.round(_rng.uniform(0.1, 0.9, 3), 3)           # 1-d floats inside (0, 1)
M = np.round(_rng.uniform(0.1, 0.9, (2, 3)), 3)      # 2-d
SQUARE = np.array([[2.0, 0.5], [0.25, 1.5]])
WELL = np.array([[3.0, 0.5, -0.25], [0.75, 2.5, 0.5], [-0.5, 0.25, 2.0]])  # well-conditioned
SPD = WELL @ WELL.T  # symmetric positive-definite, eigenvalues apart
ROTATION = np.array([[0.5, -1.0], [1.0, 0.5]])  # complex eigenvalues
M3 = np.array([[1.0, 0.5, -0.25], [0.25, -1.5, 0.75]])  # singular values apart


def _sign_free(usv):
    """A loss of an SVD that LAPACK's choice of signs leaves unchanged."""
    u, s, vh = usv
    return np.sum(u ** 2 * np.arange(1.0, 1.0 + u.shape[-1])) + np.sum(s) + \
        np.sum(vh ** 2 * np.arange(1.0, 1.0 + vh.shape[-1]))
INTS = np.array([3, 1, 2])
ZERO_D = np.array(0.5)


_CORE_ARGS = {'matmul': (M, V), 'matvec': (M, V), 'vecmat': (V[:2], M), 'vecdot': (M, V)}


def _ufunc_args(ufunc):
    """Inputs numpy's loops take: float64, else int64 (bitwise ops, gcd, shifts)."""
    if ufunc.signature is not None:  # a gufunc: arrays of its core dimensions
        return _CORE_ARGS[ufunc.__name__]
    if 'd' * ufunc.nin + '->' in ' '.join(ufunc.types) or any(
            t.startswith('d' * ufunc.nin) for t in ufunc.types):
        return tuple(V + i for i in range(ufunc.nin))
    return tuple(INTS + i for i in range(ufunc.nin))


def _ufunc_rows():
    rows = []
    for name, ufunc in sorted(UFUNCS.items()):
        if name == 'isnat':  # datetimes only
            rows.append(Row(name, lambda a: np.isnat(a), (np.array(['2000-01-01', 'NaT'],
                                                                   'datetime64[D]'),)))
            continue
        rows.append(Row(name, lambda *a, u=ufunc: u(*a), _ufunc_args(ufunc),
                        gradient=_UFUNC_GRADIENTS.get(name)))
    return rows


def _put(a):
    b = a.copy()
    np.put(b, [0, 2], -1.0)
    return b


def _place(a):
    b = a.copy()
    np.place(b, b > 0.5, [7.0])
    return b


def _putmask(a):
    b = a.copy()
    np.putmask(b, b > 0.5, -b)
    return b


def _put_along_axis(a):
    b = a.copy()
    np.put_along_axis(b, np.array([[0], [2]]), 9.0, axis=1)
    return b


def _copyto(a, v):
    b = a.copy()
    np.copyto(b, v)
    return b


def _set_item(a):
    b = a.copy()
    b[1] = 5.0
    return b


def _inplace_op(a):
    b = a.copy()
    b += 1.0
    return b


def _ufunc_out(a, c):
    b = np.zeros_like(a)
    np.add(a, c, out=b)
    return b


def _ufunc_at(a):
    b = a.copy()
    np.add.at(b, [0, 0, 2], 1.0)
    return b


def _fill(a):
    b = a.copy()
    b.fill(2.0)
    return b


# Creation at a size known when the graph runs (converted: sizes are graph values there).
def _zeros(a):
    return np.zeros((len(a), 2))


def _ones(a):
    return np.ones(len(a), np.int32)


def _empty(a):
    b = np.empty(len(a))
    b[...] = a
    return b


def _full(a):
    return np.full((len(a), 2), 7.5)


def _eye(a):
    return np.eye(len(a), k=1)


def _arange(a):
    return np.arange(1, len(a) + 4, 2)


def _empty_like(a):
    b = np.empty_like(a)  # its values are whatever memory held: written before they are read
    b[...] = a
    return b



# Python scalars of sizes known when the graph runs (converted: `len` is a graph value there)
def _dim(a):
    return np.ones(len(a))


def _py_binary(a):
    return np.ones(len(a) * 2)


def _py_unary(a):
    negative = -len(a)
    return np.ones(-negative)


# the ufuncs' gradients (their value rows are generated): cases over shape classes
_UFUNC_GRADIENTS = {
    'absolute': unary(np.abs),
    'fabs': unary(np.fabs),
    'negative': unary(np.negative),
    'positive': unary(np.positive),
    'conjugate': unary(np.conj),
    'square': unary(np.square),
    'sqrt': unary(np.sqrt, positive),
    'cbrt': unary(np.cbrt),
    'reciprocal': unary(np.reciprocal),
    'exp': unary(np.exp),
    'exp2': unary(np.exp2),
    'expm1': unary(np.expm1),
    'log': unary(np.log, positive),
    'log2': unary(np.log2, positive),
    'log10': unary(np.log10, positive),
    'log1p': unary(np.log1p, positive),
    'sin': unary(np.sin),
    'cos': unary(np.cos),
    'tan': unary(np.tan),
    'arcsin': unary(np.arcsin, unit),
    'arccos': unary(np.arccos, unit),
    'arctan': unary(np.arctan),
    'sinh': unary(np.sinh),
    'cosh': unary(np.cosh),
    'tanh': unary(np.tanh),
    'arcsinh': unary(np.arcsinh),
    'arccosh': unary(np.arccosh, above_one),
    'arctanh': unary(np.arctanh, unit),
    'deg2rad': unary(np.deg2rad),
    'radians': unary(np.radians),
    'rad2deg': unary(np.rad2deg),
    'degrees': unary(np.degrees),
    'floor': unary(np.floor, off_grid),
    'ceil': unary(np.ceil, off_grid),
    'rint': unary(np.rint, off_grid),
    'trunc': unary(np.trunc, off_grid),
    'sign': unary(np.sign, off_grid),
    'spacing': unary(np.spacing, positive),
    'modf': unary(lambda x: np.modf(x)[0] * 3.0 + np.modf(x)[1], off_grid),
    'frexp': unary(lambda x: np.frexp(x)[0] * 3.0),
    'add': binary(np.add),
    'subtract': binary(np.subtract),
    'multiply': binary(np.multiply),
    'divide': binary(np.divide),
    'arctan2': binary(np.arctan2),
    'hypot': binary(np.hypot),
    'logaddexp': binary(np.logaddexp),
    'logaddexp2': binary(np.logaddexp2),
    'maximum': binary(np.maximum),
    'minimum': binary(np.minimum),
    'fmax': binary(np.fmax),
    'fmin': binary(np.fmin),
    'copysign': binary(np.copysign),
    'heaviside': binary(np.heaviside),
    'nextafter': binary(np.nextafter),
    'power': binary(np.power, positive),
    'float_power': binary(np.float_power, positive),
    'remainder': quotients(np.remainder),
    'fmod': quotients(np.fmod),
    'floor_divide': quotients(lambda x, y: np.floor_divide(x, y) + x),
    'divmod': quotients(lambda x, y: np.divmod(x, y)[1] * 2.0 + np.divmod(x, y)[0]),
    'ldexp': [Case(lambda x: np.ldexp(x, 3), (real(()),)),
              Case(lambda x: np.ldexp(x, np.array([2, -1, 0])), (real((3,)),)),
              Case(lambda x: np.ldexp(x, np.array([1, -2, 0])), (real((2, 3)),))],
    'matmul': cases_of(np.matmul, (real((3,)), real((3,))), (real((2, 3)), real((3,))),
                       (real((3,)), real((3, 2))), (real((2, 3)), real((3, 2))),
                       (real((2, 2, 3)), real((2, 3, 2))), (real((2, 2, 3)), real((3, 2))),
                       (real((1, 2, 3)), real((2, 3, 2))), (real((2, 1, 2, 3)), real((3, 3, 2))),
                       (real((2, 2, 3)), real((3,))), (real((3,)), real((2, 3, 2)))),
    'matvec': cases_of(np.matvec, (real((2, 3)), real((3,))), (real((2, 2, 3)), real((3,))),
                       (real((2, 3)), real((2, 1, 3)))),
    'vecmat': cases_of(np.vecmat, (real((3,)), real((3, 2))), (real((2, 3)), real((3, 2))),
                       (real((3,)), real((2, 3, 2)))),
    'vecdot': cases_of(np.vecdot, (real((3,)), real((3,))), (real((2, 3)), real((3,))),
                       (real((2, 1, 3)), real((2, 3)))),
}

TABLE = _ufunc_rows() + [
    Row('zeros_like', np.zeros_like, (M,),
        gradient=unary(lambda x: x + np.zeros_like(x))),
    Row('ones_like', np.ones_like, (M,),
        gradient=unary(lambda x: x * np.ones_like(x))),
    Row('empty_like', _empty_like, (M,),
        gradient=unary(lambda x: np.where(True, x, np.empty_like(x)))),
    Row('full_like', np.full_like, (M, 0.25),
        gradient=[Case(lambda x, s: np.full_like(x, s) * x, (real((2, 3)), real(())))]),
    Row('zeros', to_graph(_zeros), (V,), dynamic=True,
        gradient=unary(lambda x: x + apply_op('zeros', shape=(3,), dtype=F64), shapes=[(3,)])),
    Row('ones', to_graph(_ones), (V,), dynamic=True,
        gradient=unary(lambda x: x * apply_op('ones', shape=(2, 3), dtype=F64), shapes=[(3,)])),
    Row('empty', to_graph(_empty), (V,), dynamic=True,
        gradient=unary(lambda x: np.where(True, x, apply_op('empty', shape=(3,), dtype=F64)),
            shapes=[(3,)])),
    Row('full', to_graph(_full), (V,), dynamic=True,
        gradient=[Case(lambda x, s: apply_op('full', s, shape=(2, 3), dtype=None) * x,
            (real((3,)), real(())))]),
    Row('eye', to_graph(_eye), (V,), dynamic=True,
        gradient=unary(lambda x: x @ apply_op('eye', N=3, M=None, k=1, dtype=F64), shapes=[(2, 3)])),
    Row('arange', to_graph(_arange), (V,), dynamic=True,
        gradient=[Case(lambda start, step: apply_op('arange', start, 4.0, step, dtype=F64) ** 2,
            (np.array(0.3), np.array(1.1)))]),
    Row('ufunc_outer', np.multiply.outer, (V, V),
        gradient=[Case(np.multiply.outer, (real((3,)), real((2,)))),
            Case(np.subtract.outer, (real((2, 2)), real(()))),
            Case(np.hypot.outer, (real(()), real((2,))))]),
    Row('pow', lambda a: a ** 2.0, (V,),
        gradient=binary(lambda x, y: x ** y + x ** 2 + 2.0 ** y, positive)),
    Row('round', lambda a: np.round(a, 1), (M,),
        gradient=unary(lambda x: np.round(x, 1) + np.round(x), off_grid)),
    Row('astype', lambda a: a.astype(np.float32), (M,),
        gradient=[Case(lambda x: x.astype(np.float64), (real((2, 3)),)),
            Case(lambda x: x.astype('f8', casting='same_kind') * 2, (real((3,)),))]),
    Row('getitem', lambda a: a[1:, ::2], (M,),
        gradient=[Case(lambda x: x[1, ::2] * 3.0, (real((2, 3)),)),
            Case(lambda x: x[-1], (real((3,)),)), Case(lambda x: x[None, ..., 0], (real((2, 3)),)),
            Case(lambda x: x[[0, 1, 1], [2, 0, 2]], (real((2, 3)),)),
            Case(lambda x: x[MASK] ** 2, (real((2, 3)),)), Case(lambda x: x[()], (real(()),))]),
    Row('concatenate', lambda a, b: np.concatenate([a, b]), (M, M),
        gradient=[Case(lambda a, b: np.concatenate([a, b]), (real((2,)), real((3,)))),
            Case(lambda a, b: np.concatenate([a, b, a], axis=-1), (real((2, 1)), real((2, 3)))),
            Case(lambda a, b: np.concatenate((a, b), axis=None), (real((2, 2)), real((3,))))]),
    Row('stack', lambda a, b: np.stack([a, b], axis=1), (V, V),
        gradient=[Case(lambda a, b: np.stack([a, b]), (real(()), real(()))),
            Case(lambda a, b: np.stack([a, b, a], axis=-1), (real((2, 3)), real((2, 3)))),
            Case(lambda a, b: np.stack((a, b), axis=1), (real((2, 3)), real((2, 3))))]),
    Row('hstack', lambda a, b: np.hstack([a, b]), (V, V),
        gradient=[Case(lambda a, b: np.hstack([a, b]), (real((2,)), real((3,)))),
            Case(lambda a, b: np.hstack([a, b]), (real((2, 1)), real((2, 3)))),
            Case(lambda a, b: np.hstack([a, b]), (real(()), real((2,))))]),
    Row('vstack', lambda a, b: np.vstack([a, b]), (V, V),
        gradient=[Case(lambda a, b: np.vstack([a, b]), (real((3,)), real((3,)))),
            Case(lambda a, b: np.vstack([a, b]), (real((1, 3)), real((2, 3)))),
            Case(lambda a, b: np.vstack([a, b]), (real(()), real(())))]),
    Row('split', lambda a: np.split(a, 3, axis=1), (M,),
        gradient=[Case(lambda x: np.split(x, 3)[1] * 2.0 + np.split(x, 3)[2], (real((6,)),)),
            Case(lambda x: np.split(x, [1, 2], axis=-1)[2] ** 2, (real((2, 4)),))]),
    Row('dot', np.dot, (M, V),
        gradient=cases_of(np.dot, (real(()), real((2, 3))), (real((3,)), real((3,))),
            (real((2, 3)), real((3,))), (real((3,)), real((3, 2))),
            (real((2, 3)), real((3, 2))), (real((2, 2, 3)), real((3, 2))),
            (real((2, 3)), real((2, 3, 2))))),
    Row('tensordot', lambda a, b: np.tensordot(a, b, 1), (M, V),
        gradient=[Case(lambda a, b: np.tensordot(a, b, 0), (real((2,)), real((3,)))),
            Case(lambda a, b: np.tensordot(a, b, 1), (real((2, 3)), real((3, 2)))),
            Case(lambda a, b: np.tensordot(a, b), (real((2, 2, 3)), real((2, 3, 2)))),
            Case(lambda a, b: np.tensordot(a, b, axes=([0, -1], [1, 0])),
                 (real((3, 2, 2)), real((2, 3))))]),
    Row('outer', np.outer, (V, V),
        gradient=cases_of(np.outer, (real((3,)), real((2,))), (real((2, 2)), real(())),
            (real(()), real((2, 2))))),
    Row('inner', np.inner, (M, V),
        gradient=cases_of(np.inner, (real((3,)), real((3,))), (real((2, 3)), real((3,))),
            (real((2, 3)), real((2, 3))), (real(()), real((2, 3))))),
    Row('einsum', lambda a, b: np.einsum('ij,j->i', a, b), (M, V),
        gradient=[Case(lambda a, b: np.einsum('ij,jk->ik', a, b), (real((2, 3)), real((3, 2)))),
             Case(lambda a, b: np.einsum('i,i->', a, b), (real((3,)), real((3,)))),
             Case(lambda a: np.einsum('ij->j', a), (real((2, 3)),)),
             Case(lambda a, b: np.einsum('bij,bj->bi', a, b), (real((2, 2, 3)), real((2, 3)))),
             Case(lambda a, b: np.einsum('ij,ij->ij', a, b), (real((2, 3)), real((2, 3)))),
             Case(lambda a, b, c: np.einsum('ij,jk,kl->il', a, b, c),
            (real((2, 3)), real((3, 2)), real((2, 2))))]),
    Row('inv', np.linalg.inv, (SQUARE,),
        gradient=[Case(np.linalg.inv, (np.eye(2) * 2 + unit((2, 2)) * 0.5,)),
            Case(np.linalg.inv, (np.eye(3) * 2 + unit((2, 3, 3)) * 0.5,))]),
    Row('det', np.linalg.det, (SQUARE,),
        gradient=[Case(np.linalg.det, (np.eye(2) * 2 + unit((2, 2)) * 0.5,)),
            Case(np.linalg.det, (np.eye(3) + unit((3, 3)) * 0.5,)),
            Case(np.linalg.det, (np.eye(2) + unit((3, 2, 2)) * 0.5,))]),
    # numpy.linalg's LAPACK calls (decompositions.py): symmetric positive-definite inputs for
    # cholesky and eigh, distinct eigen- and singular values, losses that do not depend on the
    # signs LAPACK picks for eigen- and singular vectors
    Row('solve', np.linalg.solve, (SQUARE, V[:2]),
        gradient=cases_of(np.linalg.solve, (WELL, real((3,))), (WELL, real((3, 2))),
                          (np.stack([WELL, WELL.T]), real((2, 3, 2))))),
    Row('slogdet', np.linalg.slogdet, (SQUARE,),
        gradient=[Case(lambda a: np.linalg.slogdet(a)[1], (WELL,)),
                  Case(lambda a: np.linalg.slogdet(a)[1], (np.stack([WELL, -WELL]),))]),
    Row('eig', np.linalg.eig, (ROTATION,)),
    Row('eigvals', np.linalg.eigvals, (ROTATION,)),
    Row('eigh', np.linalg.eigh, (SPD,),
        gradient=[Case(lambda a: np.linalg.eigh(a)[0] * np.arange(1.0, 4.0), (SPD,)),
                  Case(lambda a: np.linalg.eigh(a)[1] ** 2 * np.arange(9.0).reshape(3, 3),
                       (SPD,)),
                  Case(lambda a: np.linalg.eigh(a, UPLO='U')[1] ** 2 * M[:, :2], (SPD[:2, :2],))]),
    Row('eigvalsh', np.linalg.eigvalsh, (SPD,),
        gradient=[Case(lambda a: np.linalg.eigvalsh(a) * np.arange(1.0, 4.0), (SPD,))]),
    Row('svd', np.linalg.svd, (M,),
        gradient=[Case(lambda a: np.linalg.svd(a, compute_uv=False) * [2.0, 1.0], (M3,)),
                  Case(lambda a: _sign_free(np.linalg.svd(a, full_matrices=False)), (M3,)),
                  Case(lambda a: _sign_free(np.linalg.svd(a, full_matrices=False)), (M3.T,)),
                  Case(lambda a: _sign_free(np.linalg.svd(a)), (WELL,))]),
    Row('qr', np.linalg.qr, (M.T,),
        gradient=[Case(lambda a: np.linalg.qr(a)[0] * M.T + np.linalg.qr(a)[1][0], (M3.T,)),
                  Case(lambda a: np.linalg.qr(a, mode='r'), (WELL,))]),
    Row('cholesky', np.linalg.cholesky, (SPD,),
        gradient=cases_of(np.linalg.cholesky, (SPD,), (np.stack([SPD, SPD + np.eye(3)]),)) +
        [Case(lambda a: np.linalg.cholesky(a, upper=True), (SPD,))]),
    Row('pinv', np.linalg.pinv, (M,),
        gradient=cases_of(np.linalg.pinv, (M3,), (M3.T,), (WELL,))),
    Row('lstsq', lambda a, b: np.linalg.lstsq(a, b), (M.T, V),
        gradient=[Case(lambda a, b: np.linalg.lstsq(a, b)[0], (M3.T, real((3,)))),
                  Case(lambda a, b: np.linalg.lstsq(a, b)[0], (M3, real((2, 2))))]),
    # numpy.fft (fft.py): no gradients (complex values), refused by the tape
    *[Row(kind, getattr(np.fft, kind), (M,)) for kind in
      ('fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft', 'fftn', 'ifftn', 'rfftn', 'irfftn')],
    Row('sum', np.sum, (M,)),
    Row('prod', np.prod, (M,),
        gradient=reduction(np.prod) + reduction(np.prod, with_zeros, REDUCTION_AXES[3:]) +
            reduction(np.prod, axes=REDUCTION_AXES[3:4], initial=1.5)),
    Row('mean', np.mean, (M,),
        gradient=reduction(np.mean)),
    Row('std', np.std, (M,),
        gradient=reduction(np.std, axes=REDUCTION_AXES[1:]) +
            reduction(np.std, axes=REDUCTION_AXES[2:], ddof=1)),
    Row('var', np.var, (M,),
        gradient=reduction(np.var) + reduction(np.var, axes=REDUCTION_AXES[2:], ddof=1)),
    Row('max', np.max, (M,),
        gradient=reduction(np.max) + reduction(np.max, axes=REDUCTION_AXES[3:5], initial=0.5)),
    Row('min', np.min, (M,),
        gradient=reduction(np.min) + reduction(np.min, axes=REDUCTION_AXES[5:6], initial=-0.5)),
    Row('argmax', np.argmax, (M,)),
    Row('argmin', np.argmin, (M,)),
    Row('all', np.all, (M,)),
    Row('any', np.any, (M,)),
    Row('cumsum', np.cumsum, (M,),
        gradient=reduction(np.cumsum, axes=SCAN_AXES)),
    Row('cumprod', np.cumprod, (M,),
        gradient=reduction(np.cumprod, axes=SCAN_AXES) +
            reduction(np.cumprod, with_zeros, [((6,), {}), ((3, 4), {'axis': -1}), ((3, 4), {})])),
    Row('diff', lambda a: np.diff(a, 2, axis=0), (np.vstack([M, M + 1, M * M]),)),
    Row('correlate', lambda a, v: np.correlate(a, v, 'same'), (V, V[:2] + 1.0),
        gradient=[Case(lambda a, v: np.correlate(a, v, mode), (real((5,)), real((3,))))
                  for mode in ('valid', 'same', 'full')] +
        [Case(lambda a, v: np.convolve(a, v, 'same'), (real((2,)), real((4,))))]),
    Row('interp', lambda x, xp, fp: np.interp(x, xp, fp), (V * 3, np.sort(V), V * V),
        gradient=[Case(lambda x, fp: np.interp(x, [0.0, 1.0, 2.5, 3.0], fp),
                       (np.array([-0.5, 0.3, 1.7, 2.9, 3.5]), real((4,)))),
                  Case(lambda x, xp: np.interp(x, xp, [1.0, -2.0, 0.5], left=3.0, right=-1.0),
                       (np.array([-1.0, 0.6, 1.4, 2.2, 5.0]), np.array([0.0, 1.0, 2.0])))]),
    Row('bincount', lambda x, w: np.bincount(x, w, minlength=4),
        (np.array([1, 0, 2, 2]), np.array([0.5, -1.0, 2.0, 0.25])),
        gradient=[Case(lambda w: np.bincount(np.array([3, 0, 3, 1]), w) ** 2, (real((4,)),))]),
    Row('histogram', lambda a: np.histogram(a, bins=3)[0], (M,)),
    Row('histogram', lambda a, b: np.histogram(a, bins=b, density=True)[1], (M, np.sort(V)),
        gradient=[Case(lambda x: np.histogram(x, bins=4)[1] * np.arange(5.0), (real((2, 3)),)),
                  Case(lambda x: np.histogram(x, bins=3, range=(-1, 1))[1] + x[0], (real((3,)),)),
                  Case(lambda e: np.histogram(np.array([0.5, 1.2]), bins=e)[1] ** 2,
                       (np.array([0.0, 1.0, 1.5]),))]),
    Row('sum', lambda a: np.sum(a, axis=1, keepdims=True), (M,),
        gradient=reduction(np.sum) + reduction(np.sum, axes=REDUCTION_AXES[3:4], initial=1.5)),
    Row('norm', np.linalg.norm, (M,),
        gradient=[Case(lambda x, kw=kw: np.linalg.norm(x, **kw), (real(shape),)) for shape, kw in [
            ((4,), {}), ((2, 3), {}), ((2, 3), {'axis': -1}), ((2, 3), {'axis': 0, 'keepdims': True}),
            ((2, 3), {'ord': 'fro'}), ((2, 3, 2), {'axis': (0, 2)}), ((4,), {'ord': 2}),
            ((2, 3), {'axis': (-1, 0), 'keepdims': True})]]),
    Row('ufunc_reduce', lambda a: np.maximum.reduce(a, axis=0), (M,),
        gradient=reduction(np.add.reduce, axes=REDUCTION_AXES[1:]) +
            reduction(np.multiply.reduce, axes=REDUCTION_AXES[1:]) +
            reduction(np.maximum.reduce, axes=REDUCTION_AXES[1:3]) +
            reduction(np.minimum.reduce, axes=REDUCTION_AXES[3:5]) +
            reduction(np.add.reduce, axes=[((2, 3), {'axis': None})]) +
            reduction(np.multiply.reduce, with_zeros, [((3, 4), {'axis': 1}), ((3, 4), {'axis': None})]) +
            reduction(np.multiply.reduce, axes=REDUCTION_AXES[3:4], initial=2.0)),
    Row('ufunc_accumulate', lambda a: np.add.accumulate(a, axis=1), (M,),
        gradient=reduction(np.add.accumulate, axes=SCAN_AXES[1:]) +
            reduction(np.multiply.accumulate, axes=SCAN_AXES[1:]) +
            reduction(np.multiply.accumulate, with_zeros, [((3, 4), {'axis': 1})])),
    Row('where', lambda a: np.where(a > 0.5, a, -a), (M,),
        gradient=[Case(lambda x, y: np.where(MASK, x, y), (real((2, 3)), real((3,)))),
            Case(lambda x, y: np.where(x > 0, x, y), (real((2, 3)), real(()))),
            Case(lambda x, y: np.where(True, x, y), (real(()), real((2,))))]),
    Row('nonzero', lambda a: np.nonzero(a > 0.5), (M,)),
    Row('clip', lambda a: np.clip(a, 0.3, 0.6), (M,),
        gradient=[Case(lambda x: np.clip(x, -0.5, 0.5), (real((2, 3)),)),
            Case(np.clip, (unit((2, 3)), real(()) - 2.0, real((3,)) + 2.0)),
            Case(lambda x, lo, hi: np.clip(x, lo, hi), (np.array([-2.0, 0.1, 2.0]),
                                               np.array([-1.0, -1.0, -1.0]),
                                               np.array([1.0, 1.0, 1.0])))]),
    Row('take', lambda a: np.take(a, [2, 0], axis=1), (M,),
        gradient=[Case(lambda x: np.take(x, [0, 2, 2]), (real((2, 3)),)),
            Case(lambda x: np.take(x, [2, 0, 0], axis=-1), (real((2, 3)),)),
            Case(lambda x: np.take(x, INDEX, axis=0), (real((3,)),)),
            Case(lambda x: np.take(x, [4, -1, 7, 1], mode='wrap') * np.arange(4), (real((3,)),)),
            Case(lambda x: np.take(x, [[4, -1], [0, 0]], axis=1, mode='clip'), (real((2, 3)),))]),
    Row('sort', np.sort, (M,),
        gradient=[Case(np.sort, (real((2, 3)),)), Case(lambda x: np.sort(x, axis=0) * INDEX, (real((2, 3)),)),
            Case(lambda x: np.sort(x, axis=None) * np.arange(6), (real((2, 3)),))]),
    Row('argsort', np.argsort, (V,)),
    Row('searchsorted', lambda a, v: np.searchsorted(np.sort(a), v, side='right'), (V, M)),
    Row('digitize', lambda a, v: np.digitize(a, np.sort(v)), (M, V)),
    Row('partition', lambda a: np.partition(a, 1), (M,),
        gradient=[Case(lambda x: np.partition(x, 1) * INDEX, (real((2, 3)),)),
            Case(lambda x: np.partition(x, (0, 2), axis=0) * np.arange(3), (real((4, 3)),)),
            Case(lambda x: np.partition(x, 4, axis=None) * np.arange(6), (real((2, 3)),))]),
    Row('argpartition', lambda a: np.argpartition(a, 1, axis=0), (M,)),
    Row('lexsort', lambda a, b: np.lexsort((a, np.round(b))), (V, V)),
    Row('unique', lambda a: np.unique(np.round(a, 1), return_index=True, return_inverse=True,
                                      return_counts=True), (M,),
        gradient=[Case(lambda x: np.unique(x) * np.arange(6), (real((2, 3)),)),
            Case(lambda x: np.unique(x, return_counts=True)[0] ** 2, (real((4,)),))]),
    Row('isin', lambda a, b: np.isin(a, b), (M, V)),
    Row('take_along_axis', lambda a: np.take_along_axis(a, np.argsort(a, axis=1), axis=1), (M,),
        gradient=[Case(lambda x: np.take_along_axis(x, INDEX, axis=1), (real((2, 3)),)),
            Case(lambda x: np.take_along_axis(x, np.array([[1], [0]]), axis=-1),
                 (real((2, 3)),)),
            Case(lambda x: np.take_along_axis(x, np.array([4, 4, 0]), axis=None),
                 (real((2, 3)),)),
            Case(lambda x: np.take_along_axis(x, np.array([[-1], [-3]]), axis=1),
                 (real((2, 3)),)),
            Case(lambda x: np.take_along_axis(x, np.array([[-1, 0, -1]]), axis=-1),
                 (real((2, 3)),))]),
    Row('reshape', lambda a: np.reshape(a, (3, 2)), (M,),
        gradient=[Case(lambda x: np.reshape(x, (3, 2)), (real((2, 3)),)),
            Case(lambda x: x.reshape(2, -1), (real((6,)),)),
            Case(lambda x: np.reshape(x, (1, 1)), (real(()),))]),
    Row('transpose', np.transpose, (M,),
        gradient=[Case(np.transpose, (real((2, 3)),)), Case(lambda x: x.T, (real((3,)),)),
            Case(lambda x: np.transpose(x, (1, 0, 2)), (real((2, 3, 2)),)),
            Case(lambda x: np.transpose(x, (-1, 0, 1)), (real((2, 3, 2)),))]),
    Row('swapaxes', lambda a: np.swapaxes(a, 0, 1), (M,),
        gradient=[Case(lambda x: np.swapaxes(x, 0, -1), (real((2, 3, 2)),)),
            Case(lambda x: np.swapaxes(x, 1, 1), (real((2, 3)),))]),
    Row('moveaxis', lambda a: np.moveaxis(a, 0, -1), (M,),
        gradient=[Case(lambda x: np.moveaxis(x, 0, -1), (real((2, 3, 2)),)),
            Case(lambda x: np.moveaxis(x, (0, 1), (-1, -2)), (real((2, 3, 2)),))]),
    Row('expand_dims', lambda a: np.expand_dims(a, 1), (M,),
        gradient=[Case(lambda x: np.expand_dims(x, 0), (real(()),)),
            Case(lambda x: np.expand_dims(x, -1), (real((3,)),)),
            Case(lambda x: np.expand_dims(x, (0, 2)), (real((2, 3)),))]),
    Row('squeeze', np.squeeze, (M[:1],),
        gradient=[Case(np.squeeze, (real((1, 3, 1)),)), Case(lambda x: np.squeeze(x, 1), (real((2, 1)),)),
            Case(lambda x: np.squeeze(x, (0, -1)), (real((1, 3, 1)),))]),
    Row('ravel', np.ravel, (M,),
        gradient=[Case(np.ravel, (real((2, 3)),)), Case(np.ravel, (real(()),)),
            Case(lambda x: np.ravel(x, order='F') * np.arange(6.0), (real((2, 3)),))]),
    Row('broadcast_to', lambda a: np.broadcast_to(a, (2, 3)), (V,),
        gradient=[Case(lambda x: np.broadcast_to(x, (2, 3)), (real((3,)),)),
            Case(lambda x: np.broadcast_to(x, (2, 2)), (real(()),)),
            Case(lambda x: np.broadcast_to(x, (2, 2, 3)), (real((2, 1, 1)),))]),
    Row('flip', lambda a: np.flip(a, 1), (M,),
        gradient=[Case(np.flip, (real((2, 3)),)), Case(lambda x: np.flip(x, -1), (real((2, 3)),)),
            Case(lambda x: np.flip(x, (0, 2)), (real((2, 3, 2)),))]),
    Row('copy', np.copy, (M,),
        gradient=unary(np.copy)),
    Row('copy', np.copy, (ZERO_D,)),
    Row('real', np.real, (M + 2j * M[::-1],)),
    Row('imag', np.imag, (M + 2j * M[::-1],)),
    Row('imag', np.imag, (np.complex64(1 - 2j),)),
    Row('sum', np.sum, (ZERO_D,)),
    Row('set_item', _set_item, (V,),
        gradient=cases_of(set_item, (real((2, 3)), real((3,)))) +
            cases_of(set_item_repeated, (real((2, 3)), real((3,)))), graph_only=True),
    Row('inplace_op', _inplace_op, (V,),
        gradient=cases_of(inplace_op, (real((2, 3)), real((3,))), (real((3,)), real(()))), graph_only=True),
    Row('ufunc_out', _ufunc_out, (V, V),
        gradient=cases_of(ufunc_out, (real((2, 3)), real((3,)))), graph_only=True),
    Row('ufunc_at', _ufunc_at, (V,),
        gradient=cases_of(ufunc_at, (real((2, 3)), real((3,))), (real((2, 3)), real(()))), graph_only=True),
    Row('fill', _fill, (V,),
        gradient=cases_of(fill, (real((2, 3)), real(()))), graph_only=True),
    Row('copyto', _copyto, (M, V),
        gradient=cases_of(copyto, (real((2, 3)), real((3,)))), graph_only=True),
    Row('put', _put, (V,),
        gradient=cases_of(put, (real((2, 3)), real((3,)))), graph_only=True),
    Row('place', _place, (V,),
        gradient=cases_of(place, (real((2, 3)), real((2,)))), graph_only=True),
    Row('putmask', _putmask, (V,),
        gradient=cases_of(putmask, (real((2, 3)), real((2,)))), graph_only=True),
    Row('put_along_axis', _put_along_axis, (M,),
        gradient=cases_of(put_along_axis, (real((2, 3)), real((2, 1)))) +
            cases_of(put_along_axis_repeated, (real((2, 3)), real((2, 3)))), graph_only=True),
    Row('dim', to_graph(_dim), (V,), dynamic=True),
    Row('py_binary', to_graph(_py_binary), (V,), dynamic=True),
    Row('py_unary', to_graph(_py_unary), (V,), dynamic=True),
    Row('stop_gradient', rt.stop_gradient, (M,)),
    # rows of their gradients only: statements, graph lists and control flow
    Row('to_dtype',
        gradient=[Case(lambda x: apply_op('to_dtype', x, dtype=F64) * 3.0, (real(()),))]),
    Row('reshape_as',
        gradient=cases_of(reshape_as, (real((2, 3)), real((3,)))), graph_only=True),
    Row('list_append',
        gradient=unary(graph_list(np.stack), shapes=[(3,), (2, 3)])),
    Row('stack_rows',
        gradient=unary(graph_list(stack_last), shapes=[(2, 3)])),
    Row('concatenate_rows',
        gradient=unary(graph_list(np.concatenate), shapes=[(3, 2)])),
    Row('hstack_rows',
        gradient=unary(graph_list(np.hstack), shapes=[(3,), (3, 2)])),
    Row('vstack_rows',
        gradient=unary(graph_list(np.vstack), shapes=[(3,), (3, 2)])),
    Row('cond',
        gradient=unary(tensor_if, shapes=[(3,), (2, 3)])),
    Row('while',
        gradient=unary(tensor_while, shapes=[(), (2, 3)])),
    Row('call',
        gradient=binary(staged_call, shapes=[((), ()), ((2, 3), (3,))])),
    Row('errstate',
        gradient=binary(in_errstate, shapes=[((), ()), ((2, 3), (3,))])),
    Row('check_defined',
        gradient=unary(defined_in_loop)),
    Row('while_saving',
        gradient=unary(loop_gradient, shapes=[(3,)])),
    Row('while_vjp',
        gradient=unary(loop_gradient, shapes=[(), (2, 2)])),
    Row('read_variable',
        gradient=unary(lambda x: np.sin(x) * 2.0), variables=True),
]

ROWS = [row for row in TABLE if row.call is not None]  # the rows of values

# Ops no row can stage, by kind (the tests named drive them)
COVERED_ELSEWHERE = {
    'effects (tests/runtime/user_objects/test_side_effects.py)': (
        'print', 'py_function', 'assert', 'raise'),
    'floating-point error state (tests/runtime/backends/executor/test_errstate.py)': ('seterr',),
    'random draws: constants of a gradient, other numbers under finite differences '
    '(tests/runtime/autodiff/test_random_gradients.py)': ('draw', 'rng_state', 'rng_restore'),
    'variable updates (tests/runtime/user_objects/test_resource_variables.py)': (
        'assign_variable', 'assign_add_variable', 'assign_sub_variable', 'scatter_variable'),
}
