"""Gradients of `call` and `cond` (loops: `loops`): the VJP of a graph is a graph.

`vjp_graph(graph, needed, variables)` takes the graph's inputs and the
cotangents of its float outputs, runs the graph's equations again (effects
without outputs aside) and gives the cotangents of the inputs marked `needed`,
then those of `variables` its equations read (`autodiff.variable_cotangents`); zeros
where unconnected, so both branches of a cond give the same types. It is
traced once per graph, `needed` and `variables`, and compiled once when run
eagerly. A call's VJP takes the values its variables had at the call
(`snapshots`), and so does a cond's or loop's when a variable it reads is
assigned after it in the same graph.
"""
import dataclasses
import itertools
import weakref

import numpy as np

from ..backends.executor.executor import compile_graph
from ..graph_ops.binding import apply_op
from ..ir.core import Literal, Var
from ..ir.liveness import sub_graphs
from ..tracing import builders as tracing
from ..tracing import tensor, trace_state
from . import draws, snapshots
from . import variable_cotangents as variable_cts
from .backprop import NoGradientError, active_vars, backward, differentiable

_VJPS = weakref.WeakKeyDictionary()  # graph -> {needed: its VJP graph}
_COMPILED = weakref.WeakKeyDictionary()  # graph -> compiled function (eager runs)
_EFFECT_FREE = weakref.WeakKeyDictionary()  # graph -> the graph without its effects


def float_outputs(graph):
    return [i for i, a in enumerate(graph.outputs) if differentiable(a.aval)]


def vjp_graph(graph, needed, variables=()):
    """The VJP of `graph` for its inputs marked in `needed` and `variables` (cached)."""
    per_graph = _VJPS.setdefault(graph, {})
    key = needed, tuple(map(id, variables))  # the graph holds the variables: ids stay theirs
    if key not in per_graph:
        per_graph[key] = trace_state.isolated(_trace_vjp, graph, needed, variables)
    return per_graph[key]


def _trace_vjp(graph, needed, variables):
    outs = float_outputs(graph)
    with tracing.GraphBuilder() as builder:
        primals = [builder.placeholder(v.aval) for v in graph.inputs]
        cts_in = [builder.placeholder(graph.outputs[i].aval) for i in outs]
        start = len(builder._equations)
        env = _replay(builder, graph, [p._var for p in primals])
        equations = builder._equations[start:]
        wanted = set(map(id, variables))
        reads = [(v, var) for v, var in variable_cts.reads_of(
            equations, builder._resources.values()) if id(v) in wanted]
        watched = {p._var for p, n in zip(primals, needed) if n} | {var for _, var in reads}
        cts = {}
        for i, ct in zip(outs, cts_in):
            atom = env.get(graph.outputs[i], graph.outputs[i])
            if atom.__class__ is not Literal and atom in watched | set(_outputs_of(equations)):
                cts[atom] = ct if atom not in cts else cts[atom] + ct
        nested = variable_cts.VariableCotangents(variables)
        backward(equations, lambda a: a.value if a.__class__ is Literal else tensor.Tensor(
            a, builder), cts, active_vars(equations, watched, nested), nested)
        results = [cts[p._var] if p._var in cts else np.zeros_like(p)
                   for p, n in zip(primals, needed) if n]
        for v in variables:
            total = variable_cts.total([cts.get(var) for w, var in reads if w is v]
                                       + [nested.get(v)])
            results.append(variable_cts.zeros_of(v) if total is None else total)
        return _not_drawing(_pruned(builder.finish(results)))


def _not_drawing(vjp):
    """`vjp`, a VJP graph, unless it would draw random numbers again from a generator itself,
    not a scratch copy (`draws`): NoGradientError."""
    drawn = draws.first_real_draw(vjp)
    if drawn is not None:
        raise redraw_error(drawn, 'the gradient of the rt.function call, tensor `if` or graph '
                                  'loop holding it (which could not take the states of the '
                                  'generators at its start)')
    return vjp


def redraw_error(drawn, what):
    where = f' at {drawn.source}' if drawn.source else ''
    return NoGradientError(
        f'no gradient through the random draw {drawn.inputs[0].aval.kind}.'
        f"{drawn.params['method']}{where}: {what} would have to draw again, giving other "
        'numbers than the forward pass did and advancing the generator twice. Take the '
        'gradient in the graph that draws them (a tape inside the rt.function), or draw the '
        'numbers outside and pass them in.')


