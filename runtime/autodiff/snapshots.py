"""The variables a called graph reads, as they were at the call, and the states of the generators
it draws from: what its gradient uses.

A variable assigned between a call and `tape.gradient` must not change the
call's gradient (TensorFlow's gradients read the values the forward pass
read). So a `call` a tape differentiates is a call of `reading_first(graph)`,
which also gives the values of the variables `graph` reads, read before it
runs; its VJP is that of `with_values(graph)`, which takes those values as
inputs where `graph` (and the graphs nested in it) read the variables. A
graph that assigns one of them, or reads one inside an op other than
call/cond/while, keeps reading them (None from both).

Random draws cannot run again for a gradient (they would give other numbers
and advance the generator twice): `reading_first(graph)` also reads the state
of each generator `graph` draws from, after the variables' values, and
`with_values` takes those states as inputs: it restores scratch copies of the
generators to them and draws from the copies (`draws`).
"""
import weakref

from ..graph_ops.random import state_words
from ..ir.core import Literal
from ..ir.liveness import sub_graphs
from ..tracing import builders as tracing
from ..tracing import tensor, trace_state
from . import draws
from .variable_cotangents import value_aval, variables_read

_READING = weakref.WeakKeyDictionary()  # graph -> its reading_first graph (or None)
_SNAPSHOTS = weakref.WeakKeyDictionary()  # reading_first graph -> (graph, variables,
#                                           with_values, number of generators)
_WITH_VALUES = weakref.WeakKeyDictionary()  # graph -> {variables: with_values graph or None}
_THREADED = {'call': ('graph',), 'cond': ('true_branch', 'false_branch'),
             'while': ('cond', 'body'), 'while_saving': ('cond', 'body')}  # values appended


def reading_first(graph):
    """`graph` with the values of the variables it reads as extra outputs, read first, then the
    states of the generators it draws from; None if it reads and draws none, or its gradient
    cannot take them as values (cached)."""
    if graph not in _READING:
        variables, generators = variables_read(graph), draws.generators_drawn(graph)
        values = with_values(graph, variables, generators) if variables or generators else None
        if values is None and generators:  # it assigns a variable: it reads them at gradient
            variables = ()                 # time, as without draws; the draws are the same
            values = with_values(graph, (), generators)
        _READING[graph] = None if values is None else trace_state.isolated(
            _trace_reading, graph, variables, generators, values)
    return _READING[graph]


def snapshot(graph):
    """(the graph called, its variables, with_values graph, number of generators) if `graph`
    is a reading_first one."""
    return _SNAPSHOTS.get(graph)


def _trace_reading(graph, variables, generators, values):
    with tracing.GraphBuilder() as builder:
        inputs = [builder.placeholder(v.aval) for v in graph.inputs]
        reads = [builder.emit('read_variable', [builder.capture_resource(v)], {})
                 for v in variables]
        states = [builder.emit('rng_state', [builder.capture_resource(g)],
                               {'words': state_words(g)}) for g in generators]
        outs = builder.emit('call', inputs, {'graph': graph})
        reading = builder.finish([*outs, *reads, *states])
    _SNAPSHOTS[reading] = graph, variables, values, len(generators)
    return reading


def assigned(equations, resources, variables):
    """True if `equations` or graphs nested in them assign one of `variables`; `resources`:
    the (resource var, object) pairs of their graph."""
    ids = {id(v) for v in variables}
    held = {var for var, obj in resources if id(obj) in ids}
    return any(eq.primitive != 'read_variable' and any(a in held for a in eq.inputs)
               or any(assigned(g.equations, g.resources, variables) for g in sub_graphs(eq.params))
               for eq in equations)


def with_values(graph, variables, generators=()):
    """`graph` taking the values of `variables`, then the states of `generators` (those it
    draws from), as extra last inputs: it reads the variables nowhere and draws from scratch
    copies of the generators restored to those states (`draws`); without its effects (it
    serves gradients); None if it assigns a variable or reads one where values cannot go."""
    per_graph = _WITH_VALUES.setdefault(graph, {})
    # `graph` holds the variables and generators: their ids stay theirs
    key = tuple(map(id, variables)), tuple(map(id, generators))
    if key not in per_graph:
        per_graph[key] = trace_state.isolated(_trace_with_values, graph, variables, generators)
    return per_graph[key]


def _trace_with_values(graph, variables, generators):
    scratches = {id(g): draws.scratch_for(g) for g in generators}
    with tracing.GraphBuilder() as builder:
        env = {v: builder.placeholder(v.aval)._var for v in graph.inputs}
        values = [builder.placeholder(value_aval(v))._var for v in variables]
        for g in generators:  # draws from here on are those of the forward pass again
            state = builder.placeholder(draws.state_aval(g))
            builder.emit('rng_restore', [builder.capture_resource(scratches[id(g)]), state], {})
        index = {id(v): value for v, value in zip(variables, values)}
        for var, value in graph.consts:
            env[var] = builder.capture_constant(value)._var
        value_of = {var: index[id(obj)] for var, obj in graph.resources if id(obj) in index}
        env.update((var, builder.capture_resource(scratches.get(id(obj), obj)))
                   for var, obj in graph.resources if var not in value_of)
        for eq in graph.equations:
            eq = draws.rebound_equation(eq, scratches)
            if not _restage(builder, eq, env, value_of, variables, index):
                return None
        return builder.finish([a.value if a.__class__ is Literal else tensor.Tensor(
            env[a], builder) for a in graph.outputs])


def builder_object(builder, var):
    """The object of resource variable `var` of the graph `builder` builds."""
    return next((obj for v, obj in builder._resources.values() if v is var), None)


def _restage(builder, eq, env, value_of, variables, index):
    """Stage `eq` again, its reads of the variables as their values; False if it cannot be."""
    if eq.primitive == 'read_variable' and eq.inputs[0] in value_of:
        env[eq.outputs[0]] = value_of[eq.inputs[0]]
        return True
    if any(a in value_of for a in eq.inputs):  # an assignment to one of them
        return False
    read = {id(v) for g in sub_graphs(eq.params) for v in variables_read(g)} & set(index)
    params, extra = eq.params, []
    if read:
        if eq.primitive not in _THREADED:
            return False
        inner = tuple(v for v in variables if id(v) in read)
        params = {**params, **{name: with_values(params[name], inner)
                               for name in _THREADED[eq.primitive]}}
        if any(params[name] is None for name in _THREADED[eq.primitive]):
            return False
        extra = [index[id(v)] for v in inner]
    if not eq.outputs and not (eq.primitive == 'draw' and draws.is_scratch(
            builder_object(builder, env[eq.inputs[0]]))):
        return True  # an effect: it ran with the forward pass (a seed on a copy runs again)
    atoms = [a.value if a.__class__ is Literal else env[a] for a in eq.inputs]
    results = builder.emit(eq.primitive, [*atoms, *extra], params)
    results = results if isinstance(results, list) else [results]
    env.update(zip(eq.outputs, (r._var for r in results)))
    return True
