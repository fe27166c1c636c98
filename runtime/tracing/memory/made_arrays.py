"""Arrays the traced code makes with Python values: numpy until a graph value is written into them.

While tracing, `converted_call` re-types every fresh writeable ndarray a call
returns (`np.zeros(3)`, `np.array([1, 2])`, `a.copy()`, a library's result)
as a `TracedArray`, a zero-copy view (`adopt`). "Fresh" means that nothing
else can see its memory: no other reference to it (Python's reference count),
and memory that is its own. Its *home* is the graph being built when it was
made. Until its memory is promoted it is plain numpy, so Python control flow
and side effects on it run at trace time as on any numpy value.

Promotion (`promote`) happens when a graph value is written into the array or
a view of it, when Python values are written into it inside graph control
flow nested in its home (an `if` path or a loop body runs when the graph
runs), when it becomes state of graph control flow (`for_control_flow`), or
when a view of it is taken with a graph value. The array taken as a whole
(the *root*: the outermost TracedArray of a view chain) gets a tensor that
stands for it, a constant of its data at that time registered with
`aliasing` as one array object. From then on every operation on the root or
on any view of it forwards to tensors: a view's tensor is linked to the
root's from its offset and strides (`views.at_positions`), whether it was
taken before or after the promotion. A TracedArray whose home is not the
graph being built or one enclosing it (it escaped an earlier trace or a
finished path) is foreign: like a captured array, it cannot be promoted.
"""
import sys
import weakref

import numpy as np

from ...errors import MutationError
from ...ir import structure
from .. import builders, tensor
from ..graph_lists import GraphList
from . import aliasing, captured_arrays, views
from .buffers import visible
from .constants import constant_target_error
from .traced_array import TracedArray

_owners = weakref.WeakValueDictionary()  # id(plain array under a TracedArray) -> that TracedArray


def _count(value):
    return sys.getrefcount(value)


def _probe(value):
    return _count(value)  # the same frames as `adopt`'s count of a temporary


def _probe_base(view):
    base = view.base
    return _count(base)  # the same frames as `_owns_fresh_memory`'s count


_FRESH = _probe(np.empty(0))               # references to a temporary, seen from `adopt`
_FRESH_BASE = _probe_base(np.empty(2)[1:])  # references to the base of a temporary's view


def adopt(value):
    """`value` (a call's result, passed as a temporary) as a TracedArray if it is a fresh array
    made while tracing, or a view of one; otherwise `value` itself."""
    if value.__class__ is not np.ndarray or value.dtype.hasobject:
        return value
    if _made_root(value) is not None:  # a plain view of a made array (np.asarray(a), ...)
        return value.view(TracedArray)
    if not value.flags.writeable or _count(value) > _FRESH or not _owns_fresh_memory(value):
        return value
    return wrap(value)


def _owns_fresh_memory(value):
    """True if `value` owns its memory, or views that of an array nothing else holds."""
    base = value.base
    if base is None:
        return True
    return base.__class__ is np.ndarray and base.base is None and _count(base) <= _FRESH_BASE


def wrap(plain):
    """A TracedArray over `plain`, a new array nothing else sees, made in the current graph."""
    made = plain.view(TracedArray)
    while plain is not None:
        _owners[id(plain)] = made  # plain views of `made` may have any of them as base
        plain = plain.base if plain.__class__ is np.ndarray else None
    return made


def _made_root(plain):
    """The TracedArray whose memory plain array `plain` is a view of, or None (the chain of
    bases may pass through other objects holding an array, as np.broadcast_to's does)."""
    root, base = None, plain.base
    while base is not None:
        if isinstance(base, np.ndarray):
            root = _root_from(base, root)
        base = getattr(base, 'base', None)
    return root


def _root_from(base, root):
    if base.__class__ is TracedArray:
        return base
    owner = _owners.get(id(base))
    return owner if owner is not None and _wraps(owner, base) else root


def _wraps(made, plain):
    base = made.base
    while isinstance(base, np.ndarray):
        if base is plain:
            return True
        base = base.base
    return False


def root_of(x):
    """The made array whose memory TracedArray `x` lives in: the outermost of its view chain."""
    root, base = x, x.base
    while isinstance(base, np.ndarray):
        root = _root_from(base, root)
        base = base.base
    return root


