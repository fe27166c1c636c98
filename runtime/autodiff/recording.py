"""What a tape records: equations it saw eagerly (`EagerRecord`) or in a trace (`GraphRecord`).

Both answer the same questions for `GradientTape.gradient`: the equations, the
variables watched, the value of a variable, and a source's cotangent.
"""
import numpy as np

from ..ir.core import Literal, Var
from ..ir.liveness import sub_graphs
from ..tracing import tensor
from ..user_objects import recording_tapes
from ..user_objects.resource_variables import Variable
from . import eager
from .backprop import active_vars
from .variable_cotangents import VariableCotangents, reads_of, total, variables_read


def follows_variable(tape, variable, explicit):
    return id(variable) in explicit or (tape.watch_accessed_variables and variable.trainable)


def read_in_sub_graphs(equations):
    """The variables that sub-graphs of `equations` (calls, conds, loops) read."""
    found = {}
    for eq in equations:
        for graph in sub_graphs(eq.params):
            found.update((id(v), v) for v in variables_read(graph))
    return list(found.values())


class _Record:
    """What both records share: the variables read inside sub-graphs of recorded equations."""

    def variable_cotangents(self):
        """A VariableCotangents for the followed variables that sub-graphs read."""
        self._inner = VariableCotangents(self.inner_variables())
        return self._inner

    def inner_variables(self):
        return [v for v in read_in_sub_graphs(self.holding_graphs()) if self.follows(v)]

    def holding_graphs(self):
        """The equations recorded that may hold sub-graphs (default: all of them)."""
        return self.equations()

    def active(self, equations, variables):
        """The variables that depend on what the tape follows, through `equations`."""
        return active_vars(equations, self.watched_vars(), variables)

    def inner_gradient(self, variable):
        inner = getattr(self, '_inner', None)
        return None if inner is None else inner.get(variable)


class EagerRecord(_Record):
    """Equations recorded eagerly, with the values they read and gave."""

    def __init__(self, tape):
        self.tape, self.recording = tape, False
        self.reset()

    def reset(self):
        self.followed, self._equations, self._values = set(), [], {}
        self._reads, self._explicit = {}, set()  # id(variable) -> (variable, read vars)
        self._holding = []  # the equations recorded that hold sub-graphs (calls, conds, loops)

    def start(self):
        recording_tapes.state.tapes += (self.tape,)
        self.recording = True

    def stop(self):
        recording_tapes.state.tapes = tuple(t for t in recording_tapes.state.tapes if t is not self.tape)
        self.recording = False

    def record(self, equation, inputs, outs, holds_graphs=False):
        self._equations.append(equation)
        if holds_graphs:
            self._holding.append(equation)
        values = self._values
        for atom, value in zip(equation.inputs, inputs):
            if atom.__class__ is Var:
                values[atom] = value
        values.update(zip(equation.outputs, outs))
        self.followed.update([o._var for o in outs if o.__class__ is eager.Tracked])

    def watch(self, x):
        if isinstance(x, Variable):
            self._explicit.add(id(x))
            self._reads.setdefault(id(x), (x, []))
            return x
        if tensor.is_symbolic(x):
            raise TypeError('a symbolic tensor watched by a tape entered outside the trace: '
                            'enter the tape inside the traced function')
        if x.__class__ is not eager.Tracked:
            value = np.asarray(x)
            if value.dtype.kind != 'f':
                return x  # integers and bools have no gradient (None)
            x = eager.track(value)
        self.followed.add(x._var)
        self._values[x._var] = x
        return x

    def read(self, variable, tracked):
        self._reads.setdefault(id(variable), (variable, []))[1].append(tracked._var)
        self.followed.add(tracked._var)
        self._values[tracked._var] = tracked

    def follows(self, variable):
        return follows_variable(self.tape, variable, self._explicit)

    def variables(self):
        found = {id(v): v for v, _ in self._reads.values()}
        found.update((id(v), v) for v in self.inner_variables())
        return list(found.values())

    def equations(self):
        return self._equations

    def holding_graphs(self):
        return self._holding

    def active(self, equations, variables):
        # every equation recorded reads a followed value (or a followed variable in its
        # sub-graphs) and its float outputs are followed from then on: `followed` is already
        # what `active_vars` would find, without a pass over the equations
        return self.followed

    def var_of(self, value):
        if value.__class__ is eager.Tracked and value._var in self._values:
            return value._var
        return None

    def value_of(self, atom):
        if atom.__class__ is Literal:
            return atom.value
        value = self._values[atom]
        if value.__class__ is eager.Tracked and not recording_tapes.state.tapes:
            return value._value
        return value  # Tracked while another tape records: its rules are recorded (higher order)

    def gradient_of(self, source, cts):
        if isinstance(source, Variable):
            reads = self._reads.get(id(source), (None, ()))[1]
            return total([cts.get(v) for v in reads] + [self.inner_gradient(source)])
        return cts.get(source._var) if source.__class__ is eager.Tracked else None


