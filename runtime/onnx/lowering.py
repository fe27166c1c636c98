"""`Lowering`: the ONNX nodes, initializers and names of one graph scope being built.

A scope maps graph variables to ONNX value names; sub-graphs (If branches, Loop
bodies) are child scopes that see the outer names, as ONNX scopes allow.
Variables are functional here: an assignment gives the variable a new value
name in the scope (`values`), a read gives its current one; control flow
passes the variables its sub-graphs assign out as extra results, and the
model gives their final values as extra outputs (an ONNX model holds no state).
"""
import itertools

import numpy as np

from ..errors import AgError
from ..ir.core import AbstractValue, Literal, ResourceType
from ..ir.liveness import live_equations, sub_graphs

ASSIGNMENTS = ('assign_variable', 'assign_add_variable', 'assign_sub_variable',
               'scatter_variable')


class OnnxExportError(AgError):
    """A graph that cannot be written as ONNX (the message names the op and its line)."""


class Lowering:
    """Nodes of one ONNX graph scope; initializers and the variables' first values are the
    root's."""

    def __init__(self, onnx, parent=None):
        self.onnx, self.nodes = onnx, []
        self.names = dict(parent.names) if parent else {}
        self.values = dict(parent.values) if parent else {}  # id(variable) -> current value
        self.resources = dict(parent.resources) if parent else {}  # resource Var -> variable
        self._counter = parent._counter if parent else itertools.count()
        self.root = parent.root if parent else self
        if parent is None:
            self.initializers, self.variables = [], {}  # id(variable) -> (variable, initializer)

    def child(self):
        return Lowering(self.onnx, parent=self)

    def fresh(self, hint='v'):
        return f'{hint}_{next(self._counter)}'

    def bind(self, var, name):
        self.names[var] = name
        return name

    def bind_inputs(self, graph, atoms, names):
        """`graph`'s inputs bound to `names` (the values `atoms`, cast to the declared types),
        its captured constants and variables bound too."""
        for var, atom, name in zip(graph.inputs, atoms, names):
            self.bind(var, name if atom is None else self.cast(atom, name, var.aval.dtype))
        self.bind_closure(graph)

    def bind_closure(self, graph):
        for var, value in graph.consts:
            self.bind(var, self.constant(np.asarray(value)))
        for var, variable in graph.resources:
            self.resources[var] = variable

    def name(self, atom):
        if isinstance(atom, Literal):
            return self.constant(np.asarray(atom.value, atom.aval.dtype))
        if isinstance(atom.aval, ResourceType):
            return self.current(self.resources[atom])
        return self.names[atom]

    def names_of(self, atoms):
        return [self.name(a) for a in atoms]

    def current(self, variable):
        """The name of `variable`'s value at this point (its initializer before any assignment)."""
        name = self.values.get(id(variable))
        if name is None:
            known = self.root.variables.get(id(variable))
            if known is None:
                name = f'variable_{len(self.root.variables)}_{getattr(variable, "name", "")}'
                self.initializer(name, np.asarray(variable._value))
                known = self.root.variables[id(variable)] = (variable, name)
            name = known[1]
        return name

    def assign(self, variable, name):
        self.values[id(variable)] = name

    def node(self, op, inputs, outputs=1, **attributes):
        names = [self.fresh(op.lower()) for _ in range(outputs)]
        self.nodes.append(self.onnx.helper.make_node(op, list(inputs), names, **attributes))
        return names[0] if outputs == 1 else names

    def initializer(self, name, array):
        self.root.initializers.append(self.onnx.numpy_helper.from_array(array, name))
        return name

    def constant(self, array):
        return self.initializer(self.fresh('const'), np.asarray(array))

    def int64s(self, values):
        return self.constant(np.asarray(values, np.int64))

    def cast(self, atom, name, dtype, force=False):
        """`name` as `dtype` (a Cast node only where the type differs)."""
        if atom.aval.dtype == dtype and not force:
            return name
        return self.node('Cast', [name], to=self.tensor_type(dtype))

    def tensor_type(self, dtype):
        return self.onnx.helper.np_dtype_to_tensor_dtype(np.dtype(dtype))

    def common_dtype(self, atoms):
        strong = [a.aval.dtype for a in atoms if not a.aval.weak]
        return np.result_type(*strong) if strong else np.result_type(*(a.aval.dtype for a in atoms))

    def value_info(self, name, aval, symbolic=False):
        shape = None if aval.shape is None else [
            self.fresh('d') if d is None and symbolic else d for d in aval.shape]
        return self.onnx.helper.make_tensor_value_info(name, self.tensor_type(aval.dtype), shape)

    def unmappable(self, eq, why):
        where = f' at {eq.source}' if eq.source else ''
        return OnnxExportError(f'op {eq.primitive!r}{where} has no ONNX mapping: {why}')

    def equations(self, graph):
        """Lower the equations a run of `graph` executes (as the executors, dead ones are not)."""
        from .table import LOWERINGS, not_mapped
        for eq in live_equations(graph):
            lower = LOWERINGS.get(eq.primitive)
            if lower is None:
                raise self.unmappable(eq, not_mapped([eq.primitive])[eq.primitive])
            inputs = self.names_of(eq.inputs)
            try:
                outputs = lower(self, eq, inputs, **eq.params)
            except TypeError as e:  # a param the lowering does not take
                raise self.unmappable(eq, f'its params ({e})') from None
            for var, name in zip(eq.outputs, outputs):
                self.bind(var, name)

    def outputs(self, atoms, avals=None, names=None):
        """Value infos of graph outputs `atoms` (each a fresh Identity, or one named `names[i]`)."""
        infos = []
        for i, atom in enumerate(atoms):
            source = atom if isinstance(atom, str) else self.name(atom)
            name = names[i] if names else self.fresh('identity')
            self.nodes.append(self.onnx.helper.make_node('Identity', [source], [name]))
            infos.append(self.value_info(name, avals[i] if avals else atom.aval))
        return infos

    def graph(self, name, inputs, outputs):
        return self.onnx.helper.make_graph(self.nodes, self.fresh(name), inputs, outputs)


def variable_aval(variable):
    return AbstractValue.from_value(np.asarray(variable._value))


def assigned_variables(graphs):
    """The variables the graphs (and their sub-graphs) assign, each once, in order."""
    found = {}
    for graph in graphs:
        resources = dict(graph.resources)
        for eq in graph.equations:
            if eq.primitive in ASSIGNMENTS:
                variable = resources[eq.inputs[0]]
                found.setdefault(id(variable), variable)
            for variable in assigned_variables(sub_graphs(eq.params)):
                found.setdefault(id(variable), variable)
    return list(found.values())
