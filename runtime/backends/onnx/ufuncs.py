"""numpy ufuncs without one ONNX operator, composed of several (log10 = Log / log 10, ...),
ufunc methods (reduce, accumulate, outer) and products (dot, inner, outer, einsum, det).

Each computes in the output's dtype, as numpy's loops do.
"""
import numpy as np

from ...ir.lowerings import ONNX
from . import ieee
from .numeric import integer_fmod, reduce


def _cast_all(ctx, eq, inputs, dtype=None):
    dtype = eq.outputs[0].aval.dtype if dtype is None else dtype
    return [ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)]


def _const(ctx, eq, value):
    return ctx.constant(np.asarray(value, eq.outputs[0].aval.dtype))


def _composed(build):
    """A lowering `build(ctx, eq, *operands cast to the output dtype) -> name`."""
    def lower(ctx, eq, inputs, **params):
        if params:
            raise ctx.unmappable(eq, f'params {sorted(params)}')
        return [build(ctx, eq, *_cast_all(ctx, eq, inputs))]
    return lower


def _ieee(rule):
    """A lowering of `ieee`'s `rule(ctx, dtype, *operands)`."""
    return _composed(lambda ctx, eq, *operands: rule(ctx, eq.outputs[0].aval.dtype, *operands))


def _scaled(onnx_op, factor):
    return _composed(lambda ctx, eq, x: ctx.node('Mul', [ctx.node(onnx_op, [x]),
                                                         _const(ctx, eq, factor)]))


def _trunc(ctx, eq, x):
    if eq.outputs[0].aval.dtype.kind in 'biu':
        return x
    negative = ctx.node('Less', [x, _const(ctx, eq, 0)])
    return ctx.node('Where', [negative, ctx.node('Ceil', [x]), ctx.node('Floor', [x])])


def _fmod(ctx, eq, a, b):
    dtype = eq.outputs[0].aval.dtype
    if dtype.kind in 'iu':
        return integer_fmod(ctx, dtype, a, b)
    return ctx.node('Mod', [a, b], fmod=1)


@ONNX.lowers('round')
def _round(ctx, eq, inputs, decimals=0):
    (x,) = _cast_all(ctx, eq, inputs)
    if eq.outputs[0].aval.dtype.kind in 'biu':
        if decimals < 0:
            raise ctx.unmappable(eq, 'rounding integers to a negative number of decimals')
        return [x]
    if decimals == 0:
        return [ctx.node('Round', [x])]
    scale = _const(ctx, eq, 10.0 ** decimals)
    return [ctx.node('Div', [ctx.node('Round', [ctx.node('Mul', [x, scale])]), scale])]


_REDUCE = {'add': 'ReduceSum', 'multiply': 'ReduceProd', 'maximum': 'ReduceMax',
           'minimum': 'ReduceMin'}


@ONNX.lowers('ufunc_reduce')
def _ufunc_reduce(ctx, eq, inputs, ufunc, axis=0, keepdims=False, dtype=None):
    if ufunc.__name__ not in _REDUCE or dtype is not None:
        raise ctx.unmappable(eq, f'{ufunc.__name__}.reduce')
    (x,) = _cast_all(ctx, eq, inputs)
    axes = [] if axis is None else [axis] if isinstance(axis, int) else list(axis)
    return [reduce(ctx, eq, _REDUCE[ufunc.__name__], x, axes, keepdims)]


@ONNX.lowers('ufunc_accumulate')
def _ufunc_accumulate(ctx, eq, inputs, ufunc, axis=0, dtype=None):
    if ufunc.__name__ != 'add' or dtype is not None:
        raise ctx.unmappable(eq, f'{ufunc.__name__}.accumulate (add.accumulate maps)')
    (x,) = _cast_all(ctx, eq, inputs)
    return [ctx.node('CumSum', [x, ctx.int64s(axis)])]


@ONNX.lowers('ufunc_outer')
def _ufunc_outer(ctx, eq, inputs, ufunc, dtype=None, casting=None):
    lower = ONNX.get(ufunc.__name__)
    if lower is None or dtype is not None or casting is not None:
        raise ctx.unmappable(eq, f'{ufunc.__name__}.outer')
    a, b = eq.inputs
    expanded = ctx.node('Unsqueeze', [inputs[0], ctx.int64s(
        list(range(a.aval.ndim, a.aval.ndim + b.aval.ndim)))])
    return lower(ctx, eq, [expanded, inputs[1]])


def _dot(ctx, eq, a, b):
    if eq.inputs[0].aval.ndim == 0 or eq.inputs[1].aval.ndim == 0:
        return ctx.node('Mul', [a, b])
    if eq.inputs[1].aval.ndim > 2:
        raise ctx.unmappable(eq, 'np.dot of an array of more than 2 dims (not matmul)')
    return ctx.node('MatMul', [a, b])


