"""The walker's handlers for names and the scopes inside a function: lambdas, comprehensions, f-strings.

They keep what a statement reads and binds exact: a comprehension's
variables are its own, its first iterable is the enclosing scope's; an
assignment expression binds in the function even inside a comprehension; a
lambda defers its reads (its names are captured).
"""
import libcst as cst

from . import output_nodes
from .deferred_nodes import Renamed
from .expressions import Unsupported


def _name(w, node, test):
    return w.load(node)


def _attribute(w, node, test):
    value = w.walk(node.value)
    return node if value is node.value else output_nodes.replace(node, value=value)


def _named_expr(w, node, test):
    value = w.walk(node.value)
    name = node.target.value
    lambdas = [names for names, kind in zip(w.inner, w.inner_kinds) if kind == 'lambda']
    if lambdas:
        lambdas[-1].add(name)  # `lambda: (y := ...)` binds y in the lambda
        w.facts.referenced.add(name)
    elif w.inner or w.conditional:
        # in a comprehension the target belongs to the function, but the comprehension (or
        # the operand of `and`/`or`/`if`) may not run: a binding that may not happen
        w.facts.referenced.add(name)
        w.facts.assigned.add(name)
        w.act.maydefs = w.act.maydefs | {name}
    else:
        w.bind(name)
    return node if value is node.value else output_nodes.replace(node, value=value)


def param_names(params):
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.append(star.name.value)
    return names


def _lambda(w, node, test):
    params = node.params
    defaults = {}
    for p in (*params.posonly_params, *params.params, *params.kwonly_params):
        if p.default is not None:
            defaults[id(p)] = w.walk(p.default)  # evaluated where the lambda is made
    if defaults:
        params = output_nodes.replace(params, **{
            group: [output_nodes.replace(p, default=defaults[id(p)]) if id(p) in defaults else p
                    for p in getattr(params, group)]
            for group in ('posonly_params', 'params', 'kwonly_params')})
    direct = not w.inner
    body = w.in_scope(set(param_names(node.params)), 1, lambda: w.walk(node.body), 'lambda')
    new = output_nodes.replace(node, params=params, body=body)
    if not direct or w.quote() is None:
        return new
    renamed = Renamed(new, w.facts.qualname + '.<locals>.<lambda>', w.thunks > 0)
    w.act.renamed = (*w.act.renamed, renamed)
    return renamed


def _comp_target(w, target, names):
    cls = target.__class__
    if cls is cst.Name:
        names.add(target.value)
        w.facts.referenced.add(target.value)
        return target
    if cls is cst.Tuple or cls is cst.List:
        return output_nodes.replace(target, elements=[output_nodes.replace(e, value=_comp_target(w, e.value, names))
                                              for e in target.elements])
    if cls is cst.StarredElement:
        return output_nodes.replace(target, value=_comp_target(w, target.value, names))
    return w.walk(target)


def _comp_for(w, comp_for, names, first_iter=None):
    if comp_for.asynchronous is not None:
        raise Unsupported('asynchronous comprehension')
    iter_ = first_iter if first_iter is not None else w.walk(comp_for.iter)
    target = _comp_target(w, comp_for.target, names)
    ifs = [output_nodes.replace(c, test=w.walk(c.test, True)) for c in comp_for.ifs]
    inner = comp_for.inner_for_in
    if inner is not None:
        inner = _comp_for(w, inner, names)
    return output_nodes.replace(comp_for, iter=iter_, target=target, ifs=ifs, inner_for_in=inner)


def _comprehension(w, node, test):
    first_iter = w.walk(node.for_in.iter)  # the first iterable is evaluated outside
    names = set()
    deferred = 1 if node.__class__ is cst.GeneratorExp else 0

    def inside():
        for_in = _comp_for(w, node.for_in, names, first_iter)
        if node.__class__ is cst.DictComp:
            return output_nodes.replace(node, for_in=for_in, key=w.walk(node.key), value=w.walk(node.value))
        return output_nodes.replace(node, for_in=for_in, elt=w.walk(node.elt))
    return w.in_scope(names, deferred, inside, 'comprehension')


def _formatted_string(w, node, test):
    quote = node.end[0] if node.end else "'"
    saved = w.quotes
    w.quotes = saved + quote
    try:
        parts = [_formatted_part(w, p) for p in node.parts]
    finally:
        w.quotes = saved
    return output_nodes.replace(node, parts=parts)


def _formatted_part(w, part):
    if part.__class__ is not cst.FormattedStringExpression:
        return part
    if part.equal is not None:
        # f'{expr=}' prints the expression's own text: it must stay as written
        _collect(w, part.expression)
        return part
    spec = part.format_spec
    if spec is not None:
        spec = [_formatted_part(w, p) for p in spec]
    return output_nodes.replace(part, expression=w.walk(part.expression), format_spec=spec)


def _collect(w, node):
    """Record what an expression reads without rewriting it."""
    w.thunks, saved = 0, w.thunks
    w.walk(node)
    w.thunks = saved


def _yield(w, node, test):
    if w.inner:
        return w.generic(node)
    raise Unsupported('generator function (yield)')


def _await(w, node, test):
    raise Unsupported('asynchronous function (await)')


# node type -> handler(walker, node, test): always part of the walk (it records the activity)
HANDLERS = {
    cst.Name: _name, cst.Attribute: _attribute, cst.NamedExpr: _named_expr,
    cst.Lambda: _lambda, cst.ListComp: _comprehension, cst.SetComp: _comprehension,
    cst.DictComp: _comprehension, cst.GeneratorExp: _comprehension,
    cst.FormattedString: _formatted_string, cst.Yield: _yield, cst.Await: _await,
}
