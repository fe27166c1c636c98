"""Lowerings of indexing, updates at indices and print (registered in `NUMBA`).

numba indexes without bounds checks (it would read or write outside the
array), so every integer index, static or dynamic, goes through
`njit_functions.index_array` (arrays) or a check of its own (scalars): an index out
of bounds raises IndexError as numpy does (numba's message cannot name the
index). numba takes at most one integer array in an index (with slices and
ints); `ufunc_at` takes one integer array per axis, as the gradient of
`take_along_axis` builds it, and loops over their elements.
"""
import numpy as np

from ...graph_ops.elementwise import UFUNCS
from ...ir.core import Hole
from ...ir.lowerings import NUMBA
from .rearranging import mask_getitem
from .types import cast, dtype_source, is_scalar, literal_source

INDENT = '    '


def _checked_int(ctx, source, size):
    """Lines defining a name for an int index into an axis of `size`: wrapped, checked."""
    name = ctx.fresh('n')
    return name, [f'{name} = {source}',
                  f'if {name} < 0:', f'{INDENT}{name} += {size}',
                  f'if {name} < 0 or {name} >= {size}:',
                  f"{INDENT}raise IndexError('index out of bounds for an axis of the indexed "
                  "array')"]


def index_source(ctx, array, ndim, index, atoms, sources):
    """(lines, the index's source) of `array[index]` (`ndim` dims), its holes the values
    `atoms` (source `sources`), or None where numba cannot take the index (two arrays)."""
    def is_array(item):
        return isinstance(item, Hole) and not is_scalar(atoms[item.index].aval)
    if sum(map(is_array, index)) > 1 or any(map(_is_boolean, index, [atoms] * len(index))):
        return None
    lines, items, axis = [], [], 0
    for item in index:
        if item is None:
            items.append('None')
            continue
        if item is Ellipsis:  # the axes `...` stands for (those the other items leave), as
            # slices: numba takes no `x[...]`
            count = ndim - sum(i is not None and i is not Ellipsis for i in index)
            items += [':'] * count
            axis += count
            continue
        size = f'{array}.shape[{axis}]'
        if isinstance(item, slice):
            items.append(_slice(item, sources))
        elif is_array(item):
            items.append(f'{ctx.helper("index_array")}({sources[item.index]}, {size})')
        else:
            source = sources[item.index] if isinstance(item, Hole) else repr(item)
            name, check = _checked_int(ctx, source, size)
            lines += check
            items.append(name)
        axis += 1
    return lines, ', '.join(items or [':'] * ndim)  # `x[()]` of an array: all of it


def _is_boolean(item, atoms):
    """A boolean index (a mask, or True/False: a new axis of length 1 or 0): not lowered,
    numba would take it for the integers 1 and 0."""
    if isinstance(item, Hole):
        return atoms[item.index].aval.dtype == np.bool_
    return type(item) is bool or isinstance(item, np.bool_)


def _slice(item, sources):
    def part(p):
        return sources[p.index] if isinstance(p, Hole) else ('' if p is None else repr(p))
    text = f'{part(item.start)}:{part(item.stop)}'
    return text if item.step is None else f'{text}:{part(item.step)}'


def _index_of(ctx, eq, args, first):
    """`index_source` of the op's index, its traced parts from input `first` on; None where the
    indexed value is not an array of known rank, or the index does not lower."""
    if eq.inputs[0].aval.shape is None or is_scalar(eq.inputs[0].aval):
        return None
    return index_source(ctx, args[0], len(eq.inputs[0].aval.shape), eq.params['index'],
                        eq.inputs[first:], args[first:])


def _whole_mask(eq, args, first):
    """Lines checking the shape and the source of a boolean mask indexing the whole array
    (`x[m]`, `m` shaped as `x`), or None for any other index."""
    index, x = eq.params['index'], eq.inputs[0].aval
    if len(index) != 1 or not isinstance(index[0], Hole) or x.shape is None:
        return None
    mask = eq.inputs[first + index[0].index].aval
    if mask.dtype != np.bool_ or mask.shape is None or len(mask.shape) != len(x.shape) or not x.shape:
        return None
    source = args[first + index[0].index]
    return [f'if {source}.shape != {args[0]}.shape:',
            f"{INDENT}raise IndexError('boolean index did not match indexed array')"], source


@NUMBA.lowers('getitem')
def _getitem(ctx, eq, args):
    masked = mask_getitem(ctx, eq, args)
    if masked is not None:
        return masked
    found = _index_of(ctx, eq, args, 1)
    if found is None:
        return None
    lines, items = found
    return lines + [f'{ctx.targets[0]} = {args[0]}[{items}]']


