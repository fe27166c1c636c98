"""The pipeline: its switches (per function, rt.config), its checks, results equal to eager numpy."""
import dataclasses

import numpy as np
import pytest
from pass_helpers import assert_same

import runtime as rt
from runtime import passes
from runtime.backends.compiling import CompileOptions, compile_function
from runtime.backends.executor import blocking


def chain(x, y):
    return np.sin(x * 1) + np.sin(x) + (y - 0) * 2.0


X, Y = np.array([0.5, -0.0, np.nan]), np.array([-0.0, 1.0, np.inf])


def _optimized_source(fn, options=None):
    graph = fn.get_concrete_function(X, Y).graph
    with pytest.MonkeyPatch.context() as patch:  # one copy of each op: no blocked run
        patch.setattr(blocking, 'MIN_BYTES', float('inf'))
        return compile_function(graph, 'f', CompileOptions(optimizations=options)).__source__


def test_results_are_bitwise_equal_to_eager_with_and_without_passes():
    for setting in (True, False, {'cse': False}):
        fn = rt.function(chain, experimental_optimizations=setting)
        assert_same(fn(X, Y), chain(X, Y))


def test_the_function_setting_chooses_the_passes():
    fn = rt.function(chain)
    assert _optimized_source(fn, True).count('sin(') == 1
    assert _optimized_source(fn, False).count('sin(') == 2
    assert _optimized_source(fn, {'cse': False}).count('sin(') == 2


def test_rt_config_turns_passes_off_for_functions_that_do_not_choose():
    fn = rt.function(chain)
    assert rt.config.experimental_optimizations() is True
    rt.config.set_experimental_optimizations({'algebraic': False, 'cse': False})
    try:
        assert _optimized_source(fn).count('sin(') == 2
        assert 'multiply(v0, 1)' in _optimized_source(fn)
    finally:
        rt.config.set_experimental_optimizations(True)
    assert _optimized_source(fn).count('sin(') == 1


def test_bad_settings_are_refused_when_given():
    with pytest.raises(ValueError, match="unknown optimization pass.*'fold'.*constant_folding"):
        rt.function(chain, experimental_optimizations={'fold': False})
    with pytest.raises(TypeError, match='experimental_optimizations must be'):
        rt.config.set_experimental_optimizations('all')


def test_the_checker_names_the_pass_that_broke_a_graph(monkeypatch):
    def breaks(graph):  # drops the inputs the equations read
        return dataclasses.replace(graph, inputs=())

    monkeypatch.setattr(passes, 'PIPELINE', (('broken', breaks),))
    graph = rt.function(chain).get_concrete_function(X, Y).graph
    with pytest.raises(passes.GraphCheckError, match="after pass 'broken'.*used before"):
        passes.optimize(graph, ('broken',))


def test_fusion_groups_runs_of_elementwise_ops_of_one_shape():
    from runtime.passes import fusion

    def fn(x, y):
        s = np.sum(x)
        return (x * 2.0 + y) * s, np.sin(y[:2]) + 1.0

    graph = rt.function(fn).get_concrete_function(X, Y).graph
    items = fusion.groups(graph.equations, lambda eq: False, graph.outputs)
    groups = [i for i in items if isinstance(i, fusion.Group)]
    assert [[eq.primitive for eq in g.equations] for g in groups] == [
        ['multiply', 'add', 'multiply'], ['sin', 'add']]
    assert groups[0].shape == (3,) and groups[1].shape == (2,)
    assert groups[0].outputs == (graph.outputs[0],)
    kept = fusion.groups(graph.equations, lambda eq: eq.primitive == 'add', graph.outputs)
    assert not [i for i in kept if isinstance(i, fusion.Group)]
