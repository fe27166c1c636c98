"""Lowerings of sorting, searching and sets, nonzero, take and put_along_axis (in `NUMBA`).

numba's own sorts order equal keys differently from numpy's (numpy's default quicksort is an
introsort with SIMD kernels on x86, not stable, and faster than numba's), so sort, argsort,
partition, argpartition, lexsort, unique and isin call numpy's kernel from the compiled
function through `numba.objmode`: their results are numpy's bit for bit, at about a
microsecond per call for the switch. searchsorted, digitize and nonzero have one answer
whatever the algorithm (binary searches, NaN last as in numpy), so numba computes them.
"""
from ...ir.lowerings import NUMBA
from .indexing import _checked_int
from .types import is_scalar, objmode_type

_KERNELS = {'sort': 'np.sort', 'argsort': 'np.argsort', 'partition': 'np.partition',
            'argpartition': 'np.argpartition', 'unique': 'np.unique', 'isin': 'np.isin',
            'lexsort': 'np.lexsort', 'searchsorted': 'np.searchsorted', 'digitize': 'np.digitize'}


def _plain(value):
    """A param as Python source (ints, strings, bools, None and tuples of them), else None."""
    if value is None or type(value) in (bool, int, str):
        return repr(value)
    if type(value) in (tuple, list) and all(type(v) in (bool, int) for v in value):
        return repr(tuple(value))
    return None


def _numpy_kernel(ctx, eq, args):
    """A call of a compiled function of the generated module holding an objmode block that
    calls numpy's function (a function of its own: numba 0.68 fails on some objmode blocks
    inside loops, not on calls of a function holding one; see draws.py)."""
    avals = [v.aval for v in eq.outputs]
    if any(a.shape is None for a in avals) or any(a.shape is None for a in
                                                 (v.aval for v in eq.inputs)):
        return None
    params = {k: _plain(v) for k, v in eq.params.items()}
    if None in params.values():  # a param not written as Python source (a dtype, ...)
        return None
    names = [f'x{i}' for i in range(len(args))]
    inputs = names
    if eq.primitive == 'lexsort':
        inputs = [f"({', '.join(names)},)"]
    elif eq.primitive == 'searchsorted' and len(names) == 3:
        inputs, params = names[:2], {**params, 'sorter': names[2]}
    call = f"{_KERNELS[eq.primitive]}({', '.join(inputs + [f'{k}={v}' for k, v in params.items()])})"
    values = [f'value{i}' for i in range(len(avals))]
    declared = ', '.join(f"{v}='{objmode_type(a)}'" for v, a in zip(values, avals))
    copies = [v if is_scalar(a) else f'np.ascontiguousarray({v})' for v, a in zip(values, avals)]
    name = ctx.fresh('_numpy_kernel')
    targets = ', '.join(values)
    body = [f'    with objmode({declared}):',
            f'        {targets} = {call}',
            *(f'        {v} = {c}' for v, c in zip(values, copies) if v != c),
            f"    return {', '.join(values)}"]
    ctx.preamble.append(f"@njit\ndef {name}({', '.join(names)}):\n" + '\n'.join(body) + '\n\n\n')
    return f"{name}({', '.join(args)})"


NUMBA.lowers('sort', 'argsort', 'partition', 'argpartition', 'lexsort', 'unique',
             'isin')(_numpy_kernel)


def _same_dtype(eq):
    a, v = eq.inputs[0].aval, eq.inputs[1].aval
    return a.dtype == v.dtype and a.dtype.kind in 'biuf'


@NUMBA.lowers('searchsorted')
def _searchsorted(ctx, eq, args):
    """numba's binary search where both operands have one dtype (numpy compares in their common
    type); a sorter, or mixed dtypes: numpy's."""
    if len(args) == 3 or not _same_dtype(eq):
        return _numpy_kernel(ctx, eq, args)
    return f"np.searchsorted({args[0]}, {args[1]}, side={eq.params.get('side', 'left')!r})"


@NUMBA.lowers('digitize')
def _digitize(ctx, eq, args):
    x, bins = eq.inputs[0].aval, eq.inputs[1].aval
    if not (x.dtype == bins.dtype and x.dtype.kind in 'iuf') or is_scalar(x):
        return _numpy_kernel(ctx, eq, args)
    return f"np.digitize({args[0]}, {args[1]}, {bool(eq.params.get('right', False))})"


@NUMBA.lowers('nonzero')
def _nonzero(ctx, eq, args):
    x = eq.inputs[0].aval
    if x.shape is None or is_scalar(x) or x.dtype.kind not in 'biuf':
        return None
    return [f"{', '.join(ctx.targets)}, = np.nonzero({args[0]})"]  # a tuple, of one for 1-d


@NUMBA.lowers('take')
def _take(ctx, eq, args):
    """An integer array index (checked, negatives wrapped) on the raveled array or along the
    axis; numba takes one 1-d integer array in an index, so n-d indices are raveled and the
    result reshaped."""
    a, indices = eq.inputs[0].aval, eq.inputs[1].aval
    axis, mode = eq.params.get('axis'), eq.params.get('mode', 'raise')
    if mode != 'raise' or a.shape is None or indices.shape is None or (axis is not None
                                                                      and not a.shape):
        return None
    source, index = args[0], args[1]
    if axis is None:
        source, axis, shape = f'np.ravel({source})', 0, (None,)
    else:
        axis %= len(a.shape)
        shape = a.shape
    size = f'{source}.shape[{axis}]'
    if is_scalar(indices):
        name, lines = _checked_int(ctx, index, size)
        items = [':'] * axis + [name]
        return lines + [f"{ctx.targets[0]} = {source}[{', '.join(items)}]"]
    checked = f'{ctx.helper("index_array")}(np.ravel({index}), {size})'
    items = [':'] * axis + [checked] + [':'] * (len(shape) - axis - 1)
    dims = [f'{args[0]}.shape[{k}]' for k in range(axis)] + [
        f'{index}.shape[{k}]' for k in range(len(indices.shape))] + [
        f'{args[0]}.shape[{k}]' for k in range(axis + 1, len(shape))]
    taken = f"{source}[{', '.join(items)}]"
    return f"{taken}.reshape(({', '.join(dims)}{',' if len(dims) == 1 else ''}))"


@NUMBA.lowers('put_along_axis')
def _put_along_axis(ctx, eq, args):
    """numba has no np.put_along_axis: numpy's, on a C copy of the target, through objmode
    (numpy's casting of the values and its errors for indices out of bounds)."""
    out = eq.outputs[0].aval
    if out.shape is None or not out.shape or any(v.aval.shape is None for v in eq.inputs):
        return None
    axis = _plain(eq.params['axis'])
    name = ctx.fresh('_numpy_kernel')
    ctx.preamble.append(
        f"@njit\ndef {name}(x0, x1, x2):\n"
        f"    with objmode(value='{objmode_type(out)}'):\n"
        f"        value = np.array(x0, order='C', copy=True)\n"
        f"        np.put_along_axis(value, x1, x2, {axis})\n"
        f"    return value\n\n\n")
    return f"{name}({', '.join(args)})"