def _inner(ctx, eq, a, b):
    if eq.inputs[0].aval.ndim == 0 or eq.inputs[1].aval.ndim == 0:
        return ctx.node('Mul', [a, b])
    letters = 'abcdefghijklmnopqrstuvwxy'
    na, nb = eq.inputs[0].aval.ndim - 1, eq.inputs[1].aval.ndim - 1
    left, right = letters[:na], letters[na:na + nb]
    return ctx.node('Einsum', [a, b], equation=f'{left}z,{right}z->{left}{right}')


def _outer(ctx, eq, a, b):
    column = ctx.node('Reshape', [a, ctx.int64s([-1, 1])])
    return ctx.node('Mul', [column, ctx.node('Reshape', [b, ctx.int64s([1, -1])])])


def _vecdot(ctx, eq, a, b):
    return ctx.node('ReduceSum', [ctx.node('Mul', [a, b]), ctx.int64s([-1])], keepdims=0)


def _matvec(ctx, eq, a, v):
    column = ctx.node('Unsqueeze', [v, ctx.int64s([-1])])
    return ctx.node('Squeeze', [ctx.node('MatMul', [a, column]), ctx.int64s([-1])])


def _vecmat(ctx, eq, v, a):
    row = ctx.node('Unsqueeze', [v, ctx.int64s([-2])])
    return ctx.node('Squeeze', [ctx.node('MatMul', [row, a]), ctx.int64s([-2])])


@ONNX.lowers('tensordot')
def _tensordot(ctx, eq, inputs, axes=2):
    na, nb = eq.inputs[0].aval.ndim, eq.inputs[1].aval.ndim
    if isinstance(axes, int):
        pairs = zip(range(na - axes, na), range(axes))
    else:
        pairs = zip(*((a,) if isinstance(a, int) else a for a in axes))
    left, right = list('abcdefghijklm'[:na]), list('nopqrstuvwxyz'[:nb])
    summed = []
    for i, j in pairs:
        right[j % nb] = left[i % na]
        summed.append(left[i % na])
    kept = [c for c in left + right if c not in summed]
    equation = f"{''.join(left)},{''.join(right)}->{''.join(kept)}"
    return [ctx.node('Einsum', _cast_all(ctx, eq, inputs), equation=equation)]


@ONNX.lowers('conjugate')
def _conjugate(ctx, eq, inputs):
    if eq.inputs[0].aval.dtype.kind == 'c':
        raise ctx.unmappable(eq, 'complex numbers (onnxruntime has no complex kernels)')
    return [ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype, force=True)]


@ONNX.lowers('einsum')
def _einsum(ctx, eq, inputs, subscripts, **params):
    if params or '...' in subscripts or '->' not in subscripts:
        raise ctx.unmappable(eq, 'einsum with ..., without -> or with options')
    return [ctx.node('Einsum', _cast_all(ctx, eq, inputs), equation=subscripts.replace(' ', ''))]


ONNX.define('log10', _scaled('Log', 1 / np.log(10)))
ONNX.define('log2', _scaled('Log', 1 / np.log(2)))
ONNX.define('deg2rad', _scaled('Identity', np.pi / 180))
ONNX.define('radians', _scaled('Identity', np.pi / 180))
ONNX.define('rad2deg', _scaled('Identity', 180 / np.pi))
ONNX.define('degrees', _scaled('Identity', 180 / np.pi))
ONNX.define('arcsinh', _composed(lambda ctx, eq, x: ctx.node('Asinh', [x])))
ONNX.define('arccosh', _composed(lambda ctx, eq, x: ctx.node('Acosh', [x])))
ONNX.define('arctanh', _composed(lambda ctx, eq, x: ctx.node('Atanh', [x])))
ONNX.define('exp2', _composed(lambda ctx, eq, x: ctx.node('Pow', [_const(ctx, eq, 2), x])))
ONNX.define('log1p', _ieee(ieee.log1p))
ONNX.define('expm1', _ieee(ieee.expm1))
ONNX.define('trunc', _composed(_trunc))
ONNX.define('cbrt', _ieee(ieee.cbrt))
ONNX.define('hypot', _ieee(ieee.hypot))
ONNX.define('fmod', _composed(_fmod))
ONNX.define('logaddexp', _ieee(ieee.logaddexp(np.e)))
ONNX.define('logaddexp2', _ieee(ieee.logaddexp(2)))
ONNX.define('heaviside', _ieee(ieee.heaviside))
ONNX.define('float_power', _composed(
        lambda ctx, eq, a, b: ctx.node('Pow', [a, b])))
ONNX.define('dot', _composed(_dot))
ONNX.define('inner', _composed(_inner))
ONNX.define('outer', _composed(_outer))
ONNX.define('vecdot', _composed(_vecdot))
ONNX.define('matvec', _composed(_matvec))
ONNX.define('vecmat', _composed(_vecmat))
ONNX.define('arctan2', _ieee(ieee.arctan2))
ONNX.define('ldexp', _ieee(ieee.ldexp))
ONNX.define('det', _composed(lambda ctx, eq, x: ctx.node('Det', [x])))
