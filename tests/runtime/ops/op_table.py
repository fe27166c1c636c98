"""One row per registered op: a numpy call staging it and example inputs (`test_op_table`).

A row is `Row(op, call, args)`: `call(*args)` is ordinary numpy code that stages
op `op` when traced. Rows of the ufuncs are generated from numpy's own loops
(float64 inputs, or int64 where the ufunc has no float loop). Ops no numpy call
stages on its own (control flow, variables, effects, random draws, Python
scalars) are in `COVERED_ELSEWHERE`, by kind. The
gradients' table is `tests/runtime/autodiff/op_gradient_table.py`.
"""
from dataclasses import dataclass

import numpy as np

from runtime.autograph import to_graph
from runtime.ir.core import AbstractValue
from runtime.ops.elementwise import UFUNCS


@dataclass
class Row:
    op: str
    call: object
    args: tuple = ()
    dynamic: bool = False  # traced with every dimension unknown (so sizes are graph values)

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
        rows.append(Row(name, lambda *a, u=ufunc: u(*a), _ufunc_args(ufunc)))
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


ROWS = _ufunc_rows() + [
    Row('zeros_like', np.zeros_like, (M,)), Row('ones_like', np.ones_like, (M,)),
    Row('empty_like', _empty_like, (M,)), Row('full_like', np.full_like, (M, 0.25)),
    Row('zeros', to_graph(_zeros), (V,), dynamic=True),
    Row('ones', to_graph(_ones), (V,), dynamic=True),
    Row('empty', to_graph(_empty), (V,), dynamic=True),
    Row('full', to_graph(_full), (V,), dynamic=True),
    Row('eye', to_graph(_eye), (V,), dynamic=True),
    Row('arange', to_graph(_arange), (V,), dynamic=True),
    Row('ufunc_outer', np.multiply.outer, (V, V)), Row('pow', lambda a: a ** 2.0, (V,)),
    Row('round', lambda a: np.round(a, 1), (M,)), Row('astype', lambda a: a.astype(np.float32), (M,)),
    Row('getitem', lambda a: a[1:, ::2], (M,)),
    Row('concatenate', lambda a, b: np.concatenate([a, b]), (M, M)),
    Row('stack', lambda a, b: np.stack([a, b], axis=1), (V, V)),
    Row('hstack', lambda a, b: np.hstack([a, b]), (V, V)),
    Row('vstack', lambda a, b: np.vstack([a, b]), (V, V)),
    Row('split', lambda a: np.split(a, 3, axis=1), (M,)),
    Row('dot', np.dot, (M, V)), Row('tensordot', lambda a, b: np.tensordot(a, b, 1), (M, V)),
    Row('outer', np.outer, (V, V)), Row('inner', np.inner, (M, V)),
    Row('einsum', lambda a, b: np.einsum('ij,j->i', a, b), (M, V)),
    Row('inv', np.linalg.inv, (SQUARE,)), Row('det', np.linalg.det, (SQUARE,)),
    *(Row(name, getattr(np, name), (M,)) for name in (
        'sum', 'prod', 'mean', 'std', 'var', 'max', 'min', 'argmax', 'argmin', 'all', 'any',
        'cumsum', 'cumprod')),
    Row('diff', lambda a: np.diff(a, 2, axis=0), (np.vstack([M, M + 1, M * M]),)),
    Row('sum', lambda a: np.sum(a, axis=1, keepdims=True), (M,)),
    Row('norm', np.linalg.norm, (M,)),
    Row('ufunc_reduce', lambda a: np.maximum.reduce(a, axis=0), (M,)),
    Row('ufunc_accumulate', lambda a: np.add.accumulate(a, axis=1), (M,)),
    Row('where', lambda a: np.where(a > 0.5, a, -a), (M,)),
    Row('nonzero', lambda a: np.nonzero(a > 0.5), (M,)),
    Row('clip', lambda a: np.clip(a, 0.3, 0.6), (M,)),
    Row('take', lambda a: np.take(a, [2, 0], axis=1), (M,)),
    Row('sort', np.sort, (M,)), Row('argsort', np.argsort, (V,)),
    Row('take_along_axis', lambda a: np.take_along_axis(a, np.argsort(a, axis=1), axis=1), (M,)),
    Row('reshape', lambda a: np.reshape(a, (3, 2)), (M,)),
    Row('transpose', np.transpose, (M,)), Row('swapaxes', lambda a: np.swapaxes(a, 0, 1), (M,)),
    Row('moveaxis', lambda a: np.moveaxis(a, 0, -1), (M,)),
    Row('expand_dims', lambda a: np.expand_dims(a, 1), (M,)),
    Row('squeeze', np.squeeze, (M[:1],)), Row('ravel', np.ravel, (M,)),
    Row('broadcast_to', lambda a: np.broadcast_to(a, (2, 3)), (V,)),
    Row('flip', lambda a: np.flip(a, 1), (M,)), Row('copy', np.copy, (M,)),
    Row('copy', np.copy, (ZERO_D,)), Row('sum', np.sum, (ZERO_D,)),
    Row('set_item', _set_item, (V,)), Row('inplace_op', _inplace_op, (V,)),
    Row('ufunc_out', _ufunc_out, (V, V)), Row('ufunc_at', _ufunc_at, (V,)),
    Row('fill', _fill, (V,)), Row('copyto', _copyto, (M, V)), Row('put', _put, (V,)),
    Row('place', _place, (V,)), Row('putmask', _putmask, (V,)),
    Row('put_along_axis', _put_along_axis, (M,)),
]

# Ops no numpy call stages on its own (the control flow, variable, effect, random and Python
# tests drive them), by kind.
COVERED_ELSEWHERE = {
    'control flow': ('cond', 'while', 'call', 'while_saving', 'while_vjp', 'check_defined',
                     'raise'),
    'effects': ('print', 'py_function', 'assert'),
    'floating-point error state': ('errstate', 'seterr'),
    'Python scalars and lists': ('py_binary', 'py_unary', 'list_append', 'dim'),
    'arrays of Python lists built in loops': ('stack_rows', 'concatenate_rows', 'hstack_rows',
                                              'vstack_rows'),
    'random draws': ('draw', 'rng_state', 'rng_restore'),
    'variables': ('read_variable', 'assign_variable', 'assign_add_variable',
                  'assign_sub_variable', 'scatter_variable'),
    'staged by the runtime itself': ('to_dtype', 'reshape_as', 'stop_gradient'),
}
