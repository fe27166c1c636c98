"""The `ag__` branching operators on tensors: `if_stmt`, `if_exp`, `and_`, `or_` and their tests."""
from ..errors import StagingError
from ..tracing.builders import current_builder, source_location
from ..tracing.tensor import Tensor
from .cf_arrays import NumpyState
from .cf_state import State
from .cond import (
    BOTTOM,
    check_depth,
    cond_value,
    facts,
    finish,
    predicate,
    refine,
    trace_path,
    truth,
)
from .merge import Context


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    """A tensor `if`: both branches traced, the state they leave merged by one cond op."""
    where = source_location()
    pred = predicate(cond, where, '`if` statement')
    parent = current_builder()
    check_depth(parent, where)
    state = State(get_state, set_state, symbol_names, (body, orelse))
    before, init = state.snapshot(), state.read()
    lists = {i: list(v) for i, v in enumerate(init) if type(v) is list}
    numpy_state = NumpyState.of(state.numpy_arrays(init))

    def path(fn):
        def run():
            state.restore(before)
            state.write(init)
            try:
                if fn is not None:
                    fn()
                if numpy_state is not None:
                    numpy_state.check(f'the `if` statement at {where}')
                state.changed_since(before)
                return _unshare_lists(state.read()[:len(init)], init, lists), state.snapshot()
            finally:
                for i, contents in lists.items():
                    init[i][:] = contents
        return run

    traced = [trace_path(path(fn), parent) for fn in (body, orelse)]
    paths = []
    for (builder, result), taken in zip(traced, (True, False)):
        if result is not BOTTOM:
            declared, after = result
            result = refine(declared + state.hidden_values(after), facts(pred, taken))
        paths.append((builder, result))
    merged = finish(pred, paths, state.all_names, Context(where, '`if` statement'),
                    required=len(init))
    initial = init + state.hidden_values(before)
    state.restore(before)
    state.write([i if m is BOTTOM else m for m, i in zip(merged, initial)])


def _unshare_lists(values, init, lists):
    """A list a branch mutated in place becomes a new list; the original is then restored."""
    for i, contents in lists.items():
        value = values[i]
        if value is init[i] and (len(value) != len(contents) or
                                 any(a is not b for a, b in zip(value, contents))):
            values[i] = list(value)
    return values


def if_exp(cond, if_true, if_false, expr_repr):
    where = source_location()
    construct = f'conditional expression `{expr_repr}`'
    return cond_value(predicate(cond, where, construct), (if_true, if_false),
                      Context(where, construct), name=expr_repr)


def _scalar_truth(value, where, operator):
    shape = value.shape if isinstance(value, Tensor) else ()
    if shape != () and (shape is None or any(d != 1 for d in shape)):
        raise ValueError(f'`{operator}` at {where} on a tensor of shape {shape}: its truth value '
                         'is ambiguous (numpy raises the same); use np.logical_' + operator +
                         ' for elementwise results, or np.any/np.all')
    return predicate(value, where, f'`{operator}`')


def and_(a_val, b):
    """`a and b` on a tensor `a`: b() only where a is true, as one cond (b traced lazily)."""
    where = source_location()
    return cond_value(_scalar_truth(a_val, where, 'and'), (b, lambda: a_val),
                      Context(where, '`and` expression'), name='and')


def or_(a_val, b):
    where = source_location()
    return cond_value(_scalar_truth(a_val, where, 'or'), (lambda: a_val, b),
                      Context(where, '`or` expression'), name='or')


def and_test(a_val, b):
    """`a and b` in a test position: only its truth matters, so both sides become bools."""
    where = source_location()
    return cond_value(_scalar_truth(a_val, where, 'and'), (lambda: truth(b()), lambda: False),
                      Context(where, '`and` expression'), name='and')


def or_test(a_val, b):
    where = source_location()
    return cond_value(_scalar_truth(a_val, where, 'or'), (lambda: True, lambda: truth(b())),
                      Context(where, '`or` expression'), name='or')


def function_return(scope, value, did_return):
    """A converted function's result; it must not depend on the graph whether it returned."""
    if isinstance(did_return, Tensor) and value is not None:
        where = source_location()
        raise StagingError(
            f"'{scope.name}' (at {where}) returns a value on some paths and reaches its end "
            'without a `return` (giving None) on others, which depends on tensor values: a '
            'graph returns one structure on every path. End the function with a `return` '
            'of the same structure.')
    return value
