"""Random small programs mixing tensor if/while/for with arithmetic: graph results equal Python's.

Each example is module source text: one function `f(a, b, n, arr)` with nested
`if`/`elif`/`else`, `while` and `for` statements, `break`, `continue` and
`return` inside them, over integer variables kept small (`% 97`) and a list
that may grow in loops. It is
converted with agconvert, then run as the original Python on numpy values
and through rt.function, where every condition is a tensor.
"""
import itertools

import numpy as np
from extras import installed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loading import import_file

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.backends.numba import UnsupportedOpError
from runtime.ir.check import check_graph

VARIABLES = ('x', 'y', 'z')
_names = itertools.count()


@st.composite
def operand(draw, loop_vars):
    return draw(st.sampled_from(VARIABLES + tuple(loop_vars) + ('a', 'b', '3', '-2', '7')))


@st.composite
def expression(draw, loop_vars):
    left, right = draw(operand(loop_vars)), draw(operand(loop_vars))
    form = draw(st.sampled_from(['{} + {}', '{} - {}', '{} * {}', '{} // 3 + {}', '({} % 5) * {}',
                                 '{} + 1 if {} > 2 else 0']))
    return form.format(left, right)


@st.composite
def condition(draw, loop_vars):
    left, right = draw(operand(loop_vars)), draw(operand(loop_vars))
    form = draw(st.sampled_from(['{} < {}', '{} % 2 == 0', '{} > 3 and {} < 50',
                                 'not {} == {}', '{} >= 10 or {} == 1', '0 <= {} < {}']))
    return form.format(left, right)


@st.composite
def block(draw, depth, loop_vars=(), in_loop=False):
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        kinds = ['assign', 'assign', 'append']
        if depth > 0:
            kinds += ['if', 'while', 'for', 'for_array']
        if in_loop:
            kinds += ['break', 'continue']
        kinds += ['return']
        lines += draw(statement(draw(st.sampled_from(kinds)), depth, loop_vars, in_loop))
    return lines


@st.composite
def statement(draw, kind, depth, loop_vars, in_loop):
    if kind == 'assign':
        return [f'{draw(st.sampled_from(VARIABLES))} = ({draw(expression(loop_vars))}) % 97']
    if kind == 'append':
        return [f'found.append({draw(operand(loop_vars))})']
    if kind in ('break', 'continue', 'return'):
        jump = kind if kind != 'return' else f'return {draw(expression(loop_vars))}'
        return [f'if {draw(condition(loop_vars))}:', f'    {jump}']
    inner = [f'    {line}' for line in draw(block(depth - 1, loop_vars, in_loop))]
    if kind == 'if':
        lines = [f'if {draw(condition(loop_vars))}:'] + inner
        if draw(st.booleans()):
            lines.append(f'elif {draw(condition(loop_vars))}:')
            lines += [f'    {line}' for line in draw(block(depth - 1, loop_vars, in_loop))]
        lines.append('else:')
        return lines + [f'    {line}' for line in draw(block(depth - 1, loop_vars, in_loop))]
    counter = f'i{next(_names)}'
    body = [f'    {line}' for line in draw(block(depth - 1, loop_vars + (counter,), True))]
    if kind == 'while':
        lines = [f'{counter} = 0', f'while {counter} < n:', f'    {counter} += 1'] + body
    elif kind == 'for':
        lines = [f'for {counter} in range(n):'] + body
    else:
        lines = [f'for {counter} in arr:'] + body
    if draw(st.booleans()):
        lines += ['else:', f'    z = (z + {draw(operand(loop_vars))}) % 97']
    return lines


@st.composite
def program(draw):
    body = ['x = a % 97', 'y = b % 97', 'z = 0', 'found = []'] + draw(block(2))
    body.append('return x + y + z + len(found) * 1000')
    return 'def f(a, b, n, arr):\n' + ''.join(f'    {line}\n' for line in body)


INPUTS = st.tuples(st.integers(-20, 60), st.integers(-20, 60), st.integers(0, 4),
                   st.lists(st.integers(-5, 40), min_size=0, max_size=4))


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(source=program(), inputs=st.lists(INPUTS, min_size=1, max_size=3))
def test_random_control_flow_programs(tmp_path_factory, source, inputs):
    directory = tmp_path_factory.mktemp('program')
    original, converted = directory / 'original.py', directory / 'converted.py'
    original.write_text(source)
    converted.write_text(convert_module(source, str(original)).code)
    f_python = import_file(original, 'random_program').f
    f_graph = rt.function(import_file(converted, 'random_program').f)
    f_jit = rt.function(import_file(converted, 'random_program').f, jit_compile=True)
    for a, b, n, arr in inputs:
        args = (np.int64(a), np.int64(b), np.int64(n), np.array(arr, dtype=np.int64))
        expected = f_python(*args)
        assert f_graph(*args) == expected, source
        graph = f_graph.get_concrete_function(*args).graph
        check_graph(graph)
        assert compile_graph(graph)(*args) == eval_graph(graph, *args)
        _check_jit(f_jit, args, expected)
    assert f_graph.experimental_get_tracing_count() <= len({len(i[3]) for i in inputs})


def _check_jit(f_jit, args, expected):
    """jit_compile=True gives the same result, where every op of the graph lowers (and numba,
    the `jit` extra, is installed)."""
    if not installed('numba'):
        return
    try:
        result = f_jit(*args)
    except UnsupportedOpError:
        return  # a graph list or an index numba does not lower: refused at trace time
    assert result == expected
