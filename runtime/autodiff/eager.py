"""Eager recording: `Tracked`, the numpy array a gradient tape follows, and the ops it records.

numpy arrays cannot record anything, so a value a tape follows is a `Tracked`
array: a read-only ndarray subclass whose ufuncs, numpy functions, indexing
and methods go through the same dispatch symbolic tensors use
(`runtime.tracing.numpy_api`), which maps each call to a registered op. Without a
graph being built, `tracing.bind` hands the op to `bind` here: it runs the
op's numpy implementation on plain arrays and, for every recording tape that
follows one of the inputs, appends an IR `Equation` with the values it read.
So eager tapes and traces differentiate the same equations with the same rules.
An `rt.function` called under a tape is one such op, `call` of its graph: the
tapes record it when they follow an input or a variable its graph reads.
"""
import numpy as np

from ..tracing import numpy_api, builders as tracing
from .. import ops
from ..ops.elementwise import UFUNCS
from ..ir.core import Equation, Graph, Literal, Var
from ..api.resource_variables import Variable
from ..api import recording_tapes
from ..ir.liveness import sub_graphs
from . import snapshots
from .variable_cotangents import variables_read

_IMMUTABLE = ('values a gradient tape follows are immutable, as TensorFlow tensors are: write '
              '`x = x + 1` (a new value) instead of updating it in place')


_SIZES = (np.shape, np.ndim, np.size)  # plain answers, as for any array


class Tracked(np.ndarray):
    """A read-only numpy array recorded by gradient tapes (`tape.watch(x)` returns one)."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if kwargs.get('out') is not None or method == 'at':
            raise TypeError(_IMMUTABLE)
        if method == '__call__' and not kwargs and UFUNCS.get(ufunc.__name__) is ufunc and \
                tracing.current_builder() is None:  # the common case: straight to `bind`
            return bind(ufunc.__name__, inputs, {})
        return numpy_api.array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        if func in numpy_api.HANDLERS and func not in _SIZES:
            return numpy_api.array_function(func, types, args, kwargs)
        return func(*_plain_all(args), **dict(zip(kwargs, _plain_all(kwargs.values()))))

    def __getitem__(self, index):
        return numpy_api.getitem(self, index)

    def __setitem__(self, index, value):
        raise TypeError(_IMMUTABLE)

    def __repr__(self):
        return repr(self.view(np.ndarray))

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        params = {} if casting == 'unsafe' else {'casting': casting}
        return tracing.bind('astype', self, dtype=np.dtype(dtype), **params)

    def reshape(self, *shape, order='C'):
        shape = shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape
        return np.reshape(self, shape, order=order)

    def transpose(self, *axes):
        axes = axes[0] if len(axes) == 1 and not isinstance(axes[0], int) else axes or None
        return np.transpose(self, axes)

    T = property(lambda self: np.transpose(self))

    def numpy(self):
        return self.view(np.ndarray).copy()


def _method(function):
    """A method of Tracked that calls numpy's `function` (recorded through numpy's dispatch)."""
    return lambda self, *args, **kwargs: function(self, *args, **kwargs)


for _name in ('sum', 'prod', 'mean', 'std', 'var', 'max', 'min', 'cumsum', 'cumprod', 'clip',
              'swapaxes', 'squeeze', 'ravel', 'flatten', 'take', 'copy', 'dot', 'round'):
    setattr(Tracked, _name, _method(getattr(np, 'ravel' if _name == 'flatten' else _name)))


def plain(x):
    return x.view(np.ndarray) if x.__class__ is Tracked else x


def _plain_all(values):
    return [type(v)(map(plain, v)) if isinstance(v, (list, tuple)) else plain(v) for v in values]


def track(value, tape_var=None):
    """`value` as a Tracked array standing for a new variable (or `tape_var`)."""
    tracked = (value if value.__class__ is np.ndarray else np.asarray(value)).view(Tracked)
    tracked.flags.writeable = False
    tracked._var = tape_var or Var(None)
    return tracked


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
    op = ops.get(primitive)
    result = op.evaluate([x.view(np.ndarray) if x.__class__ is Tracked else x for x in inputs],
                         params)
    return _record(primitive, op, inputs, params, result, _following(inputs, ()), None)


def _bind_with_graphs(primitive, inputs, params, graphs):
    """`bind` for ops holding sub-graphs (calls, conds, loops): tapes following a variable those
    graphs read record the op too, and the graphs run compiled."""
    reading = _tapes_reading(graphs)
    if not reading and not any(x.__class__ is Tracked for x in inputs):
        return NotImplemented
    inputs = [x.read_value() if isinstance(x, Variable) else x for x in inputs]  # reads recorded
    op = ops.get(primitive)
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
    outs = [track(r) if _is_float(r) else r for r in results]
    atoms = tuple([x._var if x.__class__ is Tracked else _atom(x) for x in inputs])
    out_vars = tuple([o._var if o.__class__ is Tracked else Var(None) for o in outs])
    # finding the user's line walks the stack: only the error of an op without a rule uses it
    source = tracing.source_location() if primitive not in ops.GRADIENTS else None
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


def _tapes_reading(graphs):
    """The recording tapes that follow a variable `graphs` read."""
    read = [v for graph in graphs for v in variables_read(graph)]
    return [t for t in recording_tapes.state.tapes if any(t._record.follows(v) for v in read)]


def _callable_params(params):
    if not any(isinstance(v, Graph) for v in params.values()):
        return params
    from ..execution.shared import with_callables
    from .subgraphs import compiled
    return with_callables(params, compiled)


tracing.eager_bind = bind
