"""Control flow as ONNX: `cond` as `If`, `while` as `Loop`, `while_saving` as a Loop stacking
its states, `while_vjp` as a Loop over them, `call` inlined.

A Loop body computes the next state and then the loop test on it (the test of
the initial state is computed before the Loop). Variables a sub-graph assigns
are extra If outputs and extra Loop-carried values. `while_vjp` runs the loop
once saving, per iteration, the carried values its VJP graph reads (stacked by
Concat), then a Loop of that graph over the saved states, last to first.
"""
import numpy as np

from ...ir.core import AbstractValue
from ...ir.lowerings import ONNX
from .lowering import assigned_variables, variable_aval


@ONNX.lowers('call')
def call(ctx, eq, inputs, graph):
    """The callee's equations inlined into this scope."""
    ctx.bind_inputs(graph, eq.inputs, inputs)
    ctx.equations(graph)
    return ctx.names_of(graph.outputs)


@ONNX.lowers('cond')
def cond(ctx, eq, inputs, true_branch, false_branch):
    assigned = assigned_variables([true_branch, false_branch])
    avals = [v.aval for v in eq.outputs] + [variable_aval(v) for v in assigned]
    branches = []
    for graph in (true_branch, false_branch):
        inner = ctx.child()
        inner.bind_inputs(graph, eq.inputs[1:], inputs[1:])
        inner.equations(graph)
        results = inner.names_of(graph.outputs) + [inner.current(v) for v in assigned]
        branches.append(inner.graph('branch', [], inner.outputs(results, avals)))
    results = ctx.node('If', inputs[:1], outputs=len(avals), then_branch=branches[0],
                       else_branch=branches[1])
    results = [results] if len(avals) == 1 else results
    for variable, name in zip(assigned, results[len(eq.outputs):]):
        ctx.assign(variable, name)
    return results[:len(eq.outputs)]


@ONNX.lowers('while')
def while_loop(ctx, eq, inputs, cond, body, carried):
    return loop(ctx, cond, body, carried, eq.inputs, inputs)[:carried]


def loop(ctx, cond, body, carried, atoms, inputs, extra=()):
    """Names of the final carried values, then of the `extra` loop-carried values: (initial
    name, aval, step) triples, `step(body_scope, state_in, value_in)` adding the nodes of the
    next value from the state at the start of the iteration and the value's own input."""
    test_scope = ctx.child()
    test_scope.bind_inputs(cond, atoms, inputs)
    test_scope.equations(cond)
    ctx.nodes += test_scope.nodes
    test = test_scope.name(cond.outputs[0])
    state = [ctx.cast(a, n, v.aval.dtype)
             for a, n, v in zip(atoms[:carried], inputs, body.inputs)]
    assigned = assigned_variables([cond, body])
    inner = ctx.child()
    state_in = [ctx.fresh('state') for _ in range(carried)]
    inner.bind_inputs(body, [None] * len(body.inputs), state_in + inputs[carried:])
    variables_in = [ctx.fresh('variable') for _ in assigned]
    for variable, name in zip(assigned, variables_in):
        inner.assign(variable, name)
    extra_in = [ctx.fresh('carried') for _ in extra]
    extra_out = [step(inner, state_in, name) for (_, _, step), name in zip(extra, extra_in)]
    inner.equations(body)
    new_state = inner.names_of(body.outputs)
    inner.bind_inputs(cond, [None] * len(cond.inputs), new_state + inputs[carried:])
    inner.equations(cond)
    carried_avals = [v.aval for v in body.inputs[:carried]] + [
        variable_aval(v) for v in assigned] + [aval for _, aval, _ in extra]
    outs = [inner.name(cond.outputs[0])] + new_state + [
        inner.current(v) for v in assigned] + extra_out
    body_graph = inner.graph('loop_body', _loop_inputs(ctx, state_in + variables_in + extra_in,
                                                       carried_avals),
                             inner.outputs(outs, [cond.outputs[0].aval] + carried_avals))
    initial = state + [ctx.current(v) for v in assigned] + [name for name, _, _ in extra]
    results = ctx.node('Loop', ['', test, *initial], outputs=len(initial), body=body_graph)
    results = [results] if len(initial) == 1 else results
    for variable, name in zip(assigned, results[carried:]):
        ctx.assign(variable, name)
    return results[:carried] + results[carried + len(assigned):]


def _loop_inputs(ctx, names, avals):
    info = ctx.onnx.helper.make_tensor_value_info
    return [info(ctx.fresh('iteration'), ctx.onnx.TensorProto.INT64, []),
            info(ctx.fresh('cond_in'), ctx.onnx.TensorProto.BOOL, [])] + [
        ctx.value_info(n, a) for n, a in zip(names, avals)]


