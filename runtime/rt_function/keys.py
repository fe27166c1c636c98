"""Cache keys: what of a call's arguments selects its graph (SPEC §6).

Arrays, numpy scalars and symbolic tensors count by type (an AbstractValue:
dtype and shape) and become graph inputs; Python scalars, strings and None by
type and value (`1`, `True` and `1.0` differ) and are baked into the trace;
lists, tuples, dicts and namedtuples by structure; any other object by
identity (the Function holds it weakly and drops its traces when it dies).
Dict keys count as hashable values: Python and numpy scalars by type and value,
tuples and frozensets by their items, anything else by identity. No key ever
calls an argument's `__eq__` (which may raise, return an array, or lie).
Arguments are bound to the parameters with defaults applied, so keyword and
positional forms of one call share a key.

Keying costs what reading the arguments costs: the items of a list or tuple of
Python scalars of one kind (ints, floats, strings, ...) are keyed together, in
C, as one *run* (`run_key`: their types and values, floats by their bits),
which is equal exactly when the items' own keys are; a run stands for them in
the cache key, and their own keys are made only when a call is traced.

Arrays of other libraries (anything with numpy's array protocols or the array
API, `_ARRAY_PROTOCOLS`, that is not a numpy array, a numpy scalar, a tensor or
a variable) are refused with a TypeError naming the argument (`bind`): keyed by
identity, the trace would run the function on them as Python objects, and each
new one would trace again.
"""
import array
import weakref
from operator import countOf

import numpy as np

from ..ir.core import AbstractValue
from ..ir.structure import map_dict_keys
from ..tracing.builders import Followed, Resource
from ..tracing.graph_lists import GraphList
from ..tracing.tensor import Tensor
from ..user_objects.tensor_spec import TensorSpec

SCALARS = frozenset((bool, int, float, complex, str, bytes, type(None)))
_TENSOR = 'tensor'  # what a tensor leaf is in a relaxed key
ARRAY_TYPES = frozenset([np.ndarray] + [t for t in set(np.sctypeDict.values())
                                        if issubclass(t, np.generic)])
# numpy scalar classes whose class fixes the dtype (not datetime64 and timedelta64: units)
NUMERIC_SCALARS = frozenset(t for t in ARRAY_TYPES
                            if t is not np.ndarray and np.dtype(t).kind in 'biufc')
_PLAIN = frozenset((bool, int, str, type(None)))
_NDARRAY = np.ndarray
# scalars whose equality, for one type, is equality of their keys (floats are not: nan, -0.0)
_EXACT = frozenset((bool, int, str, bytes, type(None)))
# what makes an object an array of some library (numpy's protocols, the array API standard)
_ARRAY_PROTOCOLS = ('__array__', '__array_interface__', '__array_struct__',
                    '__array_function__', '__array_ufunc__', '__array_namespace__')
_ACCEPTED = (np.ndarray, np.generic, Tensor, TensorSpec, Resource, GraphList)
_array_like_classes = weakref.WeakKeyDictionary()  # class -> are its instances such arrays


class ObjectKey(tuple):
    """The key of an object compared by identity: ('object', id)."""
    __slots__ = ()


def tensor_type(value):
    """The type of a leaf that becomes a graph input (array, numpy scalar, tensor, spec) or None."""
    if isinstance(value, (np.ndarray, np.generic, Tensor, TensorSpec, Followed)):
        return AbstractValue(value.dtype, value.shape)
    return None


class _Run(tuple):
    """The key of the items of a list or tuple keyed together (`run_key`)."""
    __slots__ = ()


class ArrayLikeArgument(TypeError):
    """An argument is an array of another library (`bind` says which and what is accepted)."""

    def __init__(self, value):
        super().__init__(value)
        self.value = value


def is_array_like(kind):
    """True if instances of class `kind` are arrays of another library (see the module doc)."""
    known = _array_like_classes.get(kind)
    if known is None:
        known = _array_like_classes[kind] = not issubclass(kind, _ACCEPTED) and not issubclass(
            kind, type) and any(hasattr(kind, name) for name in _ARRAY_PROTOCOLS)
    return known


def leaf_key(value, instances=()):
    """A leaf's key; `instances`: ids of a method's instances, keyed by identity whatever they are."""
    kind = value.__class__
    if kind in SCALARS:
        if kind is float and (value != value or value == 0.0):
            return (float, repr(value))  # nan equals nothing, and -0.0 == 0.0
        return (kind, repr(value) if kind is complex else value)
    aval = tensor_type(value)
    if aval is not None:
        return aval
    if is_array_like(kind) and id(value) not in instances:
        raise ArrayLikeArgument(value)
    return ObjectKey(('object', id(value)))


def signature_key(value):
    """`leaf_key` as a trace's signature compares values (they were bound already): any object,
    a method's array-like instance included, by identity."""
    try:
        return leaf_key(value)
    except ArrayLikeArgument:
        return ObjectKey(('object', id(value)))


