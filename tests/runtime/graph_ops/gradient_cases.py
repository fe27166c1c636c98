"""The gradient cases of the op table (`op_table.Row.gradient`): domains, shape classes, statements.

A case is a function of float64 arrays (the values differentiated; integer
indices, masks and axes are constants of the function) and the arrays. Shape
classes: 0-d, 1-d, 2-d, broadcasting, `keepdims`, negative and tuple axes.
Values come from a seeded generator, drawn from a domain that keeps them off
the op's kinks, poles and ties (finite differences are meaningless there).
Rows marked `graph_only` update arrays in place, which values an eager tape
follows refuse (they are immutable).
"""
from dataclasses import dataclass

import numpy as np

import runtime as rt

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


staged_call = rt.function(lambda x, y: np.sin(x) * y + x ** 2)


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
