"""Converting functions at run time (rt.function, converted_call) with agconvert's converter.

A function's source is cut out of its file (decorators blanked, so line
numbers stay), converted with `convert_module`, and compiled inside a factory
function whose parameters are the original's free variables, so the converted
code reads them as closure cells. The function is then rebuilt with
`types.FunctionType` around the ORIGINAL globals dict (global writes stay
visible; `ag__` is added to it) and the original closure cells (nonlocal state
stays shared). A method is compiled inside a class of its class's name, so
`self.__x` is name-mangled as in the original. Its code objects are given the
original's positions (`code_positions`), so tracebacks and graph op locations
name the ORIGINAL file:line (on Python 3.10, through the converted text put in
`linecache` and its registered source map).

A function of a converted module is converted already: while a trace runs,
it runs its converted code (`python_mode`); so does a copy of a function made
from a converted module's original code.

Not converted: builtins, lambdas, generators and coroutines, functions marked
`do_not_convert` or already converted, and code of the standard library,
site-packages, numpy and this project. Conversion is cached per code object.
"""
import ast
import functools
import inspect
import linecache
import os
import sys
import sysconfig
import threading
import types
import weakref

from .. import ag
from ..ag_operators.functions import is_autograph_artifact
from ..errors import AutoGraphWarning, ConversionError, warn_user
from . import code_positions, python_mode, sourcemap

_LIBRARY_PACKAGES = frozenset(('runtime', 'autograph_cli', 'numpy', 'libcst', 'click', 'pytest',
                               '_pytest', 'pluggy', 'hypothesis'))
_LIBRARY_DIRS = tuple(sorted({os.path.join(os.path.normpath(p), '') for p in (
    sysconfig.get_paths()[k] for k in ('stdlib', 'platstdlib', 'purelib', 'platlib'))}))
_UNCONVERTIBLE_FLAGS = (inspect.CO_GENERATOR | inspect.CO_COROUTINE |
                        inspect.CO_ASYNC_GENERATOR | inspect.CO_ITERABLE_COROUTINE)

_units = weakref.WeakKeyDictionary()      # code object -> _Unit, or why it cannot be converted
_functions = weakref.WeakKeyDictionary()  # original function -> converted function
_lock = threading.Lock()


class _Unit:
    """One converted code object: its code, the converted module text, where its def is."""
    __slots__ = ('code', 'text', 'def_lines')

    def __init__(self, code, text, def_lines):
        self.code, self.text, self.def_lines = code, text, def_lines


def skip_reason(fn):
    """Why `fn` is called as written instead of being converted, or None to convert it."""
    if not isinstance(fn, types.FunctionType):
        return 'it is not a Python function'
    code = fn.__code__
    if getattr(fn, '__ag_do_not_convert__', False):
        return 'it is marked do_not_convert'
    if is_autograph_artifact(fn) or 'ag__' in code.co_names:
        return 'it is already converted'
    if code.co_name == '<lambda>':
        return 'lambdas are not converted'
    if code.co_flags & _UNCONVERTIBLE_FLAGS:
        return 'generators and coroutines are not converted'
    module = (getattr(fn, '__module__', None) or '').partition('.')[0]
    if (module in _LIBRARY_PACKAGES or module in sys.stdlib_module_names
            or os.path.normpath(code.co_filename).startswith(_LIBRARY_DIRS)):
        return 'it is library code'
    return None


def convert(fn, strict=False):
    """The converted version of `fn`; `fn` itself when it is not converted.

    A user function whose conversion fails runs as written, with an
    AutoGraphWarning (once per code object); `strict=True` raises ConversionError.
    """
    if fn.__class__ is types.FunctionType:
        converted = _converted_already(fn)
        if converted is not None:
            return converted
    reason = skip_reason(fn)
    if reason is not None:
        if strict:
            raise ConversionError(f'cannot convert {_name(fn)}: {reason}')
        return fn
    unit, new = _unit(fn.__code__, fn.__qualname__)
    try:
        if isinstance(unit, str):
            raise _Unconvertible(unit)
        converted = _functions[fn] = _instantiate(unit.code, fn)
        return converted
    except _Unconvertible as e:
        if strict:
            raise ConversionError(f'cannot convert {_name(fn)}: {e}') from None
        if new:
            warn_user(f'AutoGraph could not convert {_name(fn)} and runs it as written: {e}',
                      AutoGraphWarning)
        return fn