_EMPTY = _Run(((), ()))  # (no types, no values)


def run_key(items):
    """One key for all the items of a list or tuple (a `_Run`), if they are Python scalars that
    key by value (see `_EXACT`) or floats that are not nan; else None.

    Computed in C: the items' types (one type, or each item's) and their values (floats: their
    bits, which tell -0.0 from 0.0). Two runs are equal exactly when their items' keys are.
    """
    if not items:
        return _EMPTY
    kind = type(items[0])
    if countOf(map(type, items), kind) == len(items):  # one type (the commonest case)
        if kind in _EXACT:
            return _Run((kind, tuple(items)))
        if kind is float:
            total = sum(items)
            if total == total:  # no nan (all nans are one key, whatever their bits)
                return _Run((float, array.array('d', items).tobytes()))
        return None
    kinds = tuple(map(type, items))
    if _EXACT.issuperset(kinds):  # several types: each item's
        return _Run((kinds, tuple(items)))
    return None


def _flatten(tree, leaves, keys, found):
    """`structure.flatten(tree, leaves)` that also appends the leaves' keys to `keys`, a run of
    keys for each list or tuple of scalars (`run_key`), and to `found` the tensors (0), objects
    keyed by identity (1) and whether it holds a dict (2); `found[3]`: see `leaf_key`."""
    kind = tree.__class__
    if kind is tuple or kind is list:
        run = run_key(tree)
        if run is not None:
            leaves.extend(tree)
            keys.append(run)
            return (kind, (None,) * len(tree))
        return (kind, tuple([_flatten(item, leaves, keys, found) for item in tree]))
    if kind is dict:
        found[2] = True
        return (dict, tuple(tree), tuple([_flatten(item, leaves, keys, found)
                                          for item in tree.values()]))
    if isinstance(tree, tuple) and hasattr(kind, '_fields'):
        return (kind, tuple([_flatten(item, leaves, keys, found) for item in tree]))
    leaves.append(tree)
    key = leaf_key(tree, found[3])
    keys.append(key)
    if key.__class__ is AbstractValue:
        found[0].append(tree)
    elif key.__class__ is ObjectKey:
        found[1].append(tree)
    return None


class Arguments:
    """One call in canonical form: parameter values, their leaves, leaf keys and the cache key.

    The same array passed twice (`aliases`) is part of the key: a function that
    updates one sees the update through the other, as in numpy. The key holds a
    run of keys for the items of a list or tuple of scalars (`run_key`); `leaf_keys`
    (one per leaf) are made when they are asked for, when a call is traced.
    """
    __slots__ = ('values', 'structure', 'structure_key', 'leaves', '_keys', '_leaf_keys', 'key',
                 'tensors', 'objects', 'aliases')

    def __init__(self, values, bound=0):
        """`bound`: how many of `values` come first as a method's instance (`self`), which is
        keyed by identity even if it is an array of another library."""
        self.values = values
        self.leaves, keys = [], []
        found = [[], [], False, {id(v) for v in values[:bound]} if bound else ()]
        self.structure = _flatten(values, self.leaves, keys, found)
        self.tensors, self.objects, has_dict, _ = found
        self._keys, self._leaf_keys = tuple(keys), None
        self.structure_key = self.structure if not has_dict else map_dict_keys(
            lambda k: hashable_key(k, self.objects), self.structure)
        self.key = (self.structure_key, self._keys)
        self.aliases = aliases(self.tensors) if len(self.tensors) > 1 else ()
        if self.aliases:
            self.key += (self.aliases,)

    @property
    def leaf_keys(self):
        """The key of each leaf (`leaf_key`), in the order of `leaves`."""
        if self._leaf_keys is None:
            expanded = []
            for key in self._keys:
                if key.__class__ is _Run:
                    expanded.extend(map(leaf_key, self.leaves[len(expanded):
                                                              len(expanded) + _run_length(key)]))
                else:
                    expanded.append(key)
            self._leaf_keys = tuple(expanded)
        return self._leaf_keys

    @property
    def avals(self):
        return [k for k in self._keys if k.__class__ is AbstractValue]

    @property
    def relaxed_key(self):
        """The key without the types of tensor leaves: calls that differ only in those."""
        return (self.structure_key, tuple(_TENSOR if k.__class__ is AbstractValue else k
                                          for k in self._keys)) + self.key[2:]

    def key_with(self, avals):
        """The key of this call with its tensor leaves of types `avals`."""
        avals = iter(avals)
        return (self.structure_key, tuple(next(avals) if k.__class__ is AbstractValue else k
                                          for k in self._keys)) + self.key[2:]


def _run_length(run):
    kinds, values = run
    if kinds is float:
        return len(values) // 8  # float64 bits
    return len(values)


