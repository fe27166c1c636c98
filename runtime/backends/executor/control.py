"""The compiled executor's `cond` and `while`: Python `if` and `while` statements, ops inlined.

(An `errstate` region likewise becomes `with np.errstate(**modes):` around its op.)

    if p:                            c0, c1 = v0, v3
        <true branch's ops>          while c0:
        v5 = ...                         <body's ops>
    else:                                c0, c1 = v9, v8
        <false branch's ops>         v4 = c1
        v5 = ...

No sub-graph is called per iteration: its equations are generated in place,
on names of the enclosing function. Outputs nobody reads are pruned, and so
are carried values that neither the loop's test, its effects, nor a needed
output depend on. A branch may update in place an array the enclosing code
no longer needs; a loop body updates its carried arrays in place when it
gives back arrays it alone holds, after one copy on entry (`inplace`).
"""
import dataclasses

import numpy as np

from ...ir.core import Literal
from ...ir.liveness import needed_inputs
from ...ir.lowerings import EXECUTOR
from .counted_loops import counted_loop
from .inplace import is_updatable
from .layout import while_results

_INDENT = '    '


def _indented(lines):
    return [(_INDENT + text, eq) for text, eq in lines] or [(_INDENT + 'pass', None)]


def _assign(targets, sources, eq):
    pairs = [(t, s) for t, s in zip(targets, sources) if t != '_' and t != s]
    if not pairs:
        return []
    lhs = ', '.join(t for t, _ in pairs)
    rhs = ', '.join(s for _, s in pairs)
    return [(f'{lhs} = {rhs}', eq)]


def _with_outputs(graph, keep):
    return dataclasses.replace(graph, outputs=tuple(graph.outputs[i] for i in keep))


@EXECUTOR.lowers('cond')
def emit_cond(codegen, eq, targets):
    pred, *args = [codegen.atom(a) for a in eq.inputs]
    keep = [i for i, t in enumerate(targets) if t != '_']
    kept = [targets[i] for i in keep]
    inputs = eq.inputs[1:]
    owned = [i for i, a in enumerate(inputs) if codegen.free_array(a, inputs[:i] + inputs[i + 1:])]
    layouts = [codegen.layouts().of(a) for a in inputs]
    lines, owns = [], [True] * len(keep)
    for header, key in ((f'if {pred}:', 'true_branch'), ('else:', 'false_branch')):
        branch = _with_outputs(eq.params[key], keep)
        body, outs = codegen.block(branch, args, owned=owned, result_names=kept, layouts=layouts,
                                   nested=(1, 0))
        owns = [a and b for a, b in zip(owns, codegen.finished.owns_outputs(branch.outputs))]
        lines.append((header, eq))
        lines += _indented(body + _assign(kept, outs, eq))
    codegen.owned_results = {eq.outputs[i] for i, own in zip(keep, owns) if own}
    return lines


def _carried_needed(eq, targets):
    """The carried values a run needs: a fixed point from the needed outputs and the test."""
    cond, body, n = eq.params['cond'], eq.params['body'], eq.params['carried']
    keep = {i for i, t in enumerate(targets) if t != '_'}
    keep |= {i for i in needed_inputs(cond, [0]) if i < n}
    while True:
        more = {i for i in needed_inputs(body, sorted(keep)) if i < n} - keep
        if not more:
            return sorted(keep)
        keep |= more


def _owned_body(codegen, body, names, candidates, keep, layouts, nested):
    """(lines, outputs, held slots, slots updated in place): the body emitted assuming its
    `candidates` slots hold arrays it alone holds, kept to those for which it gives back such
    arrays (a fixed point). Results go straight into their carried slots where they can.
    `nested`: how deep in the loop's lines the body goes (`outlining`)."""
    while True:
        lines, outs = codegen.block(body, names, owned=sorted(candidates),
                                    result_names=[names[i] for i in keep], layouts=layouts,
                                    nested=nested)
        ownership = codegen.finished
        owns = dict(zip(keep, ownership.owns_outputs(body.outputs)))
        held = {i for i in candidates if owns[i]}
        if held == candidates:
            return lines, outs, held, {i for i in held if body.inputs[i] in ownership.updated}
        candidates = held


