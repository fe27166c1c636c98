"""Journals: what a graph (a cond path, a loop body, a trace) changed in buffers, to undo it.

A GraphBuilder journals each buffer (`aliasing.Buffer`) it updates or makes
stale: `builder.written` maps it to its state before the first change, so that
a cond path or a loop body can be undone and its updates merged or carried
(`cf_arrays`), and the updates a trace made to arrays of an enclosing trace
returned (`rt_function.writeback`).
"""
import weakref

from .. import builders
from .buffers import live, set_value, snapshot


def journal(builder, buffer):
    """Record `buffer`'s state before `builder`'s first change of it."""
    if builder is not None and buffer not in builder.written:
        builder.written[buffer] = state(buffer, builder)


def state(buffer, builder=None):
    """The root value of `buffer`, whether it is stale, and the values of its live members,
    to restore them later (not those that joined it in `builder`: they are gone with it)."""
    return buffer.root, buffer.stale, [
        (weakref.ref(o), snapshot(o)) for o in live(buffer.members)
        if o._ref.home is not builder or builder is None]


def restore(buffer, saved):
    buffer.root, buffer.stale, members = saved
    for reference, value in members:
        obj = reference()
        if obj is not None:
            set_value(obj, value)


def undo(builder):
    """Undo `builder`'s changes of buffers it did not make itself (those of a finished path or
    loop body are invisible anyway); return them with their final root values (snapshots).

    `builder.stale` maps those it made stale to why (`stale.restale` puts it back).
    """
    updated, builder.stale = {}, {}
    for buffer, saved in builder.written.items():
        if saved[0]._builder is builder:
            continue
        if builders.encloses(saved[0]._builder, builder):  # not one of a finished path in `builder`
            updated[buffer] = buffer.root
            if buffer.stale is not None and saved[1] is None:
                builder.stale[buffer] = buffer.stale
        restore(buffer, saved)
    builder.written.clear()
    return updated
