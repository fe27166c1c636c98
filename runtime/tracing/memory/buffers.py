"""The memory array objects live in while tracing: a `Buffer` per root array, a `Ref` per object."""
import weakref

from ... import graph_ops
from .. import builders, tensor
from ..errstate_regions import inner_primitive  # a region's value is its op's

# Ops whose 0-d results are 0-d arrays; other ops give numpy scalars for 0-d results.
ARRAY_RESULTS = graph_ops.names_where('array_result')


class Buffer:
    """The memory of one root array: its current value, the objects in it, and suspects."""
    __slots__ = ('root', 'members', 'suspects', 'pinned', 'first_update', 'stale')

    def __init__(self, root):
        self.root = root          # an immutable snapshot tensor of the root array's value
        self.members = {}         # id -> weak reference to an object living in this memory
        self.suspects = {}        # id -> weak reference to an object that MAY live in it
        self.pinned = None        # why it can no longer be updated, or None
        self.first_update = None  # numpy's read-only message for its first update
        self.stale = None         # why its value is unknown (an update may have reached it)


class Ref:
    """What the tracer knows of an array object beyond its current value."""
    __slots__ = ('buffer', 'chain', 'home', 'kind', 'readonly', 'maybe', 'inplace')

    def __init__(self, home):
        self.buffer, self.chain, self.home = None, (), home  # home: the graph it joined in
        self.kind = None       # 'scalar' or 'array' for a 0-d value, where the op does not say
        self.readonly = False  # numpy refuses updates (a broadcast view, a variable's value)
        self.maybe = ()        # (Buffer, why) pairs: memory it may or may not share
        self.inplace = False   # an in-place operator was applied to it (an argument's kind matters)


def snapshot(value):
    """An immutable stand-in for a tensor's current value (never given to user code)."""
    return tensor.Tensor(value._var, value._builder, value._op)


def set_value(obj, value):
    obj._var, obj._builder, obj._op = value._var, value._builder, value._op


def ref_of(obj):
    ref = obj._ref
    if ref is None:
        ref = obj._ref = Ref(obj._builder)
    return ref


def is_scalar(value):
    """True for a tensor standing for an immutable number: a Python number or a numpy scalar."""
    if value.aval.weak:
        return True
    if value.shape != ():
        return False
    ref = value._ref
    if ref is not None and ref.kind is not None:
        return ref.kind == 'scalar'
    return value._op is not None and inner_primitive(value._op) not in ARRAY_RESULTS


def set_kind(value, scalar):
    if value.shape == ():
        ref_of(value).kind = 'scalar' if scalar else 'array'


def is_array_object(value):
    """True for a tensor standing for a mutable numpy array (not a number)."""
    return isinstance(value, tensor.Tensor) and not is_scalar(value)


def buffer_of(obj):
    """The buffer of array object `obj`, made on first need (then `obj` is its root)."""
    ref = ref_of(obj)
    if ref.buffer is None:
        ref.buffer = Buffer(snapshot(obj))
        ref.buffer.members[id(obj)] = weakref.ref(obj)
    return ref.buffer


def visible(obj):
    """True unless `obj` joined its buffer in a graph that is finished (a path, a loop body)."""
    if not isinstance(obj, tensor.Tensor):
        return True
    ref = obj._ref
    home = ref.home if ref is not None else None
    return home is None or builders.encloses(home, builders.current_builder())


def live(entries):
    """The objects of a weak dict (members or suspects) that are alive and visible."""
    objects = []
    for key, reference in list(entries.items()):
        obj = reference()
        if obj is None or not visible(obj):
            del entries[key]
        else:
            objects.append(obj)
    return objects
