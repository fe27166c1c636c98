"""Gradients of graph loops: `while` differentiates as a `while_vjp` op, and `while_vjp` as loops.

`loop_vjp` gives a `while` equation's input cotangents as one `while_vjp` op
(`runtime.graph_ops.control`): the body's VJP graph once per iteration, last
to first, over the carried values it reads. In a graph being built the
forward loop saves them (it becomes a `while_saving`, as TensorFlow adds
accumulators), so it runs once; otherwise `while_vjp` runs it again.

The gradient of a `while_vjp` (second order through a graph loop) is that of
`reverse_graph`: the same function written with ordinary ops, the forward
loop as a `while_saving` (stacking the states the body's VJP graph reads),
then a `while` for k = n..1 applying that graph to state k read from the
stacks. Every op there has a rule (`while_saving` this one, whose stacks'
cotangents `while_vjp` adds to the states' as `direct` inputs; `call` the VJP
of a graph; indexing), so third and higher orders follow. States that cannot
be stacked (shapes unknown while tracing, Python numbers) are recomputed from
the initial state instead, by a nested `while` for each k: quadratic time.
Memory stays linear in the trip count either way.
"""
import dataclasses
import weakref

import numpy as np

from .. import graph_ops
from ..graph_ops.binding import apply_op
from ..ir.core import AbstractValue, Equation, Var
from ..ir.liveness import needed_inputs
from ..tracing import builders as tracing
from ..tracing import tensor, trace_state
from . import draws
from . import variable_cotangents as variable_cts
from .backprop import differentiable
from .subgraphs import (
    call_vjp,
    called_if_assigned,
    effect_free,
    float_outputs,
    forward_equation,
    redraw_error,
    vjp_graph,
)

_COUNTER = AbstractValue(np.int64, ())
_REVERSE = weakref.WeakKeyDictionary()  # body_vjp -> {params: its reverse_graph}


def loop_vjp(needed, g, out, args, cond, body, carried, stack_g=(), restored=None):
    """Cotangents of the inputs of `while[cond, body, carried](*args)`: a `while_vjp` op, which
    runs the body's VJP graph once per iteration in reverse over the values it reads, saved by
    the forward loop (`_saving_forward`) or by running the loop again (its effects aside).
    `restored`: (generators, the carried values holding their states), for a body whose VJP
    draws again from copies of them restored to those states (`_drawing_loop`)."""
    as_called = called_if_assigned(needed, g, out, args)
    if as_called is not None:
        return as_called
    if restored is None:
        drawing = _drawing_loop(needed, g, out, args, cond, body, carried, stack_g)
        if drawing is not None:
            return drawing
    collector = variable_cts.current()
    variables = () if collector is None else collector.read_in([body])
    floats = tuple(float_outputs(body))
    n_consts = len(args) - carried
    const_cts = tuple(j for j in range(n_consts) if needed[carried + j]
                      and differentiable(body.inputs[carried + j].aval))
    body_needed = tuple(i in floats for i in range(carried)) + tuple(
        j in const_cts for j in range(n_consts))
    pure_body = effect_free(body)
    body_vjp = vjp_graph(pure_body if restored is None else draws.restoring(pure_body, *restored),
                         body_needed, variables)
    saved = tuple(sorted(i for i in needed_inputs(body_vjp, range(len(body_vjp.outputs)))
                         if i < carried))
    gs = [g[i] if g[i] is not None else np.zeros_like(out[i]) for i in floats]
    stack, saved = _saving_forward(out, body, saved)
    if not stack:
        _refuse_rerunning_draws(cond, body)  # while_vjp runs the loop again: it would draw again
    direct = _direct(stack_g, stack)
    results = iter(apply_op(
        'while_vjp', *args, *gs, *stack, *direct, cond=effect_free(cond), body=pure_body,
        body_vjp=body_vjp, carried=carried, floats=floats, saved=saved, const_cts=const_cts,
        variables=tuple(variable_cts.value_aval(v) for v in variables), stacked=bool(stack),
        weak=tuple(bool(stack) and body.inputs[i].aval.weak for i in saved),
        direct=bool(direct)))
    of_carried = {i: next(results) for i in floats}
    of_consts = {j: next(results) for j in const_cts}
    for variable in variables:
        collector.add(variable, next(results))
    return [of_carried.get(i) if needed[i] else None for i in range(carried)] + [
        of_consts.get(j) for j in range(n_consts)]


def _saving_forward(out, body, saved):
    """([its stacks of saved values, trip count], the indices saved) when the loop giving `out`
    is an equation of a graph being built and the values to save have static shapes: the loop is
    made a `while_saving` saving `saved` (unless it is one already), so it runs once. Else
    ([], `saved`): `while_vjp` runs the loop again."""
    found = forward_equation(out[0])
    if found is None or not all(_static(body.inputs[i].aval) for i in saved):
        return [], saved
    equations, index = found
    eq = equations[index]
    if eq.params.get('body') is not body:
        return [], saved
    if eq.primitive == 'while':
        new = Equation('while_saving', eq.inputs, {**eq.params, 'saved': saved}, (), eq.source)
        avals = graph_ops.get('while_saving').rule(*(a.aval for a in eq.inputs), **new.params)
        extra = tuple(Var(a) for a in avals[len(eq.outputs):])
        eq = equations[index] = dataclasses.replace(new, outputs=(*eq.outputs, *extra))
    if not set(saved) <= set(eq.params['saved']):  # saved for another gradient: not these
        return [], saved
    n = len(body.outputs)
    return [tensor.Tensor(v, out[0]._builder) for v in eq.outputs[n:]], eq.params['saved']


