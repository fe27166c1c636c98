"""Tracing: graph builders (a stack per thread, `trace_state`); `bind` stages an op in the innermost.

    with GraphBuilder() as builder:           # current in this thread until the block ends
        x = builder.placeholder(AbstractValue(np.float32, (None, 3)), name='x')
        y = np.sin(x) + 1.0                   # numpy dispatch -> bind('sin', x) ...
        graph = builder.finish([y])

A nested builder (`GraphBuilder(parent=outer)`, for a branch or a loop body)
captures the enclosing graphs' tensors it uses as extra inputs: `finish` appends
them to the graph's inputs, and `builder.captured` lists the outer tensors to
pass for them.
"""

import numpy as np

from .. import graph_ops
from ..converted_code.frames import user_frame  # noqa: F401  (for callers)
from ..converted_code.sourcemap import is_converted, source_location  # noqa: F401  (for callers)
from ..errors import MutationError
from ..ir.core import PYTHON_NUMBERS, AbstractValue, Equation, Graph, Literal, Var
from . import errstate_regions, tensor, trace_state
from .resources import Followed, Resource, resource_type  # noqa: F401  (Followed: for callers)
from .trace_state import current_builder  # noqa: F401  (imported from here by the graph modules)

AFTER_BIND = {}  # primitive -> hook(inputs, params, result) run after `bind` stages it (views.py)
eager_bind = None  # runs an op eagerly for values gradient tapes follow (runtime.autodiff.eager)


class StaleBuilder:
    """The builder of a tensor whose value a graph cannot know (see `stale`): using it as an
    op's input raises MutationError saying why."""
    __slots__ = ('builder', 'message')

    def __init__(self, builder, message):
        self.builder, self.message = builder, message

    def __getattr__(self, name):  # its name, its graph: those of the tensor's real builder
        return getattr(self.builder, name)


class GraphBuilder:
    """A graph under construction; `with builder:` makes it the current one in this thread."""

    def __init__(self, parent=None):
        self.parent = parent
        self.captured = []  # outer tensors captured, in the order of their inputs
        self._inputs, self._equations = [], []
        self._consts, self._resources, self._captures = {}, {}, {}
        self._capture_inputs = []
        self.written = {}  # buffer -> its state before this graph's first change (journals.py)
        self.stale = {}  # buffer -> why: those it made stale, once undone (journals.py)
        self._names, self._name_counts = {}, {}
        self._finished = False
        self._before = []  # per `with self:` in progress: the thread's builders before it
        # numpy's floating-point error handling staged (`errstate_regions`): the modes set so far
        # (a branch or loop body starts with its parent's), the state numpy had when the
        # function's trace began (None: not known, not compared), the errstate blocks open
        self.errstate = () if parent is None else parent.errstate
        self.errstate_base = None if parent is None else parent.errstate_base
        self.errstate_blocks = 0
        self.errstate_seen = None  # the last state compared (`errstate_regions.modes_of`)
        self.function_level = False  # a function's own graph (not a branch): np.seterr stages

    def __enter__(self):
        self._before.append(trace_state.enter(self))
        return self

    def __exit__(self, *exc_info):
        trace_state.leave(self._before.pop())

    def placeholder(self, spec, name=None):
        """A new graph input of type `spec` (an AbstractValue or anything with `.aval`)."""
        var = Var(getattr(spec, 'aval', spec))
        self._inputs.append(var)
        self._names[var] = f'{self._unique(name or "input")}:0'
        return tensor.Tensor(var, self)

    def capture_constant(self, value):
        """A tensor for a numpy value, captured by value (a read-only copy taken now)."""
        return tensor.Tensor(self._constant(value), self)

    def capture_resource(self, obj):
        """The input variable of a resource (held by reference): a variable, or a numpy random
        generator (of type `rng{...}`); once per object."""
        entry = self._resources.get(id(obj))
        if entry is None:
            entry = self._resources[id(obj)] = (Var(resource_type(obj)), obj)
        return entry[0]

    def to_atom(self, value):
        """The variable or literal standing for `value` in this graph."""
        if isinstance(value, tensor.Tensor):
            return value._var if value._builder is self else self._lift(value)
        if type(value) in PYTHON_NUMBERS or value is None:
            return Literal(value)
        if isinstance(value, Resource):
            return self.emit(value.read_primitive, [self.capture_resource(value)], {})._var
        if isinstance(value, (list, tuple)) and any(tensor.is_symbolic(v) for v in value):
            raise TypeError('a list or tuple containing symbolic tensors cannot be used as an '
                            'array; stack it first (np.stack(values))')
        if isinstance(value, np.ndarray) and value.__class__ is not np.ndarray:
            graph_value = getattr(value, '_graph_value', None)  # a made array (`TracedArray`)
            resolved = value if graph_value is None else graph_value()  # its tensor if promoted
            if resolved is not value:
                return self.to_atom(resolved)
        elif not isinstance(value, (np.ndarray, np.generic)):
            value = np.asarray(value)
            if value.dtype == object:
                raise TypeError(f'a value of type {type(value).__name__} cannot be used in a graph')
        return self._constant(value)

    def emit(self, primitive, inputs, params):
        """Stage `primitive` on `inputs` (Vars, or values for `to_atom`); its output tensor(s)."""
        if self._finished:
            raise RuntimeError('this graph is finished; no op can be added to it')
        op = graph_ops.get(primitive)
        atoms = tuple(x if isinstance(x, Var) else self.to_atom(x) for x in inputs)
        result = op.rule(*(a.aval for a in atoms), **params)
        avals = () if result is None else tuple(result) if op.multiple_results else (result,)
        outputs = tuple(Var(aval) for aval in avals)
        equation = Equation(primitive, atoms, params, outputs, source_location())
        if errstate_regions.wrapped(op):
            modes = errstate_regions.modes_of(self)
            if modes:
                resources = {var: obj for var, obj in self._resources.values()}
                equation = errstate_regions.region(equation, modes, resources)
        self._equations.append(equation)
        name = self._unique(primitive)
        tensors = []
        for i, var in enumerate(outputs):
            self._names[var] = f'{name}:{i}'
            tensors.append(tensor.Tensor(var, self, equation))
        return tensors if op.multiple_results else tensors[0] if tensors else None

    def finish(self, outputs):
        """The immutable Graph computing `outputs` (tensors, Python scalars, numpy values)."""
        atoms = tuple(self.to_atom(x) for x in outputs)
        self._finished = True
        return Graph(tuple(self._inputs + self._capture_inputs), tuple(self._equations),
                     atoms, tuple((var, value) for var, value, _ in self._consts.values()),
                     tuple(self._resources.values()))

    def name_of(self, var):
        return self._names.get(var)

    def _unique(self, name):
        count = self._name_counts.get(name, 0)
        self._name_counts[name] = count + 1
        return name if not count else f'{name}_{count}'

    def _constant(self, value):
        entry = self._consts.get(id(value))
        if entry is not None and not _unchanged(entry[1], value):  # Python code changed it
            self._consts[id(value), len(self._consts)] = entry  # its uses so far keep its value
            entry = None
        if entry is None:
            frozen = value
            if isinstance(value, np.ndarray):
                frozen = np.array(value, copy=True, order='K')
                frozen.flags.writeable = False
            # `value` is kept alive with the entry, so its id cannot be reused meanwhile
            entry = self._consts[id(value)] = (Var(AbstractValue.from_value(frozen)), frozen, value)
        return entry[0]

    def _lift(self, outer):
        """The input variable of this (nested) graph for a tensor of an enclosing graph."""
        if outer._builder.__class__ is StaleBuilder:
            raise MutationError(f'cannot use an array at {source_location()}: '
                                f'{outer._builder.message}')
        var = self._captures.get(outer._var)
        if var is not None:
            return var
        if self.parent is None or self._finished:
            raise foreign_tensor_error(outer)
        original = outer._var
        if outer._builder is not self.parent:
            outer = tensor.Tensor(self.parent._lift(outer), self.parent)
        var = self._captures.get(outer._var)
        if var is None:
            var = self._captures[outer._var] = Var(outer._var.aval)
            self._capture_inputs.append(var)
            self.captured.append(tensor.Tensor(outer._var, outer._builder, outer._op))
            self._names[var] = f'{self._unique("captured")}:0'
        self._captures[original] = var
        return var


