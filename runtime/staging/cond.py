"""Graph `if`: both branches traced into sub-graphs, their results merged by one `cond` op.

Each path runs in a nested GraphBuilder from the same starting state; the
state (declared and hidden, see `cf_state`) each leaves is merged variable by
variable (`merge`), and the values that differ become the cond's outputs. A
path that raises an exception with a `raise` statement of user code ends in a
`raise` op instead: it raises when the graph runs and takes that path, as the
Python code would (TensorFlow would raise while tracing, on every call).
"""
import dataclasses
import dis

import numpy as np

from ..converted_code import sourcemap
from ..converted_code.frames import is_internal
from ..errors import AgError, StagingError
from ..ir import structure
from ..ir.core import Var
from ..ir.liveness import graph_has_effects
from ..tracing.builders import GraphBuilder, current_builder, source_location
from ..tracing.graph_lists import GraphList
from ..tracing.joined_values import convert
from ..tracing.memory import journals, made_arrays, stale
from ..tracing.python_numbers import wrap
from ..tracing.tensor import Tensor
from . import cf_arrays
from .cf_state import is_empty
from .merge import BOTTOM, Context, FromPredicate, Merger, Output

MAX_DEPTH = 50  # nested graph control flow deeper than this is taken to be runaway recursion
_RAISES = frozenset(('RAISE_VARARGS', 'RERAISE'))


def predicate(value, where, construct):
    """The bool scalar tensor deciding a graph `if`/loop: `value` itself, or `value != 0`."""
    if isinstance(value, GraphList):
        return np.greater(value.length(), 0)
    aval = value.aval
    at = f' at {where}' if where else ''
    if aval.shape != ():
        if aval.shape is None or any(d != 1 for d in aval.shape):
            raise ValueError(
                f'the condition of the {construct}{at} is a tensor of shape {aval.shape}: its '
                'truth value is ambiguous (numpy raises the same). A graph condition is a single '
                'value: reduce it with np.any(...) or np.all(...), or choose values elementwise '
                'with np.where(...)')
        value = value.reshape(())
    if aval.dtype == np.bool_:
        return value
    if aval.dtype.kind not in 'iufc':
        raise TypeError(f'the condition of the {construct}{at} is a {aval.dtype} tensor; a graph '
                        'condition must be a number or a bool')
    return np.not_equal(value, 0)


def check_depth(parent, where):
    depth = 0
    while parent is not None:
        depth, parent = depth + 1, parent.parent
    if depth > MAX_DEPTH:
        raise StagingError(
            f'graph control flow is nested more than {MAX_DEPTH} levels deep at {where}: this is '
            'usually a recursive function whose recursion depends on a tensor, which a graph '
            'cannot express (both branches of every tensor `if` are traced). Write the '
            'recursion as a loop.')


def facts(pred, value):
    """What taking a path tells about tensors: {var: Python bool} for `pred` and its negations.

    A negated tensor captured from an enclosing graph is known by its outer
    variable too (the converter's `if not do_return:` inside another branch).
    """
    known, builder = {}, pred._builder
    while True:
        known[pred._var] = value
        op = pred._op
        if op is None or op.primitive != 'logical_not' or not isinstance(op.inputs[0], Var):
            break
        pred, value = Tensor(op.inputs[0], builder), not value
    for outer, inner in builder._captures.items():
        if inner in known:
            known[outer] = known[inner]
    return known


def refine(values, known):
    """`values` with tensors whose value a path implies replaced by that Python bool."""
    return [known.get(v._var, v) if isinstance(v, Tensor) else v for v in values]


def trace_path(fn, parent):
    """(builder, fn's result) of `fn` traced in a new graph nested in `parent`.

    An exception raised by a `raise` statement of user code becomes a `raise`
    op, and the result is BOTTOM; any other exception propagates now. Arrays
    the path updated in place are restored afterwards, their final values kept
    in `builder.updated` (see `cf_arrays`).
    """
    builder = GraphBuilder(parent=parent)
    with builder:
        try:
            try:
                result = fn()
            except Exception as exc:
                defer_raise(builder, exc)
                result = BOTTOM
            if result is not BOTTOM:
                result = cf_arrays.path_values(builder, result)
        finally:
            builder.updated = journals.undo(builder)
    return builder, result


def defer_raise(builder, exc):
    """Stage `exc` as a `raise` op if a `raise` statement of user code raised it; else re-raise."""
    if not _raised_by_user(exc):
        raise exc
    sourcemap.note_original_location(exc, exc.__traceback__)
    exc.__traceback__ = None  # no frames of this trace kept alive
    builder.emit('raise', [], {'exception': exc})


