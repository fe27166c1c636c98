"""What each call of a trace does with the state it keeps in objects: feed, check, write back.

`object_state` makes the plan when a trace ends; a call follows it: it finds
the arrays the graph reads by their paths (`fetch`), checks the guards (a
`StateChanged` makes the Function trace again), runs the graph, then gives
every place the trace wrote its value for this call (`replay`).
"""
import dataclasses

import numpy as np

from .. import graph_ops
from ..errors import InvalidArgumentError, MutationError
from ..tracing.memory import made_arrays, places
from ..tracing.memory.places import ABSENT
from ..tracing.memory.traced_array import TracedArray
from ..tracing.tensor import Tensor
from . import keys


class StateChanged(Exception):
    """The state a trace depends on differs at this call: trace again. `length_of`: the path
    of a list the trace appended to that has another length now (the new trace tells whether
    its length matters: `ObjectState.same_as`)."""

    def __init__(self, path, now, before, length_of=None):
        super().__init__(f'{path}: now {now}, before {before}')
        self.path, self.now, self.before, self.length_of = path, now, before, length_of


class Source:
    """How a call makes the value a place gets: ('fresh', list or dict, items) (a container
    the trace made: a new one at each call),: ('const', value), ('output', j),
    ('captured', k), ('argument', k), ('view', source, offset, shape, strides, dtype) (a view
    numpy made while tracing), ('chain', source, [(primitive, params)]) (a view staged),
    ('tuple', type, [sources]); for a list, ('append', [sources]) (its items appended) or
    ('items', [sources]) (all its items)."""
    __slots__ = ('kind', 'args', '_remapped')

    def __init__(self, kind, *args):
        self.kind, self.args = kind, args

    @property
    def constant(self):
        return self.kind == 'const'


def guard_kind(value):
    """What a place's value must still be at a call: absent, an array's type, a Python scalar's
    value, or another object's class."""
    if value is ABSENT:
        return ABSENT
    if places.is_array(value):
        return ('array', value.shape, value.dtype)
    if value.__class__ in keys.SCALARS:
        return ('value', keys.leaf_key(value))
    return ('class', value.__class__)


def length_kind(value):
    """What a list the trace appended to (or rebuilt) must still be: a list of that length."""
    return ('list', len(value)) if isinstance(value, list) else guard_kind(value)


def _kind_like(before, value):
    """The kind of `value`, as a guard expecting `before` sees it."""
    if before is not ABSENT and before[0] == 'list':
        return length_kind(value)
    return guard_kind(value)


def describe(kind):
    if kind is ABSENT:
        return 'absent'
    if kind[0] == 'array':
        return f'{kind[2]}{list(kind[1])}'
    if kind[0] == 'value':
        return repr(kind[1][1])
    if kind[0] == 'list':
        return f'a list of {kind[1]}'
    return kind[1].__name__


