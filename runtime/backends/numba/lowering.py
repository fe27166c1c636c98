"""The lowering table: per op, the numba source computing it (XLA's emitters in miniature).

An emitter takes (ctx, eq, args: the inputs' source) and gives the source of
an expression (one output) or a list of lines assigning the targets
`ctx.targets`. An op absent from `LOWERINGS` cannot be compiled with
`jit_compile=True`: `UnsupportedOpError` names it, its dtypes and the line
that staged it, when the function is traced. `cond`, `while`, `call` and a
loop's gradient (`while_saving`, `while_vjp`) are control flow, lowered by
`control`.
"""
import numpy as np

from ...converted_code.operator_table import AUGMENTED
from ...errors import AgError
from ...graph_ops.elementwise import UFUNCS
from ...ir.core import Literal
from ...ir.lowerings import NUMBA
from . import (
    creation,
    draws,
    indexing,
    linalg,
    rearranging,
    reductions,
    shapes,
    sorting,
    ufunc_loops,
    zero_division,
)
from .types import cast, dtype_source, is_scalar, loop_types

# ufuncs whose Python operator numba computes as numpy's loop does, on scalars of these dtypes
# (numba calls numpy's scalar ufuncs through a slower path: collatz runs 2.5x faster so)
COMPARISONS = {'equal': '==', 'not_equal': '!=', 'less': '<', 'less_equal': '<=',
               'greater': '>', 'greater_equal': '>='}
ARITHMETIC = {'add': '+', 'subtract': '-', 'multiply': '*'}
WIDE = frozenset((np.dtype(np.int64), np.dtype(np.float64)))  # numba widens narrower ones
# these modules register their lowerings in NUMBA (`@NUMBA.lowers`) when imported
LOWERING_MODULES = (creation, draws, indexing, linalg, rearranging, reductions, shapes, sorting)


class UnsupportedOpError(AgError, NotImplementedError):
    """An op of the graph has no numba lowering (jit_compile=True)."""


def loop_dtypes(eq):
    """The dtypes numpy's loop for this ufunc computes with: (inputs..., outputs...)."""
    return loop_types(UFUNCS[eq.primitive], [a.aval for a in eq.inputs])


def cast_args(eq, args):
    """The inputs cast to the loop's dtypes (NEP 50: a Python scalar takes the array's type)."""
    dtypes = loop_dtypes(eq)
    return [cast(a, atom, d) for a, atom, d in zip(args, eq.inputs, dtypes)]


def _ufunc(ctx, eq, args):
    ufunc = UFUNCS[eq.primitive]
    if eq.params or ufunc.nout != 1 or ufunc.signature:
        return None
    dtypes, scalar = loop_dtypes(eq), is_scalar(eq.outputs[0].aval)
    why = ufunc_loops.missing_loop(ufunc, dtypes)
    if why is not None:
        raise unsupported(eq, why)
    constant = constant_comparison(eq, dtypes)
    if constant is not None:
        value, other = constant
        return f'np.bool_({value})' if scalar else f'np.full({args[other]}.shape, {value})'
    operands, check = _loop_operands(ctx, eq, ufunc, dtypes, args)
    operator = _scalar_operator(eq, dtypes) if scalar and not check else None
    if operator is not None:
        return f'({operands[0]} {operator} {operands[1]})'
    out = ctx.dying(eq) if not scalar else None
    if out is None or ufunc_loops.computes_itself(ufunc, dtypes):
        call = ufunc_loops.call(ctx, ufunc, dtypes, operands, arrays=not scalar)
    else:  # a dying input's array takes the result
        call = f"np.{ufunc.__name__}({', '.join(operands + [ctx.atom(out)])})"
    return check + [f'{ctx.targets[0]} = {call}'] if check else call


def _loop_operands(ctx, eq, ufunc, dtypes, args):
    """(the inputs cast to the loop's `dtypes`, the lines recording an integer division by
    zero or overflow for numpy's warning) of `eq` computing `ufunc`."""
    check_literals(eq, ufunc, dtypes)
    operands = [cast(a, atom, d) for a, atom, d in zip(args, eq.inputs, dtypes)]
    name, check = ufunc.__name__, []
    if zero_division.is_integer_division(name, dtypes) and \
            not zero_division.safe_divisor(eq.inputs[1]):
        check = zero_division.check(ctx, eq, operands[1], is_scalar(eq.inputs[1].aval), name)
    if zero_division.may_overflow(name, dtypes, eq.inputs):
        one_value = all(is_scalar(a.aval) for a in eq.inputs)
        check += zero_division.overflow_check(ctx, eq, *operands, one_value, dtypes[0])
    return operands, check


