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
"""
import functools
import inspect
import threading

from .. import config as _config
from .. import conversion
from ..graph.tracing import current_builder
from ..operators import dispatch as _d
from ..tracebacks import leaving_runtime
from . import keys, retracing
from .cache import TraceCache
from .methods import BoundFunction
from .signatures import InputSignature
from .trace import trace


class _Pending:
    """A trace in progress; threads that need the same trace wait for `done`."""
    __slots__ = ('thread', 'done')

    def __init__(self):
        self.thread, self.done = threading.get_ident(), threading.Event()


class Function:
    """A polymorphic graph function: one ConcreteFunction per input signature (`rt.function`)."""

    def __init__(self, python_function, input_signature=None, reduce_retracing=False,
                 autograph=True, jit_compile=None):
        functools.update_wrapper(self, python_function)
        if not hasattr(self, '__name__'):  # a callable object
            self.__name__ = self.__qualname__ = type(python_function).__name__
        self._python_function = python_function
        self._signature = inspect.signature(python_function)
        self._input_signature = None if input_signature is None else InputSignature(
            self.__name__, self._signature, input_signature)
        self._reduce_retracing, self._autograph = bool(reduce_retracing), autograph
        self.jit_compile = jit_compile  # accepted for TensorFlow's signature: graphs always compile
        self._target = None  # the (converted) function that is traced, made on first use
        self._fast = {}      # fast key of positional arguments -> runner of the resolved trace
        self._pending = {}   # trace key -> _Pending
        self._lock = threading.Lock()
        self._cache = TraceCache(self._lock)
        self._calls = self._tracing_count = 0
        self._monitor = retracing.RetraceMonitor()

    python_function = property(lambda self: self._python_function,
                               doc='The Python function, as written.')

    def __call__(self, *args, **kwargs):
        try:
            if not kwargs and not _d.tracing and not _config._run_eagerly:
                run = self._fast.get(keys.fast_key(args))
                if run is not None:
                    self._calls += 1
                    return run(args)
            return self._call((), args, kwargs, self._fast)
        except BaseException as exc:  # runtime frames leave its traceback (free unless raised)
            leaving_runtime(exc)
            raise

    def _call(self, prefix, args, kwargs, memo):
        if _config._run_eagerly:
            return self._python()(*prefix, *args, **kwargs)
        self._calls += 1
        if _d.tracing and current_builder() is not None:
            return self._call_in_trace(prefix + args, kwargs)
        concrete, inputs, _ = self._resolve(prefix + args, kwargs)
        result = concrete.run(inputs)
        if not kwargs:
            self._memoize(memo, args, inputs, concrete)
        return result

    def _call_in_trace(self, args, kwargs):
        builder = current_builder()
        concrete, inputs, captured = self._resolve(args, kwargs, parent=builder)
        outputs = builder.emit('call', [*inputs, *captured], {'graph': concrete.graph})
        return concrete.rebuild(outputs)

    def _resolve(self, args, kwargs, parent=None):
        """(ConcreteFunction, its graph inputs, outer tensors captured) for a call."""
        arguments = keys.bind(self._signature, args, kwargs)
        if self._input_signature is None:
            concrete, captured = self._concrete(arguments, parent)
            return concrete, arguments.tensors, captured
        inputs = self._input_signature.feed(arguments)
        concrete, captured = self._concrete(self._input_signature.arguments, parent)
        return concrete, inputs, captured

    def _memoize(self, memo, args, inputs, concrete):
        """Let the fast path run calls like this one, when its inputs are exactly its array args."""
        key = keys.fast_key(args)
        if key is None:  # arguments the fast path never serves: every call binds
            return
        positions = [i for i, a in enumerate(args) if a.__class__ in keys.ARRAY_TYPES]
        if len(positions) == len(inputs) and all(
                inputs[k] is args[i] for k, i in enumerate(positions)):
            memo[key] = concrete.runner(positions, len(args))

    def _concrete(self, arguments, parent=None):
        """(the ConcreteFunction for `arguments`, traced if needed; outer tensors captured)."""
        concrete = self._cache.get(arguments.key)
        if concrete is not None:
            return concrete, []
        while True:
            with self._lock:
                concrete = self._cache.lookup(arguments)
                if concrete is not None:
                    return concrete, []
                avals = retracing.trace_types(arguments, self._cache.group(arguments),
                                              self._reduce_retracing)
                trace_key = arguments.key_with(avals)
                pending = self._pending.get(trace_key)
                if pending is None:
                    pending = self._pending[trace_key] = _Pending()
                    break
            if pending.thread == threading.get_ident():
                raise RecursionError(f'{self.__qualname__} calls itself with the same argument '
                                     'types while it is being traced')
            pending.done.wait()
        return self._trace(arguments, avals, trace_key, pending, parent)

    def _trace(self, arguments, avals, trace_key, pending, parent):
        try:
            concrete, captured = trace(self.__name__, self._python(), self._signature, arguments,
                                       avals, parent)
            with self._lock:
                traces = self._cache.traces
                previous, calls = traces[-1] if traces else None, self._calls
                recursive = any(p.thread == pending.thread and p is not pending
                                for p in self._pending.values())
                self._tracing_count += 1
                if not captured:  # a trace that captured outer tensors serves only that trace
                    self._cache.add(arguments, trace_key, concrete)
        finally:
            with self._lock:
                del self._pending[trace_key]
            pending.done.set()
        if not recursive:  # a recursion unrolled in one trace is not retracing
            self._monitor.traced(self.__qualname__, calls, concrete, previous)
        return concrete, captured

    def _python(self):
        """The function that is traced: converted on the fly unless autograph=False."""
        target = self._target
        if target is None:
            function = self._python_function
            target = self._target = (conversion.convert_callable(function) if self._autograph
                                     else function)
        return target

    def get_concrete_function(self, *args, **kwargs):
        """The ConcreteFunction for these arguments (values or rt.TensorSpecs), traced if needed."""
        return self._get_concrete((), args, kwargs)

    def _get_concrete(self, prefix, args, kwargs):
        if self._input_signature is not None and not args and not kwargs:
            concrete, _ = self._concrete(self._input_signature.arguments)
        else:
            concrete, _, _ = self._resolve(prefix + args, kwargs)
        return concrete.with_prefix(prefix) if prefix else concrete

    def concrete_functions(self, instance=None):
        """The traces (of one instance, for a method), in the order they were made."""
        return [c for c in self._cache.live_traces()
                if instance is None or id(instance) in c.object_ids]

    def pretty_printed_concrete_signatures(self):
        """Every trace's signature in TensorFlow's format, separated by blank lines."""
        return '\n\n'.join(c.pretty_printed_signature() for c in self.concrete_functions())

    def experimental_get_tracing_count(self):
        """How many graphs this Function traced."""
        return self._tracing_count

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        bound = self._cache.attached(instance)
        if bound is None or bound.instance is not instance:
            bound = BoundFunction(self, instance)
            if bound.weak:
                with self._lock:
                    self._cache.attach(instance, bound)
        return bound

    def __repr__(self):
        return f'<rt.Function {self.__qualname__}>'


def function(fn=None, *, input_signature=None, reduce_retracing=False, autograph=True,
             jit_compile=None):
    """`@rt.function` (with or without arguments): trace `fn` into graphs, one per signature."""
    def decorate(fn):
        if isinstance(fn, Function):
            fn = fn.python_function
        return Function(fn, input_signature, reduce_retracing, autograph, jit_compile)
    return decorate if fn is None else decorate(fn)
