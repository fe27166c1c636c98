"""State a traced function keeps in Python objects: what a trace used and changed there.

Eager code reads `self.w` when it runs, updates it in place (`self.w -= g`),
rebinds it (`self.w = self.w - g`, `self.w = np.zeros(3)`), fills caches
(`self.cache['m'] = ...`), counts (`self.t += 1`) and appends to lists. A graph
runs none of that Python code. So, as TorchDynamo replays attribute mutations,
a trace records (`record`) a plan (`state_plan.ObjectState`) every call follows:

- *inputs*: the arrays it used from places it can reach (`captured_arrays`),
  found again by their paths at each call and fed to the graph;
- *writes*: every place the trace changed (an attribute, a dict entry, a
  closure cell, a global, a list item; a list it appended graph values to),
  with how each call makes the value: the graph's value of an array it
  computed or made (a new array at each call, as eagerly), the call's own
  argument or captured array it stored, or the Python value it left there;
- *guards*: what the trace depended on that a call must still match: the
  shape and dtype of every array input, and the value before the trace of
  every place it changed (so that a cache filled lazily, `if self.m is None:`
  or `if not self.built:`, traces again once it is filled). A call whose state
  differs traces again; a list it appended to that has another length traces
  again once, to learn whether that length matters (`state_plan`).

Python numbers it changes (a counter, `self.count += 1`), Python values it
appends to lists and side effects that change no place (print) happen once,
while tracing, as TensorFlow documents; reads of Python values (`self.lr`) are
constants of the trace. The trace's own changes to the places
are undone when it ends (`abandon` undoes those of a trace that fails), so no
symbolic value stays in an object: the writes happen at each call, after the
graph ran.
"""
import types

import numpy as np

from ..errors import MutationError, TraceTimeValueWarning, warn_user
from ..ir import structure
from ..tracing import builders
from ..tracing.builders import StaleBuilder, source_location
from ..tracing.closures import reachable_cells
from ..tracing.graph_lists import GraphList
from ..tracing.memory import aliasing, made_arrays, places, views
from ..tracing.memory.places import ABSENT, ITEM, Root
from ..tracing.memory.traced_array import TracedArray
from ..tracing.tensor import Tensor
from . import keys
from .state_plan import ObjectState, Source, guard_kind


def roots(target, arguments, parameters):
    """[(object, Root, container kind)]: where the places a trace of `target` reaches start:
    `self` of a bound method, objects among the arguments, closure cells, the module's globals."""
    found, seen = [], set()

    def add(value, name):
        kind = places.kind_of(value)
        if kind is not None and id(value) not in seen:
            seen.add(id(value))
            found.append((value, Root(value, name, 'object'), kind))
    function = target
    while True:
        if isinstance(function, types.MethodType):
            add(function.__self__, 'self')
            function = function.__func__
        elif hasattr(function, 'func') and hasattr(function, 'keywords'):  # functools.partial
            for k, value in enumerate(function.args):
                add(value, f'partial argument {k}')
            for name, value in function.keywords.items():
                add(value, name)
            function = function.func
        else:
            break
    if not isinstance(function, types.FunctionType):
        call = getattr(type(function), '__call__', None)
        add(function, 'self')
        function = call if isinstance(call, types.FunctionType) else None
    names = [n for p, v in zip(parameters, arguments.values)
             for n in structure.leaf_names(p.name, v)]
    for leaf, key, name in zip(arguments.leaves, arguments.leaf_keys, names):
        if key.__class__ is keys.ObjectKey:
            add(leaf, name)
    if function is not None:
        for cell, name in reachable_cells([function]):
            found.append((cell, Root(cell, name, 'cell'), 'cell'))
        namespace = function.__globals__
        found.append((namespace, Root(namespace, namespace.get('__name__', 'globals'),
                                      'globals'), 'namespace'))
    return found


def holds_graph(value):
    """True for a value a graph gives: a tensor, an array the trace made or reads (a
    TracedArray), a graph list, or a tuple holding one."""
    cls = value.__class__
    if cls is TracedArray or cls is Tensor or cls is GraphList:
        return True
    return isinstance(value, tuple) and any(map(holds_graph, value))


