"""Which staged ops give views of their input, as numpy's do, and how a view's update reaches its base.

numpy returns views (arrays sharing their base's memory) for basic indexing
(ints, slices, None, `...`, but not an int for every axis, which gives a
scalar), transposes, swapaxes, moveaxis, expand_dims, squeeze, flip, split and
broadcast_to (read-only); `reshape` and `ravel` return a view only when the
base's strides allow it, which a graph does not know, so their results are
*suspects* of their base (see `aliasing`). Advanced indexing copies.

A `View` is one transform: `forward(base)` stages the op again on a new base
value; `backward(base, value)` stages the base with the view's part replaced
by `value`. `link(primitive, inputs, params, result)` runs after `builders.bind`.
"""
import numpy as np

from ... import graph_ops
from ...ir.core import Hole
from ...ir.shapes import normalize_axis
from .. import builders, tensor
from . import aliasing


class View:
    """One view transform: `primitive[params](base, *dynamic)`."""
    __slots__ = ('primitive', 'params', 'dynamic', 'readonly')

    def __init__(self, primitive, params, dynamic=(), readonly=False):
        self.primitive, self.params, self.readonly = primitive, params, readonly
        self.dynamic = tuple(aliasing.snapshot(d) if isinstance(d, tensor.Tensor) else d
                             for d in dynamic)

    def forward(self, base):
        return _emit(self.primitive, [base, *self.dynamic], self.params)

    def backward(self, base, value):
        return _BACKWARD[self.primitive](self, base, value)


class _Gather(View):
    """The elements of the base at C-order flat `positions`: a layout no index may express
    (a numpy view taken before its base was a graph value, see `made_arrays`)."""
    __slots__ = ('positions',)

    def __init__(self, positions, readonly):
        super().__init__('gather', {}, readonly=readonly)
        self.positions = positions

    def forward(self, base):
        flat = _emit('reshape', [base], {'shape': (-1,)})
        return _emit('getitem', [flat, self.positions], {'index': (Hole(0),)})

    def backward(self, base, value):
        flat = _emit('reshape', [base], {'shape': (-1,)})
        new = _emit('set_item', [flat, value, self.positions], {'index': (Hole(0),)})
        return _emit('reshape_as', [new, base], {})


def at_positions(base, positions, readonly):
    """A new array object, a view of array object `base` holding its elements at C-order flat
    `positions` (an int array of the view's shape)."""
    if positions.shape == base.shape and np.array_equal(positions.ravel(),
                                                        np.arange(positions.size)):
        view = View('getitem', {'index': (Ellipsis,)}, readonly=readonly)
    else:
        view = _Gather(positions, readonly)
    result = view.forward(base)
    aliasing.link_view(base, result, view)
    aliasing.set_kind(result, False)
    return result


def _emit(primitive, inputs, params):
    return builders.current_builder().emit(primitive, inputs, params)


def _set_item(view, base, value):
    return _emit('set_item', [base, value, *view.dynamic], view.params)


def _transpose(view, base, value):
    axes = view.params.get('axes')
    if axes is None:
        return _emit('transpose', [value], {})
    axes = [normalize_axis(a, len(axes)) for a in axes]
    return _emit('transpose', [value], {'axes': tuple(int(i) for i in np.argsort(axes))})


def _moveaxis(view, base, value):
    params = view.params
    return _emit('moveaxis', [value], {'source': params['destination'],
                                       'destination': params['source']})


def _same(view, base, value):  # swapaxes and flip are their own inverses
    return _emit(view.primitive, [value], view.params)


def _reshape_as(view, base, value):
    return _emit('reshape_as', [value, base], {})


# how a write into a view reaches its base: the ops' own `undo`, or code of its own for these
_BACKWARD = {'getitem': _set_item, 'transpose': _transpose, 'moveaxis': _moveaxis}
_UNDO = {'reshape': _reshape_as, 'itself': _same}
_BACKWARD.update({op.name: _UNDO[op.undo] for op in graph_ops.all_ops() if op.undo is not None})


