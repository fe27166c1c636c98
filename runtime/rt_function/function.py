"""`rt.function` and `Function`: a Python function traced once per input signature, run as graphs.

A call takes one of three paths:
- fast (`__call__`): positional arrays and plain scalars make a memo key
  (`keys.fast_key`) of calls already resolved; a hit runs the compiled graph.
  No lock, no binding: a few dict lookups.
- slow (`_call`): bind to the signature (defaults applied), find a trace (the
  exact key, else a trace whose types accept the call), else trace; run; and
  memoize the positional form for the fast path.
- in a trace (`_call_in_trace`): a Function called while this thread traces
  another is traced on its own (its Python side effects run once per
  signature, and the trace is cached for later calls, as in TensorFlow) and
  staged as one `call` op holding its graph. Tensors of the outer trace that it
  uses through a closure are captured as extra inputs; such a trace belongs
  to that outer trace and is not cached.

Locking: the fast path and cache hits take no lock. A miss takes the
Function's lock only for bookkeeping, never while tracing: the first thread to
miss a key marks it pending and traces; threads missing the same key wait for
that trace; different keys trace concurrently in their threads.

Interrupts (KeyboardInterrupt) may land anywhere in a trace: the thread's
tracing state is restored (`trace_state.isolated`), a pending mark releases
its waiters in a `finally` whose only statement is one C call, and the cache
is changed all or nothing (`TraceCache`).
"""
from __future__ import annotations

import dataclasses
import functools
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Literal, overload

from .. import config as _config
from .. import passes
from ..ag_operators import dispatch as _d
from ..backends.compiling import CompileOptions
from ..converted_code import conversion
from ..converted_code.tracebacks import leaving_runtime
from ..errors import RetracingWarning, warn_user
from ..tracing import builders as _builders
from ..tracing import numpy_errstate
from ..tracing.builders import GraphBuilder, current_builder
from ..user_objects.recording_tapes import state as _recording
from . import keys, retracing, writeback
from .binding import Binder
from .cache import TraceCache
from .concrete import ConcreteFunction
from .keys import Arguments, fast_key
from .methods import BoundFunction
from .signatures import InputSignature, in_class_body
from .state_plan import StateChanged, same_graph
from .trace import trace
from .variable_creation import tracing_function

_MEMO_SIZE = 1024  # fast-path entries kept per Function (or bound instance) before a reset
# jit_compile: None/False: the numpy executor; True: numba, numpy kernels in between; 'strict'
JitCompile = bool | Literal['strict'] | None
_JIT_COMPILE = (None, False, True, 'strict')


class _Pending:
    """A trace in progress: its thread, and a lock held until the trace ends, however it ends.

    Threads that need the same trace wait on the lock. An entry whose lock is
    free was left behind by a trace that an interrupt ended: it counts as absent.
    """
    __slots__ = ('thread', 'lock')

    def __init__(self) -> None:
        self.thread, self.lock = threading.get_ident(), threading.Lock()
        self.lock.acquire()

    @property
    def live(self) -> bool:
        return self.lock.locked()


