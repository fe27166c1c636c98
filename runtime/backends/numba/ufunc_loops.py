"""Which numpy ufunc loops numba compiles, and the call computing one as numpy does.

numba implements a ufunc for the loops of its own table (`numba.np.ufunc_db`):
numpy 2's `bitwise_count` or `heaviside`, or `signbit` of an int8 (numpy's
loop is float16's), have none there, so such an op is refused by name when
the function is traced instead of failing inside numba. Where numba's loop
computes something else, the call goes to a helper that computes numpy's
result: float `floor_divide` (numba's is `floor(a / b)`).
"""
import numpy as np


def missing_loop(ufunc, dtypes):
    """None if numba compiles `ufunc` for these loop dtypes, else why not (for the error)."""
    from numba.np import ufunc_db  # numba is imported only once a graph is compiled
    nin = ufunc.nin
    key = (''.join(np.dtype(d).char for d in dtypes[:nin]) + '->'
           + ''.join(np.dtype(d).char for d in dtypes[nin:]))
    if ufunc not in ufunc_db.get_ufuncs():
        return f': numba has no {ufunc.__name__}'
    if key not in ufunc_db.get_ufunc_info(ufunc):
        names = ', '.join(np.dtype(d).name for d in dtypes[:nin])
        return f': numba has no {ufunc.__name__} loop for {names}'
    return None


def call(ctx, ufunc, dtypes, operands, arrays):
    """Source computing `ufunc` of `operands` (cast to the loop's `dtypes`) as numpy does;
    `arrays`: an operand may be an array."""
    if ufunc is np.floor_divide and np.dtype(dtypes[0]).kind == 'f':
        helper = ctx.helper('floor_divide_arrays' if arrays else 'floor_divide_float')
        return f"{helper}({', '.join(operands)})"
    return f"np.{ufunc.__name__}({', '.join(operands)})"
