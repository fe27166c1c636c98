"""The `ag__` operators on staged values: this module is `runtime.operators.dispatch.graph`.

The operators in `runtime.operators` run plain Python until a value is a staged
type (a symbolic tensor) and then call the function of the same name here;
`converted_call` and `FunctionScope.ret` come here whenever some thread is
tracing. Control flow on tensors lives in `control_flow`; this module
forwards to it.
"""
import functools
import sys
import types

import numpy as np

from ..api import side_effects
from ..operators import dispatch
from ..operators.call_trees import Kwargs, call_with_keyword_parts
from ..operators.py_builtins import OVERLOADED
from ..python import conversion
from ..tracing import builders, conversions, numpy_random
from ..tracing.memory import made_arrays
from ..tracing.memory.traced_array_methods import UPDATING, on_tensor
from ..tracing.numpy_api import CALLS
from ..tracing.numpy_calls import taking_lists_as_arrays
from ..tracing.tensor import is_symbolic
from . import control_flow, slices
from .py_builtins import OVERLOADS


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


get_item = slices.get_item
set_item = slices.set_item

# Control flow on tensors (and graph lists) lives in `control_flow`.
list_append = control_flow.list_append
list_pop = control_flow.list_pop
list_stack = control_flow.list_stack
if_stmt = control_flow.if_stmt
while_stmt = control_flow.while_stmt
for_stmt = control_flow.for_stmt
if_exp = control_flow.if_exp
and_ = control_flow.and_
or_ = control_flow.or_
and_test = control_flow.and_test
or_test = control_flow.or_test
function_return = control_flow.function_return


def install():
    """Make this module `dispatch.graph`, keeping the staged types the tensor module registered."""
    dispatch.install(dispatch.staged_types, sys.modules[__name__])


install()
