"""Array objects while tracing: which of them share memory, and their in-place updates.

numpy arrays are mutable and share memory (views); graph values are not. A
`Tensor` object stands for one array object of the traced code and its
variable is that array's current value: an in-place update stages a pure
update op (`graph_ops/updates.py`) and rebinds the object to its result, so every
name bound to the object sees the new value, as with numpy.

Objects that share memory share a `Buffer`: the current value of the root
array (the base of the views) and its members, each with the chain of view
transforms (`views.View`) from the root value to its own. An update through
any member scatters its new value back into the root, level by level, and
gives every live member its new value at once.

What the graph cannot know exactly never gives a different result: an object
that MAY share memory with a buffer (a reshape of an array of unknown strides,
an array rebound on one path of a tensor `if`) is a *suspect* of it. Updating
either while the other is alive gives the update to the object updated, and
what it may or may not have reached becomes *stale* (`stale`): using it later
raises MutationError naming the line and the fix.

Control flow: a GraphBuilder journals the buffers its code changed
(`journals`), so that a cond path or a loop body can be undone and its updates
merged or carried (`cf_arrays`). Objects live in a buffer from the graph where
they joined it; once that graph is finished (a path, a loop body), they are
left out.
"""
import weakref

import numpy as np

from .. import builders, tensor
from . import journals, stale
from .buffers import (  # noqa: F401  (the memory each array object lives in, for callers)
    Buffer,
    Ref,
    buffer_of,
    is_array_object,
    is_scalar,
    live,
    ref_of,
    set_kind,
    set_value,
    snapshot,
    visible,
)


def link_view(base, result, view):
    """Make `result` a view of `base` through `view`: it lives in `base`'s buffer."""
    buffer = buffer_of(base)
    ref = ref_of(result)
    ref.buffer, ref.chain = buffer, base._ref.chain + (view,)
    ref.home = builders.current_builder()
    ref.readonly = base._ref.readonly or view.readonly
    ref.maybe = base._ref.maybe
    for other, _ in ref.maybe:
        other.suspects[id(result)] = weakref.ref(result)
    buffer.members[id(result)] = weakref.ref(result)


def may_share(result, others, why):
    """Record that `result` may share memory with each of `others` (arrays), for `why`."""
    ref = ref_of(result)
    ref.home = builders.current_builder()
    for other in others:
        memory = _memory_of(other)
        pairs = ((memory, why),) if memory is not None else ()
        if isinstance(other, tensor.Tensor) and other._ref is not None:
            pairs += other._ref.maybe  # what `other` may share, `result` may share too
        for buffer, reason in pairs:
            ref.maybe += ((buffer, reason),)
            buffer.suspects[id(result)] = weakref.ref(result)


def _memory_of(value):
    if is_array_object(value):
        return buffer_of(value)
    if isinstance(value, np.ndarray):  # a numpy array: its own (constant) memory
        buffer = Buffer(None)
        buffer.members[id(value)] = weakref.ref(value)
        return buffer
    return None


def forget(obj):
    """`obj` shares no memory after all (a copy): no longer a member or a suspect of anything."""
    ref = obj._ref
    if ref is None:
        return
    if ref.buffer is not None:
        ref.buffer.members.pop(id(obj), None)
    for buffer, _ in ref.maybe:
        buffer.suspects.pop(id(obj), None)
    obj._ref = None


def pin(obj, why):
    """No later update of `obj`'s memory is allowed (its value was stored by value, `why`)."""
    if is_array_object(obj):
        buffer = buffer_of(obj)
        buffer.pinned = buffer.pinned or why


def update(obj, new, read_only_message):
    """Make `new` (a tensor of `obj`'s type) the value of array object `obj`, updating in place."""
    ref = obj._ref
    if ref is not None and ref.readonly:
        raise ValueError(read_only_message)
    stale.check_updatable(obj)
    buffer = buffer_of(obj)
    obj._ref.inplace = True
    journals.journal(builders.current_builder(), buffer)
    buffer.first_update = buffer.first_update or read_only_message
    root = _scatter(buffer.root, obj._ref.chain, new)
    buffer.root = snapshot(root)
    set_value(obj, new)
    refresh(buffer, skip=obj)


def assign(buffer, value):
    """Give a buffer's root the value `value` (merged or carried by control flow)."""
    journals.journal(builders.current_builder(), buffer)
    buffer.root = snapshot(value)
    refresh(buffer)


def _scatter(root, chain, new):
    """The root value after a view at `chain` of `root` is given the value `new`."""
    parents = [root]
    for view in chain[:-1]:
        parents.append(view.forward(parents[-1]))
    for view, parent in zip(reversed(chain), reversed(parents)):
        new = view.backward(parent, new)
    return new


def refresh(buffer, skip=None):
    """Give every live member of `buffer` its value from the buffer's root (stale if it is)."""
    memo = {(): buffer.root}
    for obj in live(buffer.members):
        if obj is not skip:
            set_value(obj, _forward(memo, obj._ref.chain))
            if buffer.stale is not None:
                stale.poison(obj, buffer.stale)


def _forward(memo, chain):
    value = memo.get(chain)
    if value is None:
        value = memo[chain] = chain[-1].forward(_forward(memo, chain[:-1]))
    return value
