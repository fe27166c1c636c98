"""What a converted module's functions run: original code on Python values, converted when traced.

A converted module ends with `ag__.SourceMap(path, encoded, digest)`; in the
module's bound `ag__` that call also runs `install` (see `bind`). If the
original file is there and its digest matches, the original is compiled (its
cached bytecode reused), every code object of the converted module is paired
with the original's (`code_positions`), and every function the module defined
(module globals, classes, static and class methods, properties, wrapped and
`rt.function`-decorated functions, closure cells) gets, as its `__code__`, the
ORIGINAL code object: on Python values the module runs exactly the original's
code, at its speed, with its frames, warnings and tracebacks. Defaults,
`__dict__` and names belong to the one function object, so both codes share
them.

While any trace is in progress (`dispatch.tracing`, `graph.trace_state`) every registered
function runs its converted code (with original positions), so tracing sees
the converted code wherever it is called from; converted code is faithful on
Python values, so other threads meanwhile get the same results, more slowly.
A function made later from an original code object (a closure) is converted
by `conversion.convert` from the converted code paired with it.

`AGCONVERT_PYTHON_MODE=converted` (read at import) or
`rt.config.set_python_mode('converted')` runs converted code on Python values
too: to test the converter itself. A stale original (its digest differs) keeps
the converted code and warns once, naming the file and `agconvert --check`; a
missing original keeps the converted code silently.
"""
import functools
import importlib.machinery
import io
import os
import sys
import tokenize
import types
import warnings
import weakref

from ..ag_operators import dispatch
from ..ag_operators.functions import FunctionScope
from ..errors import StaleConversionWarning
from . import code_positions
from .sourcemap import SourceMap, map_in_source, source_digest

MODES = ('original', 'converted')
_ENVIRONMENT = 'AGCONVERT_PYTHON_MODE'
_WALK_LIMIT = 100_000  # objects visited per module: a bound on the search for its functions
_CONTAINER_LIMIT = 1_000  # larger containers are data, not searched for functions
_SCALARS = frozenset((type(None), bool, int, float, complex, str, bytes))


def _mode_from_environment():
    mode = os.environ.get(_ENVIRONMENT, 'original') or 'original'
    if mode not in MODES:
        warnings.warn(f'{_ENVIRONMENT}={mode!r} is not one of {MODES}; using original',
                      RuntimeWarning, stacklevel=2)
        return 'original'
    return mode


_mode = _mode_from_environment()
# id(function) -> [weakref to it, original code, converted code, its Pairing until rewritten]
_functions = {}
_warned = set()  # files named in a stale-source warning


def mode():
    """'original' (converted modules run their original code on Python values) or 'converted'."""
    return _mode


def set_mode(new_mode):
    """Switch what registered functions run on Python values from now on (see module docstring)."""
    global _mode
    if new_mode not in MODES:
        raise ValueError(f'python mode must be one of {MODES}, not {new_mode!r}')
    with dispatch.lock:
        _mode = new_mode
        _swap()


def _runs_converted():
    return _mode == 'converted' or bool(dispatch.tracing)


def _swap():
    """Give every registered function the code the current state asks for (under dispatch.lock);
    nothing to do when they run it already, so every trace may ask at its start."""
    global _installed
    converted = _runs_converted()
    if converted is _installed:
        return
    _installed = converted
    for entry in list(_functions.values()):
        function = entry[0]()
        if function is not None:
            function.__code__ = _converted_code(entry) if converted else entry[1]


def _converted_code(entry):
    """The converted code of a registry entry, its module's code rewritten on first need."""
    if entry[3] is not None:
        entry[2], entry[3] = entry[3].rewritten(entry[2]), None
    return entry[2]


# What every registered function runs now (True: converted code); changed only by `_swap` and
# read by `install` for new functions, both under dispatch.lock.
_installed = _runs_converted()
dispatch.on_trace_boundary = _swap


def is_registered(function):
    entry = _functions.get(id(function))
    return entry is not None and entry[0]() is function


def bind(bound, namespace):
    """Give the `ag__` bound to a converted module (`ag.bind`) the hooks that install dispatch.

    Its `SourceMap`, the module's last statement, installs dispatch for every
    function. Until then its `FunctionScope` is a function: the first call of
    a converted function while the module is imported (a script's main block,
    a decorator, a module-level call) installs dispatch for the functions
    defined so far, the map read from the module's last line, and puts the
    class back.
    """
    state = {}  # what `install` made for this module

    def function_scope(function_name, scope_name, options):
        bound.FunctionScope = FunctionScope
        frame = _module_frame(namespace)
        source_map = None if frame is None else map_in_source(frame)
        if source_map is not None:
            install(namespace, frame.f_code, source_map, state)
        return FunctionScope(function_name, scope_name, options)

    def source_map(path, encoded, digest=None):
        bound.FunctionScope = FunctionScope
        result = SourceMap(path, encoded, digest)
        frame = sys._getframe(1)
        if frame.f_globals is namespace:
            install(namespace, frame.f_code, result, state)
        return result
    bound.FunctionScope, bound.SourceMap = function_scope, source_map


