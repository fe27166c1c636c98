"""Subscripts as operators (TensorFlow's `get_item`/`set_item`, kept for the code it generates).

agconvert leaves subscripts as written; code converted by TensorFlow calls
these. On a tensor or graph list, `x[i]` stages the op itself, and
`target[i] = x` assigns in place (`runtime.tracing.memory.updates`), so one
definition serves Python values and graph values alike.
"""
import collections

GetItemOpts = collections.namedtuple('GetItemOpts', ('element_dtype',))


def get_item(target, i, opts=None):
    return target[i]


def set_item(target, i, x):
    target[i] = x
    return target
