"""numpy's floating-point error handling staged in graphs: `errstate` regions and `seterr`.

    errstate[graph=G modes=M] *args   -- with np.errstate(**M): G(*args)
    seterr[modes=M]                   -- np.seterr(**M) (and np.seterrcall(M['call'])), at
                                         its place in program order: the caller's state changes

A traced function's `with np.errstate(...)` block, or the ops after its
`np.seterr(...)`, stage each op in an `errstate` region of one equation
(`runtime.tracing.errstate_regions`): the region is opaque to the passes (no
CSE, folding or blocking moves the op out of it) and both executors run it
under the modes `M`, (name, mode) pairs over the caller's state at run time.
"""
import numpy as np

from ..ir.core import Var
from ..ir.registry import defop, defvjp_all, no_gradient
from .control import _check_inputs
from .gradient_helpers import vjp_of

KINDS = ('divide', 'over', 'under', 'invalid')  # numpy's floating-point error categories
MODES = frozenset(('ignore', 'warn', 'raise', 'call', 'print', 'log'))


def check_modes(what, modes):
    """TypeError unless `modes` are (name, mode) pairs numpy's errstate takes, sorted by name."""
    if type(modes) is not tuple or not all(type(p) is tuple and len(p) == 2 for p in modes):
        raise TypeError(f'{what}: modes must be (name, mode) pairs, not {modes!r:.80}')
    names = [name for name, _ in modes]
    if names != sorted(set(names)):
        raise TypeError(f'{what}: modes must name each category once, sorted: {names}')
    for name, mode in modes:
        if name == 'call':
            if mode is not None and not callable(mode) and not hasattr(mode, 'write'):
                raise TypeError(f'{what}: the error callback must be callable, not {mode!r:.80}')
        elif name not in KINDS or mode not in MODES:
            raise TypeError(f'{what}: {name}={mode!r:.40} is not a floating-point error mode')


def run_errstate(*args, graph, modes):
    with np.errstate(**dict(modes)):
        return graph(*args)


@defop('errstate', run_errstate, multiple_results=True, fp_quiet=True)
def _errstate_rule(*avals, graph, modes):
    check_modes('errstate', modes)
    _check_inputs('errstate', graph, avals)
    return list(graph.out_avals)


def set_modes(*, modes):
    settings = dict(modes)
    callback = settings.pop('call', _ABSENT)
    np.seterr(**settings)
    if callback is not _ABSENT:
        np.seterrcall(callback)


_ABSENT = object()


@defop('seterr', set_modes, stateful=True, fp_quiet=True)
def _seterr_rule(*, modes):
    check_modes('seterr', modes)
    return None


@defvjp_all('errstate')
def _errstate_vjp(needed, g, out, *args, graph, modes):
    """The VJP of the region's one op, staged under the errstate where the gradient is taken
    (as eager numpy computes a tape's gradient under the state of that line)."""
    (eq,) = graph.equations
    position = {var: i for i, var in enumerate(graph.inputs)}
    resources = dict(graph.resources)
    inner = []
    for atom in eq.inputs:
        if atom.__class__ is not Var:
            inner.append(atom.value)
        else:
            inner.append(args[position[atom]] if atom in position else resources[atom])
    inner_needed = tuple(atom in position and needed[position[atom]] for atom in eq.inputs)
    results = vjp_of(eq, inner_needed, list(g), list(out), inner)
    cts = [None] * len(args)
    for atom, ct in zip(eq.inputs, results):
        if ct is not None and atom in position:
            i = position[atom]
            cts[i] = ct if cts[i] is None else cts[i] + ct
    return cts


no_gradient('an effect: it gives no value', 'seterr')
