"""The IR's text form (golden), its JSON form, and abstract values."""
import json
import sys
import textwrap

import numpy as np
from graph_helpers import trace

import runtime as rt
from runtime.ir.core import AbstractValue, Literal, ResourceType
from runtime.tracing.builders import GraphBuilder

F32_3 = AbstractValue(np.float32, (3,))
I32 = AbstractValue(np.int32, ())


def golden(text):
    return textwrap.dedent(text).strip('\n')


def test_text_form_of_a_simple_graph():
    graph = trace(lambda x, y: np.sin(x) + y, F32_3, I32)
    assert str(graph) == golden('''
        { lambda ; a:f32[3] b:i32[]. let
            c:f32[3] = sin a
            d:f64[3] = add c b
          in (d,) }''')


def test_text_form_with_constants_literals_params_and_several_outputs():
    table = np.arange(3, dtype=np.float32)

    def f(x):
        return x * 2, np.sum(x + table, axis=0, keepdims=True), 1.5
    assert str(trace(f, F32_3)) == golden('''
        { lambda a:f32[3] ; b:f32[3]. let
            c:f32[3] = multiply b 2
            d:f32[3] = add b a
            e:f32[1] = sum[axis=0 keepdims=True] d
          in (c, e, 1.5) }''')


def test_text_form_of_unknown_dimensions_and_ranks():
    graph = trace(lambda x, y: (x[1:, None], np.reshape(y, -1)),
                  AbstractValue(np.int64, (None, 2)), AbstractValue(np.bool_, None))
    assert str(graph) == golden('''
        { lambda ; a:i64[?,2] b:bool[*]. let
            c:i64[?,1,2] = getitem[index=(1:, None)] a
            d:bool[?] = reshape[shape=(-1,)] b
          in (c, d) }''')


def test_text_form_of_resources_and_effects():
    v = rt.Variable(np.zeros(2, np.float32))

    def f(x):
        v.assign_add(x)
        rt.print('v is', v, end='!\n')
        return v.read_value()
    assert str(trace(f, AbstractValue(np.float32, (2,)))) == golden('''
        { lambda a:ref{f32[2]} ; b:f32[2]. let
            _ = assign_add_variable a b
            c:f32[2] = read_variable a
            _ = print[end='!\\n' parts=('v is', $0) sep=' '] c
            d:f32[2] = read_variable a
          in (d,) }''')


def test_text_form_of_a_nested_graph():
    inner = trace(lambda x: np.cos(x), F32_3)
    with GraphBuilder() as builder:
        x = builder.placeholder(F32_3)
        (y,) = builder.emit('call', [x], {'graph': inner})
        graph = builder.finish([y])
    assert str(graph) == golden('''
        { lambda ; a:f32[3]. let
            b:f32[3] = call[graph={ lambda ; a:f32[3]. let
                  b:f32[3] = cos a
                in (b,) }] a
          in (b,) }''')


def test_names_continue_after_z():
    def chain(x):
        for _ in range(27):
            x = -x
        return x
    text = str(trace(chain, I32))
    assert 'z:i32[] = negative y' in text and 'ba:i32[] = negative z' in text
    assert text.endswith('in (bb,) }')


def test_source_locations_are_printed_on_request():
    line = sys._getframe().f_lineno + 1
    graph = trace(lambda x: np.sin(x), F32_3)
    assert graph.pretty(source=True).splitlines()[1] == f'    b:f32[3] = sin a  # {__file__}:{line}'


def test_graph_def_is_plain_json_data():
    v = rt.Variable(1.0, name='counter')

    def f(x, i):
        v.assign(v + 1)
        rt.print('x', x)
        y = x[..., 1:, None, i] + np.arange(2.0) + (1 + 2j)
        return np.add.reduce(y.astype(np.complex64), axis=0), y, 3
    graph = trace(f, AbstractValue(np.float64, (4, 3, 2)), AbstractValue(np.int64, (2,)))
    graph_def = graph.as_graph_def()
    assert json.loads(json.dumps(graph_def)) == graph_def
    assert graph_def['inputs'][0] == {'name': 'c', 'dtype': 'float64', 'shape': [4, 3, 2]}
    assert graph_def['constants'][0]['value'] == {'array': [0.0, 1.0], 'dtype': 'float64'}
    assert graph_def['resources'][0]['ref'] == {'dtype': 'float64', 'shape': []}
    assert graph_def['resources'][0]['resource'] == 'Variable(counter)'
    ops_ = {eq['op']: eq for eq in graph_def['equations']}
    assert ops_['getitem']['params']['index'] == [
        {'ellipsis': True}, {'slice': [1, None, None]}, None, {'input': 0}]
    assert ops_['ufunc_reduce']['params'] == {'axis': 0, 'ufunc': 'add'}
    assert ops_['astype']['params'] == {'dtype': 'complex64'}
    assert ops_['print']['params']['parts'] == ['x', {'input': 0}]
    assert {'literal': {'complex': [1.0, 2.0]}} in ops_['add']['inputs']
    assert graph_def['outputs'][-1] == {'literal': 3}
    assert ops_['getitem']['source'].startswith(f'{__file__}:')


def test_graph_def_of_nested_graphs():
    inner = trace(lambda x: x * 2, F32_3)
    with GraphBuilder() as builder:
        (y,) = builder.emit('call', [builder.placeholder(F32_3)], {'graph': inner})
        graph_def = builder.finish([y]).as_graph_def()
    assert json.loads(json.dumps(graph_def)) == graph_def
    nested = graph_def['equations'][0]['params']['graph']['graph']
    assert nested['equations'][0]['op'] == 'multiply'


def test_abstract_values():
    a = AbstractValue(np.float32, (2, None))
    assert str(a) == 'f32[2,?]' and a.ndim == 2
    assert AbstractValue.from_value(3) == AbstractValue(np.int64, (), weak=True)
    assert AbstractValue.from_value(np.float32(3)) == AbstractValue(np.float32, ())
    assert Literal(True).aval == AbstractValue(np.bool_, ())
    assert str(ResourceType(AbstractValue(np.uint8, None))) == 'ref{u8[*]}'
