"""`cond`, `while` and `call` in numba source: Python statements, sub-graphs emitted in place.

Also a loop's gradient: `while_saving` (the loop, stacking its states) and
`while_vjp` (the body's VJP over those states in reverse).
"""
from ...ir.lowerings import Lowerings
from .types import dtype_source

INDENT = '    '
# control flow emits statements from (ctx, eq), sub-graphs in place: apart from `NUMBA`'s emitters
EMITTERS = Lowerings('numba control flow')


def _indented(lines):
    return [INDENT + line for line in lines] or [INDENT + 'pass']


def _assign(targets, sources):
    pairs = [(t, s) for t, s in zip(targets, sources) if t != s]
    if not pairs:
        return []
    return [f"{', '.join(t for t, _ in pairs)} = {', '.join(s for _, s in pairs)}"]


def _sub_block(ctx, graph, sources):
    """(lines, output sources) of a sub-graph whose inputs are these sources."""
    ctx.names.update(zip(graph.inputs, sources))
    lines = ctx.block(graph)
    return lines, [ctx.atom(a) for a in graph.outputs]


@EMITTERS.lowers('cond')
def emit_cond(ctx, eq):
    pred, *args = [ctx.atom(a, eq) for a in eq.inputs]
    targets = [ctx.define(v) for v in eq.outputs]
    lines = []
    for header, key in ((f'if {pred}:', 'true_branch'), ('else:', 'false_branch')):
        body, outs = _sub_block(ctx, eq.params[key], args)
        lines.append(header)
        lines += _indented(body + _assign(targets, outs))
    return lines


def _loop(ctx, cond, body, args, n, saving=(), trips=None):
    """(lines, carried names) of the loop `while cond(*s): s = body(*s)` from `args` (initial
    carried values, then consts). Each iteration first appends its carried values to the
    `_Stack`s `saving` and counts itself in `trips`."""
    carried = [ctx.fresh('c') for _ in range(n)]
    names = carried + args[n:]
    lines = _assign(carried, args[:n])
    test_lines, (test,) = _sub_block(ctx, cond, names)
    body_lines, outs = _sub_block(ctx, body, names)
    pushes = [line for stack in saving for line in stack.push(carried[stack.index], trips)]
    if trips is not None:
        pushes.append(f'{trips} += 1')
    lines.append('while True:')
    lines += _indented(test_lines + [f'if not {test}:', INDENT + 'break'] + pushes + body_lines +
                       _assign(carried, outs))
    return lines, carried


@EMITTERS.lowers('while')
def emit_while(ctx, eq):
    n = eq.params['carried']
    args = [ctx.atom(a, eq) for a in eq.inputs]
    lines, carried = _loop(ctx, eq.params['cond'], eq.params['body'], args, n)
    ctx.names.update(zip(eq.outputs, carried))
    return lines


class _Stack:
    """One carried value per iteration: a growing array (capacity doubled when full), the
    lowering of TensorFlow's accumulators, which `run_while_saving` keeps in Python lists; or,
    for values whose shape changes (`rows=False`), a numba list."""

    def __init__(self, ctx, index, aval, rows=True):
        self.index, self.aval, self.rows = index, aval, rows
        self.name = ctx.fresh('s')

    def _empty(self, count, shape_of):
        row = f' + {shape_of}' if self.aval.shape else ''
        return f'np.empty(({count},){row}, {dtype_source(self.aval.dtype)})'

    def start(self, first):
        if not self.rows:
            return [f'{self.name} = [{first}]', f'{self.name}.pop()']
        return [f'{self.name} = {self._empty(4, f"{first}.shape")}']

    def push(self, value, trips):
        s = self.name
        if not self.rows:
            return [f'{s}.append({value})']
        grown = self._empty(f'2 * {trips}', f'{s}.shape[1:]')
        return [f'if {trips} == {s}.shape[0]:', f'{INDENT}{s}_ = {grown}',
                f'{INDENT}{s}_[:{trips}] = {s}', f'{INDENT}{s} = {s}_', f'{s}[{trips}] = {value}']