def home_builder(root):
    """The graph `root` was made in if it is being built here (the current graph or one
    enclosing it); None for a foreign array."""
    return root._home if builders.encloses(root._home, builders.current_builder()) else None



def stages_writes(x):
    """True if a Python value written into TracedArray `x` must be a graph op: its memory is
    promoted, or made in a graph enclosing the current one (a path or a loop body)."""
    root = root_of(x)
    if root._tensor is None and captured_arrays.binding_of(root) is not None:
        return True  # any write makes a captured array by reference (before it counts as a read)
    if tensor_of(x) is not None:
        return True
    home = home_builder(root)
    return home is not None and home is not builders.current_builder()


def tensor_of(x):
    """The tensor standing for TracedArray `x` if its memory is promoted, else None."""
    t = x._tensor
    if t is not None and (t._ref is None or visible(t)):
        return t
    root = root_of(x)
    if root._tensor is None:
        if captured_arrays.binding_of(root) is not None and home_builder(root) is not None:
            promote(root)  # a read of an array the trace did not make: a graph input
            return tensor_of(x)
        return None
    if root is x:
        return root._tensor
    t = x._tensor = views.at_positions(root._tensor, _positions(root, x),
                                       readonly=not x.flags.writeable)
    return t


def promote(x, what='an update'):
    """The tensor of TracedArray `x`, promoting its memory first; MutationError for another
    numpy array (captured, or foreign: the graph cannot update it)."""
    if x.__class__ is not TracedArray:
        raise constant_target_error(what)
    root = root_of(x)
    if root._tensor is None:
        home = home_builder(root)
        if home is None:
            raise constant_target_error(what)
        t = captured_arrays.input_of(root)  # by reference if the trace did not make it
        if t is None:
            t = home.capture_constant(root)
            aliasing.set_kind(t, False)
        root._tensor = t
    return tensor_of(x)


def _positions(root, view):
    """The C-order flat indices in `root` of the elements of `view` (an int array of its shape)."""
    if view.dtype != root.dtype:
        raise MutationError(
            f'cannot follow a view with another dtype ({view.dtype}) of an array of '
            f'{root.dtype} at {builders.source_location()} after a graph value was written into '
            'the array: a graph cannot reinterpret its bytes. Copy it (x.view(...).copy()) or '
            'convert with x.astype(...).')
    root_offsets = _byte_offsets(root, root).ravel()
    order = np.argsort(root_offsets, kind='stable')
    known = root_offsets[order]
    offsets = _byte_offsets(view, root)
    found = np.minimum(np.searchsorted(known, offsets), known.size - 1)
    if known.size == 0 or not np.array_equal(known[found], offsets):
        raise MutationError(f'a view used at {builders.source_location()} is not inside the '
                            'memory of the array it was taken from')
    return order[found]


def _byte_offsets(x, root):
    """The byte offset of each element of `x` from the start of `root`'s data."""
    start = x.__array_interface__['data'][0] - root.__array_interface__['data'][0]
    offsets = np.full(x.shape, start, dtype=np.intp)
    for axis, (n, stride) in enumerate(zip(x.shape, x.strides)):
        shape = [1] * x.ndim
        shape[axis] = n
        offsets = offsets + (np.arange(n, dtype=np.intp) * stride).reshape(shape)
    return offsets


def resolve(value):
    """`value` with TracedArrays whose memory is promoted replaced by their tensors (in lists,
    tuples and dicts too); `value` itself if none is."""
    return _map_made(tensor_or_itself, value)


def tensor_or_itself(x):
    """The tensor standing for TracedArray `x` if its memory is promoted, else `x`."""
    t = tensor_of(x)
    return x if t is None else t


def resolve_arguments(args, kwargs, deep):
    """A call's arguments with promoted made arrays as their tensors: in lists, tuples and dicts
    too if `deep` (lists and dicts are copied then), else only the arguments themselves."""
    for value in args:
        if value.__class__ in _MAY_HOLD:
            args = tuple(resolve(v) if deep or v.__class__ is TracedArray else v for v in args)
            break
    if kwargs.__class__ is dict and any(v.__class__ in _MAY_HOLD for v in kwargs.values()):
        kwargs = {k: resolve(v) if deep or v.__class__ is TracedArray else v
                  for k, v in kwargs.items()}
    return args, kwargs


