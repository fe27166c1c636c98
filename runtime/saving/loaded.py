"""What `load` gives: objects whose methods run the saved traces and whose variables are restored.

No class of the saving program is needed: a loaded object is a `LoadedObject`
(a subclass with `__call__` when a `__call__` was saved) with the saved
attribute names; a method is a `LoadedFunction` over its traces.
"""
from ..errors import InvalidArgumentError
from ..ir.liveness import sub_graphs
from ..rt_function import keys
from ..user_objects.resource_variables import Variable
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
    signatures: dict[str, LoadedFunction]  # set by load (unless saved as an attribute)

    def __repr__(self):
        names = ', '.join(sorted(n for n in vars(self) if not n.startswith('_')))
        return f'<loaded object with {names}>'


def _call_saved(self, *args, **kwargs):
    return self.__dict__['__call__'](*args, **kwargs)


def build(node, functions, variables, where='root', finder=None):
    """The loaded value of an object-tree node; Malformed if it is not one."""
    finder = finder or _VariableFinder()
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
        items = [build(n, functions, variables, f'{where}[{i}]', finder)
                 for i, n in enumerate(body)]
        return items if kind == 'list' else tuple(items)
    if kind == 'dict':
        return {key: build(n, functions, variables, f'{where}[{key!r}]', finder)
                for key, n in body}
    if kind == 'object':
        return _object(body, functions, variables, where, finder)
    raise Malformed(f'{where}: unknown node kind {kind!r:.40}')


def _object(attributes, functions, variables, where, finder):
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
        obj.__dict__[name] = build(child, functions, variables, f'{where}.{name}', finder)
    if 'variables' not in attributes:
        obj.__dict__['variables'] = finder.variables_of(obj)
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


class _VariableFinder:
    """Every variable an object holds or its functions use, each once, in order; each graph
    walked once per load however many objects and function nodes name its trace."""

    def __init__(self):
        self._of_graph = {}  # id(graph) -> (graph, its variables): graphs live as long as this

    def variables_of(self, value):
        found = []
        self._walk(value, found, set(), set())
        return found

    def _walk(self, value, found, seen, walked):
        if isinstance(value, Variable):
            if id(value) not in seen:
                seen.add(id(value))
                found.append(value)
        elif isinstance(value, LoadedFunction):
            for concrete in value.concrete_functions:
                if id(concrete.graph) not in walked:
                    walked.add(id(concrete.graph))
                    for variable in self._graph_variables(concrete.graph):
                        self._walk(variable, found, seen, walked)
        elif isinstance(value, (list, tuple)):
            for item in value:
                self._walk(item, found, seen, walked)
        elif isinstance(value, dict):
            for item in value.values():
                self._walk(item, found, seen, walked)
        elif isinstance(value, LoadedObject):
            for name, item in vars(value).items():
                if name != 'variables':
                    self._walk(item, found, seen, walked)

    def _graph_variables(self, graph):
        entry = self._of_graph.get(id(graph))
        if entry is None:
            found = []
            _resources(graph, found, set())
            entry = self._of_graph[id(graph)] = (graph, found)
        return entry[1]


def _resources(graph, found, seen):
    """The variables `graph` holds, then those its ops' sub-graphs hold, each once."""
    for _, resource in graph.resources:
        if isinstance(resource, Variable) and id(resource) not in seen:
            seen.add(id(resource))
            found.append(resource)
    for eq in graph.equations:
        for sub_graph in sub_graphs(eq.params):  # a nested call's graph holds its own
            _resources(sub_graph, found, seen)
