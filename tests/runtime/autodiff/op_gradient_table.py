"""One row per differentiable op: numpy calls staging it, over shape classes (`test_op_gradients`).

A row is a list of cases; a case is a function of float64 arrays (the values
differentiated; integer indices, masks and axes are constants of the function)
and the arrays. Shape classes: 0-d, 1-d, 2-d, broadcasting, `keepdims`,
negative and tuple axes. Values come from a seeded generator, drawn from a
domain that keeps them off the op's kinks, poles and ties (finite differences
are meaningless there). Rows marked `GRAPH_ONLY` update arrays in place, which
values an eager tape follows refuse (they are immutable).
"""
from dataclasses import dataclass

import numpy as np

import runtime as rt
from runtime.autodiff.kit import apply_op

_rng = np.random.default_rng(23)  # the table is built once, in order: the same values every run
F64 = np.dtype(np.float64)


@dataclass
class Case:
    fn: object
    args: tuple

    def __post_init__(self):
        self.args = tuple(np.asarray(a, np.float64) for a in self.args)  # 0-d: arrays too

    @property
    def label(self):
        return ', '.join(str(np.shape(a)) for a in self.args)


def real(shape):
    """Away from 0 (the kink of abs, the pole of reciprocal)."""
    return _rng.choice([-1.0, 1.0], shape) * _rng.uniform(0.1, 1.5, shape)


def positive(shape):
    return _rng.uniform(0.3, 2.0, shape)


def unit(shape):
    """Inside (-1, 1), away from its ends and from 0."""
    return _rng.choice([-1.0, 1.0], shape) * _rng.uniform(0.1, 0.8, shape)


def above_one(shape):
    return _rng.uniform(1.2, 3.0, shape)


def with_zeros(shape):
    """Some elements exactly 0 (products: multilinear, so finite differences hold there)."""
    return np.where(_rng.uniform(size=shape) < 0.3, 0.0, real(shape))


def off_grid(shape):
    """Off the integers and half-integers, where floor, ceil, rint, trunc, sign and round jump."""
    return _rng.integers(-2, 2, shape) + _rng.uniform(0.15, 0.35, shape)


UNARY_SHAPES = [(), (3,), (2, 3)]
BINARY_SHAPES = [((), ()), ((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 3))]


def unary(fn, domain=real, shapes=UNARY_SHAPES):
    return [Case(fn, (domain(s),)) for s in shapes]


def binary(fn, x_domain=real, y_domain=real, shapes=BINARY_SHAPES):
    return [Case(fn, (x_domain(a), y_domain(b))) for a, b in shapes]


def quotients(fn):
    """x = y * q with q off the integers: remainder, fmod and floor division do not jump."""
    cases = []
    for x_shape, y_shape in [((), ()), ((3,), (3,)), ((2, 3), (3,)), ((2, 3), ())]:
        y = _rng.choice([-1.0, 1.0], y_shape) * _rng.uniform(1.2, 1.8, y_shape)
        q = _rng.integers(-3, 3, x_shape) + _rng.uniform(0.2, 0.8, x_shape)
        cases.append(Case(fn, (np.asarray(y * q), y)))
    return cases


REDUCTION_AXES = [((), {}), ((4,), {}), ((4,), {'axis': 0}), ((2, 3), {'axis': -1}),
                  ((2, 3), {'axis': 0, 'keepdims': True}), ((2, 3, 2), {'axis': (0, 2)}),
                  ((2, 3, 2), {'axis': (-1, 0), 'keepdims': True}), ((2, 3), {'keepdims': True})]


def reduction(fn, domain=real, axes=REDUCTION_AXES, **extra):
    return [Case(lambda x, kw=kw: fn(x, **kw, **extra), (domain(shape),)) for shape, kw in axes]


SCAN_AXES = [((), {}), ((4,), {}), ((2, 3), {}), ((2, 3), {'axis': 0}), ((2, 3, 2), {'axis': -1})]


def cases_of(fn, *arg_lists):
    return [Case(fn, args) for args in arg_lists]


