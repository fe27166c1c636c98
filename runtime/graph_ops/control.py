"""Control-flow ops, which hold sub-graphs: `cond`, `while`, `call`; and `raise`, `check_defined`.

    cond[false_branch=G0 true_branch=G1] p *args  -- G1(*args) if p else G0(*args)
    while[body=B carried=n cond=C] *init *consts  -- s = init
                                                     while C(*s, *consts): s = B(*s, *consts)
    call[graph=G] *args                           -- G(*args): a nested function
    while_saving[body=B carried=n cond=C saved=I] *init *consts
                                                  -- while, also giving the carried values I
                                                     of every iteration stacked, and the count
    while_vjp[cond=C body=B body_vjp=V ... stacked=b] *init *consts *cts [*stacks trips]
                                                  -- V over the states of the loop in reverse:
                                                     the stacks (b), or the loop run again

Executors hand every Graph-valued param to an op's impl as a Python callable
of that sub-graph (compiled, or interpreted), so one impl serves both. A
sub-graph is closed: outer values it uses are explicit inputs of the equation.

Both branches of a cond take the same inputs and give outputs of one type
(after unification at trace time); a loop's body gives its carried values
back with the types they came in with. The compiled executor inlines both as
Python `if`/`while` statements (`runtime.backends.executor.control`); these impls,
which call the sub-graphs, are the semantics the interpreter runs.
"""
import copy

import numpy as np

from ..ag_operators.variables import UNBOUND_LOCAL_MESSAGE
from ..ir.compatibility import accepts, join
from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp, no_gradient


def _check_inputs(what, graph, avals):
    if len(avals) != len(graph.inputs):
        raise TypeError(f'{what}: {len(avals)} inputs given, the graph takes {len(graph.inputs)}')
    for i, (aval, var) in enumerate(zip(avals, graph.inputs)):
        if not accepts(var.aval, aval):
            raise TypeError(f'{what}: input {i} has type {aval}, the graph expects {var.aval}')


def run_cond(pred, *args, true_branch, false_branch):
    return (true_branch if pred else false_branch)(*args)


@defop('cond', run_cond, multiple_results=True, fp_quiet=True)
def _cond_rule(pred, *avals, true_branch, false_branch):
    if pred.dtype != np.bool_ or pred.shape != ():
        raise TypeError(f'cond: the predicate must be a bool scalar, not {pred}')
    _check_inputs('cond (true branch)', true_branch, avals)
    _check_inputs('cond (false branch)', false_branch, avals)
    outs = true_branch.out_avals, false_branch.out_avals
    if len(outs[0]) != len(outs[1]):
        raise TypeError(f'cond: the branches give {len(outs[0])} and {len(outs[1])} outputs')
    return [join(a, b) for a, b in zip(*outs)]


def run_while(*args, cond, body, carried):
    state, consts = args[:carried], args[carried:]
    while cond(*state, *consts)[0]:
        state = body(*state, *consts)
    return tuple(state)


@defop('while', run_while, multiple_results=True, fp_quiet=True)
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


@defop('raise', raise_exception, stateful=True, fp_quiet=True)
def _raise_rule(*, exception):
    return None


def check_defined(defined, value, *, name):
    """`value`, or Python's UnboundLocalError when a loop that should define it never ran."""
    if not defined:
        raise UnboundLocalError(UNBOUND_LOCAL_MESSAGE.format(name))
    return value


@defop('check_defined', check_defined, fp_quiet=True)
def _check_defined_rule(defined, value, *, name):
    return value


def call_graph(*args, graph):
    return graph(*args)


@defop('call', call_graph, multiple_results=True)
def _call_rule(*avals, graph):
    _check_inputs('call', graph, avals)
    return list(graph.out_avals)


defvjp('check_defined', None, lambda g, out, defined, value, *, name: g)
no_gradient('an effect: it gives no value', 'raise')


