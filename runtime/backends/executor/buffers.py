"""Buffer planning for the numpy executor: a ufunc writes its result into a dying input's array.

Eagerly, numpy reuses the buffer of a temporary nobody else holds for the
result of the next operator on it (its temporary elision): in
`(x * a + y * b - z) * (x - y)` only three arrays are allocated. The executor
names every intermediate, which defeats that, so it plans the same reuse:

    v3 = multiply(v0, 1.5)
    v4 = multiply(v1, 0.5)
    v3 = add(v3, v4, out=v3)        -- v3 dies here: its array takes the sum

A ufunc's result goes into an input's array (`out=`) when that input is an
array the generated code alone holds (`inplace.Ownership`), this is its last
use, no view of it is read later, and it has the result's exact static type
and numpy's own layout for the result: both are C-contiguous (`layout`; numpy
would lay `t + X.T` out in Fortran order, `t`'s array is in C order). Values
and layout are those of the call without `out=` (same loop, same dtypes).
"""
from ...graph_ops.elementwise import UFUNCS
from ...ir.core import Var


def takes_out(eq):
    """True if `eq` is a plain ufunc call that can write its one result into `out=`."""
    ufunc = UFUNCS.get(eq.primitive)
    return ufunc is not None and ufunc.nout == 1 and not ufunc.signature and not eq.params


def out_buffer(eq, ownership, layouts):
    """The input of `eq` whose array may receive its result, or None. `layouts`: the block's
    `layout.Layouts` (numpy's result and the input's array must both be C-contiguous)."""
    if not takes_out(eq) or layouts.result(eq) is None:
        return None
    out = eq.outputs[0].aval
    if not out.shape or None in out.shape:  # unknown or 0-d: maybe an immutable numpy scalar
        return None
    for atom in dict.fromkeys(eq.inputs):
        # numpy makes ufuncs safe on overlapping operands: no other operand is in the way
        if isinstance(atom, Var) and atom.aval == out and ownership.free(atom) \
                and layouts.of(atom) is not None:
            return atom
    return None


def call_into(callee, args, target):
    """The call writing into `target`'s array."""
    return f"{callee}({', '.join(args)}, out={target})"
