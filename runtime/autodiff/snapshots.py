"""The variables a called graph reads, as they were at the call: what its gradient uses.

A variable assigned between a call and `tape.gradient` must not change the
call's gradient (TensorFlow's gradients read the values the forward pass
read). So a `call` a tape differentiates is a call of `reading_first(graph)`,
which also gives the values of the variables `graph` reads, read before it
runs; its VJP is that of `with_values(graph)`, which takes those values as
inputs where `graph` (and the graphs nested in it) read the variables. A
graph that assigns one of them, or reads one inside an op other than
call/cond/while, keeps reading them (None from both).
"""
import weakref

from ..tracing import tensor, builders as tracing, trace_state
from ..ir.core import Literal
from ..ir.liveness import sub_graphs
from .variable_cotangents import value_aval, variables_read

_READING = weakref.WeakKeyDictionary()  # graph -> its reading_first graph (or None)
_SNAPSHOTS = weakref.WeakKeyDictionary()  # reading_first graph -> (graph, variables, with_values)
_WITH_VALUES = weakref.WeakKeyDictionary()  # graph -> {variables: with_values graph or None}
_THREADED = {'call': ('graph',), 'cond': ('true_branch', 'false_branch'),
             'while': ('cond', 'body'), 'while_saving': ('cond', 'body')}  # values appended


def reading_first(graph):
    """`graph` with the values of the variables it reads as extra outputs, read first; None if
    it reads none or its gradient cannot take them as values (cached)."""
    if graph not in _READING:
        variables = variables_read(graph)
        values = with_values(graph, variables) if variables else None
        _READING[graph] = None if values is None else trace_state.isolated(
            _trace_reading, graph, variables, values)
    return _READING[graph]


def snapshot(graph):
    """(the graph called, its variables, with_values graph) if `graph` is a reading_first one."""
    return _SNAPSHOTS.get(graph)


def _trace_reading(graph, variables, values):
    with tracing.GraphBuilder() as builder:
        inputs = [builder.placeholder(v.aval) for v in graph.inputs]
        reads = [builder.emit('read_variable', [builder.capture_resource(v)], {})
                 for v in variables]
        outs = builder.emit('call', inputs, {'graph': graph})
        reading = builder.finish([*outs, *reads])
    _SNAPSHOTS[reading] = graph, variables, values
    return reading


def assigned(equations, resources, variables):
    """True if `equations` or graphs nested in them assign one of `variables`; `resources`:
    the (resource var, object) pairs of their graph."""
    ids = {id(v) for v in variables}
    held = {var for var, obj in resources if id(obj) in ids}
    return any(eq.primitive != 'read_variable' and any(a in held for a in eq.inputs)
               or any(assigned(g.equations, g.resources, variables) for g in sub_graphs(eq.params))
               for eq in equations)


def with_values(graph, variables):
    """`graph` taking the values of `variables` as extra last inputs, read nowhere; without its
    effects (it serves gradients); None if it assigns one or reads one where values cannot go."""
    per_graph = _WITH_VALUES.setdefault(graph, {})
    key = tuple(map(id, variables))  # `graph` holds the variables: their ids stay theirs
    if key not in per_graph:
        per_graph[key] = trace_state.isolated(_trace_with_values, graph, variables)
    return per_graph[key]


def _trace_with_values(graph, variables):
    with tracing.GraphBuilder() as builder:
        env = {v: builder.placeholder(v.aval)._var for v in graph.inputs}
        values = [builder.placeholder(value_aval(v))._var for v in variables]
        index = {id(v): value for v, value in zip(variables, values)}
        for var, value in graph.consts:
            env[var] = builder.capture_constant(value)._var
        value_of = {var: index[id(obj)] for var, obj in graph.resources if id(obj) in index}
        env.update((var, builder.capture_resource(obj)) for var, obj in graph.resources
                   if var not in value_of)
        for eq in graph.equations:
            if not _restage(builder, eq, env, value_of, variables, index):
                return None
        return builder.finish([a.value if a.__class__ is Literal else tensor.Tensor(
            env[a], builder) for a in graph.outputs])


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
    if not eq.outputs:
        return True  # an effect: it ran with the forward pass
    atoms = [a.value if a.__class__ is Literal else env[a] for a in eq.inputs]
    results = builder.emit(eq.primitive, [*atoms, *extra], params)
    results = results if isinstance(results, list) else [results]
    env.update(zip(eq.outputs, (r._var for r in results)))
    return True
