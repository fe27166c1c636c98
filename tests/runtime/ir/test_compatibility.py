"""The type rules of `runtime.ir.compatibility`, and the ops holding sub-graphs all asking them."""
import numpy as np
import pytest

import runtime.graph_ops  # noqa: F401  (registers the ops)
from runtime.ir import compatibility
from runtime.ir.core import AbstractValue, Graph, Var
from runtime.ir.registry import get

F32 = np.float32


def aval(shape, dtype=F32, weak=False):
    return AbstractValue(dtype, shape, weak)


def test_compatible_is_symmetric_and_accepts_is_directional():
    known, partial = aval((2, 5)), aval((2, None))
    assert compatible_both_ways(known, partial)
    assert not compatibility.compatible(aval((2, None)), aval((3, 5)))
    assert not compatibility.compatible(aval((2, 5)), aval((2, 5), np.float64))
    assert compatibility.accepts(partial, known)
    assert not compatibility.accepts(known, partial)  # f32[?] may not be 5 long
    assert compatibility.accepts(aval(None), aval((1, 2, 3)))
    assert not compatibility.accepts(aval((2,)), aval((2, 1)))


def compatible_both_ways(a, b):
    return compatibility.compatible(a, b) and compatibility.compatible(b, a)


def test_weak_inputs_take_only_python_numbers_and_strong_ones_take_both():
    weak, strong = aval((), np.int64, weak=True), aval((), np.int64)
    assert compatibility.accepts(strong, weak)
    assert compatibility.accepts(weak, weak)
    assert not compatibility.accepts(weak, strong)


def test_a_flexible_string_dtype_takes_strings_of_any_length():
    assert compatibility.accepts(aval((2,), np.dtype('U')), aval((2,), np.dtype('U7')))
    assert not compatibility.accepts(aval((2,), np.dtype('U')), aval((2,), np.dtype('S7')))
    assert not compatibility.accepts(aval((2,), np.dtype('U3')), aval((2,), np.dtype('U7')))


def test_join_generalise_and_unify():
    assert compatibility.join(aval((2, 3)), aval((2, 4))) == aval((2, None))
    assert compatibility.join(aval((1,)), aval((1, 1))) == aval(None)
    with pytest.raises(TypeError, match='dtypes differ'):
        compatibility.join(aval(()), aval((), np.float64))
    assert compatibility.generalise([aval((2,)), aval(())], [aval((3,)), aval(())]) == [
        aval((None,)), aval(())]
    assert compatibility.generalise([aval((2,))], [aval((2,), np.int32)]) is None
    python_int = aval((), np.int64, weak=True)
    assert compatibility.unify(python_int, aval((3,), np.int32)) == aval(None, np.int32)
    assert compatibility.unify(aval((), np.float64, weak=True), aval((), np.int32)) == aval(
        (), np.float64)
    assert compatibility.unify(python_int, python_int) == python_int
    assert compatibility.unify(aval((), np.int32), aval((), np.int64)) is None


def identity_graph(*avals):
    inputs = tuple(Var(a) for a in avals)
    return Graph(inputs, (), inputs)


PRED = aval((), np.bool_)
CASES = {
    'call': lambda g, a: get('call').rule(a, graph=g),
    'cond': lambda g, a: get('cond').rule(PRED, a, true_branch=g, false_branch=g),
    'while': lambda g, a: get('while').rule(
        a, cond=Graph(g.inputs, (), (Var(PRED),)), body=g, carried=1),
}


@pytest.mark.parametrize('op', sorted(CASES))
def test_every_op_holding_a_graph_applies_one_input_rule(op):
    rule = CASES[op]
    declared = aval((None,))
    assert rule(identity_graph(declared), aval((4,))) == [declared]
    with pytest.raises(TypeError, match='has type f32'):
        rule(identity_graph(aval((4,))), declared)  # less known than the graph was traced for
    python_int = aval((), np.int64, weak=True)
    with pytest.raises(TypeError, match='has type i64'):
        rule(identity_graph(python_int), aval((), np.int64))  # a numpy value where an int runs
