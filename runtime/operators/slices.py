"""Subscripts as operators (TensorFlow's `get_item`/`set_item`, kept for the code it generates)."""
import collections

from . import dispatch as _d

GetItemOpts = collections.namedtuple('GetItemOpts', ('element_dtype',))


def get_item(target, i, opts=None):
    if isinstance(target, _d.staged_types):
        return _d.graph.get_item(target, i, opts)
    return target[i]


def set_item(target, i, x):
    if isinstance(target, _d.staged_types):
        return _d.graph.set_item(target, i, x)
    target[i] = x
    return target