def _converted_already(fn):
    """`fn` if a converted module registered it (it runs converted code while tracing); else
    the converted function made for it earlier, or made now from known converted code."""
    if python_mode.is_registered(fn):
        return fn
    converted = _functions.get(fn)
    if converted is not None:
        return converted
    code = code_positions.converted_for(fn.__code__)
    if code is None or not set(code.co_freevars) <= set(fn.__code__.co_freevars):
        return None
    converted = _functions[fn] = _instantiate(code, fn)
    return converted


def convert_callable(f):
    """`f` with the Python function it runs converted: functions, bound methods, partials, and
    objects of user classes with a `__call__` method; anything else as it is."""
    kind = type(f)
    if kind is types.FunctionType:
        return convert(f)
    if kind is types.MethodType:
        converted = _convert_function(f.__func__)
        return f if converted is f.__func__ else types.MethodType(converted, f.__self__)
    if kind is functools.partial:
        converted = _convert_function(f.func)
        return f if converted is f.func else functools.partial(converted, *f.args, **f.keywords)
    if not isinstance(f, type):
        call = getattr(kind, '__call__', None)
        converted = _convert_function(call)
        if converted is not call:
            return types.MethodType(converted, f)
    return f


def _convert_function(f):
    return convert(f) if type(f) is types.FunctionType else f


def converted_source(fn):
    """The converted source of one function: its `def` and body, as `rt.autograph.to_code`.

    A function converted ahead of time is shown as its converted module has it.
    """
    plain = code_positions.plain_converted(fn.__code__)
    if plain is not None or 'ag__' in fn.__code__.co_names:
        try:
            text, _ = _function_source(plain or fn.__code__)
        except _Unconvertible as e:
            raise ConversionError(f'cannot show {_name(fn)}: {e}') from None
        return text.lstrip('\n')  # the decorators' lines are blank
    convert(fn, strict=True)
    unit, _ = _unit(fn.__code__, fn.__qualname__)
    first, last = unit.def_lines
    return ''.join(unit.text.splitlines(True)[first - 1:last])


def _name(fn):
    return getattr(fn, '__qualname__', None) or repr(fn)


def _unit(code, qualname):
    """(the cached conversion of `code`, or why it failed; whether it was made just now)."""
    unit = _units.get(code)
    if unit is not None:
        return unit, False
    with _lock:
        unit = _units.get(code)
        if unit is not None:
            return unit, False
        try:
            unit = _convert_code(code, qualname)
        except _Unconvertible as e:
            unit = str(e)
        _units[code] = unit
        return unit, True


class _Unconvertible(Exception):
    pass


def _convert_code(code, qualname):
    from autograph_cli.pipeline import convert_module
    text, first = _function_source(code)
    try:
        result = convert_module(text, code.co_filename, first_line=first)
    except ConversionError as e:  # the converter's refusal, carrying its diagnostic
        raise _Unconvertible(str(e)) from None
    module = ast.parse(result.code)
    func = next(n for n in module.body if isinstance(n, ast.FunctionDef))
    source_map = module.body[-1].value.args
    filename = f'<agconvert {code.co_filename}:{first} {qualname}>'
    converted = _compile(func, code, qualname, filename)
    if 'ag__' not in converted.co_names:
        why = '; '.join(d.message for d in result.diagnostics) or 'the converter left it as is'
        raise _Unconvertible(why)
    lines = result.code.splitlines(True)
    linecache.cache[filename] = (len(result.code), None, lines, filename)
    source_map = sourcemap.SourceMap(*(ast.literal_eval(a) for a in source_map))
    sourcemap.register(filename, source_map)
    converted = code_positions.rewrite(code, converted, source_map.original_line)
    return _Unit(converted, result.code, (func.lineno, func.end_lineno))


