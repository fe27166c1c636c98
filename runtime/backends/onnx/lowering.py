"""`Lowering`: the ONNX nodes, initializers and names of one graph scope being built.

A scope maps graph variables to ONNX value names; sub-graphs (If branches, Loop
bodies) are child scopes that see the outer names, as ONNX scopes allow.
Variables are functional here: an assignment gives the variable a new value
name in the scope (`values`), a read gives its current one; control flow
passes the variables its sub-graphs assign out as extra results, and the
model gives their final values as extra outputs (an ONNX model holds no state).
Every value name's element type is known (`dtypes`), so a node of a type its
operator does not run on computes in a wider one or is refused (`kernels`).
"""
import itertools

import numpy as np

from ...errors import AgError
from ...ir.core import AbstractValue, Literal, ResourceType
from ...ir.liveness import live_equations, sub_graphs
from ...ir.lowerings import ONNX
from . import kernels

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
            self.dtypes = {}  # ONNX value name -> numpy dtype (names are unique in a model)
            self.at = None  # the equation being lowered, for errors

    def child(self):
        return Lowering(self.onnx, parent=self)

    def fresh(self, hint='v'):
        return f'{hint}_{next(self._counter)}'

    def bind(self, var, name):
        self.names[var] = name
        dtype = getattr(var.aval, 'dtype', None)
        if dtype is not None:
            self.root.dtypes.setdefault(name, dtype)
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
            if atom.value is None:  # an absent optional input (np.clip's missing bound)
                return None
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
        """The output name(s) of an `op` node; computed in a wider type where onnxruntime has
        no kernel for the inputs' own (`kernels`)."""
        inputs = list(inputs)
        in_dtypes = [self.root.dtypes.get(n) for n in inputs]
        own = (in_dtypes[1] if op == 'Where' else in_dtypes[0]) if inputs else None
        dtype = kernels.compute_dtype(op, in_dtypes)
        if dtype is None and own is not None:
            raise self.refusal(f"ONNX's {op} has no {own} kernel in onnxruntime and no wider "
                               'type computes the same')
        if op == 'Where' and own is not None and own.kind == 'f':
            return self._signed_where(*inputs)
        if dtype == own:
            names = self._node(op, inputs, outputs, attributes)
        else:
            widened = kernels.data_inputs(op, in_dtypes, own)
            names = self._node(op, [self.to_dtype(n, dtype) if i in widened else n
                                    for i, n in enumerate(inputs)], outputs, attributes)
            names = [self.to_dtype(n, own) if carried else n
                     for n, carried in zip(names, kernels.carries_type(op, outputs))]
        return names[0] if outputs == 1 else names

    def _node(self, op, inputs, outputs, attributes):
        names = [self.fresh(op.lower()) for _ in range(outputs)]
        self.nodes.append(self.onnx.helper.make_node(op, list(inputs), names, **attributes))
        in_dtypes = [self.root.dtypes.get(n) for n in inputs]
        for name, dtype in zip(names, kernels.result_dtypes(self.onnx, op, in_dtypes, attributes,
                                                            outputs)):
            if dtype is not None:
                self.root.dtypes[name] = np.dtype(dtype)
        return names

    def _signed_where(self, condition, a, b):
        """Where(condition, a, b) keeping the sign of zeros: onnxruntime's float Where gives
        +0.0 for a -0.0 it takes from its second input. It keeps infinities, so the chosen 1/a
        or 1/b (-inf for -0.0) says which sign a zero result should have."""
        chosen = self._node('Where', [condition, a, b], 1, {})[0]
        inverse = self._node('Where', [condition, self.node('Reciprocal', [a]),
                                       self.node('Reciprocal', [b])], 1, {})[0]
        dtype = self.root.dtypes[a]
        zero, one, minus_one = (self.constant(np.asarray(v, dtype)) for v in (0, 1, -1))
        wrong = self.node('Xor', [self.node('Less', [inverse, zero]), self.node(
            'Less', [self.node('Reciprocal', [chosen]), zero])])
        flip = self.node('And', [self.node('Equal', [chosen, zero]), wrong])
        return self.node('Mul', [chosen, self._node('Where', [flip, minus_one, one], 1, {})[0]])

    def to_dtype(self, name, dtype):
        return self._node('Cast', [name], 1, {'to': self.tensor_type(dtype)})[0]

    def refusal(self, why):
        """The export error for the equation being lowered, saying `why`."""
        if self.root.at is None:
            return OnnxExportError(why)
        return self.unmappable(self.root.at, why)

    def initializer(self, name, array):
        self.root.initializers.append(self.onnx.numpy_helper.from_array(array, name))
        self.root.dtypes[name] = array.dtype
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
        self.root.dtypes.setdefault(name, aval.dtype)
        return self.onnx.helper.make_tensor_value_info(name, self.tensor_type(aval.dtype), shape)

    def unmappable(self, eq, why):
        where = f' at {eq.source}' if eq.source else ''
        return OnnxExportError(f'op {eq.primitive!r}{where} has no ONNX mapping: {why}')

    def equations(self, graph):
        """Lower the equations a run of `graph` executes (as the executors, dead ones are not)."""
        outer = self.root.at
        for eq in live_equations(graph):
            self.root.at = eq
            lower = ONNX.get(eq.primitive)  # filled by the lowering modules `table` imports
            kinds = {getattr(v.aval, 'dtype', np.dtype(bool)).kind for v in eq.outputs}
            if not kinds <= set('biuf'):
                raise self.unmappable(eq, f'values of kind {sorted(kinds - set("biuf"))} (ONNX '
                                          'models here hold bools, integers and floats; '
                                          'onnxruntime has no complex kernels)')
            if lower is None:
                raise self.unmappable(eq, ONNX.why_not(eq.primitive))
            inputs = self.names_of(eq.inputs)
            try:
                outputs = lower(self, eq, inputs, **eq.params)
            except TypeError as e:  # a param the lowering does not take
                raise self.unmappable(eq, f'its params ({e})') from None
            for var, name in zip(eq.outputs, outputs):
                self.bind(var, name)
        self.root.at = outer

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