class ObjectState:
    """What each call of a trace does with the state in objects: inputs, guards, writes."""
    __slots__ = ('inputs', 'guards', 'writes', 'inner', 'lengths', 'first_input',
                 'first_output', 'updated', 'names')

    def __init__(self, inputs, guards, writes, inner, lengths=()):
        self.inputs = inputs    # [(Path, [other Paths of the same array], shape, dtype)]
        self.guards = guards    # [(Path, kind before)]
        self.writes = writes    # [(Path, Source)]
        self.inner = inner      # [(owner, step kind, key, Source)] inside containers it made
        self.lengths = list(lengths)  # [(Path, length)] of lists it appended graph values to
        self.first_input = self.first_output = 0
        self.updated, self.names = False, []

    def bind(self, first_input, first_output, updated, names):
        """Where its arrays come among the graph's inputs and its values among the outputs;
        whether the graph updates an array in place; the names of the graph inputs."""
        self.first_input, self.first_output = first_input, first_output
        self.updated, self.names = updated, names

    @property
    def writes_back(self):
        """True if a run must give places values (else the graph's own outputs are all)."""
        return bool(self.writes or self.inner)

    @property
    def descriptions(self):
        """{path text: type or value} of the array inputs and the places it changed, for
        retracing messages."""
        found = {p.text: f'{d}{list(s)}' for p, _, s, d in self.inputs}
        found.update((p.text, describe(kind)) for p, kind in self.guards)
        return found

    def frozen(self, graph, what):
        """`graph` with the arrays it reads in objects bound as constants, as they are now: what
        a saved or exported function holds (no Python objects). ValueError naming the places if
        the trace changes state in objects, which such a function could not do."""
        changed = [p.text for p, _ in self.writes] + [p.text for p, _ in self.guards]
        if self.inner or self.lengths:
            changed.append('containers it made or appended to')
        if self.updated:
            changed += [p.text for p, _, _, _ in self.inputs]
        if changed:
            raise ValueError(
                f'{what} changes state in objects ({", ".join(dict.fromkeys(changed))}), which '
                'a saved or exported function cannot hold: keep that state in rt.Variables')
        try:
            arrays = self.fetch()
        except StateChanged as e:
            raise ValueError(f'{what} was traced for other state in objects ({e}): call it once '
                             'so that it traces again') from None
        first = self.first_input
        consts = tuple(zip(graph.inputs[first:], (a.copy() for a in arrays)))
        return dataclasses.replace(graph, inputs=graph.inputs[:first],
                                   consts=graph.consts + consts)

    def feed(self, inputs):
        """The graph inputs of a call: `inputs` and the arrays found now, after checking every
        guard (StateChanged) and, if the graph updates arrays, that no argument shares memory
        with them."""
        arrays = self.fetch()
        if self.updated and arrays:
            _check_arguments(arrays, [p.description for p, _, _, _ in self.inputs], inputs,
                             self.names)
        return [*inputs, *arrays]

    def fetch(self):
        """The arrays to feed at this call, after checking every guard (StateChanged)."""
        arrays = []
        for path, others, shape, dtype in self.inputs:
            array = path.get()
            if not places.is_array(array) or array.shape != shape or array.dtype != dtype:
                raise StateChanged(path.text, describe(guard_kind(array)),
                                   f'{dtype}{list(shape)}')
            for other in others:
                if other.get() is not array:
                    raise StateChanged(other.text, 'another array', f'the array of {path.text}')
            arrays.append(array)
        if len({id(a) for a in arrays}) != len(arrays):
            raise StateChanged('captured arrays', 'the same array in two places',
                               'different arrays')
        for path, before in self.guards:
            kind = _kind_like(before, path.get())
            if kind != before:
                raise StateChanged(path.text, describe(kind), describe(before))
        self._check_lengths()
        return arrays

    def _check_lengths(self):
        """StateChanged if a list the trace appended to has another length now."""
        for path, length in self.lengths:
            kind = length_kind(path.get())
            if kind != ('list', length):
                raise StateChanged(path.text, describe(kind), describe(('list', length)),
                                   length_of=path.text)

    def same_as(self, other, length_of):
        """True if this plan, traced for another length of the list at `length_of`, is
        `other`'s: that length did not matter (both stop checking it)."""
        if self.signature(length_of) != other.signature(length_of):
            return False
        for plan in (self, other):
            plan.lengths = [(p, n) for p, n in plan.lengths if p.text != length_of]
        return True

    def signature(self, skip=None):
        """What the plan does, for comparing two traces: paths, types and sources."""
        return (tuple((p.text, s, d, tuple(o.text for o in others))
                      for p, others, s, d in self.inputs),
                tuple((p.text, k) for p, k in self.guards),
                tuple((p.text, _describe_source(s)) for p, s in self.writes),
                tuple(p.text for p, _ in self.lengths if p.text != skip),
                len(self.inner), self.first_input, self.first_output)

    def in_trace(self, inputs):
        """`inputs` of a call staged in another trace, and the values of the array inputs there
        (that trace's proxies, promoted: it reads and writes them too)."""
        values = []
        for path, _, shape, dtype in self.inputs:
            value = path.get()
            if not isinstance(value, (np.ndarray, Tensor)) or value.shape != shape or \
                    value.dtype != dtype:
                raise StateChanged(path.text, 'another value', f'{dtype}{list(shape)}')
            values.append(made_arrays.promote(value, 'the function called here')
                          if value.__class__ is TracedArray else value)
        for path, before in self.guards:
            value = path.get()
            if value.__class__ is TracedArray:
                value = np.ndarray.view(value, np.ndarray)
            kind = _kind_like(before, value)
            if kind != before and not isinstance(value, Tensor):
                raise StateChanged(path.text, describe(kind), describe(before))
        self._check_lengths()
        return [*inputs, *values]

    def replay(self, outputs, inputs):
        """After a run: every place the trace wrote gets its value for this call. The objects
        written into are those the paths reach before any write (as the trace found them: a
        list it appended to, then rebound to a new list, gets the items)."""
        made, context = {}, (outputs, self.first_output, inputs, self.first_input)
        owners = [path.get() if source.kind in ('append', 'items') else path.owner()
                  for path, source in self.writes]
        for (path, source), owner in zip(self.writes, owners):
            if owner is ABSENT:
                continue
            if source.kind in ('append', 'items'):
                if isinstance(owner, list):
                    values = [_value(s, context, made) for s in source.args[0]]
                    if source.kind == 'append':
                        list.extend(owner, values)
                    else:
                        list.__setitem__(owner, slice(None), values)
                continue
            value = _value(source, context, made)
            kind, key = path.steps[-1]
            if value is ABSENT:
                places.remove(owner, kind, key)
            else:
                places.write(owner, kind, key, value)
        for owner, step, key, source in self.inner:
            places.write(owner, step, key, _value(source, context, made))