@ONNX.lowers('while_saving')
def while_saving(ctx, eq, inputs, cond, body, carried, saved):
    """`while`, then the carried values `saved` stacked per iteration, then the trip count."""
    return _saving_loop(ctx, cond, body, carried, saved, eq.inputs, inputs)


@ONNX.lowers('while_vjp')
def while_vjp(ctx, eq, inputs, cond, body, body_vjp, carried, floats, saved, const_cts,
              variables, stacked=False, weak=(), direct=False):
    """`body_vjp` over the states it reads, last to first: states a `while_saving` stacked
    (`stacked`: its stacks and trip count come last), else the loop runs again saving them."""
    if direct:
        raise ctx.unmappable(eq, 'a loop gradient that is itself differentiated (second order) '
                                 'is not lowered yet')
    if stacked:
        n = len(inputs) - len(saved) - 1
        inputs, stacks, count = inputs[:n], inputs[n:-1], inputs[-1]
    rest = len(inputs) - len(floats)
    consts, cts = inputs[carried:rest], inputs[rest:]
    if not stacked:
        *stacks, count = _saving_loop(ctx, cond, body, carried, saved, eq.inputs[:rest],
                                      inputs[:rest])[carried:]
    zeros = [ctx.node('ConstantOfShape', [ctx.node('Shape', [consts[j]])],
                      value=_scalar(ctx, body.inputs[carried + j].aval.dtype))
             for j in const_cts] + [ctx.constant(np.zeros(a.shape, a.dtype)) for a in variables]
    sums_avals = [body.inputs[carried + j].aval for j in const_cts] + list(variables)
    return _backward(ctx, body_vjp, carried, floats, saved, count, stacks, consts,
                     (cts, [body.inputs[i].aval for i in floats]), (zeros, sums_avals))


def _saving_loop(ctx, cond, body, carried, saved, atoms, inputs):
    """The loop, stacking the carried values `saved` at the start of each iteration: names of
    the final state, the stacks and the trip count."""
    extra = [(ctx.int64s(0), _aval(np.int64, ()), lambda inner, state, count: inner.node(
        'Add', [count, inner.int64s(1)]))]
    for i in saved:
        start = ctx.cast(atoms[i], inputs[i], body.inputs[i].aval.dtype)
        empty = ctx.node('Slice', [ctx.node('Unsqueeze', [start, ctx.int64s([0])]),
                                   ctx.int64s([0]), ctx.int64s([0])])
        extra.append((empty, _aval(body.inputs[i].aval.dtype, None), _saver(i)))
    results = loop(ctx, cond, body, carried, atoms, inputs, extra)
    return results[:carried] + results[carried + 1:] + [results[carried]]


def _saver(i):
    def step(inner, state, stack):
        return inner.node('Concat', [stack, inner.node('Unsqueeze', [state[i],
                                                                     inner.int64s([0])])], axis=0)
    return step


def _backward(ctx, body_vjp, carried, floats, saved, count, stacks, consts, cts, sums):
    """A Loop of `body_vjp` over the saved states from the last iteration to the first."""
    inner = ctx.child()
    cts_in = [ctx.fresh('cotangent') for _ in cts[0]]
    sums_in = [ctx.fresh('sum') for _ in sums[0]]
    iteration = ctx.fresh('iteration')
    last = inner.node('Sub', [inner.node('Sub', [count, inner.int64s(1)]), iteration])
    names = [None] * carried
    for i, stack in zip(saved, stacks):
        names[i] = inner.node('Gather', [stack, last], axis=0)
    bound = [(var, name) for var, name in zip(body_vjp.inputs, names + consts + cts_in)
             if name is not None]
    for var, name in bound:
        inner.bind(var, name)
    inner.bind_closure(body_vjp)
    inner.equations(body_vjp)
    results = inner.names_of(body_vjp.outputs)
    new_sums = [inner.node('Add', [s, r]) for s, r in zip(sums_in, results[len(floats):])]
    cond_in = ctx.fresh('cond_in')
    info = ctx.onnx.helper.make_tensor_value_info
    avals = cts[1] + sums[1]
    body_graph = inner.graph('vjp_body', [
        info(iteration, ctx.onnx.TensorProto.INT64, []),
        info(cond_in, ctx.onnx.TensorProto.BOOL, [])] + [
        ctx.value_info(n, a) for n, a in zip(cts_in + sums_in, avals)],
        inner.outputs([cond_in] + results[:len(floats)] + new_sums,
                      [_aval(np.bool_, ())] + avals))
    outputs = ctx.node('Loop', [count, '', *cts[0], *sums[0]], outputs=len(avals),
                       body=body_graph)
    return [outputs] if len(avals) == 1 else outputs


def _aval(dtype, shape):
    return AbstractValue(dtype, shape)


def _scalar(ctx, dtype):
    return ctx.onnx.numpy_helper.from_array(np.zeros(1, dtype))