def _module_frame(namespace):
    """The frame running the module's body (it is being imported), or None."""
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_globals is namespace
                                     and frame.f_code.co_name == '<module>'):
        frame = frame.f_back
    return frame


def install(namespace, module_code, source_map, state):
    """Dispatch for the functions a converted module defined (its code is `module_code`).

    `state` keeps the pairing of the module's code between two calls. A
    function made by original code after the first call (a decorator's
    wrapper) runs an original code object: it is found and switched as well.
    """
    if 'pairing' not in state:
        state['pairing'] = _pairing(namespace, module_code, source_map, state)
    pairing, codes = state['pairing'], state.get('codes')
    if pairing is None:
        return
    with dispatch.lock:
        converted = _installed  # what the others run; a pending boundary swaps them all
        for function in _module_functions(namespace, codes):
            _, plain, original_code = codes[id(function.__code__)]
            if original_code.co_freevars != plain.co_freevars:  # it can only run converted code
                function.__code__ = pairing.rewritten(plain)
                continue
            entry = [weakref.ref(function, functools.partial(_forget, id(function))),
                     original_code, plain, pairing]
            _functions[id(function)] = entry
            function.__code__ = _converted_code(entry) if converted else original_code


def _forget(key, _):
    _functions.pop(key, None)


def _pairing(namespace, module_code, source_map, state):
    """The converted module's code paired with its original's, or None without a usable original."""
    converted_file = namespace.get('__file__')
    if not isinstance(converted_file, str):
        return None
    original_path = source_map.original_path(converted_file)
    original = _original_code(original_path, source_map.digest, namespace)
    if original is None:
        return None
    originals = {}
    pairing = code_positions.Pairing(original, module_code, source_map.original_line, originals)
    codes = state['codes'] = {}  # id(code) -> (that code, plain code, original code)
    for plain, original_code in originals.values():
        codes[id(plain)] = (plain, plain, original_code)
        codes[id(original_code)] = (original_code, plain, original_code)
    return pairing


def _original_code(path, digest, namespace):
    """The original module's code object, if its file is there and is what was converted."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
        encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
        text = data.decode(encoding)
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None
    if digest is not None and source_digest(text) != digest:
        if path not in _warned:
            _warned.add(path)
            _warn_at_import(namespace, f'{namespace["__file__"]} was converted from an older '
                            f'version of {path}: it runs its converted code; convert it again '
                            '(`agconvert --check` finds stale conversions)')
        return None
    try:
        return importlib.machinery.SourceFileLoader('<original>', path).get_code('<original>')
    except (ImportError, OSError, SyntaxError, ValueError):
        return None


def _warn_at_import(namespace, message):
    """A StaleConversionWarning at the line of the converted module that is running."""
    frame = _module_frame(namespace)
    filename, line = (namespace['__file__'], 1) if frame is None else (
        frame.f_code.co_filename, frame.f_lineno)
    warnings.warn_explicit(message, StaleConversionWarning, filename, line,
                           namespace.get('__name__'), namespace.setdefault('__warningregistry__', {}))


def _module_functions(namespace, codes):
    """The functions reachable from a module's globals whose code is one of `codes`, not
    registered yet."""
    module_name = namespace.get('__name__')
    pending = [value for name, value in namespace.items() if name != '__builtins__']
    seen, found, budget = set(), [], _WALK_LIMIT
    while pending and budget:
        obj = pending.pop()
        budget -= 1
        if obj.__class__ in _SCALARS or id(obj) in seen:
            continue
        seen.add(id(obj))
        if obj.__class__ is types.FunctionType:
            pair = codes.get(id(obj.__code__))
            if pair is not None and pair[0] is obj.__code__ and not is_registered(obj):
                found.append(obj)
            pending.extend(_inside_function(obj))
        elif isinstance(obj, type):
            if obj.__module__ == module_name:
                pending.extend(vars(obj).values())
        else:
            pending.extend(_inside(obj))
    return found


def _inside_function(function):
    for cell in function.__closure__ or ():
        try:
            yield cell.cell_contents
        except ValueError:  # an empty cell
            pass
    wrapped = function.__dict__.get('__wrapped__')
    if wrapped is not None:
        yield wrapped


_CONTAINERS = (list, tuple, set, frozenset)


def _inside(obj):
    """What a non-function object may hold of a module's functions."""
    if isinstance(obj, (staticmethod, classmethod, types.MethodType)):
        return (obj.__func__,)
    if isinstance(obj, property):
        return (obj.fget, obj.fset, obj.fdel)
    if isinstance(obj, functools.partial):
        return (obj.func,)
    if isinstance(obj, (dict, *_CONTAINERS)):
        if len(obj) > _CONTAINER_LIMIT:
            return ()
        return obj.values() if isinstance(obj, dict) else obj
    if isinstance(obj, types.ModuleType):
        return ()
    try:  # an object that wraps a function (`rt.function`): never its __getattr__
        wrapped = object.__getattribute__(obj, '__dict__').get('__wrapped__')
    except (AttributeError, TypeError):
        return ()
    return () if wrapped is None else (wrapped,)
