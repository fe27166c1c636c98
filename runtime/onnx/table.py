"""The ONNX mapping table: one lowering per graph op, `LOWERINGS[op](ctx, eq, inputs) -> outputs`.

A lowering gets the ONNX value names of the equation's inputs and returns those
of its outputs; `ctx` (`runtime.onnx.export.Lowering`) adds nodes, casts and
constants. numpy's dtype promotion is already in the graph's types: inputs are
cast to the type the op computes in, so ONNX computes what numpy computes.
`NOT_MAPPED` says, for every registered op without a lowering, why; a test
checks that every op is in one of the two.
"""
import numpy as np

ARITHMETIC = {'add': 'Add', 'subtract': 'Sub', 'multiply': 'Mul', 'true_divide': 'Div',
              'divide': 'Div', 'maximum': 'Max', 'minimum': 'Min', 'fmax': 'Max', 'fmin': 'Min',
              'power': 'Pow', 'matmul': 'MatMul', 'bitwise_and': 'BitwiseAnd',
              'bitwise_or': 'BitwiseOr', 'bitwise_xor': 'BitwiseXor'}
UNARY = {'negative': 'Neg', 'absolute': 'Abs', 'fabs': 'Abs', 'sqrt': 'Sqrt', 'exp': 'Exp',
         'log': 'Log', 'sin': 'Sin', 'cos': 'Cos', 'tan': 'Tan', 'tanh': 'Tanh',
         'sinh': 'Sinh', 'cosh': 'Cosh', 'arcsin': 'Asin', 'arccos': 'Acos', 'arctan': 'Atan',
         'floor': 'Floor', 'ceil': 'Ceil', 'sign': 'Sign', 'reciprocal': 'Reciprocal',
         'positive': 'Identity', 'logical_not': 'Not', 'rint': 'Round'}
COMPARISONS = {'less': 'Less', 'greater': 'Greater', 'less_equal': 'LessOrEqual',
               'greater_equal': 'GreaterOrEqual', 'equal': 'Equal'}
LOGICAL = {'logical_and': 'And', 'logical_or': 'Or', 'logical_xor': 'Xor'}
REDUCTIONS = {'sum': 'ReduceSum', 'mean': 'ReduceMean', 'max': 'ReduceMax', 'min': 'ReduceMin',
              'prod': 'ReduceProd'}


_ON_BOOLS = {'BitwiseAnd': 'And', 'BitwiseOr': 'Or', 'BitwiseXor': 'Xor'}  # numpy's & on bools


def _arithmetic(onnx_op):
    def lower(ctx, eq, inputs):
        dtype = eq.outputs[0].aval.dtype
        op = _ON_BOOLS.get(onnx_op, onnx_op) if dtype == np.bool_ else onnx_op
        return [ctx.node(op, [ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)])]
    return lower


def _comparison(onnx_op, negate=False):
    def lower(ctx, eq, inputs):
        dtype = ctx.common_dtype(eq.inputs)
        out = ctx.node(onnx_op, [ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)])
        return [ctx.node('Not', [out]) if negate else out]
    return lower


def _logical(onnx_op):
    def lower(ctx, eq, inputs):
        return [ctx.node(onnx_op, [ctx.cast(a, n, np.dtype(bool))
                                   for a, n in zip(eq.inputs, inputs)])]
    return lower


def _reduction(onnx_op):
    def lower(ctx, eq, inputs, axis=None, keepdims=False, dtype=None, **unsupported):
        if unsupported or dtype is not None:
            raise ctx.unmappable(eq, f'params {sorted(unsupported) or ["dtype"]}')
        out_dtype = eq.outputs[0].aval.dtype
        x = ctx.cast(eq.inputs[0], inputs[0], out_dtype)
        axes = [] if axis is None else [axis] if isinstance(axis, int) else list(axis)
        args = [x] + ([ctx.constant(np.array(axes, np.int64))] if axes else [])
        return [ctx.node(onnx_op, args, keepdims=int(bool(keepdims)))]
    return lower


def _invert(ctx, eq, inputs):
    return [ctx.node('Not' if eq.inputs[0].aval.dtype == np.bool_ else 'BitwiseNot', inputs)]


