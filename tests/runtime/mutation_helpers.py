"""Helpers for the mutation tests: run code eagerly and as a graph, compare results and arguments."""
import copy
import textwrap

import numpy as np
import pytest
from equality import assert_same
from graph_helpers import assert_scratch_stays_inside, check_jit
from loading import import_file

import runtime as rt
from runtime.backends.executor.executor import compile_graph
from runtime.backends.executor.interpreter import eval_graph
from runtime.ir import structure


def check(fn, *args, calls=2):
    """`fn` eagerly and as an rt.function (`calls` times) on copies of `args`: the same results
    and the same arguments afterwards, bit for bit (or the same exception); the interpreter
    agrees with the compiled graph, which leaves its inputs alone. Returns the rt.function."""
    graph_fn = rt.function(fn)
    for _ in range(calls):
        eager_args, graph_args = copy.deepcopy(args), copy.deepcopy(args)
        try:
            expected = fn(*eager_args)
        except Exception as exc:
            with pytest.raises(type(exc)) as caught:
                graph_fn(*graph_args)
            assert str(caught.value) == str(exc)
            return graph_fn
        actual = graph_fn(*graph_args)
        assert_same(actual, expected)
        assert_same(graph_args, eager_args)
    check_executors(graph_fn, args)
    return graph_fn


def check_with_global(fn, namespace, name, calls, change):
    """`fn` eagerly and as an rt.function on copies of each argument tuple of `calls`, from the
    same value of the global array `namespace[name]` (updated in place, never rebound): the same
    results, arguments and global afterwards, bit for bit; `change(array)` then changes the
    global between calls, as a user would. The interpreter agrees with the compiled graph."""
    graph_fn, array = rt.function(fn), namespace[name]
    for args in calls:
        start = array.copy()
        eager_args, graph_args = copy.deepcopy(args), copy.deepcopy(args)
        expected = copy.deepcopy(fn(*eager_args))  # its values now: `array` is reset below
        eager_array = array.copy()
        array[...] = start
        actual = graph_fn(*graph_args)
        assert namespace[name] is array, 'the global was rebound'
        assert_same(actual, expected)
        assert_same(graph_args, eager_args)
        assert_same(array, eager_array)
        change(array)
    check_executors(graph_fn, calls[-1])
    return graph_fn


def check_executors(graph_fn, args):
    """The trace of `graph_fn` on `args` passes the checker, and the compiled executor agrees
    with the interpreter (arrays updated by reference as inputs too) and leaves inputs alone."""
    concrete = graph_fn.get_concrete_function(*copy.deepcopy(args))
    leaves = []
    structure.flatten(copy.deepcopy(args), leaves)
    inputs = [a for a in leaves if isinstance(a, (np.ndarray, np.generic))]
    if concrete.state is not None:
        inputs += [array.copy() for array in concrete.state.fetch()]
    before = copy.deepcopy(inputs)
    function = compile_graph(concrete.graph)
    compiled = function(*inputs)
    assert_scratch_stays_inside(function, (compiled, inputs))
    assert_same(compiled, eval_graph(concrete.graph, *before))
    assert_same(inputs, before)
    check_jit(concrete.graph, inputs, compiled)  # where every op lowers
    assert_same(inputs, before)


def source_of(graph_fn, *args):
    """The compiled executor's Python source for the trace of `graph_fn` on `args`."""
    return compile_graph(graph_fn.get_concrete_function(*args).graph).__source__


def define(tmp_path, source, name='generated_code'):
    """The namespace of a module with this (dedented) source, imported from a file."""
    path = tmp_path / f'{name}.py'
    path.write_text(textwrap.dedent(source).lstrip('\n'), encoding='utf-8')
    return vars(import_file(path, name))
