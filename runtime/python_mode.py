"""What a converted module's functions run: original code on Python values, converted when traced.

A converted module ends with `ag__.SourceMap(path, encoded, digest)`; in the
module's bound `ag__` that call also runs `install` (see `ag.bind`). If the
original file is there and its digest matches, the original is compiled (its
cached bytecode reused), every code object of the converted module is paired
with the original's (`code_positions`), and every function the module defined
(module globals, classes, static and class methods, properties, wrapped and
`rt.function`-decorated functions, closure cells) gets, as its `__code__`, the
ORIGINAL code object: on Python values the module runs exactly the original's
code, at its speed, with its frames, warnings and tracebacks. Defaults,
`__dict__` and names belong to the one function object, so both codes share
them.

While any trace is in progress (`dispatch.trace_started`) every registered
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

from . import code_positions
from .errors import StaleConversionWarning
from .operators import dispatch
from .sourcemap import SourceMap, source_digest

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
    return _mode == 'converted' or dispatch.tracing > 0


def _swap():
    """Give every registered function the code the current state asks for (under dispatch.lock)."""
    converted = _runs_converted()
    for entry in list(_functions.values()):
        function = entry[0]()
        if function is not None:
            function.__code__ = _converted_code(entry) if converted else entry[1]


def _converted_code(entry):
    """The converted code of a registry entry, its module's code rewritten on first need."""
    if entry[3] is not None:
        entry[2], entry[3] = entry[3].rewritten(entry[2]), None
    return entry[2]


dispatch.on_trace_boundary = _swap


def is_registered(function):
    entry = _functions.get(id(function))
    return entry is not None and entry[0]() is function


def module_end(namespace):
    """The `SourceMap` of the `ag__` bound to a converted module: the map, then `install`."""
    def source_map(path, encoded, digest=None):
        result = SourceMap(path, encoded, digest)
        frame = sys._getframe(1)
        if frame.f_globals is namespace:
            install(namespace, frame.f_code, result)
        return result
    return source_map


def install(namespace, module_code, source_map):
    """Dispatch for the functions a converted module defined (its code is `module_code`)."""
    converted_file = namespace.get('__file__')
    if not isinstance(converted_file, str):
        return
    original_path = source_map.original_path(converted_file)
    original = _original_code(original_path, source_map.digest, converted_file)
    if original is None:
        return
    originals = {}
    pairing = code_positions.Pairing(original, module_code, source_map.original_line, originals)
    with dispatch.lock:
        converted = _runs_converted()
        for function in _module_functions(namespace, originals):
            plain, original_code = originals[id(function.__code__)]
            if original_code.co_freevars != plain.co_freevars:  # it can only run converted code
                function.__code__ = pairing.rewritten(plain)
                continue
            entry = [weakref.ref(function, functools.partial(_forget, id(function))),
                     original_code, plain, pairing]
            _functions[id(function)] = entry
            function.__code__ = _converted_code(entry) if converted else original_code


def _forget(key, _):
    _functions.pop(key, None)


def _original_code(path, digest, converted_file):
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
            warnings.warn(f'{converted_file} was converted from an older version of {path}: it '
                          'runs its converted code; convert it again (`agconvert --check` finds '
                          'stale conversions)', StaleConversionWarning, stacklevel=4)
        return None
    try:
        return importlib.machinery.SourceFileLoader('<original>', path).get_code('<original>')
    except (ImportError, OSError, SyntaxError, ValueError):
        return None


def _module_functions(namespace, codes):
    """The functions reachable from a module's globals whose code is one of `codes`'."""
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
            if pair is not None and pair[0] is obj.__code__:
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