class _Change:
    """A place the trace gave a graph value: in `container`, at (step, key), its value before
    (ABSENT if it is new) and after; or, with `step` None, a list given graph values (`after`:
    the items it appended, if it only appended, else all its items)."""
    __slots__ = ('container', 'step', 'key', 'before', 'after', 'appended')

    def __init__(self, container, step, key, before, after, appended=False):
        self.container, self.step, self.key = container, step, key
        self.before, self.after, self.appended = before, after, appended

    @property
    def path(self):
        path = self.container.path
        return path if self.step is None else path.child(self.step, self.key)

    def undo(self):
        """The place (the list) as before the trace."""
        obj = self.container.obj
        if self.step is None:
            list.__setitem__(obj, slice(None), self.before)
        elif self.before is ABSENT:
            places.remove(obj, self.step, self.key)
        else:
            places.write(obj, self.step, self.key, self.before)


def _changes(captures, warn=True):
    """([_Change] of places the trace changed, [Python values it appended to lists]): what the
    containers walked hold now that differs from what they held (a proxy still in its place
    is no change: the updates through it are the graph's). A list that grew or shrank by
    Python values only keeps its new length, as a Python side effect, once; so does a Python
    number it changed (a counter), with a warning saying so."""
    snapshot = captures.snapshot
    if snapshot is None:
        return [], []
    proxy_of = {id(b.array): b.proxy for b in captures.bindings}

    def expected(v):
        return proxy_of.get(id(v), v) if places.is_array(v) else v
    changes, python, counters = [], [], []
    for container in snapshot.containers.values():
        before = container.items
        now = places.contents(container.obj, container.kind)
        if container.kind == 'list' and len(now) != len(before):
            values = [v for _, _, v in now]
            if not any(map(holds_graph, values)):
                python.extend(values)  # a Python side effect, once
                continue
            old = [v for _, _, v in before]
            appended = len(values) > len(old) and all(
                a is expected(b) for a, b in zip(values, old))
            changes.append(_Change(container, None, None, old,
                                   values[len(old):] if appended else values, appended))
            continue
        old = {(step, key): v for step, key, v in before}
        new = {(step, key): v for step, key, v in now}
        for place in list(old) + [p for p in new if p not in old]:
            was, value = old.get(place, ABSENT), new.get(place, ABSENT)
            if value is (ABSENT if was is ABSENT else expected(was)):
                continue  # unchanged
            if value.__class__ in _NUMBERS and (was is ABSENT or was.__class__ in _NUMBERS):
                counters.append((container.path.child(*place), was, value))
                continue  # a counter: changed once, while tracing, as TensorFlow documents
            changes.append(_Change(container, *place, was, value))
    for path, was, value in counters if warn else ():
        warn_user(f'{path.text} is a Python number the traced function changed ({was!r} -> '
                  f'{value!r}): it changes once, while tracing, and the graph uses its values '
                  'then as constants, as TensorFlow does, where every eager call would change '
                  'it. Keep it in a 0-d numpy array (or an rt.Variable) to have each call change '
                  'it.', TraceTimeValueWarning)
    return changes, python


_NUMBERS = frozenset((int, float, complex))  # Python numbers (not bools: flags are state)


def abandon(captures):
    """After a trace that failed: the places it changed hold what they held, and the containers
    it made hold no graph value."""
    changes, python = _changes(captures, warn=False)
    for change in changes:
        change.undo()
    _Recorder(captures, (), None).clear(python)


def record(captures, objects, builder):
    """(ObjectState or None, graph values to append to the graph's outputs) of a trace that
    returned; the places it changed hold what they held before it.

    `objects[k]` is the array object of graph input k (an argument)."""
    if captures.snapshot is None:
        return None, []
    changes, python = _changes(captures)
    recorder = _Recorder(captures, objects, builder)
    guards, writes, lengths = [], [], []
    try:
        for change in changes:
            path = change.path
            if change.step is not None:
                guards.append((path, guard_kind(change.before)))
                writes.append((path, Source('const', ABSENT) if change.after is ABSENT
                               else recorder.source(change.after, path)))
                continue
            items = [recorder.source(v, path.child(ITEM, i)) for i, v in enumerate(change.after)]
            if change.appended:  # replayed as appends: whether its length matters is learnt
                lengths.append((path, len(change.before)))
                writes.append((path, Source('append', items)))
            else:
                guards.append((path, ('list', len(change.before))))
                writes.append((path, Source('items', items)))
        for value in python:
            recorder.scan(value)
    finally:
        for change in changes:
            change.undo()
        recorder.clear(python)
    used = captures.by_reference()
    position = {id(b): k for k, b in enumerate(used)}
    remap = {k: position[id(b)] for k, b in enumerate(captures.bindings) if id(b) in position}
    for source in [s for _, s in writes] + [s for _, _, _, s in recorder.inner]:
        _remap(source, remap)
    inputs = [(b.path, [p for _, _, _, p in b.places[1:]], b.array.shape, b.array.dtype)
              for b in used]
    if not (inputs or guards or writes or recorder.inner):
        return None, []
    return ObjectState(inputs, guards, writes, recorder.inner, lengths), recorder.outputs


