"""A fused elementwise group as one loop: one pass over memory, no temporaries.

    v7 = np.empty((4000000,), np.float64)
    f0, f1, f2, g0 = a0.ravel(), a1.ravel(), a2.ravel(), v7.ravel()
    for i in range(4000000):
        e0 = np.multiply(f0[i], 1.5)
        ...
        g0[i] = e3

Each element computes what numpy's loop computes for it, with the dtypes
numpy's loop uses (`lowering.loop_dtypes`): the same IEEE operations.
"""
import numpy as np

from ...graph.ir import AbstractValue, Literal, Var
from ...graph.ops.elementwise import UFUNCS
from .lowering import loop_dtypes
from .types import cast, dtype_source, is_scalar

INDENT = '    '


def emit(ctx, group):
    size = int(np.prod(group.shape))
    lines, flat, elements = [], {}, {}
    outputs = {}
    for var in group.outputs:
        name = ctx.define(var)
        outputs[var] = ctx.fresh('g')
        lines.append(f'{name} = np.empty({group.shape!r}, {dtype_source(var.aval.dtype)})')
        lines.append(f'{outputs[var]} = {name}.ravel()')
    index = ctx.fresh('i')
    body = []
    for eq in group.equations:
        args = []
        for atom in eq.inputs:
            args.append(_element(ctx, atom, eq, elements, flat, lines, index))
        element = ctx.fresh('e')
        body.append(f'{element} = {_scalar_op(eq, args)}')
        elements[eq.outputs[0]] = element
        if eq.outputs[0] in outputs:
            body.append(f'{outputs[eq.outputs[0]]}[{index}] = {element}')
    lines.append(f'for {index} in range({size}):')
    return lines + [INDENT + line for line in body]


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


def _scalar_op(eq, args):
    """One element of `eq`: its inputs are scalars of their dtypes in the loop."""
    atoms = [a if isinstance(a, Literal) else Var(AbstractValue(a.aval.dtype, (), a.aval.weak))
             for a in eq.inputs]
    if eq.primitive == 'where':
        out = eq.outputs[0].aval.dtype
        cond, x, y = args
        return f'{cast(x, atoms[1], out)} if {cond} else {cast(y, atoms[2], out)}'
    dtypes = loop_dtypes(eq)
    cast_args = [cast(a, atom, d) for a, atom, d in zip(args, atoms, dtypes)]
    return f"np.{UFUNCS[eq.primitive].__name__}({', '.join(cast_args)})"
