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
"""
import numpy as np

from ..ir.core import AbstractValue
from ..tracing.tensor import Tensor
from ..tracing.builders import Followed
from ..api.tensor_spec import TensorSpec
from ..ir.structure import flatten, map_dict_keys

SCALARS = frozenset((bool, int, float, complex, str, bytes, type(None)))
_TENSOR = 'tensor'  # what a tensor leaf is in a relaxed key
ARRAY_TYPES = frozenset([np.ndarray] + [t for t in set(np.sctypeDict.values())
                                        if issubclass(t, np.generic)])
# numpy scalar classes whose class fixes the dtype (not datetime64 and timedelta64: units)
NUMERIC_SCALARS = frozenset(t for t in ARRAY_TYPES
                            if t is not np.ndarray and np.dtype(t).kind in 'biufc')
_PLAIN = frozenset((bool, int, str, type(None)))
_NDARRAY = np.ndarray


class ObjectKey(tuple):
    """The key of an object compared by identity: ('object', id)."""
    __slots__ = ()


def tensor_type(value):
    """The type of a leaf that becomes a graph input (array, numpy scalar, tensor, spec) or None."""
    if isinstance(value, (np.ndarray, np.generic, Tensor, TensorSpec, Followed)):
        return AbstractValue(value.dtype, value.shape)
    return None


def leaf_key(value):
    kind = value.__class__
    if kind in SCALARS:
        if kind is float and (value != value or value == 0.0):
            return (float, repr(value))  # nan equals nothing, and -0.0 == 0.0
        return (kind, repr(value) if kind is complex else value)
    aval = tensor_type(value)
    if aval is not None:
        return aval
    return ObjectKey(('object', id(value)))


class Arguments:
    """One call in canonical form: parameter values, their leaves, leaf keys and the cache key.

    The same array passed twice (`aliases`) is part of the key: a function that
    updates one sees the update through the other, as in numpy.
    """
    __slots__ = ('values', 'structure', 'structure_key', 'leaves', 'leaf_keys', 'key', 'tensors',
                 'objects', 'aliases')

    def __init__(self, values):
        self.values = values
        self.leaves = []
        self.structure = flatten(values, self.leaves)
        self.leaf_keys = tuple(map(leaf_key, self.leaves))
        self.tensors, self.objects = [], []
        self.structure_key = map_dict_keys(lambda k: hashable_key(k, self.objects), self.structure)
        self.key = (self.structure_key, self.leaf_keys)
        for leaf, key in zip(self.leaves, self.leaf_keys):
            if key.__class__ is AbstractValue:
                self.tensors.append(leaf)
            elif key.__class__ is ObjectKey:
                self.objects.append(leaf)
        self.aliases = aliases(self.tensors)
        if self.aliases:
            self.key += (self.aliases,)

    @property
    def avals(self):
        return [k for k in self.leaf_keys if k.__class__ is AbstractValue]

    @property
    def relaxed_key(self):
        """The key without the types of tensor leaves: calls that differ only in those."""
        return (self.structure_key, tuple(_TENSOR if k.__class__ is AbstractValue else k
                                          for k in self.leaf_keys)) + self.key[2:]

    def key_with(self, avals):
        """The key of this call with its tensor leaves of types `avals`."""
        avals = iter(avals)
        return (self.structure_key, tuple(next(avals) if k.__class__ is AbstractValue else k
                                          for k in self.leaf_keys)) + self.key[2:]


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
    objects.append(value)
    return ObjectKey(('object', id(value)))


def bind(binder, args, kwargs):
    """The Arguments of a call `f(*args, **kwargs)` (a `binding.Binder` of `f`)."""
    return Arguments(binder(args, kwargs))


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
    (None, dtype); a plain scalar: (type, value). Keys of different kinds are never equal
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
    return None
