"""Graph loops: one `while` op whose body is traced once (again only if a variable's type widens).

A loop carries its predicate `t` first: the caller computes the first test
(it was already evaluated to choose a graph loop), and the body computes the
next one at its end, so every test runs exactly as often as in Python, after
the break and return flags of `extra_test`. The cond graph only reads `t`
(and, under `maximum_iterations`, the count of iterations). Then come the
caller's extra variables (a for loop's index), that count, the state's leaves
(`loop_vars`), and one flag per variable first set inside the loop, which
makes using it after a loop that never ran raise UnboundLocalError when the
graph runs.
"""
import numpy as np

from ..errors import StagingError
from ..ir import structure
from ..ir.core import AbstractValue
from ..tracing import builders
from ..tracing.builders import GraphBuilder, current_builder
from ..tracing.graph_lists import GraphList, as_graph_list
from ..tracing.joined_values import aval_of, convert, dummy
from ..tracing.memory import aliasing, made_arrays
from ..tracing.python_numbers import wrap
from ..tracing.tensor import Tensor
from . import cf_arrays
from .cf_arrays import LoopArrays
from .cond import check_depth, defer_raise, facts, shared_inputs, truth
from .loop_vars import initial_specs, widen

_MAX_TRACES = 8
_BOOL = AbstractValue(np.bool_, ())
_COUNT = AbstractValue(np.int64, ())


