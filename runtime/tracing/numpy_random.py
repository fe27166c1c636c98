"""numpy's random generators in traces: each draw is a `draw` op on the generator, held by reference.

A call of a method of an `np.random.Generator` or `np.random.RandomState`
(wherever the generator comes from: a global, an attribute, an argument, a
closure), or of an `np.random.*` function (methods of the global RandomState,
`np.random.mtrand._rand`), made while this thread traces, stages a `draw`
(`runtime.graph_ops.random`) instead of drawing: every run of the graph draws, in
program order, as the eager code draws at every call. Converted code reaches
them through `converted_call` (`overload`); code that is not converted (a
library, a lambda, `autograph=False`) calling an `np.random.*` function
reaches the same staging, since the functions of the `numpy.random` module are
swapped for stand-ins while any thread traces (`on_trace_boundary`), which
stage a draw when their thread traces and call numpy's own function otherwise.

A generator's state is never read or changed while tracing: after a trace, a
generator the graph draws from must be in the state it was in before (`Watch`),
else something drew from it, or set its state, at trace time (code that is not
converted calling its methods, `rng.bit_generator.state = ...`), which a graph
would not repeat at its calls: that is an error saying so, and the state is put
back. Making a generator while tracing (`np.random.default_rng(...)`,
`np.random.RandomState(...)`, `np.random.Generator(...)` in converted code) is
refused: made once while tracing, it would not be made again at each call.
"""
import functools
import inspect
import threading

import numpy as np

from ..ag_operators import dispatch
from ..errors import StagingError
from ..graph_ops.random import REFUSED, SPECS, VARARGS
from ..ir.core import Hole
from . import builders, sizes, tensor
from .graph_lists import GraphList
from .memory import aliasing, made_arrays, updates
from .numpy_calls import _holds_staged, as_array
from .python_numbers import wrap

GENERATORS = (np.random.Generator, np.random.RandomState)
_STATIC = ('dtype', 'axis', 'method', 'check_valid', 'legacy')  # must be known while tracing
_MODULE = np.random
_GLOBAL = np.random.mtrand._rand


def kind_of(rng):
    return 'Generator' if isinstance(rng, np.random.Generator) else 'RandomState'


def is_generator(value):
    return isinstance(value, GENERATORS)


# --- staging ------------------------------------------------------------------------------------

def stage(rng, method, args, kwargs):
    """`rng.<method>(*args, **kwargs)` as a `draw` op in the graph being built: its value (a
    tensor; None for `shuffle`, `seed`, `set_state`, which update in place)."""
    kind = kind_of(rng)
    what = f'np.random.{kind}.{method}' if rng is not _GLOBAL else f'np.random.{method}'
    if method not in SPECS[kind]:
        why = REFUSED.get(method, 'has no graph op')
        raise StagingError(f'{what} at {builders.source_location()} cannot be called in a '
                           f'traced function: it {why}. Call it outside the rt.function, or '
                           'when the graph runs with rt.py_function.')
    bound = _signature(kind, method).bind(*args, **kwargs).arguments
    builder = builders.current_builder()
    dynamic, arguments, target = [], [], None
    for name, value in bound.items():
        if name == 'out':
            if value is not None:
                raise TypeError(f'{what}: out= is not supported in graphs; assign the result')
            continue
        if name == 'x' and method == 'shuffle':
            target = value = _shuffled_array(value, what)
        arguments.append((VARARGS if name == 'args' else name,
                          _template(name, value, dynamic, what)))
    params = {'method': method, 'arguments': tuple(arguments)}
    result = builder.emit('draw', [builder.capture_resource(rng), *dynamic], params)
    watch_generator(rng)
    if target is not None:
        aliasing.update(target, result, updates.READ_ONLY)
        return None
    return wrap(result)


@functools.cache
def _signature(kind, method):
    signature = inspect.signature(getattr(GENERATORS[kind == 'RandomState'], method))
    return signature.replace(parameters=list(signature.parameters.values())[1:])  # not self


def _template(name, value, dynamic, what):
    """The static form of argument `name` in the op's params: a value as it is, or `Hole(i)`
    for the i-th of `dynamic` (tensors, and numpy values held as constants)."""
    if name in ('size', 'args'):
        if value is None:
            return None
        split = sizes.split_sizes(value, what)
        if split is None:
            return sizes.static_shape(tuple(value) if name == 'args' else value)
        template, dims = split
        return _holes(template, dims, dynamic)
    if name in _STATIC:
        if made_arrays.holds_graph(value):
            raise TypeError(f'{what}: argument {name}= must be known while tracing, not a graph '
                            'value')
        if name == 'dtype' and not (value is int or value is bool or value is float):
            return np.dtype(value)  # numpy's dtype; a Python type (kept) gives a Python scalar
        return value
    if name == 'state':  # set_state's tuple (or dict): its arrays become inputs
        return _structured(value, dynamic)
    if value is None or type(value) in (bool, int, float, complex, str):
        return value
    if isinstance(value, (list, tuple, GraphList)):
        value = _as_array(value)
    dynamic.append(value)
    return Hole(len(dynamic) - 1)