def _remap(source, remap):
    """Captured sources index the bindings used as inputs (a proxy the trace stored was made
    one: each call stores the array found then)."""
    if source.kind == 'captured':
        source.args = (remap[source.args[0]],)
    elif source.kind in ('view', 'chain'):
        _remap(source.args[0], remap)
    elif source.kind in ('tuple', 'append', 'items'):
        for s in source.args[-1]:
            _remap(s, remap)
    elif source.kind == 'fresh' and not getattr(source, '_remapped', False):
        source._remapped = True  # (one Source wherever the container was stored)
        for item in source.args[1]:
            _remap(item[1] if source.args[0] is dict else item, remap)


class _Recorder:
    """Turns the graph values a trace left in places into Sources (and graph outputs)."""

    def __init__(self, captures, objects, builder):
        self.builder = builder
        self.bindings = {id(b.proxy): k for k, b in enumerate(captures.bindings)}
        self.binding_tensors = {id(b.tensor): k for k, b in enumerate(captures.bindings)
                                if b.tensor is not None}
        self.arrays = [b.array for b in captures.bindings]
        self.objects = {id(o): k for k, o in enumerate(objects)}  # argument array objects
        self.outputs = []   # graph values to append to the graph's outputs
        self._by_root = {}  # id(made array root or tensor) -> its Source
        self._of_view = {}  # id(view object) -> its Source: one object stored in two places is
        # one object after each call too (and two views alike stay two objects)
        self._keep = []     # what the ids above stand for, kept alive
        self.known = set(captures.snapshot.containers) if captures.snapshot else set()
        self.inner = []     # [(owner, step kind, key, Source)] inside containers the trace made
        self._made = []     # [(owner, step kind, key)] of those, to clear

    def scan(self, value):
        """A Python value the trace left in a place: the containers it made (it, or in it) are
        kept, and given their graph values at each call."""
        kind = places.kind_of(value)
        if kind is not None and id(value) not in self.known:
            self._new_container(value, kind, None)
        elif isinstance(value, tuple):
            for item in value:
                self.scan(item)

    def clear(self, python):
        """No graph value stays in a container the trace made (a call gives them theirs)."""
        if self.builder is None:  # the trace failed: find them
            for value in python:
                self._find_made(value)
        for owner, step, key in self._made:
            places.write(owner, step, key, None)

    def _find_made(self, value):
        kind = places.kind_of(value)
        if kind is None or id(value) in self.known:
            return
        self.known.add(id(value))
        for step, key, item in places.contents(value, kind):
            if holds_graph(item):
                self._made.append((value, step, key))
            else:
                self._find_made(item)

    def source(self, value, path):
        cls = value.__class__
        if cls is TracedArray or cls is Tensor:
            found = self._of_view.get(id(value))
            if found is None:
                found = (self._traced_array if cls is TracedArray else self._tensor)(value, path)
                if found.kind in ('view', 'chain'):
                    self._of_view[id(value)] = found
                    self._keep.append(value)
            return found
        if cls is GraphList:
            raise MutationError(
                f'{_text(path)} is given a list built in a graph loop at {source_location()}: '
                'a graph cannot rebuild the Python list at each call. Store np.stack(values) '
                'instead.')
        if isinstance(value, tuple) and (cls is tuple or hasattr(cls, '_fields')):
            items = [self.source(v, _child(path, i)) for i, v in enumerate(value)]
            if all(s.constant for s in items):
                return Source('const', value)
            return Source('tuple', cls, items)
        if (cls is list or cls is dict) and id(value) not in self.known:
            return self._fresh(value, path)
        self.scan(value)
        return Source('const', value)

    def _fresh(self, container, path):
        """A list or dict the trace made and stored: a new one at each call, as eager code
        makes, holding that call's values (one object wherever the trace stored it)."""
        source = self._by_root.get(id(container))
        if source is None:
            self._keep.append(container)
            source = self._by_root[id(container)] = Source('fresh', container.__class__, [])
            if container.__class__ is list:
                items = [self.source(v, _child(path, i)) for i, v in enumerate(container)]
                source.args = (list, items)
            else:
                items = [(k, self.source(v, None if path is None else path.child(ITEM, k)))
                         for k, v in list(container.items())]
                source.args = (dict, items)
        return source

    def _new_container(self, obj, kind, path):
        """A container the trace made: the same object at each call, given its graph values."""
        self.known.add(id(obj))
        for step, key, item in places.contents(obj, kind):
            source = self.source(item, None if path is None else path.child(step, key))
            if not source.constant:
                self.inner.append((obj, step, key, source))
                self._made.append((obj, step, key))

    def _traced_array(self, value, path):
        root = made_arrays.root_of(value)
        k = self.bindings.get(id(root))
        if k is not None:
            made_arrays.promote(root)  # a graph input: each call stores the array found then
            base = Source('captured', k)
        else:
            base = self._by_root.get(id(root))
            if base is None:
                if made_arrays.home_builder(root) is None:
                    raise MutationError(f'{_text(path)} is given an array of another trace')
                t = made_arrays.tensor_of(root)
                base = self._output(root, root if t is None else t)
        if value is root:
            return base
        if value.dtype != root.dtype:
            raise MutationError(f'{_text(path)} is given a view with another dtype of an '
                                'array: store a copy (x.view(...).copy())')
        start = value.__array_interface__['data'][0] - root.__array_interface__['data'][0]
        return Source('view', base, start, value.shape, value.strides, value.dtype)

    def _tensor(self, value, path):
        k = self.objects.get(id(value))
        if k is not None:
            return Source('argument', k)
        k = self.binding_tensors.get(id(value))
        if k is not None:
            return Source('captured', k)
        if value._builder.__class__ is StaleBuilder:
            raise MutationError(f'{_text(path)} is given an array whose value a graph cannot '
                                f'know: {value._builder.message}')
        if value._builder is not self.builder:  # made in a finished branch or loop body
            raise builders.foreign_tensor_error(value)
        ref = value._ref
        if ref is not None and ref.maybe:  # one array or another, as the graph runs
            raise MutationError(
                f'{_text(path)} is given an array that {ref.maybe[0][1]}: numpy would leave '
                'that very array there, which a graph cannot tell after the call. Store a copy '
                f'(x.copy()) in {_text(path)}.')
        if ref is not None and ref.buffer is not None and ref.chain:
            return self._view_of(value, ref, path)
        source = self._by_root.get(id(value))
        return source if source is not None else self._output(value, value)

    def _view_of(self, value, ref, path):
        """A view of an array object (an argument, a captured array, one the trace made): taken
        again from that array at each call, by the same static indexing (a numpy view then)."""
        root = next((m for m in aliasing.live(ref.buffer.members) if not m._ref.chain), None)
        chain = [(view.primitive, view.params) for view in ref.chain]
        if root is None or any(view.dynamic or view.__class__ is not views.View
                               for view in ref.chain):
            raise MutationError(
                f'{_text(path)} is given a view of another array taken with a graph value: a '
                'graph cannot take it again after the call. Store a copy (x.copy()), or the '
                'base array itself.')
        return Source('chain', self._tensor(root, path), chain)

    def _output(self, key_obj, value):
        if isinstance(value, np.ndarray):  # a made array nothing wrote a graph value into
            value = self.builder.emit('copy', [np.ndarray.view(value, np.ndarray)], {})
        else:
            value = aliasing.snapshot(value)
        source = Source('output', len(self.outputs))
        self.outputs.append(value)
        self._by_root[id(key_obj)] = source
        self._keep.append(key_obj)
        return source


def _child(path, i):
    return None if path is None else path.child(ITEM, i)


def _text(path):
    return 'an object the trace made' if path is None else path.text


def check_shared(captures, updated):
    """MutationError if the trace updates a captured array (`id(binding)` in `updated`) that
    shares memory with another it uses: the graph updates each on its own, where numpy sees
    the update through both."""
    used = captures.by_reference()
    for binding in used:
        if id(binding) not in updated:
            continue
        for other in used:
            if other is not binding and np.may_share_memory(other.array, binding.array):
                raise MutationError(
                    f'{binding.description} and {other.description} share memory, and the '
                    'function updates one of them: a graph updates each captured array on its '
                    'own, where numpy would see the update through the other. Pass them to '
                    'the rt.function as arguments, or copy one (x = x.copy()).')