def _astype(ctx, eq, inputs, dtype, **kwargs):
    return [ctx.cast(eq.inputs[0], inputs[0], np.dtype(dtype), force=True)]


def _to_dtype(ctx, eq, inputs, dtype, weak=False):
    return [ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype, force=True)]


def _transpose(ctx, eq, inputs, axes=None):
    ndim = eq.inputs[0].aval.ndim
    perm = list(range(ndim))[::-1] if axes is None else [a % ndim for a in axes]
    return [ctx.node('Transpose', inputs[:1], perm=perm)]


def _reshape(ctx, eq, inputs, shape, order='C', copy=None):
    shape = (shape,) if isinstance(shape, int) else shape
    if order != 'C' or any(not isinstance(d, int) for d in shape):
        raise ctx.unmappable(eq, 'a shape known only when the graph runs, or order other than C')
    return [ctx.node('Reshape', [inputs[0], ctx.constant(np.array(shape, np.int64))])]


def _expand_dims(ctx, eq, inputs, axis):
    axes = [axis] if isinstance(axis, int) else list(axis)
    return [ctx.node('Unsqueeze', [inputs[0], ctx.constant(np.array(axes, np.int64))])]


def _where(ctx, eq, inputs):
    if len(inputs) != 3:
        raise ctx.unmappable(eq, 'np.where with one argument')
    dtype = eq.outputs[0].aval.dtype
    cond = ctx.cast(eq.inputs[0], inputs[0], np.dtype(bool))
    return [ctx.node('Where', [cond] + [ctx.cast(a, n, dtype)
                                        for a, n in zip(eq.inputs[1:], inputs[1:])])]


def _identity(ctx, eq, inputs, **params):
    return [ctx.node('Identity', inputs[:1])]


def _clip(ctx, eq, inputs, **params):
    dtype = eq.outputs[0].aval.dtype
    low, high = (ctx.cast(a, n, dtype) for a, n in zip(eq.inputs[1:3], inputs[1:3]))
    x = ctx.cast(eq.inputs[0], inputs[0], dtype)
    return [ctx.node('Min', [ctx.node('Max', [x, low]), high])]


LOWERINGS = {
    **{name: _arithmetic(op) for name, op in ARITHMETIC.items()},
    **{name: _arithmetic(op) for name, op in UNARY.items()},
    **{name: _comparison(op) for name, op in COMPARISONS.items()},
    'not_equal': _comparison('Equal', negate=True),
    **{name: _logical(op) for name, op in LOGICAL.items()},
    **{name: _reduction(op) for name, op in REDUCTIONS.items()},
    'pow': _arithmetic('Pow'), 'astype': _astype, 'to_dtype': _to_dtype,
    'transpose': _transpose, 'reshape': _reshape, 'expand_dims': _expand_dims,
    'where': _where, 'copy': _identity, 'stop_gradient': _identity, 'clip': _clip,
    'invert': _invert,
    # read_variable, cond and while: `runtime.onnx.export` (they need the whole context)
}
STRUCTURAL = ('read_variable', 'cond', 'while')

_WHY = {
    'effects ONNX has no operator for (a model computes values, it does not print, '
    'assign, call Python or raise)': (
        'print', 'py_function', 'assert', 'raise', 'assign_variable', 'assign_add_variable',
        'assign_sub_variable', 'scatter_variable', 'check_defined'),
    'numpy update ops, graph lists, nested calls and loop gradients: not lowered yet': (
        'set_item', 'inplace_op', 'ufunc_out', 'fill', 'copyto', 'put', 'place', 'putmask',
        'put_along_axis', 'ufunc_at', 'reshape_as', 'list_append', 'call', 'concatenate_rows',
        'stack_rows', 'hstack_rows', 'vstack_rows', 'while_vjp', 'while_saving'),
}


def not_mapped(all_ops):
    """{op: why} for every registered op without a lowering."""
    known = {op: why for why, names in _WHY.items() for op in names}
    return {op: known.get(op, 'no lowering written yet') for op in sorted(all_ops)
            if op not in LOWERINGS and op not in STRUCTURAL}