def _holes(template, dims, dynamic):
    offset = len(dynamic)
    dynamic.extend(dims)
    if isinstance(template, Hole):
        return Hole(template.index + offset)
    return tuple(Hole(d.index + offset) if isinstance(d, Hole) else d
                 for d in template)


def _structured(value, dynamic):
    if isinstance(value, (tuple, list)):
        return tuple(_structured(v, dynamic) for v in value)
    if isinstance(value, dict):
        raise TypeError('set_state in a graph takes the tuple get_state() gives')
    if isinstance(value, (np.ndarray, np.generic)) or tensor.is_symbolic(value):
        dynamic.append(value)
        return Hole(len(dynamic) - 1)
    return value


def _as_array(value):
    """A list or tuple argument as numpy takes it: an array (stacked in the graph if it holds
    graph values)."""
    return as_array(value) if _holds_staged(value) else np.asarray(value)


def _shuffled_array(x, what):
    """The tensor of the array `shuffle` updates in place."""
    if tensor.is_symbolic(x):
        return x
    if isinstance(x, np.ndarray):
        return made_arrays.promote(x, what)  # a made array; MutationError for another numpy one
    raise TypeError(f'{what} in a graph shuffles an array in place, not a {type(x).__name__} '
                    '(a Python list shuffled while tracing would stay as it was then): make it '
                    'an array (np.array(...)) or shuffle it outside the rt.function')


# --- converted code: which calls are draws ------------------------------------------------------

def overload(f):
    """What a trace calls for callable `f` of converted code if `f` draws from (or makes) a
    generator; else None."""
    try:
        rng = getattr(f, '__self__', None)
    except Exception:  # noqa: BLE001 - a callable whose __getattr__ raises: not a draw
        return None
    if rng.__class__ in GENERATORS or isinstance(rng, GENERATORS):
        name = getattr(f, '__name__', None)
        if name is None or getattr(type(rng), name, None) is not getattr(
                GENERATORS[kind_of(rng) == 'RandomState'], name, None):
            return None  # a method a subclass defines: Python code, converted as any other
        return functools.partial(_call_method, rng, name)
    stand_in = _STAND_INS.get(id(f))
    if stand_in is not None and (f is stand_in[0] or f is stand_in[1]):
        return functools.partial(_call_method, _GLOBAL, stand_in[2])
    if any(f is maker for maker in _MAKERS):
        return functools.partial(_refuse_making, f)
    return None


def _call_method(rng, name, *args, **kwargs):
    if builders.current_builder() is None:
        return getattr(rng, name)(*args, **kwargs)
    return stage(rng, name, args, kwargs)


_MAKERS = (np.random.default_rng, np.random.Generator, np.random.RandomState,
           np.random.set_bit_generator)


def _refuse_making(f, *args, **kwargs):
    if builders.current_builder() is None:
        return f(*args, **kwargs)
    if f is np.random.set_bit_generator:
        raise StagingError(
            f'np.random.set_bit_generator at {builders.source_location()} cannot be called in '
            'a traced function: it would replace the global generator once, while tracing. '
            'Call it outside the rt.function.')
    raise StagingError(
        f'np.random.{f.__name__}(...) at {builders.source_location()} makes a random generator '
        'while tracing: it would be made once, when the function is traced, and its state then '
        'carried from call to call, where the eager code makes a new one at every call. Make '
        'the generator outside the rt.function (a global, an attribute set in __init__, an '
        'argument) and draw from it inside.')


# --- the np.random functions, for code that is not converted ------------------------------------

# functions of `numpy.random` that are not methods of the global RandomState but call one
_ALIASES = {'seed': 'seed', 'sample': 'random_sample', 'ranf': 'random_sample'}


def _module_functions():
    """name -> numpy's function of the `numpy.random` module that draws from (or seeds) the
    global RandomState (numpy's own, as it was when this module was imported)."""
    found = {}
    for name in dir(_MODULE):
        f = getattr(_MODULE, name)
        if not name.startswith('_') and (getattr(f, '__self__', None) is _GLOBAL or
                                         name in _ALIASES):
            found[name] = f
    return found


