"""A fused elementwise group as one loop: one pass over memory, no temporaries.

    v7 = np.empty((4000000,), np.float64)
    g0 = v7.ravel()
    f0, f1, f2 = a0.ravel(), a1.ravel(), a2.ravel()
    for i in range(4000000):
        e0 = np.multiply(f0[i], 1.5)
        ...
        g0[i] = e3

Each element computes what numpy's loop computes for it, with the dtypes
numpy's loop uses (`lowering.loop_dtypes`): the same IEEE operations. An
output takes the array of an input this block made and reads no more (as the
numpy executor's buffer planning does); every element's inputs are read
before its outputs are stored.
"""
import numpy as np

from ...graph_ops.elementwise import UFUNCS
from ...ir.core import AbstractValue, Literal, Var
from . import ufunc_loops, zero_division
from .lowering import check_literals, constant_comparison, loop_dtypes, unsupported
from .types import cast, dtype_source, is_scalar

INDENT = '    '


def emit(ctx, group):
    size = int(np.prod(group.shape))
    lines, flat, elements, stores = [], {}, {}, []
    index = ctx.fresh('i')
    body = []
    for eq in group.equations:
        args = [_element(ctx, atom, eq, elements, flat, lines, index) for atom in eq.inputs]
        element = ctx.fresh('e')
        body += _zero_division_check(ctx, eq, args)
        body.append(f'{element} = {_scalar_op(ctx, eq, args)}')
        elements[eq.outputs[0]] = element
    reusable = [a for a in ctx.dying_in(group) if a in flat]
    for var in group.outputs:
        lines += _output_array(ctx, var, group.shape, reusable, flat)
        # stored last: an output may share an input's array, whose element i is read first
        stores.append(f'{flat[var]}[{index}] = {elements[var]}')
    lines.append(f'for {index} in range({size}):')
    return lines + [INDENT + line for line in body + stores]


def _output_array(ctx, var, shape, reusable, flat):
    """Lines making `var`'s array: a dying input's of the same type, else a new one."""
    same = next((a for a in reusable if a.aval == var.aval), None)
    if same is not None:
        reusable.remove(same)
        ctx.names[var] = ctx.atom(same)
        flat[var] = flat[same]
        return []
    name = ctx.define(var)
    flat[var] = ctx.fresh('g')
    return [f'{name} = np.empty({shape!r}, {dtype_source(var.aval.dtype)})',
            f'{flat[var]} = {name}.ravel()']


def _element(ctx, atom, eq, elements, flat, lines, index):
    """Source of `atom`'s value at the loop's element."""
    if isinstance(atom, Literal) or is_scalar(atom.aval):
        return ctx.atom(atom, eq)
    if atom in elements:
        return elements[atom]
    if atom not in flat:
        flat[atom] = ctx.fresh('f')
        lines.append(f'{flat[atom]} = {ctx.atom(atom, eq)}.ravel()')
    return f'{flat[atom]}[{index}]'


def _zero_division_check(ctx, eq, args):
    """Lines recording an element's integer division by zero, or overflow, for numpy's warning."""
    if eq.primitive not in zero_division.DIVISIONS:
        return []
    dtypes, lines = loop_dtypes(eq), []
    if zero_division.is_integer_division(eq.primitive, dtypes) and \
            not zero_division.safe_divisor(eq.inputs[1]):
        lines = zero_division.check(ctx, eq, args[1], one_value=True)
    if zero_division.may_overflow(eq.primitive, dtypes, eq.inputs):
        operands = [cast(a, atom, d) for a, atom, d in zip(args, _element_atoms(eq), dtypes)]
        lines += zero_division.overflow_check(ctx, eq, *operands, True, dtypes[0])
    return lines


def _element_atoms(eq):
    """`eq`'s inputs as the loop sees them: literals, or scalars of their dtypes."""
    return [a if isinstance(a, Literal) else Var(AbstractValue(a.aval.dtype, (), a.aval.weak))
            for a in eq.inputs]


def _scalar_op(ctx, eq, args):
    """One element of `eq`: its inputs are scalars of their dtypes in the loop."""
    atoms = _element_atoms(eq)
    if eq.primitive == 'where':
        out = eq.outputs[0].aval.dtype
        cond, x, y = args
        return f'{cast(x, atoms[1], out)} if {cond} else {cast(y, atoms[2], out)}'
    dtypes, ufunc = loop_dtypes(eq), UFUNCS[eq.primitive]
    constant = constant_comparison(eq, dtypes)
    if constant is not None:
        return f'np.bool_({constant[0]})'
    why = ufunc_loops.missing_loop(ufunc, dtypes)
    if why is not None:
        raise unsupported(eq, why)
    check_literals(eq, ufunc, dtypes)
    cast_args = [cast(a, atom, d) for a, atom, d in zip(args, atoms, dtypes)]
    return ufunc_loops.call(ctx, ufunc, dtypes, cast_args, arrays=False)
