"""Broken and malicious saved-model directories: each refused with an error naming the file, and
no code from the directory runs (a sentinel file a payload would create stays absent)."""
import os
import pickle

import numpy as np
import pytest
from saved_files import edit_json, refused, save_scaled

import runtime as rt

weights = rt.Variable(np.arange(6, dtype=np.float32).reshape(2, 3), name='weights')


@rt.function
def model(x, n):
    i = 0
    while i < n:
        x = x @ np.transpose(weights) @ weights
        i += 1
    return x + np.float32(1), x.shape[0]


class Payload:
    """Unpickling this creates the sentinel file: proof that the loader ran the directory's code."""

    def __init__(self, sentinel):
        self.sentinel = sentinel

    def __reduce__(self):
        return (open, (self.sentinel, 'w'))


@pytest.fixture
def saved(tmp_path):
    model(np.ones((4, 3), np.float32), np.int64(2))
    rt.saved_model.save(model, tmp_path / 'm')
    return tmp_path / 'm'



def _refused(directory, file_part, message):
    refused(directory, file_part, message)
    assert not (directory.parent / 'sentinel').exists()


def _equations(data):
    return data['graph']['equations']


def test_the_unbroken_directory_loads(saved):
    loaded = rt.saved_model.load(saved)
    x = np.ones((4, 3), np.float32)
    np.testing.assert_array_equal(loaded(x, np.int64(2))[0], model(x, np.int64(2))[0])


@pytest.mark.parametrize('name', ['../../evil.json', '/etc/passwd', 'graphs/../../x.json',
                                  'graphs/0.json/..', 'graphs\\0.json', 7])
def test_file_names_cannot_leave_the_directory(saved, name):
    edit_json(saved / 'saved_model.json', lambda d: d['functions'][0].update(file=name))
    _refused(saved, 'saved_model', 'is not one of the format')


def test_a_symlink_pointing_outside_is_refused(saved, tmp_path):
    outside = tmp_path / 'outside.npy'
    np.save(outside, np.zeros((2, 3), np.float32))
    os.remove(saved / 'variables' / '0.npy')
    os.symlink(outside, saved / 'variables' / '0.npy')
    _refused(saved, 'variables/0.npy', 'symbolic link')


def test_a_pickle_inside_a_npy_file_is_never_unpickled(saved, tmp_path):
    payload = np.array([Payload(str(tmp_path / 'sentinel'))], dtype=object)
    with open(saved / 'variables' / '0.npy', 'wb') as f:
        np.save(f, payload, allow_pickle=True)
    _refused(saved, 'variables/0.npy', 'holds object')
    assert b'sentinel' in (saved / 'variables' / '0.npy').read_bytes()  # the payload is there
    assert pickle.dumps(Payload('x'))  # and it is a real one


@pytest.mark.parametrize('dtype, shape', [(np.float32, (3, 2)), (np.float64, (2, 3))])
def test_npy_files_must_hold_what_the_graph_declares(saved, dtype, shape):
    np.save(saved / 'variables' / '0.npy', np.zeros(shape, dtype))
    _refused(saved, 'variables/0.npy', 'where the saved model declares')


def test_a_declared_variable_type_must_match_the_graph(saved):
    def edit(data):
        data['variables'][0]['shape'] = [3, 2]
    edit_json(saved / 'saved_model.json', edit)
    np.save(saved / 'variables' / '0.npy', np.zeros((3, 2), np.float32))
    _refused(saved, 'graphs/0.json', 'is declared ref')


def test_a_truncated_npy_file_is_refused(saved):
    data = (saved / 'variables' / '0.npy').read_bytes()
    (saved / 'variables' / '0.npy').write_bytes(data[:-5])
    _refused(saved, 'variables/0.npy', 'truncated or damaged')


def test_unknown_op_names_are_refused(saved):
    edit_json(saved / 'graphs' / '0.json', lambda d: _equations(d)[0].update(op='os.system'))
    _refused(saved, 'graphs/0.json', "unknown op 'os.system': only registered ops")


def test_py_function_is_refused_when_loading_too(saved):
    edit_json(saved / 'graphs' / '0.json', lambda d: _equations(d)[0].update(op='py_function'))
    _refused(saved, 'graphs/0.json', "unknown op 'py_function'")


