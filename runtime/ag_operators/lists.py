"""Python lists that may become graph lists: `new_list`, `list_append`, `list_pop`, `list_stack`."""
import collections

from . import dispatch as _d

# Options TensorFlow's converter passes along with list and item operations.
ListPopOpts = collections.namedtuple('ListPopOpts', ('element_dtype', 'element_shape'))
ListStackOpts = collections.namedtuple('ListStackOpts', ('element_dtype', 'original_call'))


def new_list(iterable=None):
    return [] if iterable is None else list(iterable)


def list_append(list_, x):
    """`list_.append(x)`, returning the list (a graph list returns its new value)."""
    if isinstance(list_, _d.staged_types):
        return _d.graph.list_append(list_, x)
    list_.append(x)
    return list_


def list_pop(list_, i=None, opts=None):
    """`x = list_.pop(i)` as `(list_, x)`."""
    if isinstance(list_, _d.staged_types):
        return _d.graph.list_pop(list_, i, opts)
    x = list_.pop() if i is None else list_.pop(i)
    return list_, x


def list_stack(list_, opts=None):
    """Stack the elements of a list (Python or graph) into one array."""
    if isinstance(list_, _d.staged_types) or _d.graph is not None:
        return _d.graph.list_stack(list_, opts)
    import numpy
    return numpy.stack(list_)