def _base(inputs):
    """The array object a view op reads, if it is one (numpy scalars and constants are not)."""
    base = inputs[0]
    return base if aliasing.is_array_object(base) else None


def _always(primitive):
    def link(inputs, params, result):
        base = _base(inputs)
        if base is not None:
            aliasing.link_view(base, result, View(primitive, params))
    return link


def _broadcast_to(inputs, params, result):
    base = _base(inputs)
    if base is not None:
        aliasing.link_view(base, result, View('broadcast_to', params, readonly=True))


def _maybe(primitive):
    def link(inputs, params, result):
        base = _base(inputs)
        if base is None:
            return
        if base.shape is not None and None not in base.shape and result.shape == base.shape:
            aliasing.link_view(base, result, View(primitive, params))  # no strides involved
            return
        aliasing.may_share(result, [base], f'`{primitive}` at {builders.source_location()} '
                           'returns a view of its input only when the input\'s memory layout '
                           'allows it, which the graph does not know')
    return link


def index_kind(item, dynamic):
    """'int', 'basic' (slice, None, ...), 'advanced' (arrays, masks, bools) or 'unknown'."""
    if item is None or item is Ellipsis or isinstance(item, slice):
        return 'basic'
    if type(item) is bool:
        return 'advanced'
    if isinstance(item, int):
        return 'int'
    value = dynamic[item.index]
    if not isinstance(value, tensor.Tensor):
        return 'int' if np.ndim(value) == 0 and not isinstance(value, np.ndarray) else 'advanced'
    if value.shape is None:
        return 'unknown'
    if value.shape == () and value.dtype.kind in 'iu':
        return 'int' if aliasing.is_scalar(value) else 'advanced'
    return 'advanced'


def _getitem(inputs, params, result):
    base, dynamic = _base(inputs), inputs[1:]
    kinds = [index_kind(item, dynamic) for item in params['index']]
    if 'advanced' in kinds:
        aliasing.set_kind(result, False)  # a copy; 0-d results of advanced indexing are arrays
        return
    if base is None:
        return
    if 'unknown' in kinds or (base.ndim is None and all(k == 'int' for k in kinds)):
        aliasing.may_share(result, [base], f'the index at {builders.source_location()} makes a '
                           'view or a copy depending on the rank of an index or of the array, '
                           'which the graph does not know')
        return
    if all(k == 'int' for k in kinds) and len(kinds) == base.ndim:
        return  # an int for every axis: a numpy scalar, not a view
    aliasing.link_view(base, result, View('getitem', params, dynamic))
    aliasing.set_kind(result, False)


def _split(inputs, params, results):
    base = _base(inputs)
    if base is None:
        return
    sections, axis = params['indices_or_sections'], params.get('axis', 0)
    n = None if base.shape is None else base.shape[normalize_axis(axis, len(base.shape))]
    if n is None:
        for result in results:
            aliasing.may_share(result, [base], f'`split` at {builders.source_location()} makes '
                               'views of an axis of unknown length')
        return
    bounds = [k * (n // sections) for k in range(sections + 1)] if isinstance(sections, int) \
        else [0, *sections, n]
    axis = normalize_axis(axis, len(base.shape))
    for result, start, stop in zip(results, bounds, bounds[1:]):
        index = (slice(None),) * axis + (slice(start, stop),)
        aliasing.link_view(base, result, View('getitem', {'index': index}))


def _astype(inputs, params, result):
    if isinstance(inputs[0], tensor.Tensor):
        aliasing.set_kind(result, aliasing.is_scalar(inputs[0]))


_LINKS = {'getitem': _getitem, 'split': _split, 'broadcast_to': _broadcast_to, 'astype': _astype}
_LINKS.update({op.name: _maybe(op.name) if op.view_when_strides_allow else _always(op.name)
               for op in graph_ops.all_ops() if op.view and op.name not in _LINKS})  # `Op.view`
builders.AFTER_BIND.update(_LINKS)