def _raised_by_user(exc):
    if isinstance(exc, (AgError, RecursionError)) or exc.__traceback__ is None:
        return False
    tb = exc.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    if is_internal(tb.tb_frame) or tb.tb_lasti < 0:
        return False
    return dis.opname[tb.tb_frame.f_code.co_code[tb.tb_lasti]] in _RAISES


def finish(pred, paths, names, context, required=None):
    """Merge the values the two paths give for `names`; stage the cond; the merged values.

    Only the first `required` names (default: all) must merge; the others
    (hidden state, see `cf_state`) merge when they can and are BOTTOM otherwise.
    """
    values = [r if r is not BOTTOM else [BOTTOM] * len(names) for _, r in paths]
    merger = Merger(context, [b for b, _ in paths])
    required = len(names) if required is None else required
    merged = [merger.merge(n, a, b) if i < required else _merge_hidden(merger, n, a, b)
              for i, (n, a, b) in enumerate(zip(names, *values))]
    updated = cf_arrays.updates(paths)
    merged_updates = [merger.merge('an array updated in place', *v, identity=False)
                      for _, v in updated]
    outputs = _emit(pred, [b for b, _ in paths], merger)
    cf_arrays.apply([b for b, _ in updated], [_resolve(m, outputs, pred) for m in merged_updates])
    for builder, _ in paths:  # what a path made stale is stale after the cond
        if builder.stale:
            stale.restale(builder.stale)
    for output, objects, name in merger.origins:
        cf_arrays.mark(outputs[output.index], objects, f'which array `{name}` is depends on the '
                       f'path taken by the {context.construct} at {context.where}')
    return [_resolve(m, outputs, pred) for m in merged]


def _merge_hidden(merger, name, a, b):
    if a is not b and (is_empty(a) or is_empty(b)):
        return BOTTOM
    try:
        return merger.merge(name, a, b)
    except StagingError:
        return BOTTOM


def _emit(pred, builders, merger):
    graphs = []
    for builder, values in zip(builders, (merger.first, merger.second)):
        outs = [convert(builder, v, t) for v, t in zip(values, merger.types)]
        graphs.append(builder.finish(outs))
    if not merger.types and not any(map(graph_has_effects, graphs)):
        return []
    union, graphs = shared_inputs(builders, graphs)
    parent = builders[0].parent
    return parent.emit('cond', [pred, *union],
                       {'true_branch': graphs[0], 'false_branch': graphs[1]})


def shared_inputs(builders, graphs, own=0):
    """(outer tensors, graphs): every graph takes the union of what the builders captured.

    The first `own` inputs of each graph (placeholders) stay first.
    """
    union, seen = [], set()
    for builder in builders:
        for outer in builder.captured:
            if outer._var not in seen:
                seen.add(outer._var)
                union.append(outer)
    result = []
    for builder, graph in zip(builders, graphs):
        mine = dict(zip((t._var for t in builder.captured), graph.inputs[own:]))
        inputs = graph.inputs[:own] + tuple(mine.get(t._var) or Var(t._var.aval) for t in union)
        result.append(dataclasses.replace(graph, inputs=inputs))
    return union, result


def _resolve(merged, outputs, pred):
    """A merged value with the cond's outputs (and the predicate) in place of its markers."""
    def leaf(value):
        if isinstance(value, Output):
            return wrap(outputs[value.index])
        if isinstance(value, FromPredicate):
            return pred if value.when_true else np.logical_not(pred)
        if isinstance(value, GraphList):
            return GraphList(leaf(value.buf), value.elem)
        return value
    return structure.map_leaves(leaf, merged)


def cond_value(pred, fns, context, name='result'):
    """The value of `fns[0]()` if `pred` else `fns[1]()`, both traced, as one merged value."""
    parent = current_builder()
    check_depth(parent, context.where)
    paths = [trace_path(lambda fn=fn: made_arrays.for_control_flow([fn()], parent), parent)
             for fn in fns]  # made arrays from before it: promoted (if_stmt's state does so)
    (value,) = finish(pred, paths, [name], context)
    return None if value is BOTTOM else value


def truth(value):
    """A value's truth for a graph: a bool tensor, or a Python bool."""
    if isinstance(value, (Tensor, GraphList)):
        return predicate(value, source_location(), 'boolean operation')
    return bool(value)


def cond(pred, true_fn, false_fn):
    """`rt.cond`: `true_fn()` if `pred` else `false_fn()`; on a tensor, one cond op of both."""
    if not isinstance(pred, Tensor):
        return true_fn() if pred else false_fn()
    where = source_location()
    context = Context(where, '`rt.cond`')
    return cond_value(predicate(pred, where, '`rt.cond`'), (true_fn, false_fn), context)