def _updated(ctx, eq, source):
    """Lines giving the target a copy of `source` (the array of a dying input, uncopied)."""
    copy = source if ctx.dying(eq) is eq.inputs[0] else f'{source}.copy()'
    return [f'{ctx.targets[0]} = {copy}']


@NUMBA.lowers('set_item')
def _set_item(ctx, eq, args):
    masked = _whole_mask(eq, args, 2)
    if masked is not None:
        lines, mask = masked
        dtype, value = eq.outputs[0].aval.dtype, eq.inputs[1].aval
        if value.shape is None or len(value.shape) > 1:
            return None
        values = f'np.ravel(np.asarray({cast(args[1], eq.inputs[1], dtype)}))'
        return _updated(ctx, eq, args[0]) + lines + [
            f'{ctx.helper("assign_where_mask")}({ctx.targets[0]}, {mask}, {values})']
    found = _index_of(ctx, eq, args, 2)
    if found is None:
        return None
    lines, items = found
    value = cast(args[1], eq.inputs[1], eq.outputs[0].aval.dtype)
    return _updated(ctx, eq, args[0]) + lines + [f'{ctx.targets[0]}[{items}] = {value}']


@NUMBA.lowers('take_along_axis')
def _take_along_axis(ctx, eq, args):
    axis, ndim = eq.params.get('axis', -1), len(eq.inputs[0].aval.shape or ())
    if axis is None or not ndim:
        return None
    axis %= ndim
    index = f'{ctx.helper("index_array")}({args[1]}, {args[0]}.shape[{axis}])'
    return f'np.take_along_axis({args[0]}, {index}, {axis})'


@NUMBA.lowers('ufunc_at')
def _ufunc_at(ctx, eq, args):
    """`ufunc.at(a, (i0, i1, ...), b)`, one integer array per axis of `a`: a loop over the
    broadcast indices, in order (repeated indices apply again, as numpy's)."""
    ufunc, index, has_b = (eq.params[k] for k in ('ufunc', 'index', 'has_b'))
    a, rest = eq.inputs[0].aval, 2 if has_b else 1
    atoms, sources = eq.inputs[rest:], args[rest:]
    operands = [atoms[i.index] for i in index if isinstance(i, Hole)] + list(eq.inputs[1:rest])
    shapes = [o.aval.shape for o in operands]
    if (UFUNCS.get(ufunc.__name__) is not ufunc or a.shape is None or len(index) != len(a.shape)
            or len(operands) != len(index) + rest - 1 or None in shapes
            or any(None in s for s in shapes) or any(is_scalar(atoms[i.index].aval)
                                                    or _is_boolean(i, atoms) for i in index)):
        return None
    shape = np.broadcast_shapes(*shapes)
    target, at = ctx.targets[0], ctx.fresh('j')
    lines, places = _updated(ctx, eq, args[0]), []
    for axis, item in enumerate(index):
        places.append(ctx.fresh('q'))
        checked = f'{ctx.helper("index_array")}({sources[item.index]}, {target}.shape[{axis}])'
        lines.append(f'{places[-1]} = np.broadcast_to({checked}, {shape!r})')
    element = f"{target}[{', '.join(f'{q}[{at}]' for q in places)}]"
    operand = []
    if has_b:
        b = args[1]
        if not is_scalar(eq.inputs[1].aval):
            spread = ctx.fresh('b')
            lines.append(f'{spread} = np.broadcast_to({b}, {shape!r})')
            b = f'{spread}[{at}]'
        operand = [f'{dtype_source(a.dtype)}({b})']
    call = f"np.{ufunc.__name__}({', '.join([element] + operand)})"
    return lines + [f'for {at} in np.ndindex({shape!r}):', f'{INDENT}{element} = {call}']


@NUMBA.lowers('print')
def _print(ctx, eq, args):
    """numpy prints the values, in program order (numba scalars made numpy's again)."""
    values = []
    for part in eq.params['parts']:
        if not isinstance(part, Hole):
            text = repr(part) if isinstance(part, str) else literal_source(part)
            if text is None:
                return None
            values.append(text)
            continue
        aval, source = eq.inputs[part.index].aval, args[part.index]
        scalar = is_scalar(aval) and not aval.weak
        values.append(f'{dtype_source(aval.dtype)}({source})' if scalar else source)
    sep, end = eq.params.get('sep', ' '), eq.params.get('end', '\n')
    return ['with objmode():',
            f"{INDENT}print({', '.join(values + [f'sep={sep!r}', f'end={end!r}'])})"]