def _pruned(graph):
    """`graph` without the equations its outputs do not need, stateful ones too: in a VJP graph
    those are forward equations again, whose effects (a py_function's call) ran with the forward
    pass, as TensorFlow's gradients, which read saved values, do not run them again. Draws from
    a scratch generator stay, in order: the numbers of later ones depend on them (`draws`)."""
    needed = {a for a in graph.outputs if a.__class__ is not Literal}
    objects = dict(graph.resources)
    kept = []
    for eq in reversed(graph.equations):
        if any(v in needed for v in eq.outputs) or draws.on_scratch(eq, objects):
            kept.append(eq)
            needed.update(a for a in eq.inputs if a.__class__ is not Literal)
    return dataclasses.replace(graph, equations=tuple(reversed(kept)))


def _outputs_of(equations):
    return [v for eq in equations for v in eq.outputs]


def _replay(builder, graph, inputs):
    """Stage `graph`'s equations again in `builder`; its variables -> the new ones."""
    env = dict(zip(graph.inputs, inputs))
    for var, value in graph.consts:
        env[var] = builder.capture_constant(value)._var
    for var, obj in graph.resources:
        env[var] = builder.capture_resource(obj)
    objects = dict(graph.resources)
    for eq in graph.equations:
        if not eq.outputs and not draws.on_scratch(eq, objects):
            continue  # an effect: it ran with the forward pass
        atoms = [a.value if a.__class__ is Literal else env[a] for a in eq.inputs]
        results = builder.emit(eq.primitive, atoms, eq.params)
        results = results if isinstance(results, list) else [results]
        env.update(zip(eq.outputs, (r._var for r in results if r is not None)))
    return env


def compiled(graph):
    """`graph` compiled once, for eager runs of ops holding it."""
    function = _COMPILED.get(graph)
    if function is None:
        function = _COMPILED[graph] = compile_graph(graph, 'vjp')
    return lambda *args: function(*args)


def forward_equation(first):
    """(the equations of its graph, the index) of the equation giving symbolic tensor `first`
    as its first output, in the graph being built; None if there is none."""
    if not tensor.is_symbolic(first):
        return None
    equations = first._builder._equations
    index = next((i for i in range(len(equations) - 1, -1, -1)
                  if equations[i].outputs[:1] == (first._var,)), None)
    return None if index is None else (equations, index)


def called_vjp(needed, g, out, args, graph):
    """Cotangents of the args of `call[graph]`: with the values its variables had at the call
    and the numbers it drew (`snapshots`; a call of a `reading_first` graph gives them, eagerly
    and once rewritten)."""
    snap = snapshots.snapshot(graph)
    if snap is not None:
        n = len(snap[0].outputs)
        values, g_values, g, out = out[n:], g[n:], g[:n], out[:n]
    else:
        reading = snapshots.reading_first(graph)
        values = None if reading is None else _call_reading_first(out, graph, reading)
        if values is None:
            return call_vjp('call', needed, g, out, args, {}, graph=graph)
        snap, g_values = snapshots.snapshot(reading), ()
    _, variables, with_values, drawn = snap
    collector = variable_cts.current()
    wanted = [collector is not None and id(v) in collector.wanted for v in variables]
    cts = call_vjp('call', (*needed, *wanted, *[False] * drawn), g, out, [*args, *values], {},
                   graph=with_values)  # the numbers drawn: constants
    for variable, want, ct, extra in itertools.zip_longest(variables, wanted, cts[len(args):],
                                                           g_values):
        if want:
            collector.add(variable, variable_cts.total([ct, extra]))
    return cts[:len(args)]


def drawing_cond_vjp(needed, g, out, pred, args, true_branch, false_branch):
    """Cotangents of `(pred, *args)` of a cond whose branches draw random numbers, in the graph
    being built: the cond is given the states of the generators, read before it, as extra
    inputs, and its branches' VJP graphs draw again from copies restored to them (`draws`).
    None if its branches draw nothing or it is not an equation of the graph being built."""
    generators = tuple({id(x): x for branch in (true_branch, false_branch)
                        for x in draws.generators_drawn(branch)}.values())
    found = forward_equation(out[0]) if out and generators else None
    if found is None:
        return None
    equations, index = found
    eq = equations[index]
    if eq.primitive != 'cond' or eq.params['true_branch'] is not true_branch:
        return None
    states = draws.read_states(out[0]._builder, equations, index, generators)
    index += len(states)
    avals = [s.aval for s in states]
    branches = {name: draws.with_inputs(eq.params[name], avals)
                for name in ('true_branch', 'false_branch')}
    equations[index] = dataclasses.replace(
        eq, inputs=(*eq.inputs, *(s._var for s in states)), params={**eq.params, **branches})
    positions = range(len(args), len(args) + len(states))
    restored = {name: draws.restoring(branch, generators, positions)
                for name, branch in branches.items()}
    cts = call_vjp('cond', (*needed[1:], *[False] * len(states)), g, out, [*args, *states],
                   {'pred': pred}, **restored)
    return [None] + cts[:len(args)]


