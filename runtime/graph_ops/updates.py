"""Update ops: numpy's in-place updates as pure ops, each giving an updated copy of its target.

    set_item[index] x value *dynamic         x[index] = value
    inplace_op[op] x value                   x += value (and every augmented operator)
    ufunc_out[given ufunc] *outs *inputs     ufunc(*inputs, out=outs) (`given`: which outs)
    fill x value                             x.fill(value)
    copyto[casting] dst src (where)          np.copyto(dst, src, casting=..., where=...)
    put[mode] a ind v                        np.put(a, ind, v, mode=...)
    place arr mask vals                      np.place(arr, mask, vals)
    putmask a mask values                    np.putmask(a, mask, values)
    put_along_axis[axis] arr indices values  np.put_along_axis(arr, indices, values, axis)
    ufunc_at[index ufunc] a (b) *dynamic     ufunc.at(a, index, b)
    reshape_as new like                      new reshaped to the shape of like (a view's base)

Each impl copies its target and runs numpy's own in-place operation on the copy,
so values, dtypes (numpy's casting) and errors are numpy's. Each op's `inplace`
is the statement the compiled executor runs instead, on the target itself, when
nothing else can see the target (`runtime.backends.executor.inplace`). Their gradient
rules are in `update_gradients.py`.
"""
import warnings

import numpy as np

from ..converted_code.operator_table import AUGMENTED
from ..ir.core import AbstractValue
from ..ir.registry import Op, defop, get, register
from ..ir.shapes import broadcast_shapes
from .elementwise import ufunc_rule
from .emitters import call_source
from .indexing import emit_getitem, fill_index


def copy(target):
    return np.array(target, copy=True)


def _same(target, *rest, **params):
    return AbstractValue(target.dtype, target.shape)


def _sample(aval, ndim=None):
    """A one-element value of `aval`'s type (rank `ndim`, default its own) to ask numpy about."""
    if aval is None:
        return None
    if aval.weak:
        return aval.dtype.type(1).item()
    if ndim is None:
        ndim = 0 if aval.shape is None else len(aval.shape)
    return np.ones((1,) * ndim, aval.dtype)


def _probe(fn, *args, **params):
    """Run `fn` on samples: numpy raises at trace time the dtype errors it would raise eagerly."""
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        fn(*args, **params)


def _check_fits(target, shape, what):
    """numpy's error when a result of `shape` cannot be written into `target` (dims known)."""
    if shape is None or target.shape is None or None in shape or None in target.shape:
        return
    if tuple(shape) != tuple(target.shape):
        raise ValueError(f'non-broadcastable output operand with shape {target.shape} '
                         f"doesn't match the broadcast shape {tuple(shape)}{what}")


def _check_broadcast_into(value, target):
    """numpy's error when a value of shape `value` cannot be assigned to one of `target`."""
    if value is None or target is None:
        return
    dims = list(value)
    while len(dims) > len(target) and dims[0] == 1:
        dims.pop(0)  # numpy drops leading ones of the value
    if len(dims) > len(target) or any(
            v not in (1, None) and t is not None and v != t
            for v, t in zip(reversed(dims), reversed(target))):
        raise ValueError(f'could not broadcast input array from shape {tuple(value)} into '
                         f'shape {tuple(target)}')


def _statement(mutate):
    """The in-place form of an update whose numpy function is `mutate(target, *rest)`."""
    def inplace(args, params, src):
        return call_source(src(mutate, mutate.__name__), args, params, src)
    return inplace


def defupdate(name, mutate, inplace=None, **flags):
    """Decorator: the type rule of update op `name`, a copy updated by `mutate(copy, *rest)`
    (a new array, as the updated target: see `runtime.backends.executor.inplace`)."""
    def impl(target, *rest, **params):
        result = copy(target)
        mutate(result, *rest, **params)
        return result

    def decorate(rule):
        register(Op(name, impl, rule, inplace=inplace or _statement(mutate), fresh=True,
                    array_result=True, layout='update', **flags))
        return rule
    return decorate


def _set_item(x, value, *dynamic, index):
    x[fill_index(index, dynamic)] = value


def _emit_set_item(args, params, src):
    target = emit_getitem([args[0], *args[2:]], params, src)
    return f'{target} = {args[1]}'


@defupdate('set_item', _set_item, inplace=_emit_set_item)
def _set_item_rule(x, value, *dynamic, index):
    indexed = get('getitem').rule(x, *dynamic, index=index)  # the index errors numpy would raise
    if value.dtype.kind in 'USV' and x.dtype.kind not in 'USVO':
        raise ValueError(f'cannot store a {value.dtype} value in an array of dtype {x.dtype}')
    _check_broadcast_into(value.shape, indexed.shape)
    return AbstractValue(x.dtype, x.shape)


def _inplace_op(x, value, *, op):
    AUGMENTED[op].inplace(x, value)


def _emit_inplace_op(args, params, src):
    return f"{args[0]} {params['op']} {args[1]}"


@defupdate('inplace_op', _inplace_op, inplace=_emit_inplace_op)
def _inplace_op_rule(x, value, *, op):
    ufunc = getattr(np, AUGMENTED[op].ufunc)
    _check_fits(x, ufunc_rule(ufunc)(x, value).shape, '')
    ndim = None if x.shape is None or value.shape is None or ufunc.signature else \
        min(len(value.shape), len(x.shape))
    _probe(AUGMENTED[op].inplace, _sample(x), _sample(value, ndim))
    return AbstractValue(x.dtype, x.shape)


