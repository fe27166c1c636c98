"""The `ag__` operators on staged values: this module is `runtime.ag_operators.dispatch.graph`.

The operators in `runtime.ag_operators` run plain Python until a value is a staged
type (a symbolic tensor) and then call the function of the same name here;
`converted_call` and `FunctionScope.ret` come here whenever some thread is
tracing. Control flow on tensors is imported from the modules that stage it
(`branches`, `cond`, `loop_stmts`, `iteration`; the list below says which is which).
"""
import functools
import sys
import types

import numpy as np

from ..ag_operators import dispatch
from ..ag_operators.builtin_names import OVERLOADED
from ..ag_operators.call_trees import Kwargs, call_with_keyword_parts
from ..converted_code import conversion
from ..tracing import builders, conversions, numpy_random
from ..tracing.graph_lists import GraphList, stack
from ..tracing.memory import made_arrays
from ..tracing.memory.traced_array_methods import UPDATING, on_tensor
from ..tracing.numpy_api import CALLS
from ..tracing.numpy_calls import taking_lists_as_arrays
from ..tracing.tensor import is_symbolic
from ..user_objects import side_effects
from .branches import (  # noqa: F401  (the ag__ operators of if, and/or, return)
    and_,
    and_test,
    function_return,
    if_exp,
    if_stmt,
    or_,
    or_test,
)
from .builtin_overloads import OVERLOADS
from .iteration import GraphIterable
from .loop_stmts import for_stmt, while_stmt  # noqa: F401  (the ag__ operators of loops)


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """`f(*args, **kwargs)` while some thread traces; staged or converted if THIS thread does.

    While this thread traces, a new array the call returns is a made array, and
    made arrays whose memory is promoted are passed as their tensors (what they
    stand for, see `made_arrays`) to overloads, also inside lists, and as
    arguments to code that is not converted but Python's own builtins without an
    overload (`isinstance`, `type`, ...), which must not update made arrays in
    graph control flow itself (`NumpyWrites`). Converted code gets them as they are.
    """
    if builders.current_builder() is None:
        return _call(f, args, kwargs)
    if conversions.is_math_function(f) and any(map(is_symbolic, args)):
        raise conversions.math_error(f)  # what numpy has instead, before math asks a float
    callee, kind = _callee(f, caller_fn_scope, options)
    if kind == 'converted' or getattr(f, '__module__', None) == 'builtins' and kind != 'overload':
        return made_arrays.adopt(_call(callee, args, kwargs))  # a temporary: `adopt` counts refs
    args, kwargs = made_arrays.resolve_arguments(args, kwargs, deep=kind == 'overload')
    writes = None if kind == 'overload' else made_arrays.NumpyWrites.of(args, kwargs, f)
    if writes is None:
        return made_arrays.adopt(_call(callee, args, kwargs))
    return made_arrays.adopt(_checked_call(callee, args, kwargs, writes))


def _checked_call(f, args, kwargs, writes):
    """`f(...)`, then `writes.check()`; the result, which the caller gets as a temporary."""
    result = _call(f, args, kwargs)
    writes.check()
    return result


def _call(f, args, kwargs):
    if kwargs is None:
        return f(*args)
    if kwargs.__class__ is Kwargs:
        return call_with_keyword_parts(f, args, kwargs)
    return f(*args, **kwargs)


def _callee(f, caller_fn_scope, options):
    """(What a trace calls for `f`, which it is): a builtin or numpy 'overload', the
    'converted' function, or `f` 'as it is' (which may be converted code already).

    `rt.function`s are called as they are: they know they are called in a
    trace and stage a call of their own graph.
    """
    try:
        overload = OVERLOADS.get(OVERLOADED.get(f)) or CALLS.get(f) or taking_lists_as_arrays(f)
    except TypeError:  # an unhashable callable
        overload = None
    if overload is None:
        overload = numpy_random.overload(f)  # a draw from a numpy random generator
    if overload is not None:
        return overload, 'overload'
    receiver = getattr(f, '__self__', None)
    if receiver.__class__ is np.ndarray and f.__class__ is types.BuiltinMethodType:
        return functools.partial(_plain_array_method, receiver, f.__name__), 'overload'
    options = options if options is not None else getattr(caller_fn_scope, 'callopts', None)
    if options is not None and not options.recursive:
        return f, 'as it is'
    callee = conversion.convert_callable(f)
    return callee, 'as it is' if callee is f else 'converted'


def _plain_array_method(array, name, *args, **kwargs):
    """`array.name(*args, **kwargs)` for a numpy array the trace neither made nor reaches by a
    place (a constant of the graph, as in any other operation) given graph values: the
    method of the tensor of its value (numpy's own method would refuse them)."""
    if not (made_arrays.holds_graph(args) or made_arrays.holds_graph(kwargs)) or \
            name in UPDATING:
        return getattr(array, name)(*args, **kwargs)
    constant = builders.current_builder().capture_constant(array)
    return on_tensor(constant, name, args, kwargs)


def assert_stmt(expression1, expression2):
    """A graph assert: raises InvalidArgumentError(message) at every run where it fails."""
    message = () if expression2 is None else (expression2(),)
    side_effects.assert_that(expression1, *message)
    return True  # converted code asserts this value in Python


def not_(a):
    return np.logical_not(a)


def contains(container, item):
    """`item in container` for a tensor `item` and a Python tuple, list or set of values."""
    result = None
    for element in container:
        equal = np.equal(item, element)
        result = equal if result is None else np.logical_or(result, equal)
    return np.zeros(np.shape(item), np.bool_) if result is None else result


def eq(a, b):
    return np.equal(a, b)


def list_append(list_, x):
    """`list_.append(x)` for a graph list; a made array is promoted (its value is stored, so a
    later update of it is refused, see `graph_lists`)."""
    (x,) = made_arrays.for_control_flow([x], builders.current_builder())
    return list_.appended(x)


def list_pop(list_, i, opts):
    return list_.popped(i)


def list_stack(list_, opts):
    """`np.stack` of a Python list (of tensors or arrays); a graph list's elements stacked."""
    return stack(list_)


dispatch.add_staged_types(GraphList, GraphIterable)  # handed here by the operators, as tensors are


def install():
    """Make this module `dispatch.graph`, keeping the staged types the tensor module registered."""
    dispatch.install(dispatch.staged_types, sys.modules[__name__])


install()
