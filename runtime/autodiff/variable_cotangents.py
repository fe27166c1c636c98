"""Variables read inside sub-graphs (call, cond, loop bodies): sources differentiated through them.

A sub-graph reads a variable through a resource input of its own, which is not
an input of the equation holding the sub-graph, so the cotangents of such reads
cannot come back as that equation's input cotangents. While `backward` runs,
a `VariableCotangents` names the variables being differentiated (`current()`);
the VJP of an op holding sub-graphs gives, besides its inputs' cotangents, one
for each of those variables its graphs read (`read_in`) and adds them there.
"""
import contextlib
import contextvars
import weakref

import numpy as np

from ..ir.core import AbstractValue
from ..ir.liveness import sub_graphs
from ..user_objects.resource_variables import Variable

_READ = weakref.WeakKeyDictionary()  # graph -> the variables it reads, nested graphs included
_CURRENT = contextvars.ContextVar('variable_cotangents', default=None)


def variables_read(graph):
    """The variables `graph` or a graph nested in it reads, in order of first read."""
    found = _READ.get(graph)
    if found is None:
        objects = dict(graph.resources)
        reads = {}
        for eq in graph.equations:
            obj = objects.get(eq.inputs[0]) if eq.primitive == 'read_variable' else None
            if isinstance(obj, Variable):
                reads[id(obj)] = obj
            for sub in sub_graphs(eq.params):
                reads.update((id(v), v) for v in variables_read(sub))
        found = _READ[graph] = tuple(reads.values())
    return found


def reads_of(equations, resources):
    """(variable, read output var) for each read of a variable among `equations`; `resources`:
    the (resource var, object) pairs of their graph."""
    objects = dict(resources)
    return [(objects[eq.inputs[0]], eq.outputs[0]) for eq in equations
            if eq.primitive == 'read_variable' and isinstance(objects.get(eq.inputs[0]), Variable)]


def total(cts):
    """The sum of the cotangents that are not None (None if all are)."""
    result = None
    for ct in cts:
        if ct is not None:
            result = ct if result is None else result + ct
    return result


def value_aval(variable):
    """The type of a variable's value (and of its cotangent)."""
    return AbstractValue(variable.dtype, variable.shape)


def zeros_of(variable):
    return np.zeros(variable.shape, variable.dtype)


class VariableCotangents:
    """The cotangents of `wanted` variables from their reads inside sub-graphs, summed."""

    def __init__(self, wanted):
        self.wanted = {id(v): v for v in wanted}
        self._cts = {}

    def read_in(self, graphs):
        """The wanted variables that `graphs` read (one tuple, in a fixed order)."""
        found = {}
        for graph in graphs:
            found.update((id(v), v) for v in variables_read(graph) if id(v) in self.wanted)
        return tuple(found.values())

    def reads_wanted(self, equation):
        return bool(self.wanted) and bool(self.read_in(sub_graphs(equation.params)))

    def add(self, variable, ct):
        previous = self._cts.get(id(variable))
        self._cts[id(variable)] = ct if previous is None else previous + ct

    def get(self, variable):
        return self._cts.get(id(variable))


def current():
    """The VariableCotangents of the backward pass running here, or None."""
    return _CURRENT.get()


@contextlib.contextmanager
def collecting(variables):
    """Make `variables` (a VariableCotangents, or None) the current one for the block."""
    token = _CURRENT.set(variables)
    try:
        yield
    finally:
        _CURRENT.reset(token)
