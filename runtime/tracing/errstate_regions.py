"""Ops staged under a traced `np.errstate` / `np.seterr`: each one wrapped in an `errstate` region.

A builder's `errstate` holds the modes the function set so far (`numpy_errstate`
stages the calls), as (name, mode) pairs over whatever state the caller has
when the graph runs. `emit` puts every op that computes numbers, staged while
they are set, alone in a region:

    c = errstate[modes=(('divide', 'raise'),) graph={ lambda ; a b. let c = divide a b in (c,) }] x y

Ops that compute nothing (views, indexing, creation, control flow, whose
branches' ops are wrapped themselves, variable reads and random draws) and
comparisons stay as they are, so what tracing learns from them is unchanged.
Variable updates (`assign_add`) stay too: they compute under the caller's state.
Each op says which it is (`Op.fp_quiet`, `Op.view`: `wrapped`).

numpy's state changed by code that was not converted (`autograph=False`, a
`do_not_convert` function, `@np.errstate` applied outside the function)
reaches no staging call; each op compares numpy's state with the one the
builder expects, and takes the categories that differ into its modes too.
"""
import numpy as np

from ..ir.core import RESOURCE_TYPES, Equation, Graph, Var

try:  # numpy 2 keeps the state in one object per change: unchanged while it is the same object
    from numpy._core.umath import _extobj_contextvar as _NUMPY_STATE
except ImportError:  # pragma: no cover - another numpy: the state is compared at every op
    _NUMPY_STATE = None

def wrapped(op):
    """Whether `op` staged under a traced errstate goes alone in a region: not for views and the
    ops that declare `fp_quiet` (they compute no number numpy could report an error on)."""
    return not (op.fp_quiet or op.view)


def merged(modes, more):
    """`modes` with the (name, mode) pairs of `more` taking over: sorted by name."""
    return tuple(sorted({**dict(modes), **dict(more)}.items(), key=lambda pair: pair[0]))


def current_modes():
    """numpy's whole floating-point error state in this thread, as (name, mode) pairs."""
    return merged(np.geterr().items(), (('call', np.geterrcall()),))


def modes_of(builder):
    """The modes an op staged now in `builder` runs under (empty: the caller's state)."""
    modes = builder.errstate
    if builder.errstate_base is None:
        return modes
    state = None if _NUMPY_STATE is None else _NUMPY_STATE.get()
    seen = builder.errstate_seen
    if state is not None and seen is not None and seen[0] is state and seen[1] is modes:
        return seen[2]
    expected = dict(merged(builder.errstate_base, modes))
    actual = current_modes()
    changed = [(name, mode) for name, mode in actual if expected.get(name) is not mode
               and expected.get(name) != mode]
    result = merged(modes, changed) if changed else modes
    builder.errstate_seen = (state, modes, result)  # numpy's state -> the modes of an op
    return result


def region(equation, modes, resources):
    """`equation` alone in an `errstate` region over `modes`; its outer Vars become the region's
    inputs (resources, `resources`: Var -> object, the region's own)."""
    inputs, inner, held = {}, [], []
    for atom in equation.inputs:
        if atom.__class__ is Var and isinstance(atom.aval, RESOURCE_TYPES):
            if atom not in inputs:
                inputs[atom] = Var(atom.aval)
                held.append((inputs[atom], resources[atom]))
        elif atom.__class__ is Var and atom not in inputs:
            inputs[atom] = Var(atom.aval)
        inner.append(inputs.get(atom, atom))
    outputs = tuple(Var(v.aval) for v in equation.outputs)
    body = Equation(equation.primitive, tuple(inner), equation.params, outputs, equation.source)
    passed = [a for a in inputs if not isinstance(a.aval, RESOURCE_TYPES)]
    graph = Graph(tuple(inputs[a] for a in passed), (body,), outputs, resources=tuple(held))
    return Equation('errstate', tuple(passed), {'graph': graph, 'modes': modes},
                    equation.outputs, equation.source)


def inner_primitive(equation):
    """The op an equation computes: a region's own op, else its primitive."""
    if equation.primitive == 'errstate':
        return equation.params['graph'].equations[0].primitive
    return equation.primitive
