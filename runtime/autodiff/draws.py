"""Gradients through code that draws random numbers: the same numbers again, from a scratch copy.

A VJP graph computes again what it needs of the forward pass from the inputs of
the call, `if` or loop body it differentiates (`subgraphs`). A random draw
cannot simply run again: its generator is further on, so it would give other
numbers, and it would advance the generator a second time. So where a
sub-graph that draws is differentiated, the forward pass also reads the state
of each generator it draws from, before it runs (`rng_state`): at a call, with
the values of the variables it reads (`snapshots.reading_first`); before a
tensor `if`, passed to it as an extra input (`cond_vjp`); at the start of each
iteration of a loop, as a value the loop carries and saves for its gradient
(`loop_with_states`). The VJP graph starts by restoring a *scratch* generator,
a copy of the generator private to it, to that state (`rng_restore`), and draws
from the copy where the forward pass drew (`restoring`): the same numbers, in
the same order, and the generator itself stays as the forward pass left it.
Draws on scratch generators are kept in VJP graphs even where their numbers are
not needed (a later draw depends on the state they leave).

The numbers drawn are constants of the gradient (a draw's rule gives its
arguments no cotangent), so `x * mask` differentiates to `g * mask` with the
mask of the forward pass. A gradient that would run a draw on the generator
itself again (a loop whose states cannot be saved, a draw in a loop's
condition, a second order through a loop) is a NoGradientError naming it.
"""
import copy
import dataclasses
import weakref

import numpy as np

from ..graph_ops.random import state_words
from ..ir.core import AbstractValue, Equation, Graph, RngType, Var
from ..ir.liveness import sub_graphs
from ..tracing.tensor import Tensor


class ScratchGenerator(np.random.Generator):
    """A copy of a Generator that a VJP graph draws from again."""


class ScratchRandomState(np.random.RandomState):
    """A copy of a RandomState that a VJP graph draws from again."""


def is_scratch(obj):
    return isinstance(obj, (ScratchGenerator, ScratchRandomState))


def scratch_for(rng):
    """A new scratch copy of generator `rng` (a VJP graph restores its state before drawing)."""
    if isinstance(rng, np.random.RandomState):
        return ScratchRandomState(copy.deepcopy(rng._bit_generator))
    return ScratchGenerator(copy.deepcopy(rng.bit_generator))


def state_aval(rng):
    return AbstractValue(np.uint64, (state_words(rng),))


_DRAWN = weakref.WeakKeyDictionary()  # graph -> the generators its draws draw from


def generators_drawn(graph):
    """The generators that `graph` or a graph nested in it draws from, or reads or restores the
    state of, in order of first use (scratch copies too: a VJP graph that draws from one is
    differentiated as any other)."""
    found = _DRAWN.get(graph)
    if found is None:
        objects, found = dict(graph.resources), {}
        for eq in graph.equations:
            if eq.primitive in ('draw', 'rng_state', 'rng_restore'):
                obj = objects[eq.inputs[0]]
                found[id(obj)] = obj
            for sub in sub_graphs(eq.params):
                found.update((id(g), g) for g in generators_drawn(sub))
        found = _DRAWN[graph] = tuple(found.values())
    return found


def first_real_draw(graph):
    """The first draw of `graph` (or of a graph nested in it) on a generator that is not a
    scratch copy, or None."""
    objects = dict(graph.resources)
    for eq in graph.equations:
        if eq.primitive == 'draw' and not is_scratch(objects[eq.inputs[0]]):
            return eq
        for sub in sub_graphs(eq.params):
            found = first_real_draw(sub)
            if found is not None:
                return found
    return None


def on_scratch(eq, objects):
    """True if `eq` draws from, or restores, a scratch generator (here or in a nested graph):
    a VJP graph keeps it, since later draws depend on the state it leaves."""
    if eq.primitive in ('draw', 'rng_restore', 'rng_state'):
        return is_scratch(objects.get(eq.inputs[0]))
    return any(_scratch_in(sub) for sub in sub_graphs(eq.params))


_SCRATCH_IN = weakref.WeakKeyDictionary()  # graph -> whether it draws from a scratch copy