def aliases(values):
    """Pairs (i, j), i < j, of `values` that are the same array object (numpy or traced)."""
    first, pairs = {}, []
    for j, value in enumerate(values):
        if isinstance(value, (np.ndarray, Tensor, Followed)):
            i = first.setdefault(id(value), j)
            if i != j:
                pairs.append((i, j))
    return tuple(pairs)


def detached(tensors):
    """Graph inputs as the graph runs on them: a value a tape follows, when no tape records
    (a call under tapes records instead), as its plain value."""
    if not any(isinstance(t, Followed) for t in tensors):
        return tensors
    return [t.detached() if isinstance(t, Followed) else t for t in tensors]


def hashable_key(value, objects):
    """A dict key as part of a cache key; objects keyed by identity are appended to `objects`."""
    kind = value.__class__
    if kind in SCALARS:
        return leaf_key(value)
    if isinstance(value, np.generic):
        return (kind, repr(value))  # repr tells nan, -0.0 and 0.0 apart as leaf_key does
    if kind is tuple or kind is frozenset:
        return (kind, kind(hashable_key(v, objects) for v in value))
    if is_array_like(kind):
        raise ArrayLikeArgument(value)
    objects.append(value)
    return ObjectKey(('object', id(value)))


def bind(binder, args, kwargs, bound=0):
    """The Arguments of a call `f(*args, **kwargs)` (a `binding.Binder` of `f`) whose `bound`
    first arguments are a method's instance."""
    values = binder(args, kwargs)
    try:
        return Arguments(values, bound)
    except ArrayLikeArgument as exc:
        raise _array_like_error(binder, values, exc.value) from None


def _array_like_error(binder, values, value):
    """The TypeError refusing `value`, an array of another library among the call's `values`."""
    place = next((p for name, v in zip(binder.signature.parameters, values)
                  for p in _places(v, name, value)), 'an argument')
    kind = value.__class__
    module = kind.__module__.partition('.')[0]
    what = kind.__qualname__ if module == 'builtins' else f'{module}.{kind.__qualname__}'
    return TypeError(
        f'{binder.name}: argument {place} is a {what}, an array of a library rt.function does '
        'not trace; it takes numpy arrays and numpy scalars (graph inputs), Python scalars, '
        'strings and None (keyed by value), rt.Variables, and lists, tuples and dicts of '
        f'them. Pass its values as a numpy array: np.asarray({place})')


def _places(tree, path, value):
    """The paths (`xs[0]`, `d['k']`, `p.x`) of `value` inside an argument `tree` at `path`."""
    if tree is value:
        yield path
        return
    kind = tree.__class__
    if kind is dict:
        for key, item in tree.items():
            if key is value:
                yield f'{path} (a key)'
            yield from _places(item, f'{path}[{key!r}]', value)
    elif isinstance(tree, tuple) and hasattr(kind, '_fields'):
        for field, item in zip(kind._fields, tree):
            yield from _places(item, f'{path}.{field}', value)
    elif kind is list or kind is tuple:
        for i, item in enumerate(tree):
            yield from _places(item, f'{path}[{i}]', value)


def fast_key(args):
    """A key of positional `args` when all are arrays, numpy or plain Python scalars; else None.

    It serves the Function's memo of calls already resolved, not the cache.
    One argument's key is `arg_key`'s; more arguments (or none) key as a tuple
    led by their count, so that it is never 2 long and equals no one argument's key.
    """
    if len(args) == 1:  # the commonest calls, one numpy scalar or array, without a second call
        a = args[0]
        kind = a.__class__
        if kind in NUMERIC_SCALARS:
            return kind
        return (a.shape, a.dtype) if kind is _NDARRAY else arg_key(a)
    key = [len(args)]
    for a in args:
        k = arg_key(a)
        if k is None:
            return None
        key.append(k)
    return tuple(key)


def arg_key(a):
    """One argument's memo key, None if it has none. A numeric numpy scalar: its class (which
    fixes its dtype and shape); an array: (shape, dtype); another numpy scalar (a datetime):
    (None, dtype); a plain scalar: (type, value); a list or tuple of scalars: (list or tuple,
    `run_key`). Keys of different kinds are never equal
    (a class is no tuple; a shape, None and a type are not equal), so a numpy scalar and a
    0-d array never share a memo entry, although they share a trace."""
    kind = a.__class__
    if kind in NUMERIC_SCALARS:
        return kind
    if kind is _NDARRAY:
        return (a.shape, a.dtype)
    if kind in ARRAY_TYPES:
        return (None, a.dtype)
    if kind in _PLAIN or (kind is float and a == a and a != 0.0):
        return (kind, a)
    if kind is list or kind is tuple:  # of scalars: (kind, run) (no tuple above starts so)
        run = run_key(a)
        return None if run is None else (kind, run)
    return None