def constant_comparison(eq, dtypes):
    """(numpy's result, the other operand's index) of a comparison with a Python int out of the
    bounds of the dtype it meets (numpy 2 compares it exactly: `uint8_array < 300` is all
    True, the same for every value), or None."""
    if eq.primitive not in COMPARISONS:
        return None
    for i, atom in enumerate(eq.inputs):
        if isinstance(atom, Literal) and type(atom.value) is int and dtypes[i].kind in 'iu' \
                and not np.iinfo(dtypes[i]).min <= atom.value <= np.iinfo(dtypes[i]).max:
            sample = [atom.value if j == i else np.zeros((), dtypes[j]) for j in range(2)]
            return bool(UFUNCS[eq.primitive](*sample)), 1 - i
    return None


def check_literals(eq, ufunc, dtypes):
    """numpy's OverflowError for a Python int operand out of the bounds of the dtype it takes
    (NEP 50: `uint8_array + 300`), when the function is traced; comparisons take any int."""
    if ufunc.__name__ in COMPARISONS:
        return
    for atom, dtype in zip(eq.inputs, dtypes):
        if isinstance(atom, Literal) and type(atom.value) is int and dtype.kind in 'iu':
            try:
                np.array(atom.value, dtype)
            except OverflowError as exc:
                where = f' at {eq.source}' if eq.source else ''
                raise OverflowError(f"{exc} (graph op '{eq.primitive}'{where})") from None


def _scalar_operator(eq, dtypes):
    """The Python operator computing `eq` on scalars exactly as numpy does, or None."""
    if eq.primitive in COMPARISONS and all(np.dtype(d).kind in 'biuf' for d in dtypes):
        return COMPARISONS[eq.primitive]
    if set(dtypes) <= WIDE and len(set(dtypes)) == 1:
        if eq.primitive in ARITHMETIC:
            return ARITHMETIC[eq.primitive]
        if dtypes[0].kind == 'i' and len(eq.inputs) == 2 and zero_division.safe_divisor(
                eq.inputs[1]):
            return zero_division.OPERATORS.get(eq.primitive)
    return None


@NUMBA.lowers('inplace_op')
def _inplace_op(ctx, eq, args):
    """`x op= value`: numpy's ufunc of the two, of `x`'s shape, cast to `x`'s dtype (numpy's
    same_kind casting was checked when it was traced); into `x`'s array when `x` dies here."""
    row = AUGMENTED.get(eq.params.get('op'))
    ufunc = getattr(np, row.ufunc, None) if row is not None else None
    if ufunc is None or ufunc.signature or ufunc.nout != 1:
        return None
    x = eq.inputs[0].aval
    dtypes = loop_types(ufunc, [a.aval for a in eq.inputs])
    why = ufunc_loops.missing_loop(ufunc, dtypes)
    if why is not None:
        raise unsupported(eq, why)
    operands, check = _loop_operands(ctx, eq, ufunc, dtypes, args)
    exact = np.dtype(dtypes[-1]) == x.dtype
    if exact and ctx.dies_at(eq.inputs[0], eq) and not ufunc_loops.computes_itself(ufunc, dtypes):
        value = f"np.{ufunc.__name__}({', '.join(operands + [args[0]])})"
    else:
        value = ufunc_loops.call(ctx, ufunc, dtypes, operands, arrays=True)
        if not exact:
            value = f'np.asarray({value}).astype({dtype_source(x.dtype)})'
    return check + [f'{ctx.targets[0]} = {value}']


# numpy's `array ** scalar` takes these ufuncs for these exponents (float and complex arrays;
# 2 for every dtype): numba computes what numpy computes
_FAST_POWERS = {2: 'square', 0.5: 'sqrt', -1: 'reciprocal', 1: 'positive'}  # kernels.FAST_EXPONENTS


@NUMBA.lowers('pow')
def _pow(ctx, eq, args):
    """Python's `x ** y` on arrays: numpy's fast path for a literal exponent, else np.power."""
    base, exponent = eq.inputs
    dtypes = loop_types(np.power, [base.aval, exponent.aval])
    why = ufunc_loops.missing_loop(np.power, dtypes)
    if why is not None:
        raise unsupported(eq, why)
    check_literals(eq, np.power, dtypes)
    value = getattr(exponent, 'value', None)
    fast = _FAST_POWERS.get(value) if isinstance(exponent, Literal) and \
        type(value) in (int, float) and not is_scalar(base.aval) else None
    out = eq.outputs[0].aval.dtype
    if fast == 'square' and type(value) is int and base.aval.dtype == np.bool_:  # numpy: int8
        return f'np.square({args[0]}.astype(np.int8))'
    if fast is not None and (np.dtype(dtypes[0]).kind in 'fc' or value == 2):
        value = f'np.{fast}({cast(args[0], base, dtypes[0])})'
        # numba widens small integers (a boolean or int8 square): numpy's type, as numpy has it
        return value if out.itemsize >= 4 or out.kind in 'fc' else \
            f'np.asarray({value}).astype({dtype_source(out)})'
    operands = [cast(a, atom, d) for a, atom, d in zip(args, eq.inputs, dtypes)]
    return ufunc_loops.call(ctx, np.power, dtypes, operands,
                            arrays=not is_scalar(eq.outputs[0].aval))


