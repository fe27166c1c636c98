"""`jit_compile=True`: a whole graph lowered to one numba nopython function.

`compile_jit(graph, name)` generates the function's source (`codegen`),
compiles it with numba (through the persistent cache, `cache`), and wraps it
so that it takes and gives what the numpy executor does: constants and
variables' values are passed in, updated variables stored back, and 0-d
results made numpy scalars (or Python numbers for weak values) again.
"""
import functools
import weakref

import numpy as np

from ...errors import AgError
from ...graph_ops.state import store
from ...ir.core import PYTHON_TYPE
from ...ir.nesting import recursion_room
from ...user_objects.resource_variables import Variable
from . import cache, errstate, fallback, statistics, zero_division  # noqa: F401 (lowerings register)
from .codegen import Codegen
from .lowering import UnsupportedOpError  # noqa: F401 (raised by codegen, caught by users)

_BOXED_AS_PYTHON = (np.dtype(np.int64), np.dtype(np.float64), np.dtype(np.bool_))
INSTALL_HINT = "jit_compile=True needs numba: pip install 'agconvert[jit]'"


class JitCompileError(AgError):
    """numba could not compile a graph's lowered source."""


def require_numba():
    """The numba module, or an ImportError saying how to install it."""
    try:
        import numba
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return numba


# generated module source -> its numba dispatcher, while a compiled graph uses it: numba never
# frees what it compiles (about a megabyte a function, kept by LLVM's engine), so graphs with
# one source (traces for other Python numbers, `Codegen._parameter`) share one compile
_dispatchers = weakref.WeakValueDictionary()


def compile_jit(graph, name, numbers=frozenset(), strict=False):
    """`f(*inputs) -> tuple of outputs` computing `graph` in one numba function; elementwise
    ops take Python numbers among `numbers` ((type, value) pairs) as parameters. An op numba
    cannot compile runs on its numpy kernel from the compiled code (`fallback`), or, with
    `strict` (jit_compile='strict'), is refused."""
    require_numba()
    # generating the source and numba's compile of it recurse as deep as the graph nests
    with recursion_room(graph, f'jit_compile=True: compiling {name!r}'):
        return _compile(graph, name, numbers, strict)


def _compile(graph, name, numbers, strict):
    codegen = Codegen(numbers, strict)
    try:
        return _compiled(graph, name, codegen)
    except BaseException:
        for number in codegen.fallbacks:  # (kept by the compiled function's wrapper otherwise)
            fallback.release(number)
        raise


def _compiled(graph, name, codegen):
    fn_name = 'jit_' + ''.join(c if c.isalnum() else '_' for c in name)
    source = codegen.function(graph, fn_name)
    key = cache.header(codegen.helpers) + source
    jitted = _dispatchers.get(key)
    # a split graph is compiled in each process: numba caches no code calling our Python
    cachable = not codegen.fallbacks
    if jitted is None:
        jitted = cache.load_or_compile(source, fn_name, codegen.helpers, cachable)
    signature = _signature(graph, codegen)
    try:
        jitted.compile(signature)  # now, so that errors surface at trace time
    except Exception:  # noqa: BLE001 - maybe a corrupted cache entry: compile afresh
        if cache.discard(jitted):
            jitted = cache.load_or_compile(source, fn_name, codegen.helpers, cachable)
        _compile_now(jitted, signature, name, source)
    _dispatchers[key] = jitted
    return _wrapper(graph, codegen, jitted, source)


def _signature(graph, codegen):
    """numba's argument types, from the graph's types (C-contiguous arrays, as numpy makes)."""
    from numba import from_dtype, typeof, types
    arg_types = [typeof(value) for _, value in codegen.consts]
    for var in graph.inputs:
        aval = var.aval
        if aval.weak:
            arg_types.append(typeof(PYTHON_TYPE[aval.dtype.kind](0)))
        elif aval.shape == ():
            arg_types.append(from_dtype(aval.dtype))
        else:
            arg_types.append(types.Array(from_dtype(aval.dtype), len(aval.shape), 'C'))
    arg_types += [typeof(_value_of(ref)) for _, ref in codegen.resources]
    return tuple(arg_types)


def _compile_now(jitted, signature, name, source):
    """Compile, or say why numba cannot."""
    try:
        jitted.compile(signature)
    except Exception as exc:
        raise JitCompileError(f'numba could not compile the graph of {name}: '
                              f'{type(exc).__name__}: {str(exc).strip()[:2000]}\n'
                              f'generated source:\n{source}') from exc