def _saving_loop(ctx, eq, args, saved, avals, rows=True):
    """(lines, carried names, stacks, trips name): `eq`'s loop run stacking the carried values
    `saved` (of types `avals`) at the start of each iteration."""
    trips = ctx.fresh('t')
    n = eq.params['carried']
    stacks = [_Stack(ctx, i, aval, rows) for i, aval in zip(saved, avals)]
    lines = [f'{trips} = 0'] + [line for s in stacks for line in s.start(args[s.index])]
    loop, carried = _loop(ctx, eq.params['cond'], eq.params['body'], args, n, stacks, trips)
    return lines + loop, carried, [s.name for s in stacks], trips


@EMITTERS.lowers('while_saving')
def emit_while_saving(ctx, eq):
    n, saved = eq.params['carried'], eq.params['saved']
    args = [ctx.atom(a, eq) for a in eq.inputs]
    avals = [eq.inputs[i].aval for i in saved]
    lines, carried, stacks, trips = _saving_loop(ctx, eq, args, saved, avals)
    ctx.names.update(zip(eq.outputs, carried))
    targets = [ctx.define(v) for v in eq.outputs[n:]]
    return lines + _assign(targets, [f'{s}[:{trips}].copy()' for s in stacks] +
                           [f'np.int64({trips})'])


@EMITTERS.lowers('while_vjp')
def emit_while_vjp(ctx, eq):
    """`run_while_vjp` in numba: the states (stacked, or stacked by running the loop again),
    then `body_vjp` on each iteration's, last to first, summing the consts' cotangents."""
    p = eq.params
    n, saved, floats = p['carried'], p['saved'], p['floats']
    args = [ctx.atom(a, eq) for a in eq.inputs]
    direct = []
    if p.get('direct') and saved:  # the stacks' own cotangents come last
        args, direct = args[:-len(saved)], args[-len(saved):]
    lines = []
    if p.get('stacked'):
        args, stacks, trips = args[:-len(saved) - 1], args[-len(saved) - 1:-1], args[-1]
    rest = len(args) - len(floats)
    consts = args[n:rest]
    if not p.get('stacked'):
        avals = [p['body'].inputs[i].aval for i in saved]
        lines, _, stacks, trips = _saving_loop(ctx, eq, args[:rest], saved, avals, rows=False)
    cts = [ctx.fresh('g') for _ in floats]
    sums = [ctx.fresh('u') for _ in (*p['const_cts'], *p['variables'])]
    zeros = [_zeros(consts[j], p['body'].inputs[n + j].aval) for j in p['const_cts']]
    zeros += [f'np.zeros({tuple(a.shape)}, {dtype_source(a.dtype)})' for a in p['variables']]
    k = ctx.fresh('k')
    lines += _assign(cts + sums + [k], args[rest:] + zeros + [f'{trips} - 1'])
    return lines + _reverse_loop(ctx, eq, k, stacks, consts, cts, sums, direct) + _assign(
        [ctx.define(v) for v in eq.outputs], cts + sums)


def _reverse_loop(ctx, eq, k, stacks, consts, cts, sums, direct):
    p = eq.params
    states = [ctx.fresh('x') for _ in stacks]
    inputs = ['None'] * p['carried']  # the values body_vjp does not read
    for i, state in zip(p['saved'], states):
        inputs[i] = state
    body, outs = _sub_block(ctx, p['body_vjp'], inputs + consts + cts)
    nf = len(cts)
    added = [f'{cts[p["floats"].index(i)]} = {cts[p["floats"].index(i)]} + {d}[{k}]'
             for i, d in zip(p['saved'], direct) if i in p['floats']]
    step = (_assign(states, [f'{s}[{k}]' for s in stacks]) + body +
            [f'{u} = {u} + {o}' for u, o in zip(sums, outs[nf:])] + _assign(cts, outs[:nf]) +
            added + [f'{k} -= 1'])
    return [f'while {k} >= 0:'] + _indented(step)


def _zeros(source, aval):
    return f'{dtype_source(aval.dtype)}(0)' if not aval.shape else f'np.zeros_like({source})'


@EMITTERS.lowers('call')
def emit_call(ctx, eq):
    body, outs = _sub_block(ctx, eq.params['graph'], [ctx.atom(a, eq) for a in eq.inputs])
    targets = [ctx.define(v) for v in eq.outputs]
    return body + _assign(targets, outs)

