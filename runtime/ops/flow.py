"""Control-flow ops: `cond` and `while` (holding sub-graphs), `raise`, `check_defined`, helpers.

    cond[false_branch=G0 true_branch=G1] p *args  -- G1(*args) if p else G0(*args)
    while[body=B carried=n cond=C] *init *consts  -- s = init
                                                     while C(*s, *consts): s = B(*s, *consts)

Both branches of a cond take the same inputs and give outputs of one type
(after unification at trace time); a loop's body gives its carried values
back with the types they came in with. The compiled executor inlines both as
Python `if`/`while` statements (`runtime.execution.flow_codegen`); these impls,
which call the sub-graphs, are the semantics the interpreter runs.
"""
import copy

import numpy as np

from ..operators.variables import UNBOUND_LOCAL_MESSAGE
from ..ir.core import PYTHON_TYPE, AbstractValue
from ..ir.registry import defop


def accepts(expected, actual):
    """True if a value of type `actual` may flow where `expected` is declared."""
    return expected.is_compatible_with(actual) and (actual.weak or not expected.weak)


def _check_inputs(what, graph, avals):
    if len(avals) != len(graph.inputs):
        raise TypeError(f'{what}: {len(avals)} inputs given, the graph takes {len(graph.inputs)}')
    for i, (aval, var) in enumerate(zip(avals, graph.inputs)):
        if not accepts(var.aval, aval):
            raise TypeError(f'{what}: input {i} has type {aval}, the graph expects {var.aval}')


def run_cond(pred, *args, true_branch, false_branch):
    return (true_branch if pred else false_branch)(*args)


@defop('cond', run_cond, multiple_results=True)
def _cond_rule(pred, *avals, true_branch, false_branch):
    if pred.dtype != np.bool_ or pred.shape != ():
        raise TypeError(f'cond: the predicate must be a bool scalar, not {pred}')
    _check_inputs('cond (true branch)', true_branch, avals)
    _check_inputs('cond (false branch)', false_branch, avals)
    outs = true_branch.out_avals, false_branch.out_avals
    if len(outs[0]) != len(outs[1]):
        raise TypeError(f'cond: the branches give {len(outs[0])} and {len(outs[1])} outputs')
    return [a.join(b) for a, b in zip(*outs)]


def run_while(*args, cond, body, carried):
    state, consts = args[:carried], args[carried:]
    while cond(*state, *consts)[0]:
        state = body(*state, *consts)
    return tuple(state)


@defop('while', run_while, multiple_results=True)
def _while_rule(*avals, cond, body, carried):
    _check_inputs('while (cond)', cond, avals)
    _check_inputs('while (body)', body, avals)
    (test,) = cond.out_avals
    if test.dtype != np.bool_ or test.shape != ():
        raise TypeError(f'while: the condition must give a bool scalar, not {test}')
    if len(body.outputs) != carried:
        raise TypeError(f'while: the body gives {len(body.outputs)} values for {carried} carried')
    for i, (var, out) in enumerate(zip(body.inputs, body.out_avals)):
        if not accepts(var.aval, out):
            raise TypeError(f'while: the body gives carried value {i} type {out}, '
                            f'declared {var.aval}')
    return [var.aval for var in body.inputs[:carried]]


def raise_exception(*, exception):
    """Raise a fresh copy of an exception recorded at trace time (its notes and cause kept)."""
    fresh = copy.copy(exception)
    fresh.__cause__ = exception.__cause__
    fresh.__suppress_context__ = exception.__suppress_context__
    raise fresh.with_traceback(None)


@defop('raise', raise_exception, stateful=True)
def _raise_rule(*, exception):
    return None


def check_defined(defined, value, *, name):
    """`value`, or Python's UnboundLocalError when a loop that should define it never ran."""
    if not defined:
        raise UnboundLocalError(UNBOUND_LOCAL_MESSAGE.format(name))
    return value


@defop('check_defined', check_defined)
def _check_defined_rule(defined, value, *, name):
    return value


def to_dtype(x, *, dtype, weak=False):
    """A scalar as `dtype`: a numpy scalar, or (weak) the Python scalar of that kind."""
    if weak:
        return PYTHON_TYPE[dtype.kind](x)
    return dtype.type(x) if np.ndim(x) == 0 else np.asarray(x, dtype)


@defop('to_dtype', to_dtype)
def _to_dtype_rule(x, *, dtype, weak=False):
    return AbstractValue(dtype, x.shape, weak=weak)


def dim(x, *, axis):
    """The size of an axis (axis None: of all) known only at run time, a Python int as
    `len()` and `np.size` give."""
    return np.size(x, axis)


def _emit_dim(args, params, src):
    axis = params['axis']
    return f'{args[0]}.size' if axis is None else f'{args[0]}.shape[{axis}]'


@defop('dim', dim, emit=_emit_dim)
def _dim_rule(x, *, axis):
    if axis is not None and x.shape is not None and not -len(x.shape) <= axis < len(x.shape):
        raise IndexError(f'tuple index out of range (axis {axis} of {x})')
    return AbstractValue(np.int64, (), weak=True)


def arange(start, stop, step, *, dtype, python=False):
    """np.arange; `python` marks Python's `range` (a for loop over it counts in Python ints)."""
    return np.arange(start, stop, step, dtype=dtype)


@defop('arange', arange)
def _arange_rule(start, stop, step, *, dtype, python=False):
    for aval in (start, stop, step):
        if aval.shape != ():
            raise ValueError(f'arange: bounds must be scalars, not {aval}')
    return AbstractValue(dtype, (None,))


def list_append(buf, x):
    """`buf` (elements stacked on axis 0) with `x` appended; an empty `buf` may have 0 dims."""
    x = np.expand_dims(x, 0)
    return x.astype(buf.dtype, copy=False) if len(buf) == 0 else np.concatenate((buf, x))


@defop('list_append', list_append)
def _list_append_rule(buf, x):
    if x.dtype != buf.dtype:
        raise TypeError(f'list_append: a {x} element for a list of {buf.dtype}')
    if buf.shape is None or x.shape is None:
        return AbstractValue(buf.dtype, None)
    if len(buf.shape) != len(x.shape) + 1:
        raise ValueError(f'list_append: a {x} element for a list stacked as {buf}')
    return AbstractValue(buf.dtype, (None,) + tuple(
        a if a == b else None for a, b in zip(buf.shape[1:], x.shape)))