def _drawing_loop(needed, g, out, args, cond, body, carried, stack_g):
    """`loop_vjp` for a loop whose body draws random numbers, in the graph being built: the
    loop carries the states of the generators (read before it, and at the end of each
    iteration), which it saves for its gradient, and the body's VJP graph draws again from
    copies restored to the state of its iteration (`draws`). None if the body draws nothing
    or the loop is not an equation of the graph being built (then the loop cannot be saved)."""
    generators = draws.generators_drawn(body)
    found = forward_equation(out[0]) if out and generators else None
    if found is None:
        return None
    drawn = draws.first_real_draw(cond)
    if drawn is not None:
        raise redraw_error(drawn, 'a draw in the condition of a graph loop whose body also draws '
                                  'puts the states of the generators out of step with the body, '
                                  'so the gradient of the loop')
    equations, index = found
    eq = equations[index]
    if eq.primitive != 'while' or eq.params['body'] is not body:
        return None
    builder = out[0]._builder
    states = draws.read_states(builder, equations, index, generators)
    index, k = index + len(states), len(states)
    new_cond = draws.carrying_states(cond, generators, carried, outputs=False)
    new_body = draws.carrying_states(body, generators, carried)
    finals = tuple(Var(s.aval) for s in states)
    eq = equations[index] = dataclasses.replace(
        eq, inputs=(*eq.inputs[:carried], *(s._var for s in states), *eq.inputs[carried:]),
        params={**eq.params, 'cond': new_cond, 'body': new_body, 'carried': carried + k},
        outputs=(*eq.outputs, *finals))
    cts = loop_vjp((*needed[:carried], *[False] * k, *needed[carried:]), [*g, *[None] * k],
                   [*out, *(tensor.Tensor(v, builder, eq) for v in finals)],
                   [*args[:carried], *states, *args[carried:]], new_cond, new_body, carried + k,
                   stack_g, restored=(generators, range(carried, carried + k)))
    return [*cts[:carried], *cts[carried + k:]]


def _refuse_rerunning_draws(cond, body):
    drawn = draws.first_real_draw(cond) or draws.first_real_draw(body)
    if drawn is not None:
        raise redraw_error(drawn, 'the gradient of the graph loop holding it runs the loop again '
                                  '(its states could not be saved: shapes unknown while tracing, '
                                  'or a gradient taken outside the graph holding the loop), and')


def _direct(stack_g, stack):
    """The cotangents of the stacks `stack` (zeros where None), or [] if all are None."""
    if all(g is None for g in stack_g):
        return []
    if not stack:  # the loop saves other values than this gradient reads
        raise NotImplementedError('a gradient of a graph loop\'s gradient where another '
                                  'gradient of the loop saved other values: differentiate it '
                                  'in one tape')
    return [np.zeros_like(s) if g is None else g for g, s in zip(stack_g, stack)]


def _static(aval):
    return aval.shape is not None and None not in aval.shape


def while_vjp_vjp(needed, g, out, args, params):
    """Cotangents of the inputs of a `while_vjp`: the VJP of its `reverse_graph`, called (the
    trip count has none; the stacks none either when the reverse graph runs the loop again)."""
    params = dict(params)
    n_saved = len(params['saved'])
    stacked, direct = params.pop('stacked', False), params.pop('direct', False)
    params.pop('weak', None)
    n = len(args) - (n_saved + 1 if stacked else 0) - (n_saved if direct else 0)
    graph = reverse_graph(**params, direct=direct)
    inputs = [*range(n), *range(len(args) - n_saved, len(args))[:n_saved if direct else 0]]
    cts = dict(zip(inputs, call_vjp('call', [needed[i] for i in inputs], g, out,
                                    [args[i] for i in inputs], {}, graph=graph)))
    return [cts.get(i) for i in range(len(args))]


def reverse_graph(cond, body, body_vjp, carried, floats, saved, const_cts, variables, direct):
    """A graph computing what `while_vjp` with these params computes, from ordinary ops (cached):
    its inputs those of the `while_vjp` but the stacks and trip count."""
    _refuse_rerunning_draws(cond, body)  # it runs the forward loop again
    per_vjp = _REVERSE.setdefault(body_vjp, {})
    key = id(cond), id(body), carried, floats, saved, const_cts, variables, direct  # held: ids
    if key not in per_vjp:  # stay theirs
        per_vjp[key] = trace_state.isolated(_trace_reverse, cond, body, body_vjp, carried, Plan(
            floats, saved, const_cts, variables, direct, all(
                _static(body.inputs[i].aval) and not body.inputs[i].aval.weak for i in saved)))
    return per_vjp[key]