class Function:
    """A polymorphic graph function: one ConcreteFunction per input signature (`rt.function`)."""
    # what every call reads or writes, in slots: faster than the instance dict, which
    # `functools.update_wrapper` fills with the function's attributes
    __slots__ = ('_fast', '_calls', '__dict__', '__weakref__')

    def __init__(self, python_function: Callable[..., Any],
                 input_signature: Sequence[Any] | None = None, reduce_retracing: bool = False,
                 autograph: bool = True, jit_compile: JitCompile = None,
                 max_traces: int | None = None,
                 experimental_optimizations: bool | dict[str, bool] | None = None) -> None:
        functools.update_wrapper(self, python_function)
        if not hasattr(self, '__name__'):  # a callable object
            self.__name__ = self.__qualname__ = type(python_function).__name__
        self._python_function = python_function
        self._binder = Binder(python_function)
        self._input_signature = None if input_signature is None else tuple(input_signature)
        # parameters bound first (1: a method's self) -> InputSignature
        self._signatures: dict[int, InputSignature] = {}
        if input_signature is not None and not in_class_body(python_function):
            self._signature(0)  # a bad signature fails here, not at the first call
        self._reduce_retracing, self._autograph = bool(reduce_retracing), autograph
        if jit_compile not in _JIT_COMPILE:
            raise ValueError(f'jit_compile must be None, False, True or \'strict\', not '
                             f'{jit_compile!r}')
        self.jit_compile = jit_compile
        passes.options(experimental_optimizations)  # a bad setting fails here, not at a call
        self._options = CompileOptions(jit_compile, experimental_optimizations)
        self._max_traces = None if max_traces is None else _config.checked_max_traces(max_traces)
        # the (converted) function that is traced, made on first use
        self._target: Callable[..., Any] | None = None
        # fast key of positional arguments -> [runner, last use, trace]
        self._fast: dict[Any, list[Any]] = {}
        self._pending: dict[Any, _Pending] = {}  # trace key -> _Pending
        self._lock = threading.Lock()
        self._cache = TraceCache(self._lock)
        # BoundFunctions of instances without weak references (one per `obj.method`): their
        # memos too must forget dropped traces
        self._unattached: weakref.WeakSet[BoundFunction] = weakref.WeakSet()
        self._calls = self._tracing_count = 0
        self._monitor = retracing.RetraceMonitor()
        self._warned_eviction = False
        # a trace dropped because the state it used changed
        self._changed: ConcreteFunction | None = None

    @property
    def python_function(self) -> Callable[..., Any]:
        """The Python function, as written."""
        return self._python_function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            if not kwargs and not _d.tracing and not _config._run_eagerly and not _recording.tapes:
                entry = self._fast.get(fast_key(args))
                if entry is not None:
                    entry[1] = self._calls = self._calls + 1  # counted; its last use, for the LRU
                    try:
                        return entry[0](args)
                    except StateChanged:  # the objects it uses changed: the slow path traces
                        pass
            return self._call((), args, kwargs, self._fast)
        except BaseException as exc:  # runtime frames leave its traceback (free unless raised)
            leaving_runtime(exc)
            raise

    def _call(self, prefix: tuple[Any, ...], args: tuple[Any, ...], kwargs: dict[str, Any],
              memo: dict[Any, list[Any]]) -> Any:
        if _config._run_eagerly:
            return self._python()(*prefix, *args, **kwargs)
        if _recording.tapes and current_builder() is None:
            return self._call_under_tapes(prefix, args, kwargs)
        self._calls += 1
        if _d.tracing and current_builder() is not None:
            return self._call_in_trace(prefix, args, kwargs)
        concrete, inputs, _ = self._resolve(prefix, args, kwargs)
        try:
            result = concrete.run(keys.detached(inputs))
        except StateChanged as change:  # the objects it uses changed: trace again
            concrete, inputs, _ = self._retrace(concrete, change, prefix, args, kwargs)
            result = concrete.run(keys.detached(inputs))
        if not kwargs:
            self._memoize(memo, args, inputs, concrete)
        return result

    def _retrace(self, stale: ConcreteFunction, change: Any, prefix: tuple[Any, ...],
                 args: tuple[Any, ...], kwargs: dict[str, Any],
                 parent: GraphBuilder | None = None) -> tuple[ConcreteFunction, Any, list[Any]]:
        """(ConcreteFunction, inputs, captured) traced again for state that changed. A list
        the trace appended to that has another length: if the new trace is the old one (the
        same graph and plan), its length does not matter, and it stops checking it."""
        self._forget(stale)
        concrete, inputs, captured = self._resolve(prefix, args, kwargs, parent)
        if change.length_of is not None and concrete.state is not None and \
                stale.state is not None and same_graph(concrete.graph, stale.graph):
            concrete.state.same_as(stale.state, change.length_of)
        return concrete, inputs, captured

    def _forget(self, concrete: ConcreteFunction) -> None:
        """Drop a trace whose state no longer holds; the next trace names what changed."""
        with self._lock:
            self._cache.drop(concrete, self._memos())
        self._changed = concrete

    def _call_under_tapes(self, prefix: tuple[Any, ...], args: tuple[Any, ...],
                          kwargs: dict[str, Any]) -> Any:
        """A call while eager gradient tapes record: one `call` op of its graph, which the tapes
        record if they follow what it reads (its gradient: the VJP graph of that graph)."""
        self._calls += 1
        concrete, inputs, _ = self._resolve(prefix, args, kwargs)
        state = concrete.state
        if concrete.mutations is not None or state is not None and state.writes_back:
            return self._python()(*prefix, *args, **kwargs)  # updates Python code writes back
        if state is not None:  # arrays it reads from objects: constants to the tapes
            try:
                fed = state.feed(inputs)
            except StateChanged as change:
                concrete, inputs, _ = self._retrace(concrete, change, prefix, args, kwargs)
                if concrete.mutations is not None or concrete.state is not None and \
                        concrete.state.writes_back:
                    return self._python()(*prefix, *args, **kwargs)
                fed = inputs if concrete.state is None else concrete.state.feed(inputs)
        else:
            fed = inputs
        # a hook runtime.autodiff.eager installs (None in builders.py until it is imported)
        outputs = _builders.eager_bind('call', fed, {'graph': concrete.graph})  # type: ignore[misc]
        if outputs is NotImplemented:  # the tapes follow nothing it reads
            return concrete.run(inputs)
        return concrete.rebuild(outputs)

    def _call_in_trace(self, prefix: tuple[Any, ...], args: tuple[Any, ...],
                       kwargs: dict[str, Any]) -> Any:
        builder = current_builder()
        concrete, inputs, captured = self._resolve(prefix, args, kwargs, parent=builder)
        if concrete.state is not None:  # arrays it uses in objects: the caller's proxies
            try:
                inputs = concrete.state.in_trace(inputs)
            except StateChanged as change:
                concrete, inputs, captured = self._retrace(concrete, change, prefix, args,
                                                           kwargs, builder)
                if concrete.state is not None:
                    inputs = concrete.state.in_trace(inputs)
        outputs = builder.emit('call', [*inputs, *captured], {'graph': concrete.graph})
        numpy_errstate.after_call(concrete.graph)  # its np.seterr calls: this function's state
        if concrete.mutations is not None:  # arrays it updates in place: here, the caller's
            writeback.apply_in_trace(concrete.mutations, inputs, outputs)
        if concrete.state is not None:  # the places it writes get the caller's values
            concrete.state.replay(outputs, inputs)
        return concrete.rebuild(outputs[:concrete.nout])

    def _resolve(self, prefix: tuple[Any, ...], args: tuple[Any, ...], kwargs: dict[str, Any],
                 parent: GraphBuilder | None = None) -> tuple[ConcreteFunction, Any, list[Any]]:
        """(ConcreteFunction, its graph inputs, outer tensors captured) for a call."""
        arguments = keys.bind(self._binder, prefix + args, kwargs, len(prefix))
        if self._input_signature is None:
            concrete, captured = self._concrete(arguments, parent)
            return concrete, arguments.tensors, captured
        signature = self._signature(len(prefix))
        inputs = signature.feed(arguments)
        concrete, captured = self._concrete(signature.arguments(prefix), parent)
        writeback.check_fed(concrete.mutations, arguments, inputs)
        return concrete, inputs, captured

    def _signature(self, bound: int) -> InputSignature:
        """The InputSignature of calls with `bound` parameters given first (a method's self)."""
        signature = self._signatures.get(bound)
        if signature is None:
            signature = self._signatures[bound] = InputSignature(
                self.__name__, self._binder.signature, self._input_signature, bound)
        return signature

    def _memoize(self, memo: dict[Any, list[Any]], args: tuple[Any, ...], inputs: Any,
                 concrete: ConcreteFunction) -> None:
        """Let the fast path run calls like this one, when its inputs are exactly its array args."""
        key = keys.fast_key(args)
        if (key is None or not self._cache.holds(concrete)  # never served fast, or just dropped
                or not concrete.serves_fast_calls or keys.aliases(args)):
            return  # (the fast path does not look at aliasing: such calls bind)
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        positions = [i for i, a in enumerate(args) if a.__class__ in keys.ARRAY_TYPES]
        if len(positions) == len(inputs) and all(
                inputs[k] is args[i] for k, i in enumerate(positions)):
            memo[key] = [concrete.runner(args, positions), self._calls, concrete]

    def _concrete(self, arguments: Arguments,
                  parent: GraphBuilder | None = None) -> tuple[ConcreteFunction, list[Any]]:
        """(the ConcreteFunction for `arguments`, traced if needed; outer tensors captured)."""
        concrete = self._cache.get(arguments.key, self._calls)
        if concrete is not None:
            return concrete, []
        pending = _Pending()
        try:
            while True:
                with self._lock:
                    concrete = self._cache.lookup(arguments, self._calls)
                    if concrete is not None:
                        return concrete, []
                    avals = retracing.trace_types(arguments, self._cache.group(arguments),
                                                  self._reduce_retracing)
                    trace_key = arguments.key_with(avals)
                    other = self._pending.get(trace_key)
                    if other is None or not other.live:
                        self._pending[trace_key] = pending
                        break
                if other.thread == threading.get_ident():
                    raise RecursionError(f'{self.__qualname__} calls itself with the same '
                                         'argument types while it is being traced')
                with other.lock:  # until that trace ends
                    pass
            return self._trace(arguments, avals, trace_key, pending, parent)
        finally:
            pending.lock.release()  # one C call, nothing before it: waiters go on however this ends

    def _trace(self, arguments: Arguments, avals: Any, trace_key: Any, pending: _Pending,
               parent: GraphBuilder | None) -> tuple[ConcreteFunction, list[Any]]:
        try:
            with tracing_function(self.__qualname__, self._tracing_count == 0):
                concrete, captured = trace(self.__name__, self._python(), self._binder,
                                           arguments, avals, parent)
            concrete.options = _with_numbers(self._options, arguments)
            if self.jit_compile:
                concrete.callable()  # lowered and compiled now: an op numba lacks fails the trace
            with self._lock:
                traces = self._cache.traces
                previous, calls = traces[-1] if traces else None, self._calls
                if self._changed is not None:  # traced again for the state: name what changed
                    previous, self._changed = self._changed, None
                recursive = any(p.thread == pending.thread and p is not pending and p.live
                                for p in self._pending.values())
                self._tracing_count += 1
                evicted = ()
                if not captured:  # a trace that captured outer tensors serves only that trace
                    self._cache.add(arguments, trace_key, concrete, calls)
                    evicted = self._cache.evict(self.max_traces, self._memos())
        finally:
            with self._lock:
                if self._pending.get(trace_key) is pending:
                    del self._pending[trace_key]
        if evicted:
            self._warn_evicted(evicted)
        if not recursive:  # a recursion unrolled in one trace is not retracing
            self._monitor.traced(self.__qualname__, calls, concrete, previous)
        return concrete, captured

    @property
    def max_traces(self) -> int:
        """How many traces this Function caches: its `max_traces`, else `rt.config`'s."""
        return _config._max_traces if self._max_traces is None else self._max_traces

    def _memos(self) -> list[dict[Any, list[Any]]]:
        """The fast-path memos: this Function's, and those of its instances' BoundFunctions."""
        return [self._fast] + [bound._fast for bound in self._cache.attached_values()] + [
            bound._fast for bound in list(self._unattached)]

    def _warn_evicted(self, evicted: Sequence[Any]) -> None:
        """Warn (once per Function) that traces are being dropped."""
        if not self._warned_eviction:
            self._warned_eviction = True
            warn_user(f'{self.__qualname__} holds {self.max_traces} traces, its limit, and '
                      'dropped the least recently used one (for '
                      f'{retracing.arguments_text(evicted[0])}); calls like it will trace '
                      'again. Pass values that change as numpy arrays rather than Python '
                      'scalars or fresh objects, or raise the limit with '
                      'rt.function(max_traces=...) or rt.config.set_max_traces(...).',
                      RetracingWarning)

    def _python(self) -> Callable[..., Any]:
        """The function that is traced: converted on the fly unless autograph=False."""
        target = self._target
        if target is None:
            function = self._python_function
            target = self._target = (conversion.convert_callable(function) if self._autograph
                                     else function)
        return target

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """The ConcreteFunction for these arguments (values or rt.TensorSpecs), traced if needed."""
        return self._get_concrete((), args, kwargs)

    def _get_concrete(self, prefix: tuple[Any, ...], args: tuple[Any, ...],
                      kwargs: dict[str, Any]) -> ConcreteFunction:
        if self._input_signature is not None and not args and not kwargs:
            concrete, _ = self._concrete(self._signature(len(prefix)).arguments(prefix))
        else:
            concrete, _, _ = self._resolve(prefix, args, kwargs)
        return concrete.with_prefix(prefix) if prefix else concrete

    def concrete_functions(self, instance: object = None) -> list[ConcreteFunction]:
        """The traces (of one instance, for a method), in the order they were made."""
        return [c for c in self._cache.live_traces()
                if instance is None or id(instance) in c.object_ids]

    def pretty_printed_concrete_signatures(self) -> str:
        """Every trace's signature in TensorFlow's format, separated by blank lines."""
        return '\n\n'.join(c.pretty_printed_signature() for c in self.concrete_functions())

    def experimental_get_tracing_count(self) -> int:
        """How many graphs this Function traced."""
        return self._tracing_count

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Function: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> BoundFunction: ...

    def __get__(self, instance: object, owner: type | None = None) -> Function | BoundFunction:
        if instance is None:
            return self
        bound = self._cache.attached(instance)
        if bound is None or bound.instance is not instance:
            bound = BoundFunction(self, instance)
            with self._lock:
                if bound.weak:
                    self._cache.attach(instance, bound)
                else:
                    self._unattached.add(bound)
        return bound

    def __repr__(self) -> str:
        return f'<rt.Function {self.__qualname__}>'


