"""Loop-invariant code motion: elementwise ops of a while body that read only values the loop
does not change are computed once, before the loop, and only if the loop runs at all.

    while[body={ ...; e = sin k; ... } ...] i k
        ->
    p = call[graph=<the loop's test>] i k      -- (or the test the loop carries in)
    cond[true_branch={ e = sin k; while[body={ ... }] i k e }
         false_branch={ i }] p i k

The guard keeps the loop's meaning when it runs no iteration: the hoisted op
never runs then (eagerly it would not have run). Only ufuncs on types of
static shape move (they cannot fail on shapes), and only out of loops with no
effects in their test or body, so effects and errors keep their order.
"""
import dataclasses

from ..graph_ops.elementwise import UFUNCS
from ..ir.core import Equation, Graph, Var
from ..ir.liveness import graph_has_effects
from .rewrite import rebuilt, rewritten


def run(graph):
    equations, mapping = [], {}
    for eq in graph.equations:
        eq = rewritten(eq, mapping, run)
        guarded = _hoisted(eq) if eq.primitive == 'while' else None
        equations += guarded or [eq]
    return rebuilt(graph, equations, mapping)


def _invariants(body, carried):
    """The equations of `body` that read only values every iteration sees unchanged."""
    invariant = {var for var, _ in body.consts} | set(body.inputs[carried:])
    invariant |= {v for v, out in zip(body.inputs[:carried], body.outputs) if v is out}
    hoisted = []
    for eq in body.equations:
        if _movable(eq) and all(a in invariant for a in eq.inputs if isinstance(a, Var)) \
                and any(isinstance(a, Var) for a in eq.inputs):
            hoisted.append(eq)
            invariant.update(eq.outputs)
    return hoisted


def _movable(eq):
    ufunc = UFUNCS.get(eq.primitive)
    if ufunc is None or ufunc.nout != 1 or ufunc.signature or eq.params:
        return False
    avals = [a.aval for a in eq.inputs] + [eq.outputs[0].aval]
    return all(a is not None and a.shape is not None and None not in a.shape for a in avals)


def _hoisted(eq):
    """The equations replacing a while `eq` by its guarded, hoisted form, or None."""
    cond, body, n = eq.params['cond'], eq.params['body'], eq.params['carried']
    if graph_has_effects(cond) or graph_has_effects(body):
        return None
    hoisted = _invariants(body, n)
    if not hoisted:
        return None
    branch_inputs = tuple(Var(v.aval) for v in body.inputs)
    renamed = dict(zip(body.inputs, branch_inputs))
    clones = []
    for h in hoisted:
        clone = Equation(h.primitive, tuple(renamed.get(a, a) for a in h.inputs), h.params,
                         tuple(Var(v.aval) for v in h.outputs), h.source)
        renamed.update(zip(h.outputs, clone.outputs))
        clones.append(clone)
    extra = [v for h in hoisted for v in h.outputs]
    moved = set(map(id, hoisted))
    kept = [e for e in body.equations if id(e) not in moved]
    loop = dataclasses.replace(eq, params={
        **eq.params,
        'cond': dataclasses.replace(cond, inputs=cond.inputs + tuple(Var(v.aval) for v in extra)),
        'body': dataclasses.replace(body, inputs=body.inputs + tuple(extra),
                                    equations=tuple(kept))},
        inputs=branch_inputs + tuple(renamed[v] for v in extra),
        outputs=tuple(Var(v.aval) for v in eq.outputs))
    true_branch = Graph(branch_inputs, tuple(clones) + (loop,), loop.outputs, body.consts)
    false_inputs = tuple(Var(v.aval) for v in body.inputs)
    false_branch = Graph(false_inputs, (), false_inputs[:n])
    test, pred = _test(eq, cond)
    guard = Equation('cond', (pred,) + eq.inputs,
                     {'true_branch': true_branch, 'false_branch': false_branch},
                     eq.outputs, eq.source)
    return test + [guard]


def _test(eq, cond):
    """(equations, atom): the loop's first test, on its initial values."""
    (out,) = cond.outputs
    if not cond.equations and out in cond.inputs:  # a converted loop keeps its test in the body
        return [], eq.inputs[cond.inputs.index(out)]
    pred = Var(out.aval)
    return [Equation('call', eq.inputs, {'graph': cond}, (pred,), eq.source)], pred
