"""The checker accepts traced graphs and rejects corrupted ones, quoting the offending equation."""
import dataclasses

import numpy as np
import pytest
from graph_helpers import trace

from runtime.ir.check import GraphCheckError, check_graph
from runtime.ir.core import AbstractValue, Equation, Literal, Var
from runtime.tracing.builders import GraphBuilder

F32_3 = AbstractValue(np.float32, (3,))


@pytest.fixture
def graph():
    """{ lambda ; a:f32[3]. let b:f32[3] = sin a; c:f32[3] = mul b 2.0 in (c,) }"""
    return trace(lambda x: np.sin(x) * 2.0, F32_3)


def corrupt_equation(graph, index, **changes):
    equations = list(graph.equations)
    equations[index] = dataclasses.replace(equations[index], **changes)
    return dataclasses.replace(graph, equations=tuple(equations))


def test_traced_graphs_pass(graph):
    check_graph(graph)


def test_use_before_definition(graph):
    swapped = dataclasses.replace(graph, equations=graph.equations[::-1])
    with pytest.raises(GraphCheckError) as e:
        check_graph(swapped)
    assert str(e.value).startswith('input c is used before it is defined\n'
                                   '  in equation: b:f32[3] = multiply c 2.0')


def test_undefined_output(graph):
    with pytest.raises(GraphCheckError, match='graph output c is not defined'):
        check_graph(dataclasses.replace(graph, equations=graph.equations[:1]))


def test_variable_defined_twice(graph):
    redefined = corrupt_equation(graph, 1, outputs=(graph.inputs[0],))
    with pytest.raises(GraphCheckError, match=r'equation `a:f32\[3\] = multiply b 2.0`: '
                                              'variable a is defined twice'):
        check_graph(redefined)


def test_output_type_disagrees_with_the_rule(graph):
    wrong = corrupt_equation(graph, 0, outputs=(Var(AbstractValue(np.float64, (3,))),))
    with pytest.raises(GraphCheckError) as e:
        check_graph(wrong)
    assert str(e.value).startswith(
        "output types (f64[3]) disagree with the rule of 'sin', which gives (f32[3])\n"
        '  in equation: b:f64[3] = sin a (created at ')


def test_rule_rejects_the_inputs():
    graph = trace(lambda x, y: x + y, F32_3, F32_3)
    bad = dataclasses.replace(graph, inputs=(graph.inputs[0], Var(AbstractValue(np.float32, (4,)))))
    bad = corrupt_equation(bad, 0, inputs=(bad.inputs[0], bad.inputs[1]))
    with pytest.raises(GraphCheckError) as e:
        check_graph(bad)
    assert "the type rule of 'add' rejects its inputs: ValueError: operands could not be " \
           'broadcast together with shapes (3,) (4,)' in str(e.value)
    assert 'in equation: c:f32[3] = add a b' in str(e.value)


def test_unknown_op(graph):
    with pytest.raises(GraphCheckError, match=r"unknown op 'frobnicate'\n  in equation: "
                                              r'b:f32\[3\] = frobnicate a'):
        check_graph(corrupt_equation(graph, 0, primitive='frobnicate'))


def test_input_that_is_not_an_atom(graph):
    with pytest.raises(GraphCheckError, match=r"input 2.0 is neither a variable nor a literal\n"
                                              r'  in equation: c:f32\[3\] = multiply b'):
        check_graph(corrupt_equation(graph, 1, inputs=(graph.equations[0].outputs[0], 2.0)))


def test_ill_formed_sub_graph(graph):
    broken = dataclasses.replace(graph, equations=graph.equations[::-1])
    outer_input = Var(F32_3)
    call = Equation('call', (outer_input,), {'graph': broken}, (Var(F32_3),))
    outer = dataclasses.replace(graph, inputs=(outer_input,), equations=(call,),
                                outputs=call.outputs)
    with pytest.raises(GraphCheckError) as e:
        check_graph(outer)
    assert str(e.value).startswith('ill-formed sub-graph: input c is used before it is defined')
    assert str(e.value).endswith('  in equation: b:f32[3] = call[graph={ lambda ; a:f32[3]. let\n'
                                 '      b:f32[3] = multiply c 2.0\n'
                                 '      c:f32[3] = sin a\n'
                                 '    in (b,) }] a')


def test_constant_of_the_wrong_type():
    with GraphBuilder() as builder:
        graph = builder.finish([builder.capture_constant(np.zeros(2))])
    var, _ = graph.consts[0]
    bad = dataclasses.replace(graph, consts=((var, np.zeros(3, np.int8)),))
    with pytest.raises(GraphCheckError, match=r'constant a:f64\[2\] holds a value of type i8\[3\]'):
        check_graph(bad)


def test_literal_outputs_pass():
    graph = trace(lambda x: (x, 1, None), F32_3)
    assert [type(a) for a in graph.outputs] == [Var, Literal, Literal]
    check_graph(graph)


def test_the_suite_checks_every_graph_a_builder_finishes():
    """tests/conftest.py runs the checker as each builder finishes: an equation whose output
    type disagrees with its op's rule fails there, in any test."""
    with GraphBuilder() as builder:
        x = builder.placeholder(F32_3)
        builder.emit('sin', [x._var], {})
        wrong = builder._equations[-1]
        builder._equations[-1] = dataclasses.replace(
            wrong, outputs=(Var(AbstractValue(np.float64, (3,))),))
        with pytest.raises(GraphCheckError, match='disagree with the rule'):
            builder.finish([x])
