"""Elementwise fusion grouping: runs of elementwise ops over one static shape, for one loop each.

    b = multiply x 1.5 ; c = multiply y 0.5 ; d = add b c ; e = subtract d z
        -> Group([b, c, d, e], outputs={e}, shape=(4000000,))

A group is a run of consecutive equations (in the order a block runs them),
each a plain ufunc or `where` whose result has the group's static shape and
whose array inputs have that shape too (0-d values broadcast). Its outputs
are the values read after the group. The compiled backend computes a group in
one pass over memory with no temporaries; this is an analysis (it does not
change the graph): the numpy executor needs no fusion.
"""
from dataclasses import dataclass

from ..graph_ops.elementwise import UFUNCS
from ..ir.core import Var

_MIN_GROUP = 2  # a single op gains nothing from a loop of its own


@dataclass(frozen=True)
class Group:
    equations: tuple
    outputs: tuple  # the Vars read after the group, in definition order
    shape: tuple


def fusible_shape(eq):
    """The static shape of an elementwise `eq` that a loop can compute, or None."""
    ufunc = UFUNCS.get(eq.primitive)
    if eq.primitive != 'where' and (ufunc is None or ufunc.nout != 1 or ufunc.signature
                                    or eq.params):
        return None
    shape = eq.outputs[0].aval.shape
    if not shape or None in shape:
        return None
    for a in eq.inputs:
        if isinstance(a, Var) and a.aval.shape not in ((), shape):
            return None
    return shape


def groups(equations, excluded, outputs=()):
    """`equations` with runs of fusible ones replaced by Groups (`excluded(eq)`: not fused)."""
    equations = list(equations)
    items, run, shape = [], [], None
    for i, eq in enumerate(equations + [None]):
        eq_shape = None if eq is None or excluded(eq) else fusible_shape(eq)
        if run and eq_shape != shape:
            items += _close(run, equations[i:], outputs)
            run = []
        if eq_shape is not None:
            run.append(eq)
            shape = eq_shape
        elif eq is not None:
            items.append(eq)
    return items


def _close(run, rest, outputs):
    if len(run) < _MIN_GROUP:
        return run
    # sub-graphs are closed: what they read is among their equation's inputs
    read = {a for eq in rest for a in eq.inputs if isinstance(a, Var)} | set(outputs)
    defined = [v for eq in run for v in eq.outputs]
    return [Group(tuple(run), tuple(v for v in defined if v in read),
                  run[0].outputs[0].aval.shape)]