def _ufunc_out(*args, ufunc, given, **kwargs):
    count = sum(given)
    copies = iter([copy(o) for o in args[:count]])
    result = ufunc(*args[count:], out=tuple(next(copies) if g else None for g in given), **kwargs)
    return result if isinstance(result, tuple) else (result,)


def _emit_ufunc_out(args, params, src):
    """`ufunc(*inputs, out=(x,))` for one given output; None (no in-place form) otherwise."""
    if params['given'] != (True,):
        return None
    ufunc = params['ufunc']
    rest = {k: v for k, v in params.items() if k not in ('ufunc', 'given')}
    parts = [*args[1:], *(f'{k}={src(v)}' for k, v in rest.items()), f'out=({args[0]},)']
    return f"{src(ufunc, ufunc.__name__)}({', '.join(parts)})"


def _ufunc_out_rule(*avals, ufunc, given, dtype=None, casting=None):
    count = sum(given)
    outs, inputs = avals[:count], avals[count:]
    results = ufunc_rule(ufunc)(*inputs, dtype=dtype, casting=casting)
    results = list(results) if isinstance(results, list) else [results]
    given_outs = iter(outs)
    final = []
    for result, is_given in zip(results, given):
        if not is_given:
            final.append(result)
            continue
        out = next(given_outs)
        shape = result.shape if ufunc.signature else broadcast_shapes(
            *(a.shape for a in inputs), out.shape)
        _check_fits(out, shape, '')
        final.append(AbstractValue(out.dtype, out.shape))
    ranks = [len(o.shape) for o in outs if o.shape is not None]
    ndim = None if ufunc.signature or not ranks else max(ranks)
    samples = [_sample(a, None if ndim is None or a.shape is None else min(ndim, len(a.shape)))
               for a in inputs]
    out_samples = iter(_sample(o, ndim) for o in outs)
    params = {k: v for k, v in (('dtype', dtype), ('casting', casting)) if v is not None}
    _probe(ufunc, *samples, out=tuple(next(out_samples) if g else None for g in given), **params)
    return final


register(Op('ufunc_out', _ufunc_out, _ufunc_out_rule, multiple_results=True,
            inplace=_emit_ufunc_out, fresh=True, array_result=True))


def _fill_value(x, value):
    x.fill(value)


@defupdate('fill', _fill_value, in_place_method='fill',
           inplace=lambda args, params, src: f'{args[0]}.fill({args[1]})')
def _fill_rule(x, value):
    _probe(_fill_value, _sample(x, 0), _sample(value, 0))
    return _same(x)


def _copyto(dst, src, *where, casting='same_kind'):
    np.copyto(dst, src, casting=casting, where=where[0] if where else True)


@defupdate('copyto', _copyto, numpy=(np.copyto,), numpy_inputs=None)
def _copyto_rule(dst, src, *where, casting='same_kind'):
    for operand in (src, *where):
        _check_broadcast_into(operand.shape, dst.shape)
    _probe(np.copyto, _sample(dst, 0), _sample(src, 0), casting=casting)
    return _same(dst)


def _index_sample(aval):
    return np.zeros((1,) * (0 if aval.shape is None else len(aval.shape)), aval.dtype)


def _put(a, ind, v, *, mode='raise'):
    np.put(a, ind, v, mode=mode)


@defupdate('put', _put, numpy=(np.put,), numpy_inputs=None, in_place_method='put')
def _put_rule(a, ind, v, *, mode='raise'):
    _probe(np.put, np.ones(1, a.dtype), _index_sample(ind), _sample(v, 0), mode=mode)
    return _same(a)


def _place(arr, mask, vals):
    np.place(arr, mask, vals)


defupdate('place', _place, numpy=(np.place,), numpy_inputs=None)(_same)


def _putmask(a, mask, values):
    np.putmask(a, mask, values)


defupdate('putmask', _putmask, numpy=(np.putmask,), numpy_inputs=None)(_same)


def _put_along_axis(arr, indices, values, *, axis):
    np.put_along_axis(arr, indices, values, axis)


@defupdate('put_along_axis', _put_along_axis, numpy=(np.put_along_axis,), numpy_inputs=None)
def _put_along_axis_rule(arr, indices, values, *, axis):
    if arr.shape is not None and indices.shape is not None:
        _probe(np.put_along_axis, _sample(arr), _index_sample(indices),
               _sample(values, len(arr.shape) if values.shape else 0), axis)
    return _same(arr)


def _ufunc_at(a, *rest, ufunc, index, has_b):
    b, dynamic = (rest[0], rest[1:]) if has_b else (None, rest)
    args = (b,) if has_b else ()
    ufunc.at(a, fill_index(index, dynamic), *args)


@defupdate('ufunc_at', _ufunc_at)
def _ufunc_at_rule(a, *rest, ufunc, index, has_b):
    dynamic = rest[1:] if has_b else rest
    get('getitem').rule(a, *dynamic, index=index)
    if ufunc.nin != (2 if has_b else 1):
        raise ValueError(f'{ufunc.__name__}.at takes {ufunc.nin - 1} operand(s) after the index')
    return _same(a)


def _reshape_as(new, like):
    return np.reshape(new, np.shape(like))


@defop('reshape_as', _reshape_as, array_result=True, fp_quiet=True)
def _reshape_as_rule(new, like):
    return AbstractValue(new.dtype, like.shape)
