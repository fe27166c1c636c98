"""The ONNX mapping table: one lowering per graph op, `LOWERINGS[op](ctx, eq, inputs) -> outputs`.

A lowering gets the ONNX value names of the equation's inputs (and its params
as keywords) and returns those of its outputs; `ctx` (`runtime.backends.onnx.lowering`)
adds nodes, casts and constants. numpy's dtype promotion is already in the
graph's types: inputs are cast to the type the op computes in, so ONNX computes
what numpy computes. Elementwise ops and variables are here; shapes and joins
in `arrays`, numerics in `numeric`, indexing in `indexing`, control flow in
`control`. `not_mapped` says, for every registered op without a lowering, why;
a test checks that every op is in one of the two.
"""
import numpy as np

from ...converted_code.operator_table import AUGMENTED
from ...ir.core import Literal
from ...ir.lowerings import ONNX
from . import arrays, control, ieee, indexing, numeric, statistics, ufuncs, updates  # noqa: F401

# these modules register their lowerings in ONNX (`@ONNX.lowers`) when imported
LOWERING_MODULES = (arrays, control, indexing, numeric, ufuncs, updates)

ARITHMETIC = {'add': 'Add', 'subtract': 'Sub', 'multiply': 'Mul',
              'divide': 'Div', 'matmul': 'MatMul', 'bitwise_and': 'BitwiseAnd',
              'bitwise_or': 'BitwiseOr', 'bitwise_xor': 'BitwiseXor'}
UNARY = {'negative': 'Neg', 'absolute': 'Abs', 'fabs': 'Abs', 'sqrt': 'Sqrt', 'exp': 'Exp',
         'log': 'Log', 'sin': 'Sin', 'cos': 'Cos', 'tan': 'Tan', 'tanh': 'Tanh',
         'sinh': 'Sinh', 'cosh': 'Cosh', 'arcsin': 'Asin', 'arccos': 'Acos', 'arctan': 'Atan',
         'floor': 'Floor', 'ceil': 'Ceil',
         'positive': 'Identity', 'logical_not': 'Not', 'rint': 'Round'}
COMPARISONS = {'less': 'Less', 'greater': 'Greater', 'less_equal': 'LessOrEqual',
               'greater_equal': 'GreaterOrEqual', 'equal': 'Equal'}
LOGICAL = {'logical_and': 'And', 'logical_or': 'Or', 'logical_xor': 'Xor'}
REDUCTIONS = {'sum': 'ReduceSum', 'mean': 'ReduceMean', 'max': 'ReduceMax', 'min': 'ReduceMin',
              'prod': 'ReduceProd'}


_ON_BOOLS = {'BitwiseAnd': 'And', 'BitwiseOr': 'Or', 'BitwiseXor': 'Xor',  # numpy's & on bools
             'Add': 'Or', 'Mul': 'And'}  # and its + and * (True + True is True)
_WHOLE = ('Floor', 'Ceil', 'Round')  # the identity on integers and bools


def _arithmetic(onnx_op):
    def lower(ctx, eq, inputs):
        dtype = eq.outputs[0].aval.dtype
        op = _ON_BOOLS.get(onnx_op, onnx_op) if dtype == np.bool_ else onnx_op
        op = 'Identity' if op in _WHOLE and dtype.kind in 'biu' else op
        return [ctx.node(op, [ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)])]
    return lower


def elementwise(build):
    """A lowering `build(ctx, dtype, *operands cast to the output's dtype) -> name`."""
    def lower(ctx, eq, inputs):
        dtype = eq.outputs[0].aval.dtype
        return [build(ctx, dtype, *(ctx.cast(a, n, dtype) for a, n in zip(eq.inputs, inputs)))]
    return lower


@ONNX.lowers('reciprocal')
def _reciprocal(ctx, eq, inputs):
    if not ieee.is_float(eq.outputs[0].aval.dtype):
        raise ctx.unmappable(eq, "integers: numpy's integer reciprocal of 0 converts an "
                                 'infinity to an integer, a value its own loops do not agree on')
    return [ctx.node('Reciprocal', [ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype)])]


@ONNX.lowers('power', 'pow')
def _power(ctx, eq, inputs):
    """Pow; for integers (onnxruntime's Pow computes them as float64, wrong past 2**53 and on
    overflow) only a constant exponent, as multiplications that wrap as numpy's do."""
    dtype = eq.outputs[0].aval.dtype
    if dtype.kind not in 'biu':
        return _arithmetic('Pow')(ctx, eq, inputs)
    exponent = eq.inputs[1]
    if not isinstance(exponent, Literal) or int(exponent.value) < 0:
        raise ctx.unmappable(eq, "an integer power with an exponent known only when the graph "
                                 "runs (onnxruntime's Pow computes integers as float64)")
    base = ctx.cast(eq.inputs[0], inputs[0], dtype)
    result, k = None, int(exponent.value)
    while k:  # square and multiply
        if k & 1:
            result = base if result is None else ctx.node('Mul', [result, base])
        k >>= 1
        base = ctx.node('Mul', [base, base]) if k else base
    if result is None:  # x ** 0
        return [ctx.node('Expand', [ctx.constant(np.ones((), dtype)), ctx.node('Shape', [base])])]
    return [ctx.node('Identity', [result])]


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
        return [numeric.reduce(ctx, eq, onnx_op, x, axes, keepdims)]
    return lower


@ONNX.lowers('invert')
def _invert(ctx, eq, inputs):
    return [ctx.node('Not' if eq.inputs[0].aval.dtype == np.bool_ else 'BitwiseNot', inputs)]