@dataclasses.dataclass(frozen=True)
class Plan:
    """What a reverse graph computes and how: `stacks` if the forward loop saves the states
    (static shapes, no Python numbers), else it recomputes them; `direct`: stacks' cotangents."""
    floats: tuple
    saved: tuple
    const_cts: tuple
    variables: tuple
    direct: bool
    stacks: bool


def _trace_reverse(cond, body, body_vjp, carried, plan):
    """The forward loop (saving the states or counting the trips), then `_reverse_step` for
    k = n..1, summing the consts' cotangents."""
    avals = body.in_avals
    stack_avals = [AbstractValue(avals[i].dtype, (None, *avals[i].shape)) for i in plan.saved]
    with tracing.GraphBuilder() as builder:
        state = [builder.placeholder(a) for a in avals[:carried]]
        consts = [builder.placeholder(a) for a in avals[carried:]]
        cts = [builder.placeholder(a) for a in body_vjp.in_avals[len(avals):]]
        direct = [builder.placeholder(a) for a in stack_avals] if plan.direct else []
        if plan.stacks:
            forward = builder.emit('while_saving', [*state, *consts], {
                'cond': cond, 'body': body, 'carried': carried, 'saved': plan.saved})
            stacks, trips = forward[carried:-1], forward[-1]
        else:
            counting_avals = (_COUNTER, *avals)
            stacks, trips = [], builder.emit('while', [np.int64(0), *state, *consts], {
                'cond': _closed(_counting_cond, cond, counting_avals), 'body': _closed(
                    _counting_body, body, counting_avals), 'carried': 1 + carried})[0]
        summed = [np.zeros_like(consts[j]) for j in plan.const_cts] + [
            np.zeros(a.shape, a.dtype) for a in plan.variables]
        fixed = [*stacks, *direct, *state, *consts]
        step_avals = (trips.aval, *(_aval(v) for v in (*cts, *summed, *fixed)))
        results = builder.emit('while', [trips, *cts, *summed, *fixed], {
            'cond': _closed(_positive, None, step_avals), 'body': _closed(
                _reverse_step, (body, body_vjp, plan, len(summed)), step_avals),
            'carried': 1 + len(cts) + len(summed)})
        return builder.finish(results[1:])


def _aval(value):
    return value.aval if tensor.is_symbolic(value) else AbstractValue.from_value(value)


def _closed(fn, graphs, avals):
    """The graph of `fn(builder, graphs, *inputs)` on inputs of types `avals`."""
    with tracing.GraphBuilder() as builder:
        inputs = [builder.placeholder(a) for a in avals]
        return builder.finish(fn(builder, graphs, *inputs))


def _call(builder, graph, inputs):
    return builder.emit('call', list(inputs), {'graph': graph})


def _counting_cond(builder, cond, trips, *state):
    return _call(builder, cond, state)


def _counting_body(builder, body, trips, *state):
    return [trips + 1, *_call(builder, body, state)]


def _positive(builder, _, k, *rest):
    return [k > 0]


def _reverse_step(builder, setup, k, *rest):
    """Iteration k (n..1) of the reverse loop: the state before forward iteration k (from the
    stacks, or recomputed from the initial state), then the body's VJP graph applied to it."""
    body, body_vjp, plan, n_summed = setup
    n_cts, carried = len(plan.floats), len(body.outputs)
    cts, summed = rest[:n_cts], rest[n_cts:n_cts + n_summed]
    rest = rest[n_cts + n_summed:]
    n_stacks = len(plan.saved) if plan.stacks else 0
    stacks, rest = rest[:n_stacks], rest[n_stacks:]
    direct, initial = (rest[:len(plan.saved)], rest[len(plan.saved):]) if plan.direct else (
        (), rest)
    k = k - 1
    if plan.stacks:
        state = list(initial[:carried])  # the values body_vjp does not read: any of their type
        for i, stack in zip(plan.saved, stacks):
            state[i] = stack[k]
    else:
        replay_avals = (_COUNTER, *body.in_avals, _COUNTER)
        state = builder.emit('while', [np.int64(0), *initial, k], {
            'cond': _closed(_before, None, replay_avals),
            'body': _closed(_replay_body, body, replay_avals), 'carried': 1 + carried})[1:]
    results = _call(builder, body_vjp, [*state, *initial[carried:], *cts])
    new_cts = list(results[:n_cts])
    for i, stack_ct in zip(plan.saved, direct):
        if i in plan.floats:
            new_cts[plan.floats.index(i)] = new_cts[plan.floats.index(i)] + stack_ct[k]
    added = [a + b for a, b in zip(summed, results[n_cts:])]
    return [k, *new_cts, *added]


def _before(builder, _, j, *rest):
    return [j < rest[-1]]


def _replay_body(builder, body, j, *rest):
    return [j + 1, *_call(builder, body, rest[:-1])]