_NUMBERS = (bool, int, float)


def _with_numbers(options: CompileOptions,
                  arguments: Arguments) -> CompileOptions:
    """A trace's compile options: the Function's, with the Python numbers it was called with."""
    if not options.jit_compile:
        return options
    numbers = frozenset((v.__class__, v) for v in arguments.leaves if v.__class__ in _NUMBERS)
    return dataclasses.replace(options, numbers=numbers) if numbers else options


@overload
def function(fn: Callable[..., Any], *, input_signature: Sequence[Any] | None = None,
             reduce_retracing: bool = False, autograph: bool = True,
             jit_compile: JitCompile = None, max_traces: int | None = None,
             experimental_optimizations: bool | dict[str, bool] | None = None) -> Function: ...
@overload
def function(fn: None = None, *, input_signature: Sequence[Any] | None = None,
             reduce_retracing: bool = False, autograph: bool = True,
             jit_compile: JitCompile = None, max_traces: int | None = None,
             experimental_optimizations: bool | dict[str, bool] | None = None,
             ) -> Callable[[Callable[..., Any]], Function]: ...


def function(fn: Callable[..., Any] | None = None, *,
             input_signature: Sequence[Any] | None = None, reduce_retracing: bool = False,
             autograph: bool = True, jit_compile: JitCompile = None,
             max_traces: int | None = None,
             experimental_optimizations: bool | dict[str, bool] | None = None,
             ) -> Function | Callable[[Callable[..., Any]], Function]:
    """`@rt.function` (with or without arguments): trace `fn` into graphs, one per signature.

    At most `max_traces` traces are cached (default `rt.config.get_max_traces()`).
    `experimental_optimizations`: which graph passes run (True, False or {pass: bool};
    None: `rt.config`'s setting). `jit_compile=True` compiles each graph with numba, an op
    numba cannot compile running on its numpy kernel in between; `jit_compile='strict'`
    refuses such a graph instead, naming the op.
    """
    def decorate(fn: Callable[..., Any]) -> Function:
        if isinstance(fn, Function):
            fn = fn.python_function
        return Function(fn, input_signature, reduce_retracing, autograph, jit_compile,
                        max_traces, experimental_optimizations)
    return decorate if fn is None else decorate(fn)