class GraphRecord(_Record):
    """Ranges of the equations of the graph being built that a tape saw while recording."""

    def __init__(self, builder):
        self.builder, self.recording = builder, False
        self.tape = None
        self.reset()

    def reset(self):
        self._ranges = [[len(self.builder._equations), None]] if self.recording else []
        self._watched, self._explicit = set(), {}
        self._watched_as = {}  # id(object) -> (object, the variable it stood for when watched)

    def start(self):
        self._ranges.append([len(self.builder._equations), None])
        self.recording = True

    def stop(self):
        self._ranges[-1][1] = len(self.builder._equations)
        self.recording = False

    def watch(self, x):
        if isinstance(x, Variable):
            self._explicit[id(x)] = x
        elif x is not None and type(x) not in (bool, int, float, complex):
            atom = self.builder.to_atom(x)
            self._watched.add(atom)
            self._watched_as[id(x)] = x, atom
        return x

    def equations(self):
        equations = self.builder._equations
        return [eq for start, stop in self._ranges for eq in equations[start:stop]]

    def _reads(self):
        """(variable, read output var) for every variable read the tape saw."""
        return reads_of(self.equations(), self.builder._resources.values())

    def variables(self):
        seen = {id(v): v for v, _ in self._reads() if self.follows(v)}
        seen.update((id(v), v) for v in self.inner_variables())
        return list({**seen, **self._explicit}.values())

    def follows(self, variable):
        return follows_variable(self.tape, variable, self._explicit)

    def watched_vars(self):
        return self._watched | {var for v, var in self._reads() if self.follows(v)}

    def var_of(self, value):
        if tensor.is_symbolic(value) and value._builder is self.builder:
            return value._var
        return None

    def value_of(self, atom):
        if atom.__class__ is Literal:
            return atom.value
        return tensor.Tensor(atom, self.builder)

    def gradient_of(self, source, cts):
        if isinstance(source, Variable):
            return total([cts.get(var) for v, var in self._reads() if v is source]
                         + [self.inner_gradient(source)])
        if tensor.is_symbolic(source) or isinstance(source, np.ndarray):
            watched = self._watched_as.get(id(source))
            # a graph loop or an update may since have rebound the object: the source is the
            # value it was watched as (as TensorFlow's tensors, which never change)
            return cts.get(self.builder.to_atom(source) if watched is None else watched[1])
        return None


def read_variable(variable):
    """An eager read of `variable`: Tracked for the tapes that follow it, else its value."""
    tapes = [t for t in recording_tapes.state.tapes if t._record.follows(variable)]
    if not tapes:
        return variable._value
    tracked = eager.track(variable._value)
    for tape in tapes:
        tape._record.read(variable, tracked)
    return tracked


recording_tapes.read_variable = read_variable