@NUMBA.lowers('where')
def _where(ctx, eq, args):
    out = eq.outputs[0].aval.dtype
    cond, x, y = args
    if all(is_scalar(a.aval) for a in eq.inputs):
        return f'{cast(x, eq.inputs[1], out)} if {cond} else {cast(y, eq.inputs[2], out)}'
    return f'np.where({cond}, {cast(x, eq.inputs[1], out)}, {cast(y, eq.inputs[2], out)})'


CLIP = np._core.umath.clip  # the ufunc np.clip calls when both bounds are given


@NUMBA.lowers('clip')
def _clip(ctx, eq, args):
    if eq.params or len(eq.inputs) != 3:
        return None
    dtypes = loop_types(CLIP, [a.aval for a in eq.inputs])
    if dtypes[-1] != eq.outputs[0].aval.dtype or dtypes[-1].kind not in 'biuf':
        return None
    x, lo, hi = (cast(a, atom, d) for a, atom, d in zip(args, eq.inputs, dtypes))
    keep = all(is_scalar(a.aval) for a in eq.inputs[1:])  # numpy's ties: see clip_value
    if keep and is_scalar(eq.inputs[0].aval):
        return f"{ctx.helper('clip_value')}({x}, {lo}, {hi}, True)"
    return f"{ctx.helper('clip_arrays')}({x}, {lo}, {hi}, {keep})"


@NUMBA.lowers('matmul')
def _matmul(ctx, eq, args):
    a, b = eq.inputs
    out = eq.outputs[0].aval
    if a.aval.ndim != 2 or b.aval.ndim != 2:
        return rearranging.matrix_vector(ctx, eq, args)
    x, y = cast(args[0], a, out.dtype), cast(args[1], b, out.dtype)
    return f'{ctx.helper("matmul_blas" if out.dtype.kind == "f" else "matmul2d")}({x}, {y})'


@NUMBA.lowers('dot')
def _dot(ctx, eq, args):
    """np.dot of 1-d and 2-d floats through BLAS (numba's np.dot takes floats only)."""
    a, b = eq.inputs
    out = eq.outputs[0].aval
    if eq.params or out.dtype not in (np.float32, np.float64) or a.aval.shape is None or \
            b.aval.shape is None or len(a.aval.shape) not in (1, 2) or \
            len(b.aval.shape) not in (1, 2):
        return None
    x, y = cast(args[0], a, out.dtype), cast(args[1], b, out.dtype)
    if len(a.aval.shape) == len(b.aval.shape) == 2:
        return f"{ctx.helper('matmul_blas')}({x}, {y})"
    return f'np.dot(np.ascontiguousarray({x}), np.ascontiguousarray({y}))'


@NUMBA.lowers('round')
def _round(ctx, eq, args):
    """numpy's round: rint of a float scaled by a power of ten (in the float's dtype), scaled
    back; an integer for decimals >= 0 unchanged (numba's round of x * 10**d overflowing to inf
    gives x, numpy inf)."""
    params = dict(eq.params)
    decimals = params.pop('decimals', 0)
    x, out = eq.inputs[0].aval, eq.outputs[0].aval
    if params or type(decimals) is not int or x.dtype != out.dtype:
        return None
    if x.dtype.kind in 'iu' and decimals >= 0:
        return _copy(ctx, eq, args)
    if x.dtype.kind != 'f':
        return None
    if decimals == 0:
        return f'np.rint({args[0]})'
    scale = f'{dtype_source(x.dtype)}({_power_of_ten(abs(decimals))!r})'
    first, then = ('multiply', 'true_divide') if decimals > 0 else ('true_divide', 'multiply')
    return f'np.{then}(np.rint(np.{first}({args[0]}, {scale})), {scale})'


def _power_of_ten(n):
    """10.0 ** n as numpy's round computes it: exact up to 1e9, then multiplied by ten."""
    if n < 9:
        return float(10 ** n)
    value = 1e9
    for _ in range(n - 9):
        value *= 10.0
    return value


