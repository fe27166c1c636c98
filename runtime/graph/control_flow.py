"""Graph control flow on tensors: NOT IMPLEMENTED YET (the next issue stages cond and while ops).

`runtime.graph.operators` forwards every control-flow operator here: `if_stmt`,
`while_stmt`, `for_stmt`, `if_exp`, `and_`, `or_` on a tensor condition, graph
lists (`list_append`, `list_pop`, `list_stack` on a staged list) and
iteration of tensors (`range(t)`, `enumerate(t)`, ...). Each raises
`NotImplementedError` naming the construct and the ORIGINAL source line, so a
user sees what is missing; replace this module to implement them.
"""
from . import tracing


def _missing(construct):
    where = tracing.source_location()
    at = f' at {where}' if where else ''
    return NotImplementedError(
        f'{construct}{at} needs graph control flow, which is not implemented yet: '
        'compute the condition from Python values, or use np.where for a value choice')


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    raise _missing('`if` on a tensor condition')


def while_stmt(test, body, get_state, set_state, symbol_names, opts, first_test):
    raise _missing('`while` on a tensor condition')


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    raise _missing('`for` over a tensor')


def if_exp(cond, if_true, if_false, expr_repr):
    raise _missing(f'the conditional expression `{expr_repr}` on a tensor condition')


def and_(a_val, b):
    raise _missing('`and` on a tensor')


def or_(a_val, b):
    raise _missing('`or` on a tensor')


def list_append(list_, x):
    raise _missing('appending to a graph list')


def list_pop(list_, i, opts):
    raise _missing('popping from a graph list')


def list_stack(list_, opts):
    raise _missing('stacking a graph list')


def iterate_tensor(name, args, kwargs):
    raise _missing(f'`{name}()` of a tensor')
