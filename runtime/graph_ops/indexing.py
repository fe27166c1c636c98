"""Indexing, `x[index]`: ints, slices, None, Ellipsis, integer and boolean arrays, tensors.

The static part of an index is the `index` param, a tuple in which `Hole(i)`
marks the i-th array-valued part (a tensor, or a numpy array captured as a
constant), passed as the equation's inputs after `x`.
"""
import numpy as np

from ..ir.core import AbstractValue, Hole
from ..ir.registry import defop, defvjp
from ..ir.shapes import broadcast_shapes
from .gradient_helpers import scatter_add, static_shape

_INVALID = ('only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and '
            'integer or boolean arrays are valid indices')


def split_index(index, is_dynamic):
    """(template, dynamic values) of a user index; `is_dynamic(v)` tells symbolic values."""
    dynamic = []

    def hole(value):
        dynamic.append(value)
        return Hole(len(dynamic) - 1)

    template = []
    for item in index if isinstance(index, tuple) else (index,):
        template.extend(_template_items(item, hole, is_dynamic))
    return tuple(template), dynamic


def _template_items(item, hole, is_dynamic):
    if item is None or item is Ellipsis or type(item) is bool:
        return [item]
    if isinstance(item, (int, np.integer)) and not isinstance(item, (bool, np.bool_)):
        return [int(item)]
    if isinstance(item, slice):
        return [slice(*(_bound(p, hole, is_dynamic) for p in (item.start, item.stop, item.step)))]
    if is_dynamic(item):
        return [hole(item)]
    if isinstance(item, list):
        item = np.asarray(item, dtype=np.intp if not item else None)
    if isinstance(item, (np.ndarray, np.bool_)):
        if item.dtype == bool and item.ndim:
            return [hole(i) for i in item.nonzero()]  # what numpy itself does with masks
        return [hole(item)]
    raise IndexError(_INVALID)


def _bound(part, hole, is_dynamic):
    if part is None or (isinstance(part, (int, np.integer)) and not isinstance(part, bool)):
        return None if part is None else int(part)
    if is_dynamic(part) or isinstance(part, np.ndarray):
        return hole(part)
    raise TypeError('slice indices must be integers or None or have an __index__ method')


def fill_index(index, dynamic):
    """The concrete index: holes replaced by the dynamic values."""
    def item(i):
        if isinstance(i, Hole):
            return dynamic[i.index]
        if isinstance(i, slice):
            return slice(*(dynamic[p.index] if isinstance(p, Hole) else p
                           for p in (i.start, i.stop, i.step)))
        return i
    return tuple(map(item, index))


def _getitem(x, *dynamic, index):
    return x[fill_index(index, dynamic)]


def emit_getitem(args, params, src):
    x, dynamic = args[0], args[1:]

    def part(p):
        return dynamic[p.index] if isinstance(p, Hole) else ('' if p is None else repr(p))

    def item(i):
        if isinstance(i, slice):
            text = f'{part(i.start)}:{part(i.stop)}'
            return text if i.step is None else f'{text}:{part(i.step)}'
        return '...' if i is Ellipsis else part(i) if i is not None else 'None'
    items = ', '.join(map(item, params['index']))
    return f'{x}[{items or "()"}]'


@defop('getitem', _getitem, emit=emit_getitem, fp_quiet=True)
def _getitem_rule(x, *dynamic, index):
    items = [_classify(i, dynamic) for i in index]
    if x.shape is None or any(consumed is None for _, consumed, _ in items):
        return AbstractValue(x.dtype, None)
    ndim = len(x.shape)
    if sum(kind == 'ellipsis' for kind, _, _ in items) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(consumed for _, consumed, _ in items)
    if used > ndim:
        raise IndexError(f'too many indices for array: array is {ndim}-dimensional, '
                         f'but {used} were indexed')
    fill = [('slice', 1, slice(None))] * (ndim - used)
    if ('ellipsis', 0, None) in items:
        at = items.index(('ellipsis', 0, None))
        items = items[:at] + fill + items[at + 1:]
    else:
        items = items + fill
    return AbstractValue(x.dtype, _indexed_shape(x.shape, items))


def _classify(item, dynamic):
    """(kind, dims consumed, payload) of one template item; consumed None: unknown."""
    if item is None:
        return ('newaxis', 0, None)
    if item is Ellipsis:
        return ('ellipsis', 0, None)
    if type(item) is bool:
        return ('advanced', 0, (int(item),))
    if isinstance(item, int):
        return ('int', 1, item)
    if isinstance(item, slice):
        return ('slice', 1, item)
    aval = dynamic[item.index]
    if aval.dtype.kind not in 'iub':
        raise IndexError('arrays used as indices must be of integer (or boolean) type')
    if aval.dtype.kind == 'b':
        return ('advanced', aval.ndim, None if aval.shape is None else (None,))
    if aval.shape == ():
        return ('int', 1, None)
    return ('advanced', 1, aval.shape)


def _indexed_shape(shape, items):
    has_advanced = any(kind == 'advanced' for kind, _, _ in items)
    out, advanced, positions, first, dim = [], [], [], None, 0
    for position, (kind, consumed, payload) in enumerate(items):
        if kind == 'newaxis':
            out.append(1)
        elif kind == 'slice':
            out.append(_slice_length(payload, shape[dim]))
        elif kind == 'int':
            _check_bound(payload, shape[dim], dim)
        if kind == 'advanced' or (kind == 'int' and has_advanced):
            advanced.append(() if kind == 'int' else payload)
            positions.append(position)
            first = len(out) if first is None else first
        dim += consumed
    if not has_advanced:
        return tuple(out)
    at = first if positions == list(range(positions[0], positions[-1] + 1)) else 0
    block = broadcast_shapes(*advanced)
    return None if block is None else tuple(out[:at]) + block + tuple(out[at:])


def _slice_length(s, n):
    if s.step == 0:
        raise ValueError('slice step cannot be zero')
    if n is None or any(isinstance(p, Hole) for p in (s.start, s.stop, s.step)):
        return None
    return len(range(*s.indices(n)))


def _check_bound(index, n, axis):
    if index is not None and n is not None and not -n <= index < n:
        raise IndexError(f'index {index} is out of bounds for axis {axis} with size {n}')


def _getitem_vjp(g, out, x, *dynamic, index):
    shape = static_shape(x)
    if _takes_all(index, shape):  # x[:, 0] of a (n, 1) array, say: only the shape changes
        return np.reshape(g, shape)
    return scatter_add(x, g, index, dynamic)


def _takes_all(template, shape):
    """True if the basic index `template` picks every element of an array of static `shape`,
    in order: full slices, None and ints on axes of length 1."""
    if shape is None or None in shape or template.count(Ellipsis) > 1 or any(
            isinstance(i, (Hole, bool)) for i in template):
        return False
    items = [i for i in template if i is not None]
    if Ellipsis in items:
        at = items.index(Ellipsis)
        items[at:at + 1] = [slice(None)] * (len(shape) - len(items) + 1)
    items += [slice(None)] * (len(shape) - len(items))
    if len(items) != len(shape):
        return False
    return all(item in (0, -1) and n == 1 if isinstance(item, int) else
               not any(isinstance(p, Hole) for p in (item.start, item.stop, item.step))
               and item.indices(n) == (0, n, 1) for item, n in zip(items, shape))


defvjp('getitem', _getitem_vjp)
