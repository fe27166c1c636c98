"""Graph `while` loops that count over a range: the compiled executor runs them as a Python `for`.

A graph `for` loop (`staging/iteration`) is staged as a `while` whose carried
predicate is computed at the end of its body from a Python-int counter:

    i = 0; p = 0 < n                  if p:
    while p:                              for i in range(0, max(0 + 1, n)):
        <body reading i>        ==>           <body reading i>
        i = i + 1; p = i < n

Both run the body for i = 0, 1, ... while i < n, once at least when the entry
predicate holds; the `for` spends no comparison of a Python int with a numpy
integer per iteration (the `while` form's cost over eager `for ... in range`).
The rewrite applies only where nothing reads the predicate or the counter after
the loop (the `for` leaves them differently) and the body does not read the
predicate.
"""
from dataclasses import dataclass

from ...ir.core import Literal, Var


@dataclass(frozen=True)
class CountedLoop:
    counter: int  # index of the carried Python-int counter
    start: Literal
    step: int     # a positive Python int
    bound: object  # the loop-invariant integer atom of the body the counter is compared with


def counted_loop(eq, targets):
    """The `CountedLoop` a `while` equation is, or None (then it stays a `while`)."""
    cond, body, n = eq.params['cond'], eq.params['body'], eq.params['carried']
    if cond.equations or cond.outputs[0] is not cond.inputs[0] or targets[0] != '_':
        return None
    producers = {out: e for e in body.equations for out in e.outputs}
    test = producers.get(body.outputs[0])
    if test is None or test.primitive != 'less' or _reads(body, body.inputs[0]):
        return None
    increment, bound = producers.get(test.inputs[0]), test.inputs[1]
    if increment is None or increment.primitive != 'py_binary' or increment.params['op'] != '+':
        return None
    counter_input, step = increment.inputs
    if counter_input not in body.inputs[1:n] or not _positive_int(step):
        return None
    counter = body.inputs.index(counter_input)
    start = eq.inputs[counter]
    if (body.outputs[counter] is not test.inputs[0] or targets[counter] != '_'
            or not (isinstance(start, Literal) and type(start.value) is int)
            or not _invariant_integer(bound, body, n)):
        return None
    return CountedLoop(counter, start, step.value, bound)


def _reads(graph, var):
    return any(var in e.inputs for e in graph.equations) or var in graph.outputs[1:]


def _positive_int(atom):
    return isinstance(atom, Literal) and type(atom.value) is int and atom.value > 0


def _invariant_integer(atom, body, carried):
    """An integer Python literal, or an integer input the loop does not carry."""
    if isinstance(atom, Literal):
        return type(atom.value) is int
    return (isinstance(atom, Var) and atom in body.inputs[carried:]
            and atom.aval.shape == () and atom.aval.dtype.kind in 'iu')
