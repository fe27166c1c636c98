"""`cond`, `while` and `call` in numba source: Python statements, sub-graphs emitted in place."""
INDENT = '    '


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


def emit_cond(ctx, eq):
    pred, *args = [ctx.atom(a, eq) for a in eq.inputs]
    targets = [ctx.define(v) for v in eq.outputs]
    lines = []
    for header, key in ((f'if {pred}:', 'true_branch'), ('else:', 'false_branch')):
        body, outs = _sub_block(ctx, eq.params[key], args)
        lines.append(header)
        lines += _indented(body + _assign(targets, outs))
    return lines


def emit_while(ctx, eq):
    n = eq.params['carried']
    args = [ctx.atom(a, eq) for a in eq.inputs]
    carried = [ctx.fresh('c') for _ in range(n)]
    names = carried + args[n:]
    lines = _assign(carried, args[:n])
    test_lines, (test,) = _sub_block(ctx, eq.params['cond'], names)
    body, outs = _sub_block(ctx, eq.params['body'], names)
    lines.append('while True:')
    lines += _indented(test_lines + [f'if not {test}:', INDENT + 'break'] + body +
                       _assign(carried, outs))
    ctx.names.update(zip(eq.outputs, carried))
    return lines


def emit_call(ctx, eq):
    body, outs = _sub_block(ctx, eq.params['graph'], [ctx.atom(a, eq) for a in eq.inputs])
    targets = [ctx.define(v) for v in eq.outputs]
    return body + _assign(targets, outs)


EMITTERS = {'cond': emit_cond, 'while': emit_while, 'call': emit_call}