def test_truncated_json_is_refused(saved):
    text = (saved / 'graphs' / '0.json').read_text()
    (saved / 'graphs' / '0.json').write_text(text[:len(text) // 2])
    _refused(saved, 'graphs/0.json', r'not valid JSON \(line 1, column \d+')


def test_a_future_format_version_is_refused(saved):
    edit_json(saved / 'saved_model.json', lambda d: d.update(version=2))
    _refused(saved, 'saved_model.json', 'format version 2: this agconvert reads version 1')


def test_a_missing_file_is_named(saved):
    os.remove(saved / 'graphs' / '0.json')
    _refused(saved, 'graphs/0.json', 'missing')


def test_a_graph_whose_types_lie_is_refused_by_the_checker(saved):
    def edit(data):
        _equations(data)[-1]['outputs'][0]['shape'] = [99]
    edit_json(saved / 'graphs' / '0.json', edit)
    _refused(saved, 'graphs/0.json', 'disagree with the rule')


@rt.function(input_signature=[rt.TensorSpec([None], np.float64)])
def sized(x):
    i = 0
    while i < len(x):  # a Python int carried by a graph loop; a size known when it runs
        i = i + 1
    return x * i


@pytest.mark.parametrize('params', [
    {'py_binary': {'op': "+ __import__('os').system('touch sentinel') +"}},
    {'dim': {'axis': "0] + [open('sentinel', 'w')][0"}},
])
def test_params_written_into_generated_code_cannot_carry_code(tmp_path, monkeypatch, params):
    rt.saved_model.save(sized, tmp_path / 's')
    np.testing.assert_array_equal(rt.saved_model.load(tmp_path / 's')(np.ones(3)), np.full(3, 3.0))

    def edit(data):
        graphs = [data['graph']]
        while graphs:
            for eq in graphs.pop()['equations']:
                if eq['op'] in params:
                    eq['params'].update(params[eq['op']])
                    return
                graphs += [p['graph'] for p in eq['params'].values()
                           if isinstance(p, dict) and 'graph' in p]
        raise AssertionError(f'no op of {list(params)} in the graph')
    edit_json(tmp_path / 's' / 'graphs' / '0.json', edit)
    monkeypatch.chdir(tmp_path)  # where the payloads would write
    _refused(tmp_path / 's', 'graphs/0.json', 'is not')


def test_classes_are_built_only_from_fixed_tables(saved):
    def edit(data):
        data['values'][1] = {'exception': 'os.system', 'args': ['touch sentinel']}
    edit_json(saved / 'graphs' / '0.json', edit)
    _refused(saved, 'graphs/0.json', "unknown exception 'os.system'")


def test_parameter_names_must_be_identifiers(saved):
    def edit(data):
        data['parameters'][0]['name'] = "x=__import__('os').system('touch sentinel')"
    edit_json(saved / 'graphs' / '0.json', edit)
    _refused(saved, 'graphs/0.json', 'is not a valid parameter name')


def test_attribute_names_cannot_reach_special_attributes(saved):
    def edit(data):
        data['root']['object']['__class__'] = data['root']['object']['__call__']
    edit_json(saved / 'saved_model.json', edit)
    _refused(saved, 'saved_model.json', 'is not an attribute name a saved model may set')


@rt.function(input_signature=[rt.TensorSpec([3], np.float32)])
def checked(x):
    if np.sum(x) > 100:
        raise ValueError('too big', 3)
    return x * 2


def _raise_params(data):
    """The params of the `raise` op in the graph of `checked` (inside its cond)."""
    cond, = [eq for eq in _equations(data) if eq['op'] == 'cond']
    raised, = cond['params']['true_branch']['graph']['equations']
    assert raised['op'] == 'raise'
    return raised['params']


def test_a_saved_raise_raises_the_same_exception_after_loading(tmp_path):
    rt.saved_model.save(checked, tmp_path / 'r')
    loaded = rt.saved_model.load(tmp_path / 'r')
    np.testing.assert_array_equal(loaded(np.ones(3, np.float32)), np.full(3, 2, np.float32))
    with pytest.raises(ValueError) as info:
        loaded(np.full(3, 50, np.float32))
    assert info.value.args == ('too big', 3)


@pytest.mark.parametrize('name', ['SystemExit', 'KeyboardInterrupt', 'GeneratorExit',
                                  'BaseException', 'BaseExceptionGroup'])
def test_a_loaded_graph_raises_no_exception_that_ends_the_process(tmp_path, name):
    rt.saved_model.save(checked, tmp_path / 'r')
    edit_json(tmp_path / 'r' / 'graphs' / '0.json', lambda d: _raise_params(d).update(
        exception={'exception': name, 'args': [7], 'notes': []}))
    _refused(tmp_path / 'r', 'graphs/0.json', f'unknown exception {name!r}')


def test_a_raise_op_must_hold_an_exception(tmp_path):
    rt.saved_model.save(checked, tmp_path / 'r')
    edit_json(tmp_path / 'r' / 'graphs' / '0.json',
               lambda d: _raise_params(d).update(exception=7))
    _refused(tmp_path / 'r', 'graphs/0.json', "op 'raise': exception=7 is not an exception")


@rt.function
def bump(x, y):
    x[0] = 5.0
    return x + y


@pytest.fixture
def updating(tmp_path):
    """A saved function that updates its argument `x` in place (its `mutations` field)."""
    bump(np.zeros(3, np.float32), np.ones(3, np.float32))
    rt.saved_model.save(bump, tmp_path / 'u')
    return tmp_path / 'u'


def test_an_updated_argument_is_written_back_after_loading(updating):
    x = np.zeros(3, np.float32)
    result = rt.saved_model.load(updating)(x, np.ones(3, np.float32))
    np.testing.assert_array_equal(x, [5, 0, 0])
    np.testing.assert_array_equal(result, [6, 1, 1])


@pytest.mark.parametrize('field, value, message', [
    ('kinds', [[5, True]], r'mutations.kinds: 5 names no graph input'),
    ('kinds', [[0, 1]], r'mutations.kinds: 1 is not true or false'),
    ('names', ['x'], r'mutations.names: expected the names of the graph\'s 2 inputs'),
    ('aliased', [[0, 9]], r'mutations.aliased: 9 names no graph input'),
    ('aliased', [[0]], r'mutations.aliased: expected a list of lists of 2'),
    ('inputs', [[0, 0, 'read-only']], r'mutations.inputs: 0 names no graph output'),
    ('inputs', [[True, 1, 'read-only']], r'mutations.inputs: True names no graph input'),
    ('inputs', [[0, 1, 5]], r'mutations.inputs: the message 5 is not a string'),
    ('nout', 3, r"mutations.nout: 3 is not a count of the graph's 2 outputs"),
    ('extra', 1, r'mutations: expected a dict of'),
])
def test_malformed_mutations_are_refused_when_loading(updating, field, value, message):
    edit_json(updating / 'graphs' / '0.json', lambda d: d['mutations'].update({field: value}))
    _refused(updating, 'graphs/0.json', message)


def test_results_must_come_from_the_functions_own_outputs(updating):
    edit_json(updating / 'graphs' / '0.json', lambda d: d.update(outputs={'output': 1}))
    _refused(updating, 'graphs/0.json', r"output 1 is not one of the graph's 1")


@pytest.mark.parametrize('node', [{'variable': 0}, {'list': [{'variable': 0}]},
                                  {'function': []}])
def test_call_must_be_a_function_with_traces(tmp_path, node):
    save_scaled(tmp_path / 'c')
    edit_json(tmp_path / 'c' / 'saved_model.json',
               lambda d: d['root']['object'].update(__call__=node))
    _refused(tmp_path / 'c', 'saved_model.json', 'root.__call__: .* (is not a function node|'
             'is not a list of trace indices)')


def test_a_type_mismatch_names_the_byte_order(saved):
    big_endian = np.arange(6, dtype='>f4').reshape(2, 3)
    edit_json(saved / 'saved_model.json', lambda d: d['variables'][0].update(dtype='>f4'))
    np.save(saved / 'variables' / '0.npy', big_endian)
    _refused(saved, 'graphs/0.json', r'is declared ref\{<f4\[2,3\]\}, but variable 0 holds '
             r'ref\{>f4\[2,3\]\}')


def _graphs(graph):
    """`graph` and the graphs nested in its ops' params, outermost first."""
    yield graph
    for eq in graph['equations']:
        for param in eq['params'].values():
            if isinstance(param, dict) and 'graph' in param:
                yield from _graphs(param['graph'])


def test_a_type_mismatch_names_the_weak_flag(saved):
    def edit(data):
        held = next(g for g in _graphs(data['graph']) if g['resources'])
        held['resources'][0]['ref']['weak'] = True
    edit_json(saved / 'graphs' / '0.json', edit)
    _refused(saved, 'graphs/0.json', r'is declared ref\{<f4\[2,3\] weak\}, but variable 0 '
             r'holds ref\{<f4\[2,3\]\}')


def test_a_signature_mismatch_names_the_weak_flag(saved):
    edit_json(saved / 'graphs' / '0.json',
               lambda d: d['graph']['inputs'][0].update(weak=True))
    _refused(saved, 'graphs/0.json', r'takes <f4\[4,3\] weak as input 0, its signature gives '
             r'<f4\[4,3\]')