def _value_of(ref):
    """A variable's value as the compiled function takes it (0-d: a scalar); a random
    generator's key (`njit_functions.hold`)."""
    if not isinstance(ref, Variable):
        return id(ref)
    return ref._value[()] if ref._value.ndim == 0 else ref._value


def _wrapper(graph, codegen, jitted, source):
    consts = [value for _, value in codegen.consts]
    refs = [obj for _, obj in codegen.resources]
    written = list(codegen.written.values())
    # an array result may share a written variable's array: then the variable takes a copy
    keep = store if any(getattr(a.aval, 'shape', ()) != () for a in graph.outputs) else _keep
    divisions = codegen.zero_divisions
    scalar_inputs = [i for i, v in enumerate(graph.inputs)
                     if v.aval.shape == () and not v.aval.weak]
    convert = [_converter(a.aval) for a in graph.outputs]
    nout = len(graph.outputs)

    def run(*inputs):
        inputs = [x[()] if i in scalar_inputs and x.__class__ is np.ndarray else x
                  for i, x in enumerate(inputs)]  # 0-d arrays as numba scalars
        values = [_value_of(ref) for ref in refs]
        results = jitted(*consts, *inputs, *values)
        for ref, value in zip(written, results[nout:]):
            keep(ref, value)
        if divisions and results[-1]:
            zero_division.report(divisions, results[-1])
        return tuple(c(_writeable(r)) for c, r in zip(convert, results[:nout]))

    generators = [ref for ref in refs if not isinstance(ref, Variable)]
    if generators:
        from . import njit_functions
        for generator in generators:  # reachable by key while `run` lives
            weakref.finalize(run, njit_functions.release, njit_functions.hold(generator))
    # the common case: numba's own dispatch (constants that are arrays could come back as
    # results, read-only: those calls copy them, `_writeable`)
    if not (refs or divisions) and all(c is _same for c in convert) and not any(
            value.__class__ is np.ndarray for value in consts):
        run = _direct(jitted, scalar_inputs, run, consts)
        run.entry_for = functools.partial(_entry_for, jitted, consts)
    for number in codegen.fallbacks:  # the equations run on numpy, found by key while `run` lives
        weakref.finalize(run, fallback.release, number)
    run.__source__, run.dispatcher = source, jitted
    return run


def _writeable(value):
    """`value`, or a copy if numba passed a read-only constant of the graph through (eager
    numpy would have made a new array)."""
    if value.__class__ is np.ndarray and not value.flags.writeable:
        return value.copy()
    return value


def _keep(ref, value):
    """Make numba's result a variable's value. The generated code gives a new array of the
    variable's dtype (`lowering._assign`) that no result shares (the graph gives none), so
    it is kept as it is, without `store`'s copy."""
    if value.__class__ is np.ndarray and value.shape == ref._value.shape and \
            value.flags.c_contiguous:  # a variable's value is C-contiguous (graph_ops/state.py)
        value.flags.writeable = False
        ref._value = value
    else:
        store(ref, value)  # a 0-d value (a numba scalar), or a shape the trace did not know


def _direct(jitted, scalar_inputs, general, consts):
    """The dispatcher itself (given the constants first), unless a 0-d array comes where numba
    was given a scalar."""
    call = functools.partial(jitted, *consts) if consts else jitted

    def run(*inputs):
        for i in scalar_inputs:
            if inputs[i].__class__ is np.ndarray:
                return general(*inputs)
        return call(*inputs)
    return run if scalar_inputs else lambda *inputs: call(*inputs)


def _entry_for(jitted, consts, inputs):
    """The compiled function's own entry point, which skips numba's dispatch (finding the
    types of the arguments), for calls whose inputs are numpy scalars of the classes and
    dtypes of `inputs` (numba's type of a scalar follows from those; of an array, its
    layout too: arrays keep the dispatch); None if not compiled for exactly those types."""
    from numba import typeof
    if not all(isinstance(x, np.generic) for x in inputs):
        return None
    overload = jitted.overloads.get(tuple(typeof(x) for x in [*consts, *inputs]))
    if overload is None:
        return None
    return functools.partial(overload.entry_point, *consts) if consts else overload.entry_point


def _converter(aval):
    """What makes numba's result the value the numpy executor gives (numba boxes int64,
    float64 and bool scalars as Python numbers, as weak values are)."""
    if aval is None or aval.weak and aval.dtype in _BOXED_AS_PYTHON:
        return _same
    if aval.weak:
        return PYTHON_TYPE[aval.dtype.kind]
    if aval.shape == ():
        return aval.dtype.type
    return _same


def _same(value):
    return value