@EXECUTOR.lowers('while')
def emit_while(codegen, eq, targets):
    n = eq.params['carried']
    args = [codegen.atom(a) for a in eq.inputs]
    counted = counted_loop(eq, targets)
    keep = _carried_needed(eq, targets)
    carried = ['None'] * n  # never read: not needed
    for i in keep:
        if counted is None or i != 0:
            carried[i] = codegen.slot()
    names = carried + args[n:]
    layouts, _ = while_results(eq, codegen.layouts())  # of the body's (and the test's) inputs
    if counted is None:
        loop = _while_loop(codegen, eq, names, layouts)
    else:  # the range gives the counter; nothing reads it, or the predicate, after the loop
        keep = [i for i in keep if i not in (0, counted.counter)]
        loop = _for_loop(codegen, eq, counted, args[0], names)
    body_graph = _with_outputs(eq.params['body'], keep)
    candidates = {i for i in keep if is_updatable(body_graph.inputs[i].aval)}
    nested = (1, 1) if counted is None else (2, 1)  # in `while`, or in `if` and `for`
    body, outs, held, updated = _owned_body(codegen, body_graph, names, candidates, keep,
                                            layouts, nested)
    inputs = eq.inputs
    free = {i for i in keep if codegen.free_array(inputs[i], inputs[:i] + inputs[i + 1:])}
    # the copy keeps the array's layout (order 'K'), as the update ops' own copies do
    lines = _assign([carried[i] for i in keep], [
        f"{args[i]}.copy(order='K')" if i in updated - free else args[i] for i in keep], eq)
    codegen.owned_results = {eq.outputs[i] for i in updated | (held & free)}
    lines += loop(body + _assign([carried[i] for i in keep], outs, eq))
    return lines + _assign([targets[i] for i in keep], [carried[i] for i in keep], eq)


def _while_loop(codegen, eq, names, layouts):
    """`body lines -> loop lines`: a `while` testing the loop's cond graph."""
    test_lines, (test,) = codegen.block(eq.params['cond'], names, layouts=layouts,
                                        nested=(1, 1))

    def loop(body):
        if not test_lines:
            return [(f'while {test}:', eq)] + _indented(body)
        check = test_lines + [(f'if not {test}:', eq), (_INDENT + 'break', eq)]
        return [('while True:', eq)] + _indented(check + body)
    return loop


def _for_loop(codegen, eq, counted, entry, names):
    """`body lines -> loop lines`: `if entry:` then a `for` over the counter's range."""
    start, step = counted.start.value, counted.step
    bound = codegen.atom(counted.bound) if isinstance(counted.bound, Literal) \
        else names[eq.params['body'].inputs.index(counted.bound)]
    steps = '' if step == 1 else f', {step}'
    header = f'for {names[counted.counter]} in range({start}, max({start + step}, {bound}){steps}):'

    def loop(body):
        return [(f'if {entry}:', eq)] + _indented([(header, eq)] + _indented(body))
    return loop


@EXECUTOR.lowers('errstate')
def emit_errstate(codegen, eq, targets):
    """An `errstate` region: its op inlined in a `with np.errstate(**modes):` block."""
    keep = [i for i, t in enumerate(targets) if t != '_']
    kept = [targets[i] for i in keep]
    args = [codegen.atom(a) for a in eq.inputs]
    layouts = [codegen.layouts().of(a) for a in eq.inputs]
    inner = _with_outputs(eq.params['graph'], keep)
    body, outs = codegen.block(inner, args, result_names=kept, layouts=layouts)
    codegen.owned_results = set()
    # the modes are a global dict, never source text: a loaded graph's strings stay data
    modes = codegen.src(dict(eq.params['modes']), 'modes')
    header = f"with {codegen.src(np.errstate, '_errstate')}(**{modes}):"
    return [(header, eq)] + _indented(body + _assign(kept, outs, eq))