def run_while_saving(*args, cond, body, carried, saved):
    """`while`, then the carried values `saved` at the start of each iteration stacked (one array
    each, iterations on axis 0), then the trip count: TensorFlow's accumulators, which the
    loop's gradient reads. Memory: one state per iteration."""
    state, consts = args[:carried], args[carried:]
    columns, trips = [[] for _ in saved], 0
    while cond(*state, *consts)[0]:
        for column, i in zip(columns, saved):
            column.append(state[i])
        state, trips = body(*state, *consts), trips + 1
    stacks = [np.stack(column) if column else np.empty((0, *np.shape(args[i])), np.asarray(
        args[i]).dtype) for column, i in zip(columns, saved)]
    return (*state, *stacks, np.int64(trips))


@defop('while_saving', run_while_saving, multiple_results=True, fp_quiet=True)
def _while_saving_rule(*avals, cond, body, carried, saved):
    stacks = [AbstractValue(avals[i].dtype, (None, *avals[i].shape)) for i in saved]
    return [*_while_rule(*avals, cond=cond, body=body, carried=carried), *stacks,
            AbstractValue(np.int64, ())]


def _states(state, consts, cond, body, saved):
    """The carried values `saved` at the start of each iteration of the loop, in order."""
    states = []
    while cond(*state, *consts)[0]:
        states.append([state[i] for i in saved])
        state = body(*state, *consts)
    return states


def _unstacked(stacks, trips, weak):
    """The states a while_saving stacked, per iteration; Python numbers (`weak`) as such."""
    return [[s[k].item() if w else s[k] for s, w in zip(stacks, weak)] for k in range(trips)]


def run_while_vjp(*args, cond, body, body_vjp, carried, floats, saved, const_cts, variables,
                  stacked=False, weak=(), direct=False):
    """Cotangents of a loop's float carried values, then of consts `const_cts` and variables
    (avals `variables`): `body_vjp` runs on the carried values `saved` (all it reads) of each
    iteration, last to first; they come from a `while_saving` (`stacked`: its stacks and trip
    count follow the cotangents), else the loop runs again to save them. `direct`: the
    cotangents of those stacks come last (a gradient that read them: second order)."""
    if direct:
        args, direct = args[:-len(saved)], args[-len(saved):]
    if stacked:
        n = len(args) - len(saved) - 1
        args, states = args[:n], _unstacked(args[n:-1], int(args[-1]), weak)
    rest = len(args) - len(floats)
    state, consts, cts = args[:carried], args[carried:rest], args[rest:]
    if not stacked:
        states = _states(state, consts, cond, body, saved)
    summed = [np.zeros_like(consts[j]) for j in const_cts] + [
        np.zeros(a.shape, a.dtype) for a in variables]
    inputs = [None] * carried  # the values body_vjp does not read stay None
    for k in range(len(states) - 1, -1, -1):
        for i, value in zip(saved, states[k]):
            inputs[i] = value
        results = body_vjp(*inputs, *consts, *cts)
        cts = _plus_direct(list(results[:len(floats)]), floats, saved, direct, k)
        summed = [a + b for a, b in zip(summed, results[len(floats):])]
    return (*cts, *summed)


def _plus_direct(cts, floats, saved, direct, k):
    """`cts` of the carried values at the start of iteration k, plus their stacks' (`direct`)."""
    for i, stack_ct in zip(saved, direct or ()):
        if i in floats:
            cts[floats.index(i)] = cts[floats.index(i)] + stack_ct[k]
    return cts


@defop('while_vjp', run_while_vjp, multiple_results=True, fp_quiet=True)
def _while_vjp_rule(*avals, cond, body, body_vjp, carried, floats, saved, const_cts, variables,
                    stacked=False, weak=(), direct=False):  # graphs saved before while_saving: no `stacked`
    ins = body.in_avals
    return [ins[i] for i in floats] + [ins[carried + j] for j in const_cts] + list(variables)