# ----------------------------------------------------------------------------------------------
# rows that need statements (updates, graph loops and lists): converted when traced


def set_item(x, w):
    y = x * 1.0
    y[0] = w[1]
    y[-1, ::2] = w[:2] * 2.0
    return y


def set_item_repeated(x, w):
    y = x * 1.0
    y[[0, 1, 0], [2, 0, 2]] = w  # (0, 2) written twice: the last write stays
    y[1, [1, 1]] = w[0] * 3.0  # a value broadcast to a place written twice
    return y * np.arange(1.0, 7.0).reshape(2, 3)


def inplace_op(x, w):
    y = x * 1.0
    y += w
    y *= w
    y -= x
    return y


def ufunc_out(x, w):
    y = x * 0.0
    np.multiply(x, w, out=y)
    return y


def fill(x, s):
    y = x * 1.0
    y.fill(s)
    return y * x


def copyto(x, w):
    y = x * 1.0
    np.copyto(y, w, where=np.array([True, False, True]))
    return y ** 2


def put(x, w):
    y = x * 1.0
    np.put(y, [0, 4, 4], w)
    return y ** 2


def place(x, w):
    y = x * 1.0
    np.place(y, np.array([[True, False, True], [False, True, False]]), w)
    return y ** 2


def putmask(x, w):
    y = x * 1.0
    np.putmask(y, np.array([[True, False, True], [False, True, False]]), w)
    return y ** 2


def put_along_axis(x, w):
    y = x * 1.0
    np.put_along_axis(y, np.array([[2], [0]]), w, axis=1)
    return y ** 2


def put_along_axis_repeated(x, w):
    y = x * 1.0
    np.put_along_axis(y, np.array([[2, 0, 2], [1, 1, -1]]), w, axis=-1)
    return y * np.arange(1.0, 7.0).reshape(2, 3)


def ufunc_at(x, w):
    y = x * 1.0
    np.add.at(y, ([0, 0, 1], [2, 2, 0]), w)
    return y ** 2


def reshape_as(x, w):
    y = x * 1.0
    wide = np.expand_dims(y, 0)  # a view of y: writing it writes y
    wide[0, 1] = w * 3.0
    return y ** 2


def stack_last(rows):
    return np.stack(rows, axis=-1)


def graph_list(join):
    def joined(x):
        rows = []
        for row in x:  # a graph loop over a tensor's rows, appending to a graph list
            rows.append(row * 2.0)
        return join(rows) ** 2
    return joined


def defined_in_loop(x):
    for i in rt.range(2):
        y = x * (i + 1.0)  # defined only by the loop: checked to be when the loop ends
    return y ** 2


def loop_gradient(x):
    """A gradient through a graph loop (`while_saving`, `while_vjp`): differentiated again."""
    with rt.GradientTape() as tape:
        x = tape.watch(x)
        y = x
        for _ in rt.range(3):
            y = np.sin(y) * x
        total = np.sum(y)
    return tape.gradient(total, x)


_squared = rt.function(lambda x, y: np.sin(x) * y + x ** 2)


def in_errstate(x, y):
    """Ops staged in `errstate` regions: one op each, its gradient the op's own."""
    with np.errstate(divide='ignore', over='raise'):
        return np.sin(x) / y + x * x


def tensor_if(x):
    return rt.cond(np.sum(x) > 0, lambda: np.exp(x) * x, lambda: np.cos(x))


def tensor_while(x):
    start = np.ravel(x)[0] * 0.0  # a graph value: a graph loop (Python numbers would unroll)
    _, y = rt.while_loop(lambda i, y: i < 2.5, lambda i, y: (i + 1, np.sin(y) * x), (start, x))
    return y


MASK = np.array([[True, False, True], [False, True, True]])
INDEX = np.array([[2, 0, 2], [1, 1, 0]])