def _function_source(code):
    """(source of the def of `code`, dedented and without decorators; its first line)."""
    try:
        lines, first = inspect.getsourcelines(code)
    except (OSError, TypeError) as e:
        raise _Unconvertible(f'its source is not available ({e})') from None
    lines = _dedent(lines)
    try:
        tree = ast.parse(''.join(lines))
    except SyntaxError:
        raise _Unconvertible('its source could not be cut out of its file') from None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef) or node.name != code.co_name:
        raise _Unconvertible('its source is not a def statement')
    # blank lines instead of decorators: they are applied already, and lines keep their numbers
    for i in range(min((d.lineno for d in node.decorator_list), default=node.lineno) - 1,
                   node.lineno - 1):
        lines[i] = '\n'
    return ''.join(lines), first


def _dedent(lines):
    """Lines without the def's indentation; lines inside strings that lack it are kept as is."""
    indent = lines[0][:len(lines[0]) - len(lines[0].lstrip())]
    if not indent:
        return list(lines)
    return [line[len(indent):] if line.startswith(indent) else
            '\n' if not line.strip() else line for line in lines]


def _compile(func, code, qualname, filename):
    """The code object of converted `func`, compiled in a factory taking `code`'s free variables.

    The factory is never run. Its `def` would make the function's own name a
    local of the factory, so the function would read itself (recursion,
    `fn.attr`) from a closure cell the original does not have; unless the
    original reads that name from a cell too, the factory declares it global,
    which its nested functions inherit, as the original reads it.
    """
    own_name = '' if func.name in code.co_freevars else f'    global {func.name}\n'
    factory = ast.parse(f"def __ag_factory__({', '.join(code.co_freevars)}):\n"
                        f'{own_name}    pass\n').body[0]
    factory.body.append(func)
    outer = factory
    owner = _owner_class(qualname)
    if owner is not None:  # compiled inside `class Owner:`, so private names are mangled
        outer = ast.parse(f'class {owner}:\n    pass\n').body[0]
        outer.body = [factory]
    module = ast.Module(body=[outer], type_ignores=[])
    ast.fix_missing_locations(module)
    compiled = compile(module, filename, 'exec', dont_inherit=True)
    return _find_code(compiled, func.name, depth=3 if owner else 2)


def _owner_class(qualname):
    parts = qualname.split('.')
    if len(parts) < 2 or parts[-2] == '<locals>':
        return None
    return parts[-2]


def _find_code(code, name, depth):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if depth == 1 and const.co_name == name:
                return const
            if depth > 1:
                found = _find_code(const, name, depth - 1)
                if found is not None:
                    return found
    return None


def _instantiate(code, fn):
    """The converted function: converted `code` with `fn`'s globals, closure cells and metadata."""
    namespace = fn.__globals__
    if 'ag__' not in namespace:  # the module's own `ag__`, as a converted module binds it
        namespace['ag__'] = ag.bind(namespace)
    elif getattr(namespace['ag__'], '__name__', None) != ag.__name__:
        raise _Unconvertible("its module has a global named 'ag__', the name converted code "
                             'gives the runtime')
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    closure = tuple(cells[name] for name in code.co_freevars)
    new = types.FunctionType(code, namespace, fn.__name__, fn.__defaults__, closure or None)
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__dict__.update(fn.__dict__)
    new.__qualname__, new.__module__, new.__doc__ = fn.__qualname__, fn.__module__, fn.__doc__
    new.__annotations__ = fn.__annotations__
    new.__ag_artifact__ = True
    return new
