"""Random draws under jit_compile=True: numpy's own generator, called through `numba.objmode`.

numba has a generator of its own, whose numbers are not numpy's; a `draw` calls
the numpy generator's method instead (`njit_functions.draw_from`, the `draw` op's
implementation), at its place in program order, from the compiled function:
the numbers, and the generator's state afterwards, are bitwise those of the
numpy executor and of eager numpy. The compiled function takes the generator as
an int key (`njit_functions.hold`); the arguments are passed as numba boxes them
(arrays, Python scalars). A 0-d array drawn (`size=()`) comes back as a numpy
scalar, as other 0-d results of compiled functions do. A gradient's `rng_state`
and `rng_restore` (reading and restoring a generator's state) go the same way.
"""
import math

import numpy as np

from ...ir.core import Hole
from ...ir.lowerings import NUMBA
from .types import objmode_type


def source(value, args):
    """Python source of a draw's argument template (holes: the sources of the inputs), or None
    if a value has none."""
    if value.__class__ is Hole:
        return args[value.index]
    if value.__class__ is tuple:
        parts = [source(v, args) for v in value]
        if None in parts:
            return None
        return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
    if value is None or type(value) in (bool, int, str):
        return repr(value)
    if type(value) is float:
        return repr(value) if math.isfinite(value) else f'float({str(value)!r})'
    if value is int or value is bool or value is float:
        return value.__name__
    if isinstance(value, np.dtype):
        return f'np.dtype({value.str!r})'
    return None


@NUMBA.lowers('draw')
def emit(ctx, eq, args):
    """`draw`: a call of a small compiled function of its own (`_objmode_call`) that calls the
    generator's method in objmode."""
    params = [f'x{i}' for i in range(len(args) - 1)]
    arguments = source(eq.params['arguments'], params)
    if arguments is None:
        return None
    call = f"{ctx.helper('draw_from')}(key, {eq.params['method']!r}, {arguments})"
    return _objmode_call(ctx, eq, args, call, params)


def _objmode_call(ctx, eq, args, call, params=()):
    """Lines calling `call` (Python source reading `key`, the generator's key, and `params`, the
    op's other inputs) in objmode, from a function of the generated module: numba (0.68) fails to
    compile some functions holding objmode blocks that take arrays inside loops ("Instruction
    does not dominate all uses"), but not a call of a function that holds the block."""
    name = ctx.fresh('_objmode')
    header = f"@njit\ndef {name}({', '.join(['key', *params])}):\n"
    if eq.outputs:
        kind = objmode_type(eq.outputs[0].aval)
        body = (f"    with objmode(value='{kind}'):\n        value = {call}\n    return value\n")
    else:
        body = f'    with objmode():\n        {call}\n'
    ctx.preamble.append(header + body + '\n\n')
    invocation = f"{name}({', '.join(args)})"
    return invocation if eq.outputs else [invocation]


@NUMBA.lowers('rng_state')
def _state(ctx, eq, args):
    return _objmode_call(ctx, eq, args, f"{ctx.helper('state_of')}(key, {eq.params['words']!r})")


@NUMBA.lowers('rng_restore')
def _restore(ctx, eq, args):
    return _objmode_call(ctx, eq, args, f"{ctx.helper('restore_to')}(key, x0)", ['x0'])


