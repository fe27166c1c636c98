"""What `load` gives: objects whose methods run the saved traces and whose variables are restored.

No class of the saving program is needed: a loaded object is a `LoadedObject`
(a subclass with `__call__` when a `__call__` was saved) with the saved
attribute names; a method is a `LoadedFunction` over its traces.
"""
from ..errors import InvalidArgumentError
from ..ir.liveness import sub_graphs
from ..api.resource_variables import Variable
from ..polymorphic import keys
from .codec import Malformed


class LoadedFunction:
    """A saved rt.function: a call runs the first trace whose signature accepts it."""

    def __init__(self, name, concrete_functions):
        self.__name__ = self.__qualname__ = name
        self.concrete_functions = list(concrete_functions)
        self._fast = {}  # positional array types -> runner, as rt.function's fast path

    def __call__(self, *args, **kwargs):
        if not kwargs:
            runner = self._fast.get(keys.fast_key(args))
            if runner is not None:
                return runner(args)
        problems = []
        for concrete in self.concrete_functions:
            arguments = keys.bind(concrete._binder, args, kwargs)  # Python's TypeError if wrong
            try:
                inputs = concrete.feed(arguments)
            except InvalidArgumentError as e:
                problems.append(e)
                continue
            self._memoize(args, kwargs, inputs, concrete)
            return concrete.run(inputs)
        if len(problems) == 1:
            raise problems[0]
        raise InvalidArgumentError(
            f'{self.__name__}: no saved signature accepts this call:\n' +
            '\n'.join(f'  {c.pretty_printed_signature().splitlines()[0]}: {p}'
                      for c, p in zip(self.concrete_functions, problems)))

    def _memoize(self, args, kwargs, inputs, concrete):
        key = None if kwargs or concrete.mutations is not None else keys.fast_key(args)
        if key is not None and len(inputs) == len(args) and all(
                i is a for i, a in zip(inputs, args)) and not keys.aliases(args):
            self._fast[key] = concrete.runner(args, list(range(len(args))))

    def pretty_printed_concrete_signatures(self):
        return '\n\n'.join(c.pretty_printed_signature() for c in self.concrete_functions)

    def __repr__(self):
        return f'<loaded rt.function {self.__name__}>'


class LoadedObject:
    """A saved object: its attributes as saved (functions, variables, sub-objects)."""

    def __repr__(self):
        names = ', '.join(sorted(n for n in vars(self) if not n.startswith('_')))
        return f'<loaded object with {names}>'


def _call_saved(self, *args, **kwargs):
    return self.__dict__['__call__'](*args, **kwargs)


def build(node, functions, variables, where='root'):
    """The loaded value of an object-tree node; Malformed if it is not one."""
    if node is None:
        return None
    if type(node) is not dict or len(node) != 1:
        raise Malformed(f'{where}: not an object-tree node')
    (kind, body), = node.items()
    if kind == 'variable':
        return _pick(variables, body, where)
    if kind == 'function':
        traces = pick_traces(functions, body, where)
        return LoadedFunction(traces[0].name, traces)
    if kind in ('list', 'tuple'):
        items = [build(n, functions, variables, f'{where}[{i}]') for i, n in enumerate(body)]
        return items if kind == 'list' else tuple(items)
    if kind == 'dict':
        return {key: build(n, functions, variables, f'{where}[{key!r}]') for key, n in body}
    if kind == 'object':
        return _object(body, functions, variables, where)
    raise Malformed(f'{where}: unknown node kind {kind!r:.40}')


def _object(attributes, functions, variables, where):
    if type(attributes) is not dict:
        raise Malformed(f'{where}: an object node holds a dict of attributes')
    cls = LoadedObject
    if '__call__' in attributes:
        call = attributes['__call__']
        if type(call) is not dict or list(call) != ['function']:
            raise Malformed(f'{where}.__call__: {str(call)!r:.60} is not a function node '
                            '(calling the loaded object runs it)')
        cls = type('LoadedObject', (LoadedObject,), {'__call__': _call_saved})
    obj = cls()
    for name, child in attributes.items():
        if type(name) is not str or not name.isidentifier() or (
                name.startswith('__') and name != '__call__'):
            raise Malformed(f'{where}: {name!r:.40} is not an attribute name a saved model may set')
        obj.__dict__[name] = build(child, functions, variables, f'{where}.{name}')
    if 'variables' not in attributes:
        obj.__dict__['variables'] = _variables_of(obj, [])
    return obj


def pick_traces(functions, indices, where):
    """The traces `indices` name: a non-empty list (a function without one cannot be called)."""
    if type(indices) is not list or not indices:
        raise Malformed(f'{where}: {indices!r:.40} is not a list of trace indices')
    return [_pick(functions, i, where) for i in indices]


def _pick(table, index, where):
    if type(index) is not int or not 0 <= index < len(table):
        raise Malformed(f'{where}: index {index!r:.40} names nothing saved')
    return table[index]


def _variables_of(value, found):
    """Every variable an object holds or its functions use, each once, in order."""
    if isinstance(value, Variable):
        if all(v is not value for v in found):
            found.append(value)
    elif isinstance(value, LoadedFunction):
        for concrete in value.concrete_functions:
            _graph_variables(concrete.graph, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _variables_of(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _variables_of(item, found)
    elif isinstance(value, LoadedObject):
        for name, item in vars(value).items():
            if name != 'variables':
                _variables_of(item, found)
    return found


def _graph_variables(graph, found):
    for _, resource in graph.resources:
        _variables_of(resource, found)
    for eq in graph.equations:
        for sub_graph in sub_graphs(eq.params):  # a nested call's graph holds its own
            _graph_variables(sub_graph, found)
