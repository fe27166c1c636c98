"""Split graphs: an op numba cannot compile runs its numpy kernel from the compiled function.

With `jit_compile=True`, an equation no emitter lowers is computed by the op's
own numpy implementation (the kernel the executor calls, `Op.evaluate`), through
`numba.objmode`, at its place in the compiled code: between compiled parts, in
a loop's body or a branch alike (as XLA and Inductor fall back for ops they do
not compile). The compiled function takes the equation as an int key (a
parameter, like a constant, so graphs differing only in the op's params share
the source and one numba compile); `run_numpy_op` finds the equation by that key.
A split graph is compiled in each process: numba caches no code that calls
objmode (its machine code holds this process's addresses).

    @njit
    def _numpy_take3(key, x0, x1):
        with objmode(y0='float64[:]'):
            y0 = run_numpy_op(key, (x0, x1))[0]
        return y0

A split is impossible, and refused saying why, where a value crosses the switch
that numba cannot hold (a dtype it has no values of, an array of unknown rank,
a value that is not an array) or where the op updates a variable, whose value
the compiled function holds. `jit_compile='strict'` refuses every such op.
"""
import itertools

import numpy as np

from ... import graph_ops
from ...ir.core import PYTHON_TYPE, Literal, Var
from ...ir.liveness import sub_graphs
from ..executor.interpreter import eval_graph
from ..executor.op_calls import note_op_location, with_callables
from .lowering import UnsupportedOpError
from .types import objmode_type

IMPORT = 'from runtime.backends.numba.fallback import run_numpy_op\n\n\n'
_keys = itertools.count(1)
OPS = {}  # key -> [run: inputs -> outputs, how many compiled functions hold it]


def emit(ctx, eq):
    """Lines computing `eq` with its numpy kernel through objmode (ctx.targets: its outputs'
    names), or UnsupportedOpError saying why the graph cannot be split there."""
    why = impossible(ctx, eq)
    if why is not None:
        raise UnsupportedOpError(
            f"jit_compile=True: graph op '{eq.primitive}' ({_types(eq)}){_where(eq)} has no "
            f'numba lowering and cannot run on its numpy kernel between compiled parts: {why}')
    key, number = _Key(), register(eq)
    ctx.names[key] = ctx.fresh('q')
    ctx.consts.append((key, number))
    ctx.fallbacks.append(number)
    params = [f'x{i}' for i, a in enumerate(eq.inputs) if isinstance(a, Var)]
    args = [ctx.names[key]] + [ctx.atom(a) for a in eq.inputs if isinstance(a, Var)]
    name = ctx.fresh(f'_numpy_{_identifier(eq.primitive)}')
    results = [f'y{i}' for i in range(len(eq.outputs))]
    call = f"run_numpy_op(key, ({', '.join(params)}{',' if len(params) == 1 else ''}))"
    types = ', '.join(f"{y}='{objmode_type(v.aval)}'" for y, v in zip(results, eq.outputs))
    if not results:
        body = ['    with objmode():', f'        {call}']
    elif len(results) == 1:
        body = [f'    with objmode({types}):', f'        y0 = {call}[0]', '    return y0']
    else:
        body = [f'    with objmode({types}):', f"        {', '.join(results)} = {call}",
                f"    return ({', '.join(results)},)"]
    # (never cached: numba keeps no code calling our Python, so split graphs skip the cache)
    ctx.preamble.append(f"@njit\n"
                        f"def {name}({', '.join(['key', *params])}):\n"
                        + '\n'.join(body) + '\n\n\n')
    invocation = f"{name}({', '.join(args)})"
    if not results:
        return [invocation]
    return [f"{', '.join(ctx.targets)}{',' if len(results) > 1 else ''} = {invocation}"]


def impossible(ctx, eq):
    """Why `eq` cannot run on numpy between compiled parts, or None."""
    held = {var for var, _ in ctx.resources}
    if any(a in held for a in eq.inputs) or _uses_variables(eq):
        return ("it updates a variable's value, which the compiled function holds; write the "
                'update as `v.assign(new_value)` (compiled), or use jit_compile=None')
    for atom in (*(a for a in eq.inputs if isinstance(a, Var)), *eq.outputs):
        aval = atom.aval
        dtype = getattr(aval, 'dtype', None)
        if dtype is None or not hasattr(aval, 'shape'):
            return (f'{aval} is no array, which numba cannot pass; use jit_compile=None for '
                    'this function')
        if dtype.kind not in 'biufc' or dtype == np.float16:
            return (f'numba has no {dtype} values to pass it; cast it (`.astype(np.float32)`) or '
                    'use jit_compile=None for this function')
        if aval.shape is None:
            return (f'the rank of {aval} is unknown, and numba needs it; give the value a known '
                    'number of dimensions (`.reshape(...)`) or use jit_compile=None')
    return None


def _uses_variables(eq):
    """True if a sub-graph of `eq` reads or updates a variable (whose value the compiled
    function holds until it returns)."""
    return any(graph.resources or any(_uses_variables(e) for e in graph.equations)
               for graph in sub_graphs(eq.params))


def register(eq):
    """The key by which the compiled function calls `eq`'s numpy kernel (held until released)."""
    key = next(_keys)
    OPS[key] = [_runner(eq), 1]
    return key


def release(key):
    entry = OPS.get(key)
    if entry is not None:
        entry[1] -= 1
        if not entry[1]:
            del OPS[key]


def run_numpy_op(key, inputs):
    """The outputs of the equation of `key` on `inputs` (as numba boxes them), as numba takes
    them back (run in objmode)."""
    return OPS[key][0](inputs)


def _runner(eq):
    op = graph_ops.get(eq.primitive)
    params = with_callables(eq.params, lambda g: lambda *a: eval_graph(g, *a))
    makers = [_maker(a.aval) for a in eq.inputs if isinstance(a, Var)]
    givers = [_giver(v.aval) for v in eq.outputs]
    template = list(eq.inputs)

    def run(inputs):
        values = iter(make(x) for make, x in zip(makers, inputs))
        arguments = [a.value if isinstance(a, Literal) else next(values) for a in template]
        try:
            result = op.evaluate(arguments, params)
        except Exception as exc:
            note_op_location(exc, eq)
            raise
        results = tuple(result) if op.multiple_results else (result,)
        return tuple(give(r) for give, r in zip(givers, results))
    return run


def _maker(aval):
    """A value numba passed (a Python scalar for a 0-d value) made what the executor has."""
    if aval.shape != ():
        return _same
    return PYTHON_TYPE[aval.dtype.kind] if aval.weak else aval.dtype.type


def _giver(aval):
    """A numpy result made what objmode takes back: a scalar of the type for a 0-d value, else
    a C-contiguous array of the dtype (numba cannot allocate arrays of any layout, which a loop
    carrying the result would need; a read-only one copied: numba's arrays are writeable)."""
    if aval.shape == ():
        return aval.dtype.type

    def give(value):
        value = np.asarray(value)
        if value.dtype != aval.dtype:
            value = value.astype(aval.dtype)
        value = np.ascontiguousarray(value)
        return value if value.flags.writeable else value.copy()
    return give


def _same(value):
    return value


class _Key:
    """The const key of one equation's entry in `OPS`."""
    __slots__ = ()


def _identifier(name):
    return ''.join(c if c.isalnum() else '_' for c in name)


def _types(eq):
    return ', '.join(str(getattr(a, 'aval', None)) for a in eq.inputs) or 'no inputs'


def _where(eq):
    return f' at {eq.source}' if eq.source else ''