_MAY_HOLD = frozenset((TracedArray, list, tuple, dict))  # classes of values that may be or hold one


def _map_made(fn, value):
    """`value` with `fn(x)` for each TracedArray `x` in it; `value` itself if nothing changes
    (a list or dict is not copied: the object may be updated through another name)."""
    if value.__class__ is TracedArray:
        return fn(value)
    if value.__class__ not in _MAY_HOLD and not isinstance(value, tuple):
        return value
    leaves = []
    tree = structure.flatten(value, leaves)
    new = [fn(x) if x.__class__ is TracedArray else x for x in leaves]
    if all(a is b for a, b in zip(new, leaves)):
        return value
    return structure.unflatten(tree, new)


class NumpyWrites:
    """The made arrays among a call's arguments that a write inside graph control flow must
    not reach through numpy itself (a library's, or numpy's own without a graph op: it would
    run once, while tracing, where numpy runs it whenever the graph runs that code)."""
    __slots__ = ('arrays', 'what')

    def __init__(self, arrays, what):
        self.arrays, self.what = [(x, x.copy()) for x in arrays], what

    @classmethod
    def of(cls, args, kwargs, what):
        """A NumpyWrites of the arguments (a tuple, a dict or None) of a call of `what` (a
        callable or its name) it concerns, or None."""
        values = [*args, *kwargs.values()] if kwargs.__class__ is dict else args
        arrays = [x for x in values if x.__class__ is TracedArray]
        arrays = [x for x in arrays if tensor_of(x) is None and stages_writes(x)]
        return cls(arrays, what) if arrays else None

    def check(self):
        """Raise MutationError if the call changed one (put back as it was)."""
        for x, before in self.arrays:
            plain = np.ndarray.view(x, np.ndarray)
            if plain.tobytes() != np.ndarray.view(before, np.ndarray).tobytes():
                np.copyto(plain, before, casting='no')
                what = self.what if isinstance(self.what, str) else getattr(
                    self.what, '__qualname__', type(self.what).__name__)
                raise MutationError(
                    f'{what} at {builders.source_location()} updates, with numpy, an array '
                    'made before the tensor `if` or loop it runs in: numpy would update it '
                    'whenever the graph runs this code, a graph only once, while tracing. '
                    'Update it with item assignment, an in-place operator, out= of a ufunc or '
                    'np.copyto, which graphs stage.')


def is_numpy_array(value):
    """True for a numpy array that the traced code did not make: not a TracedArray made in the
    graph being built, one enclosing it, or one nested in it (a finished path or loop body)."""
    if value.__class__ is not TracedArray:
        return isinstance(value, np.ndarray)
    home, current = root_of(value)._home, builders.current_builder()
    return not (builders.encloses(home, current) or builders.encloses(current, home))


def holds_graph(value):
    """True if `value` holds a graph value: a tensor, a variable, a graph list, or a made array
    whose memory is promoted (in lists, tuples, dicts, slices)."""
    kind = value.__class__
    if kind is TracedArray:
        return tensor_of(value) is not None
    if kind in (list, tuple):
        return any(map(holds_graph, value))
    if kind is dict:
        return any(map(holds_graph, value.values()))
    if kind is slice:
        return any(map(holds_graph, (value.start, value.stop, value.step)))
    return isinstance(value, (tensor.Tensor, builders.Resource, GraphList))


def for_control_flow(values, parent):
    """The state of graph control flow entered from graph `parent`: made arrays from `parent`
    or a graph enclosing it are promoted (the construct may update them when the graph runs),
    and every promoted one is given as its tensor."""
    for value in values:
        if value.__class__ in _MAY_HOLD:
            break
    else:
        return values  # the usual case: no made array, nothing to look into

    def promoted(x):
        if tensor_of(x) is None and builders.encloses(root_of(x)._home, parent):
            return promote(x)
        return tensor_or_itself(x)
    return [_map_made(promoted, v) for v in values]