@NUMBA.lowers('py_binary')
def _py_binary(ctx, eq, args):
    return f"({args[0]} {eq.params['op']} {args[1]})"


@NUMBA.lowers('py_unary')
def _py_unary(ctx, eq, args):
    op = eq.params['op']
    return f'abs({args[0]})' if op == 'abs' else f'({op}{args[0]})'


@NUMBA.lowers('astype')
def _astype(ctx, eq, args):
    if set(eq.params) != {'dtype'}:
        return None
    return cast(args[0], eq.inputs[0], eq.outputs[0].aval.dtype)


@NUMBA.lowers('copy', 'stop_gradient')
def _copy(ctx, eq, args):
    return args[0] if is_scalar(eq.inputs[0].aval) else f'{args[0]}.copy()'


@NUMBA.lowers('dim')
def _dim(ctx, eq, args):
    axis = eq.params['axis']
    return f'{args[0]}.size' if axis is None else f'{args[0]}.shape[{axis}]'


@NUMBA.lowers('to_dtype')
def _to_dtype(ctx, eq, args):
    dtype = eq.params['dtype']
    if eq.params.get('weak'):
        return f"{ {'b': 'bool', 'i': 'int', 'u': 'int', 'f': 'float'}[dtype.kind]}({args[0]})"
    return f'{dtype_source(dtype)}({args[0]})'


@NUMBA.lowers('check_defined')
def _check_defined(ctx, eq, args):
    message = f"cannot access local variable '{eq.params['name']}' where it is not associated " \
              'with a value'
    return [f'if not {args[0]}:', f'    raise UnboundLocalError({message!r})',
            f'{ctx.targets[0]} = {args[1]}']


@NUMBA.lowers('list_append')
def _list_append(ctx, eq, args):
    buf, x = args
    row = f'np.full(1, {x})' if is_scalar(eq.inputs[1].aval) else f'np.expand_dims({x}, 0)'
    return f'np.concatenate(({buf}, {row}))'


@NUMBA.lowers('stack_rows')
def _stack_rows(ctx, eq, args):
    """A graph list stacked on axis 0 is its buffer (a copy); numpy refuses an empty list."""
    if eq.params.get('axis', 0) != 0:
        return None
    return [f'if {args[0]}.shape[0] == 0:',
            "    raise ValueError('need at least one array to stack')",
            f'{ctx.targets[0]} = {args[0]}.copy()']


@NUMBA.lowers('read_variable')
def _read_variable(ctx, eq, args):
    return ctx.resource(eq.inputs[0])


def _assign(update):
    """A variable's new value: an array no other value shares, of the variable's dtype."""
    def emit(ctx, eq, args):
        name = ctx.resource(eq.inputs[0], written=True)
        aval, delta = eq.inputs[0].aval.value, eq.inputs[1]
        exact = getattr(delta, 'aval', None) == aval and not is_scalar(aval)
        if exact and ctx.dies_at(delta, eq):  # an array made here, read by nobody after
            value = args[1] if update is None else f'np.{update}({name}, {args[1]}, {args[1]})'
            return [f'{name} = {value}']
        if exact and update is not None:  # numpy's result is a new array of that type
            return [f'{name} = np.{update}({name}, {args[1]})']
        value = args[1] if update is None else f'np.{update}({name}, {args[1]})'
        converted = (f'{dtype_source(aval.dtype)}({value})' if is_scalar(aval)
                     else f'np.asarray({value}).astype({dtype_source(aval.dtype)})')
        return [f'{name} = {converted}']
    return emit


LOWERINGS = NUMBA  # keyed by the op: an op module may register its own lowering there
for _name in UFUNCS:  # every other ufunc: numba compiles numpy's ufuncs
    if _name not in NUMBA:
        NUMBA.define(_name, _ufunc)
NUMBA.define('assign_variable', _assign(None))
NUMBA.define('assign_add_variable', _assign('add'))
NUMBA.define('assign_sub_variable', _assign('subtract'))


def unsupported(eq, why=''):
    """The error for an equation no emitter lowers. jit_compile='strict' gives it to the user;
    jit_compile=True runs the equation on numpy's kernel instead (`fallback`)."""
    dtypes = ', '.join(str(getattr(a, 'aval', None)) for a in eq.inputs) or 'no inputs'
    where = f' at {eq.source}' if eq.source else ''
    return UnsupportedOpError(
        f"jit_compile='strict': graph op '{eq.primitive}' ({dtypes}){where} cannot be compiled "
        f"with numba{why}; jit_compile=True runs it on numpy's kernel between compiled parts "
        '(jit_compile=None: the whole function on the numpy executor)')
