"""Reverse mode over graph equations: the cotangents of their inputs from those of their outputs.

One pass for both worlds: `backward` walks equations last to first and calls
each op's rule (`runtime.ir.registry.GRADIENTS`, registered beside the op) on
the primal values `value_of` gives: numpy arrays eagerly, symbolic tensors
while tracing (the rules' numpy calls then stage the backward ops into the
graph being built). A rule's cotangent is summed back over broadcasting and
cast to its input's dtype here, once, rather than in every rule.
"""
from ..graph_ops.gradient_helpers import NoGradientError, fit, vjp_of  # noqa: F401  (NoGradientError: re-exported)
from ..ir.core import Var
from .variable_cotangents import collecting


def is_float(dtype):
    return dtype.kind == 'f'


def active_vars(equations, watched, variables=None):
    """The float variables that depend on `watched`, or on the `variables` (VariableCotangents)
    that sub-graphs read, through `equations` (program order)."""
    active = set(watched)
    for eq in equations:
        if eq.primitive == 'stop_gradient':
            continue  # any other op without a rule on the path is an error in `backward`
        if any(a in active for a in eq.inputs if a.__class__ is Var) or (
                variables is not None and variables.reads_wanted(eq)):
            active.update(v for v in eq.outputs if _float_var(v) or _complex_var(v))
    return active


def differentiable(aval):
    """Float arrays; not weak values (Python numbers control flow carries: constants)."""
    return aval is not None and hasattr(aval, 'dtype') and is_float(aval.dtype) and not aval.weak


def _float_var(var):
    return differentiable(var.aval)


def _complex_var(var):
    """Complex values depending on a watched one are followed too, to be refused where the
    gradient reaches one (`_refuse_complex`): None would hide that the target depended on the
    watched value, and the rules of complex ops follow no one convention."""
    aval = var.aval
    return aval is not None and getattr(aval, 'dtype', None) is not None and \
        aval.dtype.kind == 'c'


def backward(equations, value_of, cts, active, variables=None):
    """Add to `cts` (Var -> cotangent) the cotangents of every active variable `equations` read,
    and to `variables` (a VariableCotangents) those of its variables sub-graphs read."""
    with collecting(variables):
        return _backward(equations, value_of, cts, active, variables)


def _backward(equations, value_of, cts, active, variables):
    # the hot loop of eager gradients: list comprehensions and `in` tests rather than generators
    wanted = variables is not None and bool(variables.wanted)
    for eq in reversed(equations):
        gs = [cts.get(v) for v in eq.outputs]
        if not [g for g in gs if g is not None]:
            continue
        needed = tuple([a.__class__ is Var and a in active for a in eq.inputs])
        if True not in needed and not (wanted and variables.reads_wanted(eq)):
            continue
        _refuse_complex(eq, needed)
        inputs = [value_of(a) for a in eq.inputs]
        outs = [value_of(v) for v in eq.outputs]
        results = vjp_of(eq, needed, gs, outs, inputs)
        for atom, need, ct, x in zip(eq.inputs, needed, results, inputs):
            if need and ct is not None:
                ct = fit(ct, x)
                previous = cts.get(atom)
                cts[atom] = ct if previous is None else previous + ct
    return cts


def _refuse_complex(eq, needed):
    """A gradient to pass to a complex input: refused, as eager tapes refuse complex results of
    the values they follow (they follow real floating values only)."""
    for atom, need in zip(eq.inputs, needed):
        if need and _complex_var(atom):
            where = f' at {eq.source}' if eq.source else ''
            raise NoGradientError(
                f'no gradient for {eq.primitive!r}{where}: its input is complex, and gradients '
                'follow real floating values only (compute the complex part on '
                'rt.stop_gradient(x) if no gradient should flow through it)')