def _unchanged(frozen, value):
    """True if numpy value `value` still holds what `frozen` (a copy of it) holds, bit for bit."""
    if not isinstance(value, np.ndarray):
        return True  # numpy scalars are immutable
    return (value.shape == frozen.shape and value.dtype == frozen.dtype
            and value.tobytes() == frozen.tobytes())


def encloses(outer, builder):
    """True if graph builder `outer` is `builder` or one enclosing it (`builder` may be None)."""
    while builder is not None:
        if builder is outer:
            return True
        builder = builder.parent
    return False


def bind(primitive, *inputs, **params):
    """Stage op `primitive` in the innermost graph being built in this thread."""
    builder = current_builder()
    if builder is None:
        result = NotImplemented if eager_bind is None else eager_bind(primitive, inputs, params)
        if result is not NotImplemented:
            return result
        symbolic = [x for x in inputs if tensor.is_symbolic(x)]
        if symbolic:
            raise foreign_tensor_error(symbolic[0])
        raise RuntimeError(f'op {primitive!r} can only be staged while a graph is being built')
    result = builder.emit(primitive, inputs, params)
    hook = AFTER_BIND.get(primitive)
    if hook is not None:
        hook(inputs, params, result)
    return result


def foreign_tensor_error(value):
    home, current = value._builder, current_builder()
    if home is not None and current is not None and _same_trace(home, current):
        made = value._op.source if getattr(value, '_op', None) is not None else None
        return MutationError(
            f'a graph value made inside a tensor `if` or loop body'
            f'{f" at {made}" if made else ""} is used at {source_location()}, after that '
            'statement: it was kept where the statement does not make it an output (a dict '
            'entry, a list item, an attribute set by a function it calls). Only the variables '
            'and attributes the statement itself assigns leave it: assign the value to one of '
            'them there, or update the kept array in place (x[...] = value).')
    return RuntimeError(
        f'{value!r} belongs to a graph that is not being built here: it leaked out of a '
        'finished trace (kept in a global, an attribute or a closure while tracing) or comes '
        "from another thread's trace. Pass tensors in as arguments and return results instead.")


def _same_trace(a, b):
    """True if graph builders `a` and `b` belong to one top-level trace."""
    def top(builder):
        while builder.parent is not None:
            builder = builder.parent
        return builder
    return top(a) is top(b)