class Loop:
    """One graph loop being staged: `step(extra)` runs an iteration and gives (t, extra')."""

    def __init__(self, state, where, opts, extra=()):
        self.state, self.where = state, where
        opts = opts or {}
        self.limit = opts.get('maximum_iterations')
        self.extra = list(extra)  # (name, initial value) of the caller's own loop variables
        self.invariant_pairs = opts.get('shape_invariants') or ()
        self.parent = current_builder()
        self.arrays = LoopArrays()  # memory updated in place by the body, carried
        self.bound = {}  # variable -> arrays from before the loop the body binds it to
        check_depth(self.parent, where)

    def stage(self, first_test, step):
        """Trace, stage the `while` op and write the final state; the extra variables' results."""
        before = self.state.snapshot()
        init = self.state.read()
        self.numpy_state = cf_arrays.NumpyState.of(self.state.numpy_arrays(init))
        self.invariants = {id(made_arrays.resolve(v)): None if s is None else tuple(s)
                           for v, s in self.invariant_pairs}  # made arrays are promoted now
        specs = [initial_specs(n, v, self.invariants) for n, v in zip(self.state.names, init)]
        for spec in (s for _, group in specs for s in group if s.kind == 'object'):
            self.arrays.carry(aliasing.buffer_of(spec.initial))
        for _ in range(_MAX_TRACES):
            traced = self._trace(specs, step)
            self.state.restore(before)
            self.state.write(init)
            wider = [widen(group, tree, out, self.where, self.invariants)
                     for (tree, group), out in zip(specs, traced.objects)]
            grew = self._record_bound(specs, traced)
            if all(w is None for w in wider) and not traced.more_arrays and not grew:
                return self._emit(first_test, specs, traced)
            specs = [(w[1], w[0]) if w is not None else s for w, s in zip(wider, specs)]
        raise StagingError(f'the types of the graph loop at {self.where} do not settle')

    def _trace(self, specs, step):
        builder = GraphBuilder(parent=self.parent)
        with builder:
            builder.placeholder(_BOOL, 't')
            extra = [wrap(builder.placeholder(aval_of(v), name)) for name, v in self.extra]
            count = builder.placeholder(_COUNT, 'count') if self.limit is not None else None
            self.state.write([self._placeholders(builder, tree, group) for tree, group in specs])
            self.arrays.enter(builder)
            for _ in (s for _, group in specs for s in group if s.flagged):
                builder.placeholder(_BOOL, 'defined')
            values = self.state.read()[:len(specs)]
            try:
                try:
                    t_next, extra_next = step(extra)
                except Exception as exc:  # a body that always raises: when it runs, at run time
                    defer_raise(builder, exc)
                    self.state.write(values)
                    t_next, extra_next = False, extra
                if self.numpy_state is not None:
                    self.numpy_state.check(f'the loop at {self.where}')
                outs = [as_graph_list(out) if group[0].kind == 'list' else out
                        for (_, group), out in zip(specs, self.state.read())]
                traced = _Traced(builder, (t_next, extra_next, count), outs,
                                 self.arrays.outputs())
            finally:
                more_arrays = self.arrays.leave(builder)  # restores the arrays the body updated
        traced.more_arrays = more_arrays
        return traced

    def _emit(self, first_test, specs, traced):
        builder, (t_next, extra_next, count) = traced.builder, traced.next
        outs, array_outs = traced.values, traced.array_outs
        carried = [pair for (_, group), out in zip(specs, outs) for pair in _carried(group, out)]
        flagged = [spec for spec, _ in carried if spec.flagged]
        inits = [first_test] + [v for _, v in self.extra]
        inits += [np.int64(0)] if self.limit is not None else []
        inits += [_initial(spec) for spec, _ in carried] + self.arrays.initial()
        inits += [np.False_] * len(flagged)
        with builder:  # the body's last ops: its next test, counter and converted results
            body_outs = [convert(builder, truth(t_next), _BOOL)]
            body_outs += [convert(builder, v, aval_of(e)) for v, (_, e) in
                          zip(extra_next, self.extra)]
            body_outs += [count + 1] if self.limit is not None else []
            body_outs += [_output(builder, spec, value) for spec, value in carried] + array_outs
            body = builder.finish(body_outs + [np.True_] * len(flagged))
        cond_builder, cond = self._cond_graph(body.in_avals[:len(inits)])
        union, (body, cond) = shared_inputs([builder, cond_builder], [body, cond], own=len(inits))
        results = self.parent.emit('while', [*inits, *union],
                                   {'cond': cond, 'body': body, 'carried': len(inits)})
        known = {} if self.limit is not None or not isinstance(t_next, Tensor) else \
            facts(t_next, False)
        leaves = iter(results[len(inits) - len(carried) - len(array_outs) - len(flagged):])
        by_spec = {id(spec): self._result(spec, _known(wrap(next(leaves)), value, known))
                   for spec, value in carried}
        self.arrays.finish([next(leaves) for _ in array_outs])
        for spec in flagged:
            by_spec[id(spec)] = wrap(self.parent.emit(
                'check_defined', [next(leaves), by_spec[id(spec)]], {'name': spec.name}))
        self.state.write([_final(tree, group, by_spec) for tree, group in specs])
        return [wrap(r) for r in results[1:1 + len(self.extra)]]

    def _placeholders(self, builder, tree, group):
        """The values a body trace starts from; an array it rebinds is the old one at first."""
        values = _placeholders(builder, tree, group)
        leaves = []
        structure.flatten(values, leaves)
        for spec, value in zip(group, leaves):
            candidates = [spec.initial, *self.bound.get(spec.name, {}).values()]
            objects = [o for o in candidates if aliasing.is_array_object(o)]
            if spec.kind == 'value' and isinstance(spec.initial, np.ndarray) and \
                    made_arrays.is_numpy_array(spec.initial):
                aliasing.may_share(value, [spec.initial], cf_arrays.numpy_state_why(
                    spec.variable, f'the loop at {self.where}'))
            if spec.kind == 'value' and objects:
                cf_arrays.mark(value, objects, f'in the loop at {self.where}, which array '
                               f'`{spec.variable}` is at the start of an iteration depends on '
                               'the iteration (the loop rebinds it)')
            elif isinstance(value, Tensor):  # a number (numpy scalar) stays immutable in the body
                aliasing.set_kind(value, not any(isinstance(o, np.ndarray) for o in candidates)
                                  and not objects)  # a 0-d array object stays an array
        return values

    def _record_bound(self, specs, traced):
        """Note the memory from before the loop that the body binds variables to (arrays, or
        views of them); True if some is new."""
        grew = False
        for (_, group), out in zip(specs, traced.objects):
            leaves = []
            structure.flatten(out, leaves)
            for spec, leaf in zip(group, leaves):
                key = _outer_memory(leaf, traced.builder)
                known = self.bound.setdefault(spec.name, {})
                if key is not None and leaf is not spec.initial and key not in known:
                    known[key] = leaf
                    grew = grew or spec.kind == 'value'
        return grew

    def _result(self, spec, value):
        """A rebound array variable after the loop: maybe one of the arrays it was bound to."""
        objects = [o for o in [spec.initial, *self.bound.get(spec.name, {}).values()]
                   if aliasing.is_array_object(o) or isinstance(o, np.ndarray) and
                   made_arrays.is_numpy_array(o)]
        if isinstance(value, Tensor) and objects:
            cf_arrays.mark(value, objects, f'after the loop at {self.where}, which array '
                           f'`{spec.variable}` is depends on how often the loop ran')
        return value

    def _cond_graph(self, avals):
        builder = GraphBuilder(parent=self.parent)
        with builder:
            inputs = [builder.placeholder(a) for a in avals]
            test = inputs[0]
            if self.limit is not None:
                test = np.logical_and(test, np.less(inputs[1 + len(self.extra)], self.limit))
            return builder, builder.finish([test])


