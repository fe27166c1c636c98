"""`ConcreteFunction`: one traced graph of a Function, compiled once, called with checked inputs."""
from __future__ import annotations

import copy
import inspect
import operator
import threading
from collections.abc import Callable, Sequence
from typing import Any

from ..backends.compiling import CompileOptions, compile_function
from ..errors import InvalidArgumentError
from ..ir import structure
from ..ir.core import AbstractValue, Graph
from ..user_objects.tensor_spec import TensorSpec
from . import keys, signatures, writeback
from .binding import Binder
from .keys import Arguments
from .state_plan import StateChanged

_compile_lock = threading.Lock()
_first = operator.itemgetter(0)


class Static:
    """A result leaf that is not a graph output (a Python value): returned as traced."""
    __slots__ = ('value',)

    def __init__(self, value: Any) -> None:
        self.value = value


class ConcreteFunction:
    """One signature's graph: `.graph`, `.structured_input_signature`, `.structured_outputs`.

    Calling it binds the arguments like the Python function, checks tensors
    against the traced types (InvalidArgumentError otherwise) and Python values
    against the traced values, and runs the compiled graph.
    """

    def __init__(self, name: str, binder: Binder, arguments: Arguments,
                 avals: Sequence[AbstractValue], graph: Graph,
                 outputs: tuple[Any, list[Any]]) -> None:
        self.name, self.graph = name, graph
        self._binder = binder
        self._parameters = list(binder.signature.parameters.values())
        self.avals = list(avals)
        self.key = arguments.key_with(avals)
        self.object_ids = frozenset(id(o) for o in arguments.objects)
        specs = iter([TensorSpec(a.shape, a.dtype) for a in avals])
        values = structure.unflatten(arguments.structure, [
            next(specs) if k.__class__ is AbstractValue else leaf
            for leaf, k in zip(arguments.leaves, arguments.leaf_keys)])
        self._spec_values = tuple(map(signatures.signature_value, values))
        self.descriptions = {p.name: signatures.describe(v)
                             for p, v in zip(self._parameters, self._spec_values)}
        self._out_structure, self._plan = outputs
        self.rebuild = _rebuilder(*outputs)
        self._compiled: Callable[..., Any] | None = None
        self._prefix: tuple[Any, ...] = ()
        self.mutations: writeback.Mutations | None = None  # what the trace updates in place
        self.nout = len(graph.outputs)  # the function's own outputs (others come after them)
        self.state: Any = None  # arrays and values it uses in objects (object_state.ObjectState)
        self.options = CompileOptions()  # the Function's jit_compile and passes

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        arguments = keys.bind(self._binder, self._prefix + args, kwargs, len(self._prefix))
        try:
            return self.run(self.feed(arguments))
        except StateChanged as change:  # a concrete function never traces again
            raise InvalidArgumentError(
                f'{self.name} was traced with {change.path} of {change.before}, which is '
                f'{change.now} now: call the rt.function, which traces again') from None

    def feed(self, arguments: Arguments) -> list[Any]:
        """The graph inputs of a call, checked against this trace."""
        inputs: list[Any] = []
        for param, expected, value in zip(self._parameters, self._spec_values, arguments.values):
            signatures.match(expected, value, param.name, self.name, inputs)
        writeback.check_fed(self.mutations, arguments, inputs)
        return inputs

    def run(self, inputs: Sequence[Any]) -> Any:
        """Run the compiled graph on its inputs; the structured result."""
        if self.state is not None:
            inputs = self.state.feed(inputs)
        return self.rebuild(self.callable()(*inputs))

    def callable(self) -> Callable[..., Any]:
        """The compiled graph, `f(*inputs) -> tuple` (compiled on first use, once)."""
        compiled = self._compiled
        if compiled is None:
            with _compile_lock:
                if self._compiled is None:
                    compiled = compile_function(self.graph, self.name, self.options)
                    state = self.state if self.state is not None and self.state.writes_back \
                        else None
                    if self.mutations is not None or state is not None:
                        compiled = writeback.wrap(compiled, self.mutations, state, self.nout)
                    self._compiled = compiled
                compiled = self._compiled
        return compiled

    def runner(self, args: Sequence[Any],
               positions: list[int]) -> Callable[[Sequence[Any]], Any]:
        """`run(args)` for positional `args` like these (same memo key, `keys.fast_key`) whose
        graph inputs are `args[positions]`."""
        compiled, rebuild = self.callable(), self.rebuild
        entry_for = getattr(compiled, 'entry_for', None)  # the backend's own fast entry
        if entry_for is not None:
            compiled = entry_for([args[i] for i in positions]) or compiled
        state = self.state
        if state is not None:  # and the arrays found in objects now (StateChanged: trace again)
            feed = state.feed
            if positions == list(range(len(args))):
                return lambda args: rebuild(compiled(*feed(args)))
            return lambda args: rebuild(compiled(*feed([args[i] for i in positions])))
        if positions == list(range(len(args))):
            if rebuild is _first:
                return lambda args: compiled(*args)[0]
            return lambda args: rebuild(compiled(*args))
        return lambda args: rebuild(compiled(*[args[i] for i in positions]))

    @property
    def serves_fast_calls(self) -> bool:
        """True if a memoized call may run it (`runner`): it updates no argument in place
        (arrays it finds in objects it updates, and writes back, itself)."""
        mutations, state = self.mutations, self.state
        if mutations is None:
            return True
        return state is not None and not mutations.kinds and not mutations.buffers and all(
            k >= state.first_input for k, _, _ in mutations.inputs)

    def standalone_graph(self) -> Graph:
        """Its graph needing no Python object: the arrays it reads in objects bound as they
        are now (what saving and ONNX export hold). ValueError if it changes state in objects."""
        if self.state is None:
            return self.graph
        return self.state.frozen(self.graph, self.name)

    def with_prefix(self, prefix: tuple[Any, ...]) -> ConcreteFunction:
        """This trace called with `prefix` (a method's instance) before the arguments."""
        self.callable()
        bound = copy.copy(self)
        bound._prefix = prefix
        return bound

    @property
    def structured_input_signature(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """(args, kwargs) of the trace: TensorSpecs for tensors, Python values as traced."""
        args, kwargs = call_args(self._parameters, self._spec_values)
        return tuple(args[len(self._prefix):]), kwargs

    @property
    def structured_outputs(self) -> Any:
        """The result structure: TensorSpecs for graph outputs, Python values as traced."""
        out_avals = self.graph.out_avals
        return structure.unflatten(self._out_structure, [
            TensorSpec(out_avals[e].shape, out_avals[e].dtype) if e.__class__ is int else e.value
            for e in self._plan])

    def pretty_printed_signature(self, skip: int | None = None) -> str:
        """`f(x)` / `  Args:` / `    x: float32 Tensor, shape=()` / `  Returns:` / ..."""
        skip = len(self._prefix) if skip is None else skip
        return signatures.pretty_signature(self.name, self._parameters, self._spec_values,
                                           self.structured_outputs, skip=skip)

    def __repr__(self) -> str:
        return f'<ConcreteFunction {self.pretty_printed_signature().splitlines()[0]}>'


def call_args(parameters: Sequence[inspect.Parameter],
              values: Sequence[Any]) -> tuple[list[Any], dict[str, Any]]:
    """(args, kwargs) calling a function with these parameters with these parameter values."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for param, value in zip(parameters, values):
        if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            args.append(value)
        elif param.kind is param.VAR_POSITIONAL:
            args.extend(value)
        elif param.kind is param.KEYWORD_ONLY:
            if value is not param.default:  # left out, as the caller did: a builtin (a ufunc's
                kwargs[param.name] = value  # signature=None, dtype=None) may refuse its default
        else:
            kwargs.update(value)
    return args, kwargs


def _rebuilder(out_structure: Any, plan: list[Any]) -> Callable[[Sequence[Any]], Any]:
    """`rebuild(graph_outputs)`: the structured result, as cheap as the structure allows."""
    if out_structure is None:
        if plan[0].__class__ is int:
            return _first
        value = plan[0].value
        return lambda outputs: value
    if (out_structure[0] is tuple and out_structure[1] == (None,) * len(plan)
            and plan == list(range(len(plan)))):
        return tuple

    def rebuild(outputs: Sequence[Any]) -> Any:
        return structure.unflatten(out_structure, [
            outputs[e] if e.__class__ is int else e.value for e in plan])
    return rebuild