def _scratch_in(graph):
    found = _SCRATCH_IN.get(graph)
    if found is None:
        objects = dict(graph.resources)
        found = _SCRATCH_IN[graph] = any(on_scratch(eq, objects) for eq in graph.equations)
    return found


def rebound(graph, scratches):
    """`graph` drawing from the scratch copies `scratches` (id(generator) -> copy) instead of
    the generators, in its nested graphs too."""
    if not any(id(obj) in scratches for obj in _all_resources(graph)):
        return graph
    equations = tuple(rebound_equation(eq, scratches) for eq in graph.equations)
    resources = tuple((var, scratches.get(id(obj), obj)) for var, obj in graph.resources)
    return dataclasses.replace(graph, equations=equations, resources=resources)


def rebound_equation(eq, scratches):
    if not any(True for _ in sub_graphs(eq.params)):
        return eq
    params = {name: _rebound_param(value, scratches) for name, value in eq.params.items()}
    return dataclasses.replace(eq, params=params)


def _rebound_param(value, scratches):
    if isinstance(value, Graph):
        return rebound(value, scratches)
    if isinstance(value, tuple):
        return tuple(_rebound_param(v, scratches) for v in value)
    return value


def _all_resources(graph):
    for _, obj in graph.resources:
        yield obj
    for eq in graph.equations:
        for sub in sub_graphs(eq.params):
            yield from _all_resources(sub)


def restoring(graph, generators, positions):
    """`graph` drawing from scratch copies of `generators` instead, which it first restores to
    the states its inputs at `positions` hold (one per generator)."""
    scratches = {id(g): scratch_for(g) for g in generators}
    body = rebound(graph, scratches)
    resources = list(body.resources)
    held = {id(obj): var for var, obj in resources}
    prologue = []
    for g, position in zip(generators, positions):
        scratch = scratches[id(g)]
        var = held.get(id(scratch))
        if var is None:
            var = Var(RngType('RandomState' if isinstance(g, np.random.RandomState)
                              else 'Generator'))
            resources.append((var, scratch))
        prologue.append(Equation('rng_restore', (var, body.inputs[position]), {}, ()))
    return dataclasses.replace(body, equations=(*prologue, *body.equations),
                               resources=tuple(resources))


def with_inputs(graph, avals, at=None):
    """`graph` taking extra inputs of types `avals` that it does not read, inserted at index
    `at` of its inputs (at the end by default)."""
    at = len(graph.inputs) if at is None else at
    extra = tuple(Var(a) for a in avals)
    return dataclasses.replace(graph, inputs=graph.inputs[:at] + extra + graph.inputs[at:])


def read_states(builder, equations, index, generators):
    """Stage `rng_state` reads of `generators` before equation `index` of `equations` (those of
    `builder`, the graph being built); their tensors."""
    reads = []
    for g in generators:
        var = Var(state_aval(g))
        builder._names[var] = f"{builder._unique('rng_state')}:0"
        reads.append(Equation('rng_state', (builder.capture_resource(g),),
                              {'words': state_words(g)}, (var,)))
    equations[index:index] = reads
    return [Tensor(eq.outputs[0], builder, eq) for eq in reads]


def carrying_states(graph, generators, carried, outputs=True):
    """A loop's cond or body (`outputs`) taking the states of `generators` as extra carried
    values after its first `carried` inputs; the body gives their states at its end."""
    extended = with_inputs(graph, [state_aval(g) for g in generators], at=carried)
    if not outputs:
        return extended
    resources = list(extended.resources)
    held = {id(obj): var for var, obj in resources}
    reads, states = [], []
    for g in generators:
        var = held.get(id(g))
        if var is None:
            var = Var(RngType('RandomState' if isinstance(g, np.random.RandomState)
                              else 'Generator'))
            resources.append((var, g))
        state = Var(state_aval(g))
        reads.append(Equation('rng_state', (var,), {'words': state_words(g)}, (state,)))
        states.append(state)
    return dataclasses.replace(
        extended, equations=(*extended.equations, *reads), resources=tuple(resources),
        outputs=(*extended.outputs[:carried], *states, *extended.outputs[carried:]))
