"""Stale arrays: those an in-place update may or may not have reached (numpy decides at run time).

What the graph cannot know exactly (an object that MAY share memory with a
buffer: a reshape of an array of unknown strides, an array rebound on one
path of a tensor `if`, see `aliasing`) does not make an update an error by
itself: the update is given to the object updated, and the live objects it may
or may not have reached become *stale*. A stale object's `_builder` is a
`builders.StaleBuilder`, so using its value later (an op reading it, returning
it, an argument written back) raises MutationError naming the line of the
update and why; an ambiguity nothing observes costs nothing. Staleness is a
property of a buffer (its members are poisoned, again whenever they are given
new values), journaled like its value, so that the paths and loop bodies that
made buffers stale are undone and their staleness put back after the
construct (`restale`). Memory the graph does not hold (a numpy array)
cannot be stale, and what is pinned (stored by value) cannot be updated: both
are errors at once.
"""
from ...errors import MutationError
from .. import builders
from . import journals
from .buffers import buffer_of, live


def check_updatable(obj):
    """Before `obj` is updated: make stale the live objects the update may or may not reach;
    raise MutationError if one of them is memory the graph does not hold, or `obj` is pinned."""
    ref = obj._ref
    if ref is None:
        return
    if ref.maybe:
        reached = {id(obj)}  # what the update surely reaches: obj, its base, its views
        if ref.buffer is not None:
            reached.update(id(o) for o in live(ref.buffer.members))
        for buffer, why in ref.maybe:
            others = live(buffer.members) + live(buffer.suspects)
            if any(id(o) not in reached for o in others):
                make_stale(buffer, why, obj)
    buffer = ref.buffer
    if buffer is None:
        return
    if buffer.pinned:
        raise _ambiguous(buffer.pinned)
    for suspect in live(buffer.suspects):
        if suspect is not obj:
            why = next(why for b, why in suspect._ref.maybe if b is buffer)
            _make_object_stale(suspect, _stale_message(why), obj)


_FIX = ('Copy the array before updating it (x = x.copy()), so that nothing else can see the '
        'update.')


def _ambiguous(why):
    where = builders.source_location()
    return MutationError(f'cannot update an array in place at {where}: {why}, so a graph '
                         f'cannot reproduce what numpy would do. {_FIX}')


def _stale_message(why):
    return (f'it may or may not have been updated in place at {builders.source_location()} '
            f'({why}), so a graph cannot reproduce what numpy would do. {_FIX}')


def make_stale(buffer, why, updating=None):
    """Make `buffer` (and what may share it) stale: the update of `updating` may reach it."""
    if buffer.root is None:  # a numpy array: numpy code may read it, not only the graph
        raise _ambiguous(why)
    set_stale(buffer, _stale_message(why), updating)


def set_stale(buffer, message, updating=None, suspects=True):
    """Give `buffer` the stale `message` (journaled): its live members, and with `suspects`
    the objects that may share it (with their views), but not the object being updated."""
    if buffer.stale is not None:
        return
    journals.journal(builders.current_builder(), buffer)
    buffer.stale = message
    for obj in live(buffer.members):
        if obj is not updating:
            poison(obj, message)
    for suspect in live(buffer.suspects) if suspects else ():
        _make_object_stale(suspect, message, updating)


def _make_object_stale(obj, message, updating):
    buffer = buffer_of(obj)
    if all(o is not updating for o in live(buffer.members)):  # else surely reached
        set_stale(buffer, message, updating)


def poison(obj, message):
    """Make tensor `obj` stale: using it raises MutationError(`message`)."""
    if obj._builder.__class__ is not builders.StaleBuilder:
        obj._builder = builders.StaleBuilder(obj._builder, message)


def restale(made_stale):
    """Make stale again the buffers of `made_stale` (a `builder.stale` from `undo`; each
    buffer the staleness reached is there: it is not spread to suspects again)."""
    for buffer, message in made_stale.items():
        set_stale(buffer, message, suspects=False)
