"""Eager recording: the ops run on values a gradient tape follows (`Tracked`), and recorded.

numpy arrays cannot record anything, so a value a tape follows is a `Tracked`
object (`tracked.py`) whose ufuncs, numpy functions, indexing and methods go
through the same dispatch symbolic tensors use (`runtime.tracing.numpy_api`),
which maps each call to a registered op. Without a
graph being built, `tracing.bind` hands the op to `bind` here: it runs the
op's numpy implementation on plain arrays and, for every recording tape that
follows one of the inputs, appends an IR `Equation` with the values it read.
So eager tapes and traces differentiate the same equations with the same rules.
An `rt.function` called under a tape is one such op, `call` of its graph: the
tapes record it when they follow an input or a variable its graph reads.
"""
from .. import graph_ops
from ..backends.executor.op_calls import with_callables
from ..ir.core import Equation, Graph, Literal, Var
from ..ir.liveness import sub_graphs
from ..tracing import builders as tracing
from ..user_objects import recording_tapes
from ..user_objects.resource_variables import Variable
from . import snapshots
from . import tracked as _tracked
from .subgraphs import compiled
from .tracked import Tracked, plain, track  # noqa: F401  (for callers)
from .variable_cotangents import variables_read


def bind(primitive, inputs, params):
    """`tracing.bind` without a graph: run the op; record it on the tapes following an input.
    NotImplemented unless an input is Tracked."""
    graphs = list(sub_graphs(params)) if params else None
    if graphs:
        return _bind_with_graphs(primitive, inputs, params, graphs)
    if Tracked not in map(type, inputs):
        return NotImplemented
    if any(isinstance(x, Variable) for x in inputs):
        inputs = [x.read_value() if isinstance(x, Variable) else x for x in inputs]  # recorded
    op = graph_ops.get(primitive)
    result = op.evaluate([x._value if x.__class__ is Tracked else x for x in inputs], params)
    return _record(primitive, op, inputs, params, result, _following(inputs, ()), None)


def _bind_with_graphs(primitive, inputs, params, graphs):
    """`bind` for ops holding sub-graphs (calls, conds, loops): tapes following a variable those
    graphs read record the op too, and the graphs run compiled."""
    reading = _tapes_reading(graphs)
    if not reading and not any(x.__class__ is Tracked for x in inputs):
        return NotImplemented
    inputs = [x.read_value() if isinstance(x, Variable) else x for x in inputs]  # reads recorded
    op = graph_ops.get(primitive)
    params, given = _reading_first(primitive, params)
    result = op.evaluate([plain(x) for x in inputs], _callable_params(params))
    return _record(primitive, op, inputs, params, result, _following(inputs, reading), given,
                   holds_graphs=True)


def _following(inputs, reading):
    """The recording tapes that follow an input, or are in `reading`."""
    followed = [x._var for x in inputs if x.__class__ is Tracked]
    return [t for t in recording_tapes.state.tapes
            if t in reading or not t._record.followed.isdisjoint(followed)]


def _record(primitive, op, inputs, params, result, tapes, given, holds_graphs=False):
    """`result` (outputs Tracked), its equation recorded on `tapes`; as is without tapes."""
    if not tapes:
        return result[:given] if op.multiple_results else result
    results = result if op.multiple_results else (result,)
    if any(map(_is_complex, results)):
        # a complex result of a followed value would silently lose its gradient
        raise _tracked.not_recordable(
            f'numpy op {primitive!r}', 'its result is complex, and gradient tapes follow real '
            'floating values only')
    outs = [track(r, fresh=True) if _is_float(r) else r for r in results]
    atoms = tuple([x._var if x.__class__ is Tracked else _atom(x) for x in inputs])
    out_vars = tuple([o._var if o.__class__ is Tracked else Var(None) for o in outs])
    # finding the user's line walks the stack: only the error of an op without a rule uses it
    source = tracing.source_location() if primitive not in graph_ops.GRADIENTS else None
    equation = Equation(primitive, atoms, params, out_vars, source)
    for tape in tapes:
        tape._record.record(equation, inputs, outs, holds_graphs)
    return outs[:given] if op.multiple_results else outs[0]


def _reading_first(primitive, params):
    """(params, how many outputs the caller gets): a `call` made one that also gives the values
    of the variables its graph reads, for its gradient (`snapshots`)."""
    reading = snapshots.reading_first(params['graph']) if primitive == 'call' else None
    if reading is None:
        return params, None
    return {'graph': reading}, len(params['graph'].outputs)


def _atom(x):
    return Literal(x) if x is None or type(x) in (bool, int, float, complex) else Var(None)


def _is_float(value):
    return getattr(value, 'dtype', None) is not None and value.dtype.kind == 'f'


def _is_complex(value):
    return getattr(value, 'dtype', None) is not None and value.dtype.kind == 'c'


def _tapes_reading(graphs):
    """The recording tapes that follow a variable `graphs` read."""
    read = [v for graph in graphs for v in variables_read(graph)]
    return [t for t in recording_tapes.state.tapes if any(t._record.follows(v) for v in read)]


def _callable_params(params):
    if not any(isinstance(v, Graph) for v in params.values()):
        return params
    return with_callables(params, compiled)


tracing.eager_bind = _tracked.bind = bind
