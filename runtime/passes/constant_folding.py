"""Constant folding: an op on constants becomes its value; static sizes become literals.

    { lambda k:f64[] ; a:f64[3]. let            { lambda k:f64[] c:f64[] ; a:f64[3]. let
        c:f64[] = multiply k 2.0         ->        d:f64[3] = add a c
        d:f64[3] = add a c                       in (d,) }
      in (d,) }

An equation folds when every input is a literal or a constant, its op is
pure and holds no sub-graph, and computing it with the op's own numpy
implementation neither raises nor warns (numpy's floating-point errors and
scalar overflow are raised while folding): such an op is left to fail or
warn when the graph runs, as eagerly, or never if it is pruned; so is integer
arithmetic that wraps around (numpy warns for scalars). A result
must keep the equation's exact type, be small, and, if it is an array a
caller could write, only be read by ops that make new arrays. `dim` of an
axis whose size the type knows becomes that Python int, and `zeros_like`,
`ones_like` (and `full_like` of a constant) of a value whose type is fully
known fold as if that value were constant: they read only its type (the seed
`ones_like(loss)` of a gradient, say).
"""
import warnings

import numpy as np

from .. import graph_ops
from ..backends.executor.inplace import FRESH
from ..graph_ops.elementwise import UFUNCS
from ..ir.core import AbstractValue, Literal, Var
from ..ir.liveness import has_effects, sub_graphs
from ..ir.shapes import size
from .rewrite import is_mutable_array, output_vars, rebuilt, rewritten

MAX_ELEMENTS = 1 << 12  # a folded array bigger than this stays an op (memory held per graph)
_PYTHON_SCALARS = (bool, int, float, complex)
_READ_ONLY = frozenset(('broadcast_to',))  # its result is a view no one can write
_TYPE_ONLY = ('zeros_like', 'ones_like', 'full_like')  # their first input: only its type read


def run(graph):
    known = dict(graph.consts)
    readers = _readers(graph)
    consts, equations, mapping = list(graph.consts), [], {}
    for eq in graph.equations:
        eq = rewritten(eq, mapping, run)
        folded = _static_size(eq)
        if folded is None:
            folded = _fold(eq, known, readers)
        if folded is None:
            equations.append(eq)
        elif isinstance(folded, Literal):
            mapping[eq.outputs[0]] = folded
        else:
            known[eq.outputs[0]] = folded
            consts.append((eq.outputs[0], folded))
    return rebuilt(graph, equations, mapping, consts)


def _readers(graph):
    """var -> the ops reading it ('<output>' for a graph output)."""
    readers = {}
    for eq in graph.equations:
        for a in eq.inputs:
            if isinstance(a, Var):
                readers.setdefault(a, set()).add(eq.primitive)
    for a in output_vars(graph):
        readers.setdefault(a, set()).add('<output>')
    return readers


def _static_size(eq):
    """A Literal for `dim` of a size the input's type knows, else None."""
    if eq.primitive != 'dim' or not isinstance(eq.inputs[0], Var):
        return None
    shape, axis = eq.inputs[0].aval.shape, eq.params['axis']
    if shape is None:
        return None
    n = size(shape) if axis is None else shape[axis]
    return None if n is None else Literal(int(n))


def _fold(eq, known, readers):
    if len(eq.outputs) != 1 or has_effects(eq) or any(True for _ in sub_graphs(eq.params)):
        return None
    values = [a.value if isinstance(a, Literal) else known.get(a, _MISSING) for a in eq.inputs]
    if eq.primitive in _TYPE_ONLY and values[0] is _MISSING:
        values[0] = _stand_in(eq.inputs[0].aval)
    if any(v is _MISSING for v in values):
        return None
    op, out = graph_ops.get(eq.primitive), eq.outputs[0]
    try:
        with np.errstate(all='raise'), warnings.catch_warnings():
            warnings.simplefilter('error')
            value = op.evaluate(values, eq.params)
    except Exception:  # noqa: BLE001 - it fails (or warns) when the graph runs, not now
        return None
    if eq.primitive in UFUNCS and _wraps(UFUNCS[eq.primitive], values, value):
        return None
    if type(value) in _PYTHON_SCALARS:
        return Literal(value) if Literal(value).aval == out.aval else None
    if not isinstance(value, (np.ndarray, np.generic)) or value.size > MAX_ELEMENTS:
        return None
    if AbstractValue.from_value(value) != out.aval:
        return None
    if isinstance(value, np.ndarray) and is_mutable_array(out.aval) and not (
            readers.get(out, set()) <= FRESH | _READ_ONLY):
        return None
    return value


_MISSING = object()


def _stand_in(aval):
    """An array of type `aval` (any values), or _MISSING when the type is not fully known."""
    if aval.weak or aval.shape is None or None in aval.shape or size(aval.shape) > MAX_ELEMENTS:
        return _MISSING
    return np.zeros(aval.shape, aval.dtype)


def _wraps(ufunc, values, value):
    """True if integer `value` differs from the exact result (Python ints: no wrap-around)."""
    if np.asarray(value).dtype.kind not in 'iu':
        return False
    exact = ufunc(*(np.asarray(v).astype(object) for v in values))
    return not np.array_equal(np.asarray(exact, dtype=object), np.asarray(value).astype(object))
