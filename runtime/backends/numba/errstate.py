"""`errstate` regions and `seterr` under jit_compile=True: compiled where numba already does what
numpy would, refused naming the line elsewhere.

numba's compiled code reports no floating-point error (README, Compilation),
so a region whose modes only ignore errors is numpy's exactly: its op is
compiled in place, as a `call`. A mode that reports (warn, raise, call, ...)
cannot be honoured, nor an integer division by zero in an ignoring region
(the wrapper reports those under the caller's state, `zero_division`), nor
`np.seterr`, whose effect is on numpy's state.
"""
from .control import EMITTERS, emit_call
from .lowering import LOWERINGS, unsupported
from .zero_division import FLAG

_WHY = (': compiled code cannot report floating-point errors as numpy does under '
        "`np.errstate`/`np.seterr`{}; only modes that ignore them (all='ignore') compile")


@EMITTERS.lowers('errstate')
def emit_errstate(ctx, eq):
    reporting = sorted(f'{name}={mode!r}' for name, mode in eq.params['modes']
                       if name != 'call' and mode != 'ignore')
    if reporting:
        raise unsupported(eq, _WHY.format(f" ({', '.join(reporting)})"))
    lines = emit_call(ctx, eq)
    if any(FLAG in line for line in lines):
        raise unsupported(eq, ': an integer division by zero in it would be reported under '
                              "the caller's `np.errstate`, not ignored")
    return lines


@LOWERINGS.lowers('seterr')
def _refuse_seterr(ctx, eq, args):
    raise unsupported(eq, ": np.seterr changes numpy's floating-point error state, which compiled "
                          "code cannot; `with np.errstate(all='ignore'):` around the code compiles")