def called_if_assigned(needed, g, out, args):
    """Cotangents of the inputs of the cond or loop giving `out` when a variable its sub-graphs
    read is assigned after it in the graph being built (else None: its own rule applies): it
    becomes a call of a graph holding it, whose gradient takes the values at the call."""
    found = forward_equation(out[0]) if out else None
    if found is None:
        return None
    equations, index = found
    eq = equations[index]
    read = [v for graph in sub_graphs(eq.params) for v in variable_cts.variables_read(graph)]
    if eq.primitive not in ('cond', 'while') or not read or not snapshots.assigned(
            equations[index + 1:], out[0]._builder._resources.values(), read):
        return None
    graph = trace_state.isolated(_trace_holding, eq)
    if snapshots.reading_first(graph) is None:
        return None
    kept = [i for i, a in enumerate(eq.inputs) if a.__class__ is not Literal]
    equations[index] = dataclasses.replace(eq, primitive='call', params={'graph': graph},
                                           inputs=tuple(eq.inputs[i] for i in kept))
    cts = dict(zip(kept, called_vjp([needed[i] for i in kept], g, out, [args[i] for i in kept],
                                    graph)))
    return [cts.get(i) for i in range(len(args))]


def _trace_holding(eq):
    with tracing.GraphBuilder() as builder:
        inputs = [a.value if a.__class__ is Literal else builder.placeholder(a.aval)
                  for a in eq.inputs]
        return builder.finish(builder.emit(eq.primitive, inputs, eq.params))


def _call_reading_first(out, graph, reading):
    """The values of `graph`'s variables at its call giving `out`, in the graph being built:
    that call made one of `reading`, which gives them (None if it is not there)."""
    found = forward_equation(out[0]) if out else None
    if found is None:
        return None
    equations, index = found
    eq = equations[index]
    if eq.primitive != 'call' or eq.params['graph'] is not graph:
        return None
    values = tuple(Var(a) for a in reading.out_avals[len(eq.outputs):])
    equations[index] = dataclasses.replace(eq, params={'graph': reading},
                                           outputs=(*eq.outputs, *values))
    return [tensor.Tensor(v, out[0]._builder) for v in values]


def call_vjp(primitive, needed, g, out, args, fixed, **graphs):
    """Cotangents of `args` of a `call` or `cond`: the same op over the graphs' VJP graphs."""
    any_graph = next(iter(graphs.values()))
    gs = [g[i] if g[i] is not None else np.zeros_like(out[i]) for i in float_outputs(any_graph)]
    needed = tuple(needed)
    collector = variable_cts.current()
    variables = () if collector is None else collector.read_in(graphs.values())
    vjps = {name: vjp_graph(graph, needed, variables) for name, graph in graphs.items()}
    params = vjps if primitive == 'cond' else {'graph': vjps['graph']}
    results = iter(apply_op(primitive, *fixed.values(), *args, *gs, **params))
    cts = [next(results) if n else None for n in needed]
    for variable in variables:
        collector.add(variable, next(results))
    return cts


def effect_free(graph):
    """`graph` without its effects (equations without outputs), for running it again."""
    if not any(not eq.outputs for eq in graph.equations):
        return graph
    pure = _EFFECT_FREE.get(graph)
    if pure is None:
        pure = _EFFECT_FREE[graph] = trace_state.isolated(_trace_effect_free, graph)
    return pure


def _trace_effect_free(graph):
    with tracing.GraphBuilder() as builder:
        inputs = [builder.placeholder(v.aval) for v in graph.inputs]
        env = _replay(builder, graph, [p._var for p in inputs])
        return builder.finish([a.value if a.__class__ is Literal else tensor.Tensor(env[a], builder)
                               for a in graph.outputs])
