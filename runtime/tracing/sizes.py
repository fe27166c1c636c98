"""Sizes of tensors while tracing: Python ints where the shape knows them, graph values where not.

`len(x)`, `np.shape(x)`, `np.size(x)` and `x.size` give an int for a known
dimension and, for an unknown one, a `dim` op: an int scalar tensor that holds
a Python int when the graph runs, as the eager code has (TensorFlow's
`tf.shape`). Size arguments (`np.zeros(n)`, `range(n)`, `reshape`) take such
values: `split_sizes` turns a shape into a template whose `Hole`s stand for
them. `x.shape` stays static, with None for unknown dims; reads of it by user
code are remembered per trace, so that a None from it passed as a size is an
error naming the tensor, its type and the lines, instead of numpy's puzzle.
"""
import collections
import operator
import threading
import weakref

import numpy as np

from ..converted_code.frames import is_internal
from ..errors import OperatorNotAllowedInGraphError
from ..graph_ops.creation import check_sizes
from ..ir import shapes
from ..ir.core import Hole
from ..ir.printing import pp_type
from . import builders, tensor
from .python_numbers import wrap

_local = threading.local()
_REMEMBERED = 16  # shape reads per thread; the error names the one most likely at fault


def dim(x, axis):
    """The size of axis `axis` of tensor `x`: an int when static, else a `dim` value."""
    shape = x.aval.shape
    if shape is not None and shape[axis] is not None:
        return shape[axis]
    return wrap(builders.bind('dim', x, axis=axis))


def length(x):
    """`len(x)` of a tensor: its first dimension."""
    if x.aval.shape == ():
        raise TypeError('len() of unsized object')
    return dim(x, 0)


def shape_of(x):
    """`np.shape(x)`: a tuple of ints and, for unknown dims, `dim` values."""
    if x.aval.shape is None:
        raise OperatorNotAllowedInGraphError(
            f'np.shape of a tensor of unknown rank ({pp_type(x.aval)}): a tuple needs the number '
            'of dimensions while tracing; give the tensor a known rank (a TensorSpec shape tuple), '
            'or use len(x) and np.size(x)')
    return tuple(dim(x, axis) for axis in range(len(x.aval.shape)))


def size_of(x, axis=None):
    """`np.size(x, axis)` and `x.size`: an int when static, else a `dim` value."""
    if axis is not None:
        return dim(x, axis)
    n = shapes.size(x.aval.shape)
    return n if n is not None else wrap(builders.bind('dim', x, axis=None))


def split_sizes(shape, what):
    """`(template, dims)` of a shape argument holding tensors, or None when it holds none.

    The template is the shape with `Hole(i)` for the i-th tensor in `dims`, the
    form creation ops and reshape take. A None in it that an unknown dim of a
    static `x.shape` explains is an error naming that tensor; without tensors the
    caller passes the shape to numpy, which reports what else is wrong with it.
    """
    items = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    if any(item is None for item in items):
        raise_for_unknown_dim(what)
    if not any(isinstance(item, tensor.Tensor) for item in items):
        return None
    template, dims = [], []
    for item in items:
        if isinstance(item, tensor.Tensor):
            check_sizes([item.aval], what)
            template.append(Hole(len(dims)))
            dims.append(item)
        else:
            template.append(operator.index(item))  # Python's TypeError for None or a float
    return (tuple(template) if isinstance(shape, (tuple, list)) else template[0]), dims


def static_shape(shape):
    """A shape of Python ints (a sequence, or one size), as numpy takes it (its TypeErrors)."""
    if isinstance(shape, (tuple, list, np.ndarray)):
        return tuple(operator.index(d) for d in shape)
    return operator.index(shape)


def note_shape_read(x, frame):
    """Remember that user code at `frame` read the static shape of `x`, which has unknown dims."""
    if is_internal(frame):
        return
    builder = builders.current_builder()
    if builder is None:
        return
    names = [name for name, value in frame.f_locals.items() if value is x]
    reads = _local.__dict__.setdefault('reads', collections.deque(maxlen=_REMEMBERED))
    label = names[0] if names else None  # the tensor itself is not kept: it holds its graph
    reads.append((weakref.ref(_root(builder)), label or f'the tensor {x.name}', pp_type(x.aval),
                  builders.source_location(frame), label is not None))


def raise_for_unknown_dim(what, same_line=False):
    """Raise the error for a None given as a size to `what`, if an unknown dim explains it.

    `same_line`: only a shape read just before, on the line of the call, explains
    it (for an argument whose None is also its default: the limit of rt.range).
    """
    where = builders.source_location()
    read = _culprit(where, same_line)
    if read is None:
        return
    label, type_text, read_at, named = read
    name = label if named else 'x'
    seen = '' if read_at == where else f' (its shape read at {read_at})'
    raise TypeError(
        f'{what} got None as a size at {where}: it comes from the static shape of {label}: '
        f'{type_text}{seen}, where None marks a dimension known only when the graph runs. '
        f'Use len({name}) or np.shape({name}), which give sizes known when the graph runs.')


def _culprit(where, same_line):
    """(label, type, location, named) of the read this trace made last at `where`, else last."""
    builder = builders.current_builder()
    root = builder and _root(builder)
    reads = [r[1:] for r in getattr(_local, 'reads', ()) if root is not None and r[0]() is root]
    at_line = [r for r in reads if r[2] == where]
    if same_line:  # the argument's own read is the last one made before the call
        return reads[-1] if reads and reads[-1][2] == where else None
    return (at_line or reads or [None])[-1]


def _root(builder):
    while builder.parent is not None:
        builder = builder.parent
    return builder