class _Traced:
    """One trace of a loop body: its next test and extra values, the state it left (`objects`,
    and `values`: their values then), the values of the arrays it carries."""

    def __init__(self, builder, next_values, objects, array_outs):
        self.builder, self.next, self.objects, self.array_outs = builder, next_values, objects, \
            array_outs
        self.values = [structure.map_leaves(_value_now, out) for out in objects]
        self.more_arrays = False


def _outer_memory(leaf, builder):
    """A key for the memory from outside the loop body (of `builder`) that `leaf` lives in, or
    may live in (a result of an inner loop or cond that may be an array from before)."""
    if not aliasing.is_array_object(leaf):
        return None
    ref = leaf._ref
    buffer = ref.buffer if ref is not None else None
    if buffer is not None and buffer.root._builder is not builder:
        return id(buffer)
    if buffer is None and leaf._builder is not builder:
        return id(leaf)
    for maybe, _ in ref.maybe if ref is not None else ():
        if maybe.root is None:  # a numpy array's memory: the array is the key
            return next(iter(maybe.members))
        if builders.encloses(maybe.root._builder, builder.parent):
            return id(maybe)
    return None


def _value_now(leaf):
    return aliasing.snapshot(leaf) if isinstance(leaf, Tensor) else leaf


def _placeholders(builder, tree, group):
    values = []
    for spec in group:
        if spec.kind == 'list':
            values.append(GraphList(builder.placeholder(spec.carried_aval(), spec.name), spec.elem)
                          if spec.elem is not None else GraphList())
        elif spec.carried:
            values.append(wrap(builder.placeholder(spec.aval, spec.variable)))
        else:
            values.append(spec.initial)
    return values[0] if tree is None else structure.unflatten(tree, values)


def _carried(group, out):
    """(spec, the body's value) of a variable's carried leaves."""
    if group[0].kind == 'list':
        return [(group[0], out)] if group[0].carried else []
    leaves = []
    structure.flatten(out, leaves)  # `widen` checked that it has the structure of the specs
    return [(s, v) for s, v in zip(group, leaves) if s.carried]


def _initial(spec):
    if spec.kind == 'list':
        graph_list = as_graph_list(spec.initial)
        return GraphList(graph_list.buf, graph_list.elem or spec.elem).buffer()
    if spec.kind == 'late':
        return dummy(spec.aval)
    return convert(current_builder(), spec.initial, spec.aval)


def _output(builder, spec, value):
    if spec.kind == 'list':
        return GraphList(value.buf, value.elem or spec.elem).buffer()
    return convert(builder, value, spec.aval)


def _known(result, body_value, known):
    if isinstance(body_value, Tensor) and body_value._var in known:
        return known[body_value._var]
    return result


def _final(tree, group, by_spec):
    values = []
    for spec in group:
        result = by_spec.get(id(spec), spec.initial)
        if spec.kind == 'list' and spec.carried:
            result = GraphList(result, spec.elem)
        values.append(result)
    return values[0] if tree is None else structure.unflatten(tree, values)