@ONNX.lowers('astype')
def _astype(ctx, eq, inputs, dtype, **kwargs):
    return [ctx.cast(eq.inputs[0], inputs[0], np.dtype(dtype), force=True)]


@ONNX.lowers('to_dtype')
def _to_dtype(ctx, eq, inputs, dtype, weak=False):
    return [ctx.cast(eq.inputs[0], inputs[0], eq.outputs[0].aval.dtype, force=True)]


@ONNX.lowers('where')
def _where(ctx, eq, inputs):
    if len(inputs) != 3:
        raise ctx.unmappable(eq, 'np.where with one argument')
    dtype = eq.outputs[0].aval.dtype
    cond = ctx.cast(eq.inputs[0], inputs[0], np.dtype(bool))
    return [ctx.node('Where', [cond] + [ctx.cast(a, n, dtype)
                                        for a, n in zip(eq.inputs[1:], inputs[1:])])]


@ONNX.lowers('copy', 'stop_gradient')
def _identity(ctx, eq, inputs, **params):
    return [ctx.node('Identity', inputs[:1])]


@ONNX.lowers('clip')
def _clip(ctx, eq, inputs, **params):
    dtype = eq.outputs[0].aval.dtype
    low, high = (None if a.aval is None else ctx.cast(a, n, dtype)  # None: no bound
                 for a, n in zip(eq.inputs[1:3], inputs[1:3]))
    x = ctx.cast(eq.inputs[0], inputs[0], dtype)
    x = x if low is None else ieee.maximum(ctx, dtype, x, low)
    return [x if high is None else ieee.minimum(ctx, dtype, x, high)]


@ONNX.lowers('inplace_op')
def _inplace_op(ctx, eq, inputs, op):
    return LOWERINGS[AUGMENTED[op].ufunc](ctx, eq, inputs)


@ONNX.lowers('read_variable')
def _read_variable(ctx, eq, inputs):
    return inputs[:1]  # the variable's current value (`Lowering.name`)


def _update_variable(onnx_op):
    def lower(ctx, eq, inputs):
        variable = ctx.resources[eq.inputs[0]]
        dtype = eq.inputs[0].aval.value.dtype
        value = ctx.cast(eq.inputs[1], inputs[1], dtype)
        ctx.assign(variable, ctx.node(onnx_op, [inputs[0], value]) if onnx_op else value)
        return []
    return lower


LOWERINGS = ONNX  # keyed by the op: an op module may register its own lowering there
for _name, _onnx_op in ARITHMETIC.items():
    ONNX.define(_name, _arithmetic(_onnx_op))
for _name, _onnx_op in UNARY.items():
    ONNX.define(_name, _arithmetic(_onnx_op))
for _name, _onnx_op in COMPARISONS.items():
    ONNX.define(_name, _comparison(_onnx_op))
ONNX.define('not_equal', _comparison('Equal', negate=True))
for _name, _onnx_op in LOGICAL.items():
    ONNX.define(_name, _logical(_onnx_op))
for _name, _onnx_op in REDUCTIONS.items():
    ONNX.define(_name, _reduction(_onnx_op))
ONNX.define('maximum', elementwise(ieee.maximum))
ONNX.define('minimum', elementwise(ieee.minimum))
ONNX.define('fmax', elementwise(ieee.fmax))
ONNX.define('fmin', elementwise(ieee.fmin))
ONNX.define('sign', elementwise(ieee.sign))
ONNX.define('assign_variable', _update_variable(None))
ONNX.define('assign_add_variable', _update_variable('Add'))
ONNX.define('assign_sub_variable', _update_variable('Sub'))

_WHY = {
    'effects ONNX has no operator for (a model computes values, it does not print, '
    'call Python or raise)': ('print', 'py_function', 'assert', 'raise', 'check_defined'),
    'no ONNX operator repeats values to fill a boolean mask (np.place)': ('place',),
    'no ONNX operator for it in the standard domain': (
        'inv', 'cumprod', 'gcd', 'lcm', 'bitwise_count'),
    "bit-level float ops: ONNX cannot see a float's sign bit or representation": (
        'copysign', 'signbit', 'nextafter', 'spacing', 'frexp'),
    "ONNX's BitShift takes unsigned integers only (numpy shifts signed ones)": (
        'left_shift', 'right_shift'),
    'ONNX has no datetime types': ('isnat',),
    'complex values: ONNX runtimes compute no complex tensors': ('real', 'imag'),
    "random draws: a model holds no generator, and ONNX's Random* operators do not draw "
    "numpy's numbers": ('draw', 'rng_state', 'rng_restore'),
    "numpy's floating-point error handling (np.errstate, np.seterr): ONNX runtimes report no "
    'floating-point errors; compute outside the errstate block to export': ('errstate', 'seterr'),
    'no ONNX operator for this LAPACK call in the standard domain': (
        'solve', 'slogdet', 'eigh', 'eigvalsh', 'svd', 'qr', 'cholesky', 'pinv', 'lstsq'),
    'ONNX models here hold bools, integers and floats; onnxruntime has no complex kernels': (
        'eig', 'eigvals', 'fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft', 'fftn', 'ifftn',
        'rfftn', 'irfftn'),
}
for _why, _names in _WHY.items():
    LOWERINGS.unlowered(_why, *_names)


def not_mapped(all_ops):
    """{op: why} for every op of `all_ops` without a lowering."""
    return LOWERINGS.missing(all_ops)
