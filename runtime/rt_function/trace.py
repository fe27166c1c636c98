"""Tracing one call: the Python function run on placeholders, giving a ConcreteFunction."""
import numpy as np

from .. import staging  # noqa: F401  (traced code stages graph ops through the ag__ operators)
from ..errors import MutationError
from ..ir import structure
from ..ir.core import AbstractValue
from ..tracing import errstate_regions, numpy_random
from ..tracing.builders import GraphBuilder, Resource, StaleBuilder
from ..tracing.graph_lists import GraphList
from ..tracing.memory import aliasing, captured_arrays, made_arrays
from ..tracing.tensor import Tensor
from ..tracing.trace_state import isolated
from ..user_objects.tensor_spec import TensorSpec
from . import object_state, writeback
from .concrete import ConcreteFunction, Static, call_args

_GRAPH_VALUES = (Tensor, np.ndarray, np.generic, Resource)


def trace(name, python_function, binder, arguments, avals, parent=None):
    """(ConcreteFunction of `python_function` for `arguments`, the outer tensors it captured).

    Tensor leaves become placeholders of types `avals` (the call's, or
    generalised ones); Python values and objects are passed as they are. With
    a `parent` builder (a call inside another trace), outer tensors the function
    uses are captured as extra graph inputs. However the trace ends (a
    KeyboardInterrupt included), the thread's tracing state is as before.
    """
    return isolated(_trace, name, python_function, binder, arguments, avals, parent)


def _trace(name, python_function, binder, arguments, avals, parent):
    # the generators it draws from, or is given, and the global one are left as they were; so is
    # numpy's floating-point error state, which its np.seterr calls change while it is traced
    # (their `seterr` ops change it when the graph runs)
    with numpy_random.Watch(numpy_random.generators_in(arguments.leaves)), np.errstate():
        return _trace_once(name, python_function, binder, arguments, avals, parent)


def _trace_once(name, python_function, binder, arguments, avals, parent):
    parameters = list(binder.signature.parameters.values())
    names = _placeholder_names(parameters, arguments)
    with GraphBuilder(parent=parent) as builder:
        builder.errstate, builder.errstate_base = (), errstate_regions.current_modes()
        builder.function_level = True  # its own graph: the caller's state is not its parent's
        created = [builder.placeholder(a, name=n) for a, n in zip(avals, names)]
        input_vars = [p._var for p in created]
        objects = _array_objects(arguments, created)
        placeholders = iter(objects)
        leaves = [next(placeholders) if k.__class__ is AbstractValue else leaf
                  for leaf, k in zip(arguments.leaves, arguments.leaf_keys)]
        args, kwargs = call_args(parameters, structure.unflatten(arguments.structure, leaves))
        roots = [] if parent is not None else object_state.roots(
            python_function, arguments, parameters)
        captures = captured_arrays.Captures(roots, builder, active=parent is None)
        try:
            captures.enter()
            try:
                result = _run(python_function, args, kwargs)
                outputs, out_structure, plan = _outputs(result)
                copies = {}
                outputs = [_output(o, name, builder, copies) for o in outputs]
            except BaseException:  # no graph value stays in an object
                object_state.abandon(captures)
                raise
            state, state_values = object_state.record(captures, objects, builder)
        finally:
            captures.put_back()  # the places hold their arrays again
            captures.leave()
        by_reference = captures.by_reference()
        mutations, extra = writeback.find(
            builder, objects + [b.tensor for b in by_reference],
            input_vars + [b.input for b in by_reference],
            names + [b.description for b in by_reference], arguments.aliases, len(outputs),
            len(objects))
        if mutations is not None:
            object_state.check_shared(captures, {id(by_reference[k - len(objects)])
                                                 for k, _, _ in mutations.inputs
                                                 if k >= len(objects)})
        graph = builder.finish(outputs + extra + state_values)
    concrete = ConcreteFunction(name, binder, arguments, avals, graph, (out_structure, plan))
    concrete.mutations = mutations
    if state is not None:
        state.bind(len(objects), len(outputs) + len(extra), mutations is not None,
                   names + [b.description for b in by_reference])
        concrete.state = state
        concrete.descriptions.update(state.descriptions)
    concrete.nout = len(outputs)
    return concrete, builder.captured


def _run(python_function, args, kwargs):
    try:
        return python_function(*args, **kwargs)
    except ValueError as exc:  # numpy's own words for storing a graph value into its array
        if isinstance(exc.__cause__, MutationError):
            raise exc.__cause__.with_traceback(exc.__traceback__) from None
        raise


def _output(value, name, builder, copies):
    """A result leaf as a graph output: a tensor's value now (a made array's, if promoted); a
    numpy array is copied when the graph runs, so that each call returns a new array, writeable
    as eagerly (its `copies`: one per array, so that one array returned twice stays one)."""
    value = made_arrays.resolve(value)
    if isinstance(value, np.ndarray):
        if id(value) not in copies:
            copies[id(value)] = builder.emit('copy', [value], {})
        return copies[id(value)]
    if not isinstance(value, Tensor):
        return value
    if value._builder.__class__ is StaleBuilder:
        raise MutationError(f'{name} returns an array whose value a graph cannot know: '
                            f'{value._builder.message}')
    return aliasing.snapshot(value)


def _array_objects(arguments, placeholders):
    """The array object each graph input stands for: one per argument array (the same array
    passed twice is one object), a 0-d one a numpy scalar or a 0-d array as the argument is."""
    objects = list(placeholders)
    for i, j in arguments.aliases:
        objects[j] = objects[i]
    for value, obj in zip(arguments.tensors, placeholders):
        if obj.shape == ():
            aliasing.set_kind(obj, aliasing.is_scalar(value) if isinstance(value, Tensor)
                              else isinstance(value, np.generic))
    return objects


def _placeholder_names(parameters, arguments):
    names = [n for p, v in zip(parameters, arguments.values)
             for n in structure.leaf_names(p.name, v)]
    return [leaf.name if isinstance(leaf, TensorSpec) and leaf.name else name
            for leaf, key, name in zip(arguments.leaves, arguments.leaf_keys, names)
            if key.__class__ is AbstractValue]


def _outputs(result):
    """(graph outputs, result structure, plan): per leaf, its output index or a Static value."""
    leaves = []
    out_structure = structure.flatten(result, leaves)
    outputs, plan = [], []
    for leaf in leaves:
        if isinstance(leaf, GraphList):  # a list built in a graph loop: returned stacked
            leaf = leaf.stack()
        if isinstance(leaf, _GRAPH_VALUES):
            plan.append(len(outputs))
            outputs.append(leaf)
        else:
            plan.append(Static(leaf))
    return outputs, out_structure, plan