def _value(source, context, made):
    outputs, first_output, inputs, first_input = context
    kind, args = source.kind, source.args
    if kind == 'const':
        return args[0]
    if kind == 'output':
        return outputs[first_output + args[0]]
    if kind == 'captured':
        return inputs[first_input + args[0]]
    if kind == 'argument':
        return inputs[args[0]]
    if kind == 'view':
        base, offset, shape, strides, dtype = args
        key = id(source)  # one view object per view the trace stored (object_state._of_view)
        view = made.get(key)
        if view is None:
            root = _value(base, context, made)
            if root.__class__ is not np.ndarray:
                raise MutationError('a view of an array kept in an object cannot be given to '
                                    'it inside another trace: store a copy (x.copy())')
            view = made[key] = np.ndarray(shape, dtype, buffer=root, offset=offset,
                                          strides=strides)
        return view
    if kind == 'chain':
        base, chain = args
        key = id(source)
        view = made.get(key)
        if view is None:
            view = _value(base, context, made)
            for primitive, params in chain:
                view = graph_ops.get(primitive).evaluate([view], params)
            made[key] = view
        return view
    if kind == 'fresh':  # one new container per call, wherever it is stored
        container = made.get(id(source))
        if container is None:
            cls, items = args
            container = made[id(source)] = cls()
            if cls is list:
                container.extend(_value(s, context, made) for s in items)
            else:
                container.update((k, _value(s, context, made)) for k, s in items)
        return container
    if kind == 'tuple':
        cls, items = args
        values = [_value(s, context, made) for s in items]
        return cls(values) if cls is tuple else cls(*values)
    raise AssertionError(kind)


def same_graph(a, b):
    """True if two graphs compute the same: the same text, the same constants, bit for bit."""
    if str(a) != str(b) or len(a.consts) != len(b.consts):
        return False
    for (_, x), (_, y) in zip(a.consts, b.consts):
        x, y = np.asarray(x), np.asarray(y)
        if x.dtype != y.dtype or x.shape != y.shape or x.tobytes() != y.tobytes():
            return False
    return True


def _describe_source(source):
    args = source.args
    if source.kind in ('tuple', 'append', 'items'):
        return (source.kind, tuple(map(_describe_source, args[-1])))
    if source.kind == 'fresh':
        return ('fresh', args[0].__name__, len(args[1]))
    if source.kind in ('view', 'chain'):
        return (source.kind, _describe_source(args[0]), repr(args[1:]))
    if source.kind == 'const':
        value = args[0]
        return ('const', repr(value) if value.__class__ in keys.SCALARS else id(value))
    return (source.kind, args[0])


def _check_arguments(state_arrays, descriptions, inputs, names):
    """InvalidArgumentError if an argument shares memory with an array the function uses from
    an object or by name, when the function updates an array in place."""
    for k, value in enumerate(inputs):
        if isinstance(value, np.ndarray):
            for description, array in zip(descriptions, state_arrays):
                if np.may_share_memory(value, array):
                    raise InvalidArgumentError(
                        f'argument {names[k]!r} shares memory with {description}, which the '
                        'function uses too, and the function updates an array in place: numpy '
                        'would see the update through both, a graph sees two arrays. Pass a '
                        'copy (x.copy()), or use one of them.')
