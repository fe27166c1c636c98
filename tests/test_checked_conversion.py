"""Conversion held to CPython: what it rejects is reported as it reports it; no output fails to compile.

The expected messages and places are not written down here: each case asks
CPython's own compile() and compares.
"""
import ast
import contextlib
import warnings

import pytest

from autograph_cli import api, big_stack, checked_conversion, pipeline

COMPILE_TIME_ERRORS = [
    'break\n',
    'x = 1\nreturn x\n',
    'def f(a, a):\n    pass\n',
    'nonlocal x\n',
    '*a = [1]\n',
    'x = 1\nfrom __future__ import annotations\n',
    'await x\n',
    'yield 1\n',
    '__debug__ = 1\n',
    'continue\n',
    'from __future__ import braces\n',
    'from __future__ import nope\n',
    'f(x=1, x=2)\n',
    'x: int = 1\nglobal x\n',
    # inside functions, where the converter moves declarations and rewrites statements
    'def f():\n    x = 1\n    global x\n',
    'def f(x):\n    print(x)\n    global y\n    y = 1\n    return y\n\ndef g():\n    print(y)\n    global y\n',
    'def f(x):\n    global x\n',
    'def f(a):\n    nonlocal a\n',
    'def f():\n    nonlocal x\n',
    'class C:\n    nonlocal x\n',
    'def f(x):\n    if x:\n        break\n    return x\n',
    'def f(x):\n    while x:\n        pass\n    else:\n        continue\n',
    'def f():\n    for x in y:\n        pass\n    else:\n        break\n',
    'def f():\n    [(yield x) for x in y]\n',
    'def f():\n    from os import *\n',
    'def f():\n    x = 1\n    def g():\n        nonlocal x\n        global x\n',
    'def f():\n    x = 1\n    return\n    nonlocal x\n',
    'def f():\n    await x\n',
    'def f():\n    [x async for x in y]\n',
    'def f():\n    async with x:\n        pass\n',
    'async def f():\n    yield 1\n    return 2\n',
    'def f(x):\n    if x:\n        y: int = 1\n        global y\n',
    'def f(x):\n    while x:\n        x -= 1\n        global x\n',
    'def f():\n    __debug__ = 1\n',
    'def f():\n    g(__debug__=1)\n',
    'def f():\n    del __debug__\n',
    'def f(__debug__):\n    pass\n',
    'def f():\n    *a = [1]\n',
    'def f():\n    ' + '\n    '.join(f'{"    " * i}for x{i} in y:' for i in range(21)) + '\n' + '    ' * 22 + 'pass\n',
    'x = ' + '(' * 201 + '1' + ')' * 201 + '\n',
    'y = ' + ' + '.join(['x'] * 8000) + '\n',
    'def f(x):\n    return ' + ' + '.join(['x'] * 8000) + '\n',
    'x = 1\n\ntype X = int\n',  # syntax newer than the running CPython
    'x = 1\n\ndef f[T](x: T):\n    return x\n',
]


def cpython_error(source):
    """(line, column, message) of CPython's compile() error, or None if it compiles."""
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            big_stack.shallow(compile, source, 'm.py', 'exec', dont_inherit=True)
        except SyntaxError as e:
            return e.lineno, e.offset, e.msg[:1].lower() + e.msg[1:]
        except (RecursionError, MemoryError):
            return 1, 1, 'too deeply nested for CPython'
    return None


@pytest.mark.parametrize('source', COMPILE_TIME_ERRORS)
def test_what_cpython_rejects_is_reported_as_and_where_cpython_reports_it(source):
    expected = cpython_error(source)
    result = api.convert_source(source, 'm.py')
    if expected is None:  # newer syntax, on a Python that has it
        assert result.code is not None
        return
    line, col, message = expected
    assert result.code is None
    [diagnostic] = result.diagnostics
    assert (diagnostic.line, diagnostic.col, diagnostic.severity) == (line, col, 'error')
    assert diagnostic.message.startswith(f'syntax error: {message}')


@pytest.mark.parametrize('source', [
    'from __future__ import annotations; import os\n\ndef f(x: int):\n    if x:\n        return os.sep\n    return x\n',
    '"""Doc."""; from __future__ import annotations\n\ndef f(x: int):\n    if x:\n        return 1\n    return x\n',
    '"""Doc."""; x = 1\n\ndef f(x: int):\n    if x:\n        return 1\n    return x\n',
])
def test_the_runtime_import_goes_after_every_line_that_starts_with_a_future_import(source):
    code = api.convert_source(source, 'm.py').code
    module = ast.parse(code)
    assert ast.get_docstring(module) == ast.get_docstring(ast.parse(source))
    assert code.startswith(source.splitlines(True)[0])
    namespace = {}
    exec(compile(code, 'm.py', 'exec', dont_inherit=True), namespace)
    assert [namespace['f'](0), namespace['f'](3)] == [0, '/' if 'os' in source else 1]