ROWS = {
    # ufuncs of one argument
    'absolute': unary(np.abs), 'fabs': unary(np.fabs), 'negative': unary(np.negative),
    'positive': unary(np.positive), 'conjugate': unary(np.conj), 'square': unary(np.square),
    'sqrt': unary(np.sqrt, positive), 'cbrt': unary(np.cbrt), 'reciprocal': unary(np.reciprocal),
    'exp': unary(np.exp), 'exp2': unary(np.exp2), 'expm1': unary(np.expm1),
    'log': unary(np.log, positive), 'log2': unary(np.log2, positive),
    'log10': unary(np.log10, positive), 'log1p': unary(np.log1p, positive),
    'sin': unary(np.sin), 'cos': unary(np.cos), 'tan': unary(np.tan),
    'arcsin': unary(np.arcsin, unit), 'arccos': unary(np.arccos, unit),
    'arctan': unary(np.arctan), 'sinh': unary(np.sinh), 'cosh': unary(np.cosh),
    'tanh': unary(np.tanh), 'arcsinh': unary(np.arcsinh), 'arccosh': unary(np.arccosh, above_one),
    'arctanh': unary(np.arctanh, unit), 'deg2rad': unary(np.deg2rad),
    'radians': unary(np.radians), 'rad2deg': unary(np.rad2deg), 'degrees': unary(np.degrees),
    'floor': unary(np.floor, off_grid), 'ceil': unary(np.ceil, off_grid),
    'rint': unary(np.rint, off_grid), 'trunc': unary(np.trunc, off_grid),
    'sign': unary(np.sign, off_grid), 'spacing': unary(np.spacing, positive),
    'round': unary(lambda x: np.round(x, 1) + np.round(x), off_grid),
    'modf': unary(lambda x: np.modf(x)[0] * 3.0 + np.modf(x)[1], off_grid),
    'frexp': unary(lambda x: np.frexp(x)[0] * 3.0),
    # ufuncs of two arguments (broadcasting) and operators
    'add': binary(np.add), 'subtract': binary(np.subtract), 'multiply': binary(np.multiply),
    'divide': binary(np.divide), 'arctan2': binary(np.arctan2), 'hypot': binary(np.hypot),
    'logaddexp': binary(np.logaddexp), 'logaddexp2': binary(np.logaddexp2),
    'maximum': binary(np.maximum), 'minimum': binary(np.minimum), 'fmax': binary(np.fmax),
    'fmin': binary(np.fmin), 'copysign': binary(np.copysign),
    'heaviside': binary(np.heaviside), 'nextafter': binary(np.nextafter),
    'power': binary(np.power, positive), 'float_power': binary(np.float_power, positive),
    'pow': binary(lambda x, y: x ** y + x ** 2 + 2.0 ** y, positive),
    'remainder': quotients(np.remainder), 'fmod': quotients(np.fmod),
    'floor_divide': quotients(lambda x, y: np.floor_divide(x, y) + x),
    'divmod': quotients(lambda x, y: np.divmod(x, y)[1] * 2.0 + np.divmod(x, y)[0]),
    'ldexp': [Case(lambda x: np.ldexp(x, 3), (real(()),)),
              Case(lambda x: np.ldexp(x, np.array([2, -1, 0])), (real((3,)),)),
              Case(lambda x: np.ldexp(x, np.array([1, -2, 0])), (real((2, 3)),))],
    'ufunc_outer': [Case(np.multiply.outer, (real((3,)), real((2,)))),
                    Case(np.subtract.outer, (real((2, 2)), real(()))),
                    Case(np.hypot.outer, (real(()), real((2,))))],
    # products
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
    'dot': cases_of(np.dot, (real(()), real((2, 3))), (real((3,)), real((3,))),
                    (real((2, 3)), real((3,))), (real((3,)), real((3, 2))),
                    (real((2, 3)), real((3, 2))), (real((2, 2, 3)), real((3, 2))),
                    (real((2, 3)), real((2, 3, 2)))),
    'tensordot': [Case(lambda a, b: np.tensordot(a, b, 0), (real((2,)), real((3,)))),
                  Case(lambda a, b: np.tensordot(a, b, 1), (real((2, 3)), real((3, 2)))),
                  Case(lambda a, b: np.tensordot(a, b), (real((2, 2, 3)), real((2, 3, 2)))),
                  Case(lambda a, b: np.tensordot(a, b, axes=([0, -1], [1, 0])),
                       (real((3, 2, 2)), real((2, 3))))],
    'outer': cases_of(np.outer, (real((3,)), real((2,))), (real((2, 2)), real(())),
                      (real(()), real((2, 2)))),
    'inner': cases_of(np.inner, (real((3,)), real((3,))), (real((2, 3)), real((3,))),
                      (real((2, 3)), real((2, 3))), (real(()), real((2, 3)))),
    'einsum': [Case(lambda a, b: np.einsum('ij,jk->ik', a, b), (real((2, 3)), real((3, 2)))),
               Case(lambda a, b: np.einsum('i,i->', a, b), (real((3,)), real((3,)))),
               Case(lambda a: np.einsum('ij->j', a), (real((2, 3)),)),
               Case(lambda a, b: np.einsum('bij,bj->bi', a, b), (real((2, 2, 3)), real((2, 3)))),
               Case(lambda a, b: np.einsum('ij,ij->ij', a, b), (real((2, 3)), real((2, 3)))),
               Case(lambda a, b, c: np.einsum('ij,jk,kl->il', a, b, c),
                    (real((2, 3)), real((3, 2)), real((2, 2))))],
    'inv': [Case(np.linalg.inv, (np.eye(2) * 2 + unit((2, 2)) * 0.5,)),
            Case(np.linalg.inv, (np.eye(3) * 2 + unit((2, 3, 3)) * 0.5,))],
    'det': [Case(np.linalg.det, (np.eye(2) * 2 + unit((2, 2)) * 0.5,)),
            Case(np.linalg.det, (np.eye(3) + unit((3, 3)) * 0.5,)),
            Case(np.linalg.det, (np.eye(2) + unit((3, 2, 2)) * 0.5,))],
    # reductions and scans
    'sum': reduction(np.sum) + reduction(np.sum, axes=REDUCTION_AXES[3:4], initial=1.5),
    'prod': reduction(np.prod) + reduction(np.prod, with_zeros, REDUCTION_AXES[3:]) +
    reduction(np.prod, axes=REDUCTION_AXES[3:4], initial=1.5),
    'mean': reduction(np.mean),
    'max': reduction(np.max) + reduction(np.max, axes=REDUCTION_AXES[3:5], initial=0.5),
    'min': reduction(np.min) + reduction(np.min, axes=REDUCTION_AXES[5:6], initial=-0.5),
    'var': reduction(np.var) + reduction(np.var, axes=REDUCTION_AXES[2:], ddof=1),
    'std': reduction(np.std, axes=REDUCTION_AXES[1:]) +
    reduction(np.std, axes=REDUCTION_AXES[2:], ddof=1),
    'norm': [Case(lambda x, kw=kw: np.linalg.norm(x, **kw), (real(shape),)) for shape, kw in [
        ((4,), {}), ((2, 3), {}), ((2, 3), {'axis': -1}), ((2, 3), {'axis': 0, 'keepdims': True}),
        ((2, 3), {'ord': 'fro'}), ((2, 3, 2), {'axis': (0, 2)}), ((4,), {'ord': 2}),
        ((2, 3), {'axis': (-1, 0), 'keepdims': True})]],
    'cumsum': reduction(np.cumsum, axes=SCAN_AXES),
    'cumprod': reduction(np.cumprod, axes=SCAN_AXES) +
    reduction(np.cumprod, with_zeros, [((6,), {}), ((3, 4), {'axis': -1}), ((3, 4), {})]),
    'ufunc_reduce': reduction(np.add.reduce, axes=REDUCTION_AXES[1:]) +
    reduction(np.multiply.reduce, axes=REDUCTION_AXES[1:]) +
    reduction(np.maximum.reduce, axes=REDUCTION_AXES[1:3]) +
    reduction(np.minimum.reduce, axes=REDUCTION_AXES[3:5]) +
    reduction(np.add.reduce, axes=[((2, 3), {'axis': None})]) +
    reduction(np.multiply.reduce, with_zeros, [((3, 4), {'axis': 1}), ((3, 4), {'axis': None})]) +
    reduction(np.multiply.reduce, axes=REDUCTION_AXES[3:4], initial=2.0),
    'ufunc_accumulate': reduction(np.add.accumulate, axes=SCAN_AXES[1:]) +
    reduction(np.multiply.accumulate, axes=SCAN_AXES[1:]) +
    reduction(np.multiply.accumulate, with_zeros, [((3, 4), {'axis': 1})]),
    # shapes
    'reshape': [Case(lambda x: np.reshape(x, (3, 2)), (real((2, 3)),)),
                Case(lambda x: x.reshape(2, -1), (real((6,)),)),
                Case(lambda x: np.reshape(x, (1, 1)), (real(()),))],
    'transpose': [Case(np.transpose, (real((2, 3)),)), Case(lambda x: x.T, (real((3,)),)),
                  Case(lambda x: np.transpose(x, (1, 0, 2)), (real((2, 3, 2)),)),
                  Case(lambda x: np.transpose(x, (-1, 0, 1)), (real((2, 3, 2)),))],
    'swapaxes': [Case(lambda x: np.swapaxes(x, 0, -1), (real((2, 3, 2)),)),
                 Case(lambda x: np.swapaxes(x, 1, 1), (real((2, 3)),))],
    'moveaxis': [Case(lambda x: np.moveaxis(x, 0, -1), (real((2, 3, 2)),)),
                 Case(lambda x: np.moveaxis(x, (0, 1), (-1, -2)), (real((2, 3, 2)),))],
    'expand_dims': [Case(lambda x: np.expand_dims(x, 0), (real(()),)),
                    Case(lambda x: np.expand_dims(x, -1), (real((3,)),)),
                    Case(lambda x: np.expand_dims(x, (0, 2)), (real((2, 3)),))],
    'squeeze': [Case(np.squeeze, (real((1, 3, 1)),)), Case(lambda x: np.squeeze(x, 1), (real((2, 1)),)),
                Case(lambda x: np.squeeze(x, (0, -1)), (real((1, 3, 1)),))],
    'ravel': [Case(np.ravel, (real((2, 3)),)), Case(np.ravel, (real(()),))],
    'broadcast_to': [Case(lambda x: np.broadcast_to(x, (2, 3)), (real((3,)),)),
                     Case(lambda x: np.broadcast_to(x, (2, 2)), (real(()),)),
                     Case(lambda x: np.broadcast_to(x, (2, 2, 3)), (real((2, 1, 1)),))],
    'flip': [Case(np.flip, (real((2, 3)),)), Case(lambda x: np.flip(x, -1), (real((2, 3)),)),
             Case(lambda x: np.flip(x, (0, 2)), (real((2, 3, 2)),))],
    'copy': unary(np.copy),
    'astype': [Case(lambda x: x.astype(np.float64), (real((2, 3)),)),
               Case(lambda x: x.astype('f8', casting='same_kind') * 2, (real((3,)),))],
    'to_dtype': [Case(lambda x: apply_op('to_dtype', x, dtype=F64) * 3.0, (real(()),))],
    # joining and splitting
    'concatenate': [Case(lambda a, b: np.concatenate([a, b]), (real((2,)), real((3,)))),
                    Case(lambda a, b: np.concatenate([a, b, a], axis=-1), (real((2, 1)), real((2, 3)))),
                    Case(lambda a, b: np.concatenate((a, b), axis=None), (real((2, 2)), real((3,))))],
    'stack': [Case(lambda a, b: np.stack([a, b]), (real(()), real(()))),
              Case(lambda a, b: np.stack([a, b, a], axis=-1), (real((2, 3)), real((2, 3)))),
              Case(lambda a, b: np.stack((a, b), axis=1), (real((2, 3)), real((2, 3))))],
    'hstack': [Case(lambda a, b: np.hstack([a, b]), (real((2,)), real((3,)))),
               Case(lambda a, b: np.hstack([a, b]), (real((2, 1)), real((2, 3)))),
               Case(lambda a, b: np.hstack([a, b]), (real(()), real((2,))))],
    'vstack': [Case(lambda a, b: np.vstack([a, b]), (real((3,)), real((3,)))),
               Case(lambda a, b: np.vstack([a, b]), (real((1, 3)), real((2, 3)))),
               Case(lambda a, b: np.vstack([a, b]), (real(()), real(())))],
    'split': [Case(lambda x: np.split(x, 3)[1] * 2.0 + np.split(x, 3)[2], (real((6,)),)),
              Case(lambda x: np.split(x, [1, 2], axis=-1)[2] ** 2, (real((2, 4)),))],
    # selecting
    'getitem': [Case(lambda x: x[1, ::2] * 3.0, (real((2, 3)),)),
                Case(lambda x: x[-1], (real((3,)),)), Case(lambda x: x[None, ..., 0], (real((2, 3)),)),
                Case(lambda x: x[[0, 1, 1], [2, 0, 2]], (real((2, 3)),)),
                Case(lambda x: x[MASK] ** 2, (real((2, 3)),)), Case(lambda x: x[()], (real(()),))],
    'take': [Case(lambda x: np.take(x, [0, 2, 2]), (real((2, 3)),)),
             Case(lambda x: np.take(x, [2, 0, 0], axis=-1), (real((2, 3)),)),
             Case(lambda x: np.take(x, INDEX, axis=0), (real((3,)),)),
             Case(lambda x: np.take(x, [4, -1, 7, 1], mode='wrap') * np.arange(4), (real((3,)),)),
             Case(lambda x: np.take(x, [[4, -1], [0, 0]], axis=1, mode='clip'), (real((2, 3)),))],
    'take_along_axis': [Case(lambda x: np.take_along_axis(x, INDEX, axis=1), (real((2, 3)),)),
                        Case(lambda x: np.take_along_axis(x, np.array([[1], [0]]), axis=-1),
                             (real((2, 3)),)),
                        Case(lambda x: np.take_along_axis(x, np.array([4, 4, 0]), axis=None),
                             (real((2, 3)),)),
                        Case(lambda x: np.take_along_axis(x, np.array([[-1], [-3]]), axis=1),
                             (real((2, 3)),)),
                        Case(lambda x: np.take_along_axis(x, np.array([[-1, 0, -1]]), axis=-1),
                             (real((2, 3)),))],
    'where': [Case(lambda x, y: np.where(MASK, x, y), (real((2, 3)), real((3,)))),
              Case(lambda x, y: np.where(x > 0, x, y), (real((2, 3)), real(()))),
              Case(lambda x, y: np.where(True, x, y), (real(()), real((2,))))],
    'clip': [Case(lambda x: np.clip(x, -0.5, 0.5), (real((2, 3)),)),
             Case(np.clip, (unit((2, 3)), real(()) - 2.0, real((3,)) + 2.0)),
             Case(lambda x, lo, hi: np.clip(x, lo, hi), (np.array([-2.0, 0.1, 2.0]),
                                                        np.array([-1.0, -1.0, -1.0]),
                                                        np.array([1.0, 1.0, 1.0])))],
    'sort': [Case(np.sort, (real((2, 3)),)), Case(lambda x: np.sort(x, axis=0) * INDEX, (real((2, 3)),)),
             Case(lambda x: np.sort(x, axis=None) * np.arange(6), (real((2, 3)),))],
    # made values: constants, and a fill value's gradient
    'zeros_like': unary(lambda x: x + np.zeros_like(x)),
    'ones_like': unary(lambda x: x * np.ones_like(x)),
    'empty_like': unary(lambda x: np.where(True, x, np.empty_like(x))),
    'full_like': [Case(lambda x, s: np.full_like(x, s) * x, (real((2, 3)), real(())))],
    'zeros': unary(lambda x: x + apply_op('zeros', shape=(3,), dtype=F64), shapes=[(3,)]),
    'ones': unary(lambda x: x * apply_op('ones', shape=(2, 3), dtype=F64), shapes=[(3,)]),
    'empty': unary(lambda x: np.where(True, x, apply_op('empty', shape=(3,), dtype=F64)),
                   shapes=[(3,)]),
    'full': [Case(lambda x, s: apply_op('full', s, shape=(2, 3), dtype=None) * x,
                  (real((3,)), real(())))],
    'eye': unary(lambda x: x @ apply_op('eye', N=3, M=None, k=1, dtype=F64), shapes=[(2, 3)]),
    'arange': [Case(lambda start, step: apply_op('arange', start, 4.0, step, dtype=F64) ** 2,
                    (np.array(0.3), np.array(1.1)))],
    # updates (graph values only: an eager tape's values are immutable)
    'set_item': cases_of(set_item, (real((2, 3)), real((3,)))) +
    cases_of(set_item_repeated, (real((2, 3)), real((3,)))),
    'inplace_op': cases_of(inplace_op, (real((2, 3)), real((3,))), (real((3,)), real(()))),
    'ufunc_out': cases_of(ufunc_out, (real((2, 3)), real((3,)))),
    'fill': cases_of(fill, (real((2, 3)), real(()))),
    'copyto': cases_of(copyto, (real((2, 3)), real((3,)))),
    'put': cases_of(put, (real((2, 3)), real((3,)))),
    'place': cases_of(place, (real((2, 3)), real((2,)))),
    'putmask': cases_of(putmask, (real((2, 3)), real((2,)))),
    'put_along_axis': cases_of(put_along_axis, (real((2, 3)), real((2, 1)))) +
    cases_of(put_along_axis_repeated, (real((2, 3)), real((2, 3)))),
    'ufunc_at': cases_of(ufunc_at, (real((2, 3)), real((3,))), (real((2, 3)), real(()))),
    'reshape_as': cases_of(reshape_as, (real((2, 3)), real((3,)))),
    # graph lists and control flow
    'list_append': unary(graph_list(np.stack), shapes=[(3,), (2, 3)]),
    'stack_rows': unary(graph_list(stack_last), shapes=[(2, 3)]),
    'concatenate_rows': unary(graph_list(np.concatenate), shapes=[(3, 2)]),
    'hstack_rows': unary(graph_list(np.hstack), shapes=[(3,), (3, 2)]),
    'vstack_rows': unary(graph_list(np.vstack), shapes=[(3,), (3, 2)]),
    'cond': unary(tensor_if, shapes=[(3,), (2, 3)]),
    'while': unary(tensor_while, shapes=[(), (2, 3)]),
    'call': binary(_squared, shapes=[((), ()), ((2, 3), (3,))]),
    'errstate': binary(in_errstate, shapes=[((), ()), ((2, 3), (3,))]),
    'check_defined': unary(defined_in_loop),
    'while_saving': unary(loop_gradient, shapes=[(3,)]),
    'while_vjp': unary(loop_gradient, shapes=[(), (2, 2)]),
    'read_variable': unary(lambda x: np.sin(x) * 2.0),  # of variables: see VARIABLES
}
VARIABLES = frozenset(('read_variable',))  # rows whose values are rt.Variables
GRAPH_ONLY = frozenset(('set_item', 'inplace_op', 'ufunc_out', 'fill', 'copyto', 'put', 'place',
                        'putmask', 'put_along_axis', 'ufunc_at', 'reshape_as'))
# ops no row can stage: each with why, and where its gradient is checked
NOT_IN_TABLE = {
    'draw': 'a random draw is a constant of the gradient; finite differences would draw other '
            'numbers (tests/runtime/autodiff/test_random_gradients.py checks it, the numbers '
            'fixed)',
    'rng_state': "a generator's state read for a gradient's replay: no gradient "
                 '(test_random_gradients.py)',
    'rng_restore': "a scratch generator's state set for a gradient's replay: no gradient "
                   '(test_random_gradients.py)',
}
