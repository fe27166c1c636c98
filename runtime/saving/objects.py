"""What `save` finds in an object: its rt.functions (with their traces) and its rt.Variables.

An object is walked as `tf.Module` tracks one: its attributes (instance
attributes, then the class's `rt.function` methods), inside lists, tuples and
dicts, and inside other objects (sub-modules), each object once. So an
`rt.Module` and any plain class holding functions and variables save alike.
The object tree is written as nodes:

    {"variable": i} | {"function": [trace indices]} | {"object": {attribute: node}}
    | {"list": [node | null]} | {"tuple": [...]} | {"dict": [[key, node | null], ...]}
"""
import inspect
import types

import numpy as np

from ..rt_function import BoundFunction, ConcreteFunction, Function
from ..user_objects.resource_variables import Variable
from .codec import Unsaveable
from .loaded import LoadedFunction, LoadedObject

FUNCTIONS = (Function, BoundFunction, ConcreteFunction, LoadedFunction)  # saved as traces
# What load sets on the loaded root besides the saved attributes: saved again as themselves
LOADED_EXTRAS = ('signatures', 'variables')
_NOT_WALKED = (type, types.ModuleType, types.FunctionType, types.MethodType,
               types.BuiltinFunctionType, np.ndarray, np.generic)


class Collector:
    """The variables and traces of one save, each once, in the order they are found."""

    def __init__(self):
        self.variables, self._variable_ids = [], {}
        self.functions, self._function_ids = [], {}
        self._visited = set()

    def variable_index(self, obj):
        if not isinstance(obj, Variable):
            raise Unsaveable(f'a graph holds {type(obj).__name__} {obj!r:.60}, which cannot be '
                             'saved (only rt.Variables can)')
        if id(obj) not in self._variable_ids:
            self._variable_ids[id(obj)] = len(self.variables)
            self.variables.append(obj)
        return self._variable_ids[id(obj)]

    def function_indices(self, value, what):
        """Indices of the traces of an rt.function, a bound one or a ConcreteFunction."""
        indices = []
        for concrete, skip in _traces(value, what):
            key = (id(concrete), skip)
            if key not in self._function_ids:
                self._function_ids[key] = len(self.functions)
                self.functions.append((concrete, skip))
            indices.append(self._function_ids[key])
        return indices

    def node(self, value, what):
        """The node of `value` (None if it holds no function or variable)."""
        if isinstance(value, Variable):
            return {'variable': self.variable_index(value)}
        if isinstance(value, FUNCTIONS):
            indices = self.function_indices(value, what)
            return {'function': indices} if indices else None
        kind = value.__class__
        if kind in (list, tuple):
            items = [self.node(v, f'{what}[{i}]') for i, v in enumerate(value)]
            return {kind.__name__: items} if any(items) else None
        if kind is dict:
            items = [[k, self.node(v, f'{what}[{k!r}]')] for k, v in value.items()
                     if type(k) in (str, int, bool)]
            return {'dict': items} if any(n for _, n in items) else None
        if isinstance(value, _NOT_WALKED) or id(value) in self._visited:
            return None
        self._visited.add(id(value))
        attributes = {}
        for name, attribute in _attributes(value):
            child = self.node(attribute, f'{what}.{name}')
            if child is not None:
                attributes[name] = child
        return {'object': attributes} if attributes else None


def _attributes(obj):
    """(name, value) of an object's instance attributes, then of its class's rt.functions."""
    own = sorted(getattr(obj, '__dict__', {}).items())
    methods = sorted((name, getattr(obj, name)) for name, value in
                     inspect.getmembers_static(type(obj)) if isinstance(value, Function))
    if isinstance(obj, LoadedObject):
        own = [(n, v) for n, v in own if n not in LOADED_EXTRAS]
    return [(n, v) for n, v in own + methods if not n.startswith('__') or n == '__call__']


def _traces(value, what):
    """[(ConcreteFunction, parameters to drop)] of a function value: traces made so far, or
    the one its input_signature fixes."""
    if isinstance(value, ConcreteFunction):
        return [(value, len(value._prefix))]
    if isinstance(value, LoadedFunction):  # a loaded model saved again
        return [(c, 0) for c in value.concrete_functions]
    if isinstance(value, BoundFunction):
        function, instance = value._function, value.instance
        traces = function.concrete_functions(instance)
        if not traces and function._input_signature is not None:
            concrete = value.get_concrete_function()
            return [(concrete, len(concrete._prefix))]
        return [(c, 1) for c in traces]
    traces = value.concrete_functions()
    if not traces and value._input_signature is not None:
        traces = [value.get_concrete_function()]
    return [(c, 0) for c in traces]


def root_node(collector, obj):
    """The node of the saved object itself: an object; an rt.function is its `__call__`."""
    if isinstance(obj, FUNCTIONS):
        name = obj.name if isinstance(obj, ConcreteFunction) else obj.__name__
        indices = collector.function_indices(obj, name)
        if not indices:
            raise Unsaveable(f'{name} has no traces to save: call it (or give it an '
                             'input_signature) before saving')
        return {'object': {'__call__': {'function': indices}}}
    node = collector.node(obj, type(obj).__name__)
    if node is None or 'object' not in node:
        raise Unsaveable(f'{type(obj).__name__} object holds no rt.function traces or '
                         'rt.Variables to save')
    return node
