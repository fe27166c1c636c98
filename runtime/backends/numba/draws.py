"""Random draws under jit_compile=True: numpy's own generator, called through `numba.objmode`.

numba has a generator of its own, whose numbers are not numpy's; a `draw` calls
the numpy generator's method instead (`helpers.draw_from`, the `draw` op's
implementation), at its place in program order, from the compiled function:
the numbers, and the generator's state afterwards, are bitwise those of the
numpy executor and of eager numpy. The compiled function takes the generator as
an int key (`helpers.hold`); the arguments are passed as numba boxes them
(arrays, Python scalars). A 0-d array drawn (`size=()`) comes back as a numpy
scalar, as other 0-d results of compiled functions do. A gradient's `rng_state`
and `rng_restore` (reading and restoring a generator's state) go the same way.
"""
import math

import numpy as np

from ...ir.core import Hole
from .types import objmode_type

INDENT = '    '


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
    if value in (int, bool, float):
        return value.__name__
    if isinstance(value, np.dtype):
        return f'np.dtype({value.str!r})'
    return None


def emit(ctx, eq, args):
    """`draw`: the generator's method in objmode, its value in the target."""
    arguments = source(eq.params['arguments'], args[1:])
    if arguments is None:
        return None
    call = f"{ctx.helper('draw_from')}({args[0]}, {eq.params['method']!r}, {arguments})"
    if not eq.outputs:
        return ['with objmode():', INDENT + call]
    (target,) = ctx.targets
    return [f"with objmode({target}='{objmode_type(eq.outputs[0].aval)}'):",
            f'{INDENT}{target} = {call}']


def _state(ctx, eq, args):
    (target,) = ctx.targets
    return [f"with objmode({target}='{objmode_type(eq.outputs[0].aval)}'):",
            f"{INDENT}{target} = {ctx.helper('state_of')}({args[0]}, {eq.params['words']!r})"]


def _restore(ctx, eq, args):
    return ['with objmode():', f"{INDENT}{ctx.helper('restore_to')}({args[0]}, {args[1]})"]


TABLE = {'draw': emit, 'rng_state': _state, 'rng_restore': _restore}
