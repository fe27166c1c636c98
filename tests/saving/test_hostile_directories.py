"""Broken and malicious saved-model directories: each refused with an error naming the file, and
no code from the directory runs (a sentinel file a payload would create stays absent)."""
import json
import os
import pickle

import numpy as np
import pytest

import runtime as rt
from runtime.saving.files import SavedModelError

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


def _edit_json(path, edit):
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def _refused(directory, file_part, message):
    with pytest.raises(SavedModelError, match=message) as info:
        rt.saved_model.load(directory)
    assert file_part in str(info.value), info.value
    assert 'Traceback' not in str(info.value)
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
    _edit_json(saved / 'saved_model.json', lambda d: d['functions'][0].update(file=name))
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
    _edit_json(saved / 'saved_model.json', edit)
    np.save(saved / 'variables' / '0.npy', np.zeros((3, 2), np.float32))
    _refused(saved, 'graphs/0.json', 'is declared ref')


def test_a_truncated_npy_file_is_refused(saved):
    data = (saved / 'variables' / '0.npy').read_bytes()
    (saved / 'variables' / '0.npy').write_bytes(data[:-5])
    _refused(saved, 'variables/0.npy', 'truncated or damaged')


def test_unknown_op_names_are_refused(saved):
    _edit_json(saved / 'graphs' / '0.json', lambda d: _equations(d)[0].update(op='os.system'))
    _refused(saved, 'graphs/0.json', "unknown op 'os.system': only registered ops")


def test_py_function_is_refused_when_loading_too(saved):
    _edit_json(saved / 'graphs' / '0.json', lambda d: _equations(d)[0].update(op='py_function'))
    _refused(saved, 'graphs/0.json', "unknown op 'py_function'")


def test_truncated_json_is_refused(saved):
    text = (saved / 'graphs' / '0.json').read_text()
    (saved / 'graphs' / '0.json').write_text(text[:len(text) // 2])
    _refused(saved, 'graphs/0.json', r'not valid JSON \(line 1, column \d+')


def test_a_future_format_version_is_refused(saved):
    _edit_json(saved / 'saved_model.json', lambda d: d.update(version=2))
    _refused(saved, 'saved_model.json', 'format version 2: this agconvert reads version 1')


def test_a_missing_file_is_named(saved):
    os.remove(saved / 'graphs' / '0.json')
    _refused(saved, 'graphs/0.json', 'missing')


def test_a_graph_whose_types_lie_is_refused_by_the_checker(saved):
    def edit(data):
        _equations(data)[-1]['outputs'][0]['shape'] = [99]
    _edit_json(saved / 'graphs' / '0.json', edit)
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
    _edit_json(tmp_path / 's' / 'graphs' / '0.json', edit)
    monkeypatch.chdir(tmp_path)  # where the payloads would write
    _refused(tmp_path / 's', 'graphs/0.json', 'is not')


def test_classes_are_built_only_from_fixed_tables(saved):
    def edit(data):
        data['values'][1] = {'exception': 'os.system', 'args': ['touch sentinel']}
    _edit_json(saved / 'graphs' / '0.json', edit)
    _refused(saved, 'graphs/0.json', "unknown exception 'os.system'")


def test_parameter_names_must_be_identifiers(saved):
    def edit(data):
        data['parameters'][0]['name'] = "x=__import__('os').system('touch sentinel')"
    _edit_json(saved / 'graphs' / '0.json', edit)
    _refused(saved, 'graphs/0.json', 'is not a valid parameter name')


def test_attribute_names_cannot_reach_special_attributes(saved):
    def edit(data):
        data['root']['object']['__class__'] = data['root']['object']['__call__']
    _edit_json(saved / 'saved_model.json', edit)
    _refused(saved, 'saved_model.json', 'is not an attribute name a saved model may set')