def chain(kind, n):
    """A function (or module code) with a chain CPython compiles but which is n levels deep."""
    if kind == 'elif':
        arms = ''.join(f'    elif x == {i}:\n        return {i}\n' for i in range(1, n))
        return f'def f(x):\n    if x == 0:\n        return 0\n{arms}    return -1\n'
    if kind == 'plus':
        return 'def f(x):\n    return ' + ' + '.join(['x'] * n) + '\n'
    if kind == 'strings':
        return 'def f(x):\n    return (' + ' '.join([f"'{i % 10}'" for i in range(n)]) + ') + str(x)\n'
    if kind == 'attributes':
        return 'def f(x):\n    if x:\n        return x' + '.real' * n + '\n    return 0\n'
    return 'y = ' + ' + '.join(['1'] * n) + '\n\ndef f(x):\n    if x:\n        return y\n    return x\n'


@pytest.mark.parametrize('kind, n', [('elif', 1000), ('plus', 1000), ('strings', 1000),
                                     ('attributes', 1000), ('module', 1000)])
def test_long_chains_and_deep_nesting_convert(kind, n):
    source = chain(kind, n)
    result = api.convert_source(source, 'm.py')
    assert result.diagnostics == ()
    original, converted = {}, {}
    exec(compile(source, 'm.py', 'exec'), original)
    exec(compile(result.code, 'm.py', 'exec'), converted)
    for x in (0, 3, n - 1, n + 5):
        # each converted `elif` runs one closure deeper (see the README's known limitations)
        assert big_stack.call(converted['f'], x) == original['f'](x)


@pytest.mark.parametrize('source', [
    # 20 nested blocks: CPython's limit; the converted body sits in one more `with`
    'def f(y):\n    n = 0\n' + ''.join(f'{"    " * (i + 1)}with y:\n' for i in range(20))
    + '    ' * 21 + 'n += 1\n    if n:\n        return n\n    return -1\n',
    # each `if ... else` becomes a call of ag__.if_exp: 250 calls nest 250 parentheses
    'def f(x):\n    return ' + ' if x else '.join([str(i) for i in range(250)]) + '\n',
])
def test_a_function_whose_converted_form_exceeds_a_cpython_limit_is_left_as_written(source):
    result = api.convert_source(source, 'm.py')
    [warning] = result.diagnostics
    assert warning.severity == 'warning'
    assert "function 'f' left unconverted: its converted form exceeds a limit of CPython" in warning.message
    converted, original = {}, {}
    exec(compile(result.code, 'm.py', 'exec', dont_inherit=True), converted)
    exec(compile(source, 'm.py', 'exec', dont_inherit=True), original)
    assert converted['f'](contextlib.nullcontext()) == original['f'](contextlib.nullcontext())


def test_an_output_that_does_not_compile_is_an_internal_error_and_is_not_returned(monkeypatch):
    real = pipeline.convert_module

    def buggy(source, path='<string>', *, original_path=None, **options):
        result = real(source, path, original_path=original_path, **options)
        result.code = result.code.replace('return x', 'return x x')  # line 8 of the output
        return result
    monkeypatch.setattr(pipeline, 'convert_module', buggy)
    source = 'import os\n\ndef f(x):\n    if x:\n        x = -x\n    return x\n'
    result = api.convert_source(source, 'm.py')
    assert result.code is None
    assert [str(d) for d in result.diagnostics] == [
        'm.py:6:1: error: internal converter error: the converted module does not compile: '
        "invalid syntax"]


def test_checked_conversion_needs_no_more_stack_than_the_caller_has():
    # deep enough for libcst's printer to exceed the ordinary recursion limit on the main thread
    source = chain('plus', 1500)
    with pytest.raises(RecursionError):
        pipeline.convert_module(source, 'm.py')
    assert checked_conversion.convert(source, 'm.py').code.count(' + x') == 1499


def test_the_input_is_parsed_once_for_the_compile_check_and_the_converter(monkeypatch):
    """The tree compile() checked is the one the converter reads positions from."""
    compiled = []
    real = checked_conversion.cpython_errors.compile_failure

    def recording(source, path):
        compiled.append(source)
        return real(source, path)
    monkeypatch.setattr(checked_conversion.cpython_errors, 'compile_failure', recording)
    parsed_again = []
    parse = ast.parse
    monkeypatch.setattr(ast, 'parse', lambda *args, **kwargs: parsed_again.append(args) or parse(
        *args, **kwargs))
    source = 'def f(x):\n    if x:\n        x = -x\n    return x\n'
    result = checked_conversion.convert(source, 'm.py')
    monkeypatch.undo()
    assert parsed_again == []
    assert isinstance(compiled[0], ast.Module)  # the input, as a tree
    assert [type(text) for text in compiled[1:]] == [str]  # the output, once
    namespace = {}
    exec(compile(result.code, 'm.py', 'exec', dont_inherit=True), namespace)
    assert namespace['f'](-3) == 3