def _stand_in(name, original):
    method = _ALIASES.get(name, name)

    @functools.wraps(original)
    def stand_in(*args, **kwargs):
        if builders.current_builder() is None:
            return original(*args, **kwargs)
        return stage(_GLOBAL, method, args, kwargs)
    return stand_in


_ORIGINALS = _module_functions()
_STAND_IN_OF = {name: _stand_in(name, f) for name, f in _ORIGINALS.items()}
# id(function) -> (numpy's function, its stand-in, the method of the global RandomState)
_STAND_INS = {id(f): (f, _STAND_IN_OF[name], _ALIASES.get(name, name))
              for name, f in _ORIGINALS.items()}
_STAND_INS.update({id(s): (_ORIGINALS[name], s, _ALIASES.get(name, name))
                   for name, s in _STAND_IN_OF.items()})
_swap_lock = threading.Lock()


def on_trace_boundary():
    """Put the stand-ins in `numpy.random` while some thread traces, numpy's own functions when
    none does (a name rebound by someone else is left as it is)."""
    with _swap_lock:
        tracing = bool(dispatch.tracing)
        for name, original in _ORIGINALS.items():
            current = getattr(_MODULE, name, None)
            stand_in = _STAND_IN_OF[name]
            if tracing and current is original:
                setattr(_MODULE, name, stand_in)
            elif not tracing and current is stand_in:
                setattr(_MODULE, name, original)


# --- generator states: unchanged by a trace -----------------------------------------------------

class _Watched(threading.local):
    states = None  # id(generator) -> (generator, its state) for the trace in progress


_watched = _Watched()


def watch_generator(rng):
    """Remember `rng`'s state before the top-level trace in progress changes it (a no-op
    outside `Watch`)."""
    states = _watched.states
    if states is not None and id(rng) not in states:
        states[id(rng)] = (rng, _state_of(rng))


def generators_in(values):
    """The random generators among `values` (a call's argument leaves)."""
    return [v for v in values if isinstance(v, GENERATORS)]


class Watch:
    """`with Watch(given):` around a top-level trace: afterwards the generators its graphs draw
    from, the generators `given` (its arguments) and the global RandomState are in the state
    they were in before, or the trace fails saying why (and they are put back). The global
    RandomState is checked only while no other thread runs (any thread may draw from it)."""

    def __init__(self, given=()):
        self.given, self.states = given, None

    def __enter__(self):
        if builders.current_builder() is None:  # the outermost trace (whatever an interrupted
            self.states = _watched.states = {}  # one left behind): it checks
            for rng in (_GLOBAL, *self.given):
                watch_generator(rng)
        return self

    def __exit__(self, exc_type, exc, tb):
        states = self.states
        if states is None:
            return False  # an inner trace: the outermost one checks
        _watched.states = None
        if threading.active_count() > 1:  # other threads may draw from the global RandomState
            states.pop(id(_GLOBAL), None)
        changed = [rng for rng, state in states.values() if _state_of(rng) != state]
        for rng, state in states.values():
            if rng in changed:
                _set_state(rng, state)
        if changed and exc_type is None:
            rng = changed[0]
            name = 'the global RandomState (np.random.*)' if rng is _GLOBAL else \
                f'a {kind_of(rng)}'
            raise StagingError(
                f'{name} was used while tracing by code the trace does not stage: code that is '
                'not converted calling its methods (a library, a lambda, a function marked '
                'rt.do_not_convert), or its state set (`rng.bit_generator.state = ...`, '
                '`set_state`). Those numbers would be drawn once, while tracing, and the graph '
                'would repeat them at every call. Convert that code, or draw outside the '
                'rt.function and pass the values in. (Another thread drawing from it during '
                'the trace has the same effect.)')
        return False


def _state_of(rng):
    if isinstance(rng, np.random.RandomState):
        return _comparable(rng.get_state(legacy=False))
    return _comparable(rng.bit_generator.state)


def _set_state(rng, comparable):
    state = _restored(comparable)
    if isinstance(rng, np.random.RandomState):
        rng.set_state(state)
    else:
        rng.bit_generator.state = state


def _comparable(value):
    if isinstance(value, dict):
        return ('dict', tuple((k, _comparable(v)) for k, v in value.items()))
    if isinstance(value, np.ndarray):
        return ('array', value.dtype.str, value.shape, value.tobytes())
    return value


def _restored(value):
    if isinstance(value, tuple) and value and value[0] == 'dict':
        return {k: _restored(v) for k, v in value[1]}
    if isinstance(value, tuple) and value and value[0] == 'array':
        return np.frombuffer(value[3], value[1]).reshape(value[2]).copy()
    return value



dispatch.boundary_hooks.append(on_trace_boundary)
