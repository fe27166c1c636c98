"""Calls become `ag__.converted_call`, so a trace can overload builtins and convert user functions.

    y = f(x, *rest, k=1)   ->   y = ag__.converted_call(f, (x, *rest), {'k': 1}, fscope)

Arguments keep Python's order (positionals, then keywords) and the call keeps
Python's errors: a lone `*args` is passed through as it is, and
`**kwargs` goes in `ag__.Kwargs(...)` parts that `converted_call` merges in a
real call. Calls of the builtins that read their caller's frame
(`super()`, `locals()`, ...: `runtime.ag_operators.builtin_names.FRAME_READERS`) are left as they are.
"""
import libcst as cst

from runtime.ag_operators.builtin_names import FRAME_READERS

from .. import output_nodes
from ..deferred_nodes import SuperCall

# Calls that look further up the stack, where generated closures would show.
STACK_READERS = frozenset(('_getframe', 'currentframe'))
INSPECT_STACK = frozenset(('stack', 'getouterframes', 'trace'))

CALL = output_nodes.Template('ag__.converted_call({f}, {args}, {kwargs}, {scope})')


def rewrite_call(w, node, test):
    func = node.func
    if (func.__class__ is cst.Name and func.value in FRAME_READERS
            and func.value not in w.facts.module_names):
        return _frame_dependent(w, node)
    if func.__class__ is cst.Attribute and (func.attr.value in STACK_READERS or (
            func.attr.value in INSPECT_STACK and getattr(func.value, 'value', None) == 'inspect')):
        w.facts.frame_calls.append(('stack', node))
    new_func = w.walk(func)
    quote = w.quote()
    positional = [a for a in node.args if a.keyword is None and a.star != '**']
    keywords = [a for a in node.args if a.keyword is not None or a.star == '**']
    if quote is None and keywords:
        return output_nodes.replace(node, func=new_func, args=[output_nodes.replace(a, value=w.walk(a.value))
                                                       for a in node.args])
    args = _positional(w, positional, node.whitespace_before_args)
    kwargs = _keywords(w, keywords, quote, None if positional else node.whitespace_before_args)
    call = CALL.fill({'f': new_func, 'args': args, 'kwargs': kwargs, 'scope': w.scope_name})
    return output_nodes.Expr((node.lpar, call, node.rpar))


def _arg_parts(w, arg):
    """An argument as printed in a display, keeping its comma and the line breaks around it."""
    value = w.walk(arg.value)
    if arg.value.__class__ is cst.GeneratorExp and not arg.value.lpar:
        value = ('(', value, ')')  # f(x for x in y): the call's parentheses were its own
    return [value, *_arg_parts_after(arg)]


def _arg_parts_after(arg):
    """What follows an argument's value: its comma, if written, and the whitespace after it."""
    if arg.comma is cst.MaybeSentinel.DEFAULT:
        return [arg.whitespace_after_arg]
    return [arg.comma, arg.whitespace_after_arg]


def _positional(w, args, ws):
    if not args:
        return '()'
    if len(args) == 1 and args[0].star == '*':
        return w.walk(args[0].value)  # f(*xs): passed on, so a bad xs fails as in f(*xs)
    value = args[0].value
    if value.__class__ is cst.GeneratorExp and not value.lpar:
        # f(\n x for x in y): the only argument; its code starts on the line of the call's
        # `(`, so the parenthesis it gets opens there too (and the pairing of code objects by
        # their first line finds it)
        return ['((', ws, w.walk(value), ')', *_arg_parts_after(args[0]), ',)']
    parts = ['(', ws]
    for arg in args:
        if arg.star == '*':
            parts += ['*', arg.whitespace_after_star]
        parts += _arg_parts(w, arg)
    if len(args) == 1 and args[0].comma is cst.MaybeSentinel.DEFAULT:
        parts.append(',')
    parts.append(')')
    return parts


def _keywords(w, args, quote, ws):
    if not args:
        return 'None'
    if len(args) == 1 and args[0].star == '**':
        # f(**kw): one part, so that converted_call merges it in a real call even if it is
        # None (which as `kwargs` would mean "no keywords")
        return ['ag__.Kwargs(', w.walk(args[0].value), ')']
    groups, current = [], None
    for arg in args:
        if arg.star == '**':
            current = None  # its comma is replaced by the separator between parts
            groups.append([w.walk(arg.value), arg.whitespace_after_arg])
            continue
        if current is None:
            current = ['{']
            groups.append(current)
        current += [quote, arg.keyword.value, quote, ': '] + _arg_parts(w, arg)
    for group in groups:
        if group[0] == '{':
            group.append('}')
    if ws is not None:
        groups[0].insert(1, ws)
    if len(groups) == 1:
        return groups[0]
    parts = ['ag__.Kwargs(']
    for i, group in enumerate(groups):
        parts += ([', '] if i else []) + group
    return parts + [')']


def _frame_dependent(w, node):
    name = node.func.value
    w.facts.frame_calls.append((name, node))
    args = [output_nodes.replace(a, value=w.walk(a.value)) for a in node.args]
    if name == 'super' and not args and w.facts.first_param and w.facts.class_name \
            and not w.inner:  # in a lambda or comprehension it fails in the original too
        # zero-argument super() finds its class and instance in the frame that calls it,
        # which a generated closure or lambda is not: there it names them
        first = w.facts.first_param
        w.act.uses.update(('__class__', first))
        call = SuperCall(node, first, in_thunk=w.thunks > 0)
        w.act.supers = (*w.act.supers, call)
        return call
    return output_nodes.replace(node, args=args)


HANDLERS = {cst.Call: rewrite_call}
