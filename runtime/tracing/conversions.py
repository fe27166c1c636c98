"""A tensor made a Python number (`float()`, `int()`, a `math` function): why not, and what works.

A Python float or int is a number Python has now, while the function is
traced; a symbolic tensor's value exists only when the graph runs, so what
stands for it in the graph is a tensor. What works instead:
- `math.f(x)`: numpy's ufunc of the same computation, `np.f(x)` (`MATH_TWINS`),
  which stages a graph op (for a math function with no numpy twin: numpy
  functions, or `rt.py_function` to run it when the graph runs);
- `float(x)`, `int(x)`: `x.astype(np.float64)`, `x.astype(np.int64)`: a
  tensor, which is what converted code's `float(x)` and `int(x)` give
  (`np.float64(x)` and `np.int64(x)` are not staged: numpy converts their argument).

The math function is known to converted code's `converted_call`; for code that
is not converted, it is read from the call the user's frame is running.
"""
import ast
import linecache
import math
import types

import numpy as np

from ..converted_code.frames import user_frame
from ..converted_code.sourcemap import is_converted, source_location
from ..errors import OperatorNotAllowedInGraphError

CONVERT = ('convert it (call the function through rt.function, whose autograph=True, the '
            'default, converts it and the functions it calls, except lambdas, library code and '
            'functions marked rt.do_not_convert)')
_RUN_TIME = 'its value is only known when the graph runs'
_STAGE = ('Compute it with numpy functions on the tensor (np.where(c, a, b), np.any, np.all), or '
          'stage it with rt.cond or rt.while_loop')
_STAGE_BY_CONVERTING = (f'{CONVERT}, which stages Python control flow on tensors as graph ops; '
                        'or use rt.cond, rt.while_loop or np.where explicitly')


def not_allowed(what, fix=_STAGE, unconverted_fix=_STAGE_BY_CONVERTING, *, cause=_RUN_TIME):
    """OperatorNotAllowedInGraphError for `what`, with the fix for the code doing it.

    `fix` applies to converted code (whose control flow on tensors AutoGraph
    already stages) and, when `unconverted_fix` is None, to any code; otherwise
    code that is not converted is told so, where it is, and `unconverted_fix`
    (by default: to have it converted).
    """
    frame = user_frame()
    if unconverted_fix is not None and (frame is None or not is_converted(frame)):
        where = '' if frame is None else \
            f' ({source_location(frame)}, in {frame.f_code.co_name})'
        fix = f'The code doing it{where} is not converted, so Python runs it as written: ' \
              f'{unconverted_fix}'
    return OperatorNotAllowedInGraphError(
        f'{what} is not allowed on a symbolic tensor: {cause}. {fix}.')


# math function -> the numpy ufunc that computes the same on each element, where there is one
# (math.remainder is IEEE's remainder, np.remainder Python's %: not the same)
_RENAMED = {'asin': 'arcsin', 'acos': 'arccos', 'atan': 'arctan', 'atan2': 'arctan2',
            'asinh': 'arcsinh', 'acosh': 'arccosh', 'atanh': 'arctanh', 'pow': 'float_power'}
MATH_TWINS = {name: _RENAMED.get(name, name) for name in dir(math)
              if not name.startswith('_') and name != 'remainder'
              and isinstance(getattr(np, _RENAMED.get(name, name), None), np.ufunc)}
_NUMBER_TYPES = {'float': 'np.float64', 'int': 'np.int64'}
_WHY = ('a Python {kind} is a number Python has now, while tracing, and this value is only known '
        'when the graph runs, where a value is a tensor')


def is_math_function(f):
    """Whether `f` is a function of the `math` module (which computes on Python floats)."""
    return isinstance(f, types.BuiltinFunctionType) and getattr(f, '__module__', None) == 'math'


def math_error(function):
    """OperatorNotAllowedInGraphError for `math.name(x)` of a tensor, naming its numpy twin."""
    name = function.__name__
    twin = MATH_TWINS.get(name)
    if twin is None:
        fix = (f'numpy has no function doing what math.{name} does: compute it from numpy '
               'functions, or run it when the graph runs with rt.py_function(func, inp, Tout)')
    else:
        fix = (f'Use numpy\'s np.{twin} in its place (np.{twin}(x) for math.{name}(x)), which '
               'stages a graph op computing it on each element')
        if name == 'log':
            fix += '; math.log(x, base) is np.log(x) / np.log(base)'
    return OperatorNotAllowedInGraphError(
        f'math.{name}() is not allowed on a symbolic tensor: math functions compute a Python '
        f'number now, while tracing, and its value is only known when the graph runs. {fix}.')


def conversion_error(kind, frame):
    """The error for Python asking `kind` ('float' or 'int') of a tensor, from user `frame`.

    `float(x)` written in code that is not converted is told to write
    `x.astype(...)` or have the code converted; a math function, its numpy
    twin; a float or int Python asks for other code (a format string, a library
    function: converting would not help), to keep the value a tensor there.
    """
    known, function = operation(frame)
    if is_math_function(function):  # math.sqrt(x) in code that is not converted
        return math_error(function)
    cast = f'x.astype({_NUMBER_TYPES[kind]})'
    explicit = None if known and function is not _BUILTINS[kind] else \
        f'use {cast}, a tensor, which is what {kind}(x) gives in converted code; or {CONVERT}'
    return not_allowed(
        f'{kind}()',
        f'In converted code {kind}(x) gives a tensor ({cast}), but here Python itself asked for '
        f'a {kind} for other code (a format string, a builtin or a library function that is not '
        f'converted): keep the value a tensor there ({cast}; numpy functions, such as np.sqrt '
        f'for math.sqrt), print it when the graph runs with rt.print, or run that code when the '
        f'graph runs with rt.py_function(func, inp, Tout)', explicit, cause=_WHY.format(kind=kind))


_BUILTINS = {'float': float, 'int': int}


def operation(frame):
    """(whether it is known, the function called, if any) of what user `frame` is running.

    Read from the source text of its current instruction (its position, Python
    3.11 on); names are looked up without running anything: locals, globals,
    builtins, then attributes of modules only.
    """
    positions = None if frame is None else getattr(frame.f_code, 'co_positions', None)
    if positions is None or frame.f_lasti < 0:
        return False, None
    try:
        line, end_line, column, end_column = list(positions())[frame.f_lasti // 2]
    except IndexError:
        return False, None
    if None in (line, end_line, column, end_column):
        return False, None
    lines = linecache.getlines(frame.f_code.co_filename, frame.f_globals)[line - 1:end_line]
    if len(lines) != end_line - line + 1:
        return False, None
    lines[-1] = lines[-1].encode('utf-8')[:end_column].decode('utf-8', 'replace')
    lines[0] = lines[0].encode('utf-8')[column:].decode('utf-8', 'replace')
    try:
        node = ast.parse(''.join(lines).strip(), mode='eval').body
    except SyntaxError:
        return False, None
    return True, _resolve(node.func, frame) if isinstance(node, ast.Call) else None


def _resolve(node, frame):
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, frame)
        return getattr(owner, node.attr, None) if isinstance(owner, types.ModuleType) else None
    if not isinstance(node, ast.Name):
        return None
    code = frame.f_code
    if node.id in code.co_varnames or node.id in code.co_cellvars or node.id in code.co_freevars:
        return frame.f_locals.get(node.id)
    builtins = frame.f_builtins
    return frame.f_globals.get(node.id, builtins.get(node.id))
