"""What a load holds is bounded by what the saved directory holds on disk: each file read once,
sizes checked in Python integers, sparse files and oversized structures refused by name."""
import collections
import os
import tracemalloc

import numpy as np
import pytest
from numpy.lib import format as npy_format
from saved_files import edit_json, refused, save_scaled

import runtime as rt
from runtime.saving.reading import MAX_NAMEDTUPLE_FIELDS, MAX_NAMEDTUPLE_TYPES

SIZE = 1 << 17  # a 512 KB float32 constant


@rt.function(input_signature=[rt.TensorSpec([SIZE], np.float32)])
def shifted(x):
    return x + np.arange(SIZE, dtype=np.float32)  # folded into a constant: constants/0.npy


@pytest.fixture
def saved(tmp_path):
    rt.saved_model.save(shifted, tmp_path / 'm')
    return tmp_path / 'm'



def _directory_bytes(directory):
    return sum(os.path.getsize(os.path.join(root, name))
               for root, _, names in os.walk(directory) for name in names)


def _peak_bytes_of_load(directory):
    tracemalloc.start()
    try:
        loaded = rt.saved_model.load(directory)
        return tracemalloc.get_traced_memory()[1], loaded
    finally:
        tracemalloc.stop()



def test_loading_takes_about_what_the_directory_holds(saved):
    peak, loaded = _peak_bytes_of_load(saved)
    assert peak < 3 * _directory_bytes(saved), (peak, _directory_bytes(saved))
    x = np.ones(SIZE, np.float32)
    np.testing.assert_array_equal(loaded(x), shifted(x))


def test_constants_naming_one_file_share_one_read_only_array(saved):
    def edit(data):
        constant, = data['graph']['constants']
        data['graph']['constants'] += [dict(constant, name=f'copy{i}') for i in range(200)]
    edit_json(saved / 'graphs' / '0.json', edit)
    peak, loaded = _peak_bytes_of_load(saved)
    assert peak < 3 * _directory_bytes(saved), (peak, _directory_bytes(saved))
    values = [value for _, value in loaded.__call__.concrete_functions[0].graph.consts]
    assert len(values) == 201 and all(v is values[0] for v in values)
    assert not values[0].flags.writeable
    x = np.ones(SIZE, np.float32)
    np.testing.assert_array_equal(loaded(x), shifted(x))


def test_a_constant_file_declared_twice_differently_isrefused(saved):
    def edit(data):
        constant, = data['graph']['constants']
        value = dict(constant['value'], shape=[SIZE // 2, 2])
        data['graph']['constants'].append(dict(constant, name='other', shape=[SIZE // 2, 2],
                                               value=value))
    edit_json(saved / 'graphs' / '0.json', edit)
    refused(saved, 'graphs/0.json', r'constants/0.npy is declared float32\[65536, 2\] here, '
             r'float32\[131072\] where it was first read')


def test_a_graph_file_named_by_many_functions_is_read_once(saved):
    def edit(data):
        data['functions'] = data['functions'] * 300
        data['root']['object']['__call__'] = {'function': list(range(300))}
    edit_json(saved / 'saved_model.json', edit)
    _, loaded = _peak_bytes_of_load(saved)
    traces = loaded.__call__.concrete_functions
    assert len(traces) == 300 and all(t is traces[0] for t in traces)


def test_a_variable_file_can_be_the_file_of_one_variable_only(tmp_path):
    save_scaled(tmp_path / 'v')
    edit_json(tmp_path / 'v' / 'saved_model.json',
               lambda d: d['variables'].append(dict(d['variables'][0], name='again')))
    refused(tmp_path / 'v', 'saved_model.json', 'variables/0.npy is the file of two variables')


def test_a_constant_must_be_a_file_of_the_constants_folder(saved):
    def edit(data):
        data['graph']['constants'][0]['value']['npy'] = 'variables/0.npy'
    edit_json(saved / 'graphs' / '0.json', edit)
    refused(saved, 'graphs/0.json', "'variables/0.npy' is not one of constants/")


def _sparse_npy(path, shape, dtype='<f4'):
    """A .npy file whose header declares `shape`, its data a hole (read as zeros)."""
    with open(path, 'wb') as f:
        npy_format.write_array_header_1_0(f, {'descr': dtype, 'fortran_order': False,
                                              'shape': shape})
        header = f.tell()
    os.truncate(path, header + np.dtype(dtype).itemsize * int(np.prod(shape, dtype=object)))


def test_a_sparse_npy_file_is_refused_before_it_is_read(saved):
    shape = (1 << 31,)  # 8 GiB declared, a few KB on disk
    _sparse_npy(saved / 'constants' / '0.npy', shape)
    edit_json(saved / 'graphs' / '0.json', lambda d: d['graph']['constants'][0].update(
        shape=list(shape), value=dict(d['graph']['constants'][0]['value'], shape=list(shape))))
    assert os.stat(saved / 'constants' / '0.npy').st_blocks * 512 < 1 << 20
    refused(saved, 'constants/0.npy', r'8589934720 bytes long but only \d+ stored: a sparse '
             'file')


def test_a_sparse_json_file_is_refused_before_it_is_read(saved):
    path = saved / 'graphs' / '0.json'
    os.truncate(path, 1 << 30)  # the graph, then a 1 GiB hole
    refused(saved, 'graphs/0.json', 'a sparse file')


def test_a_header_size_that_wraps_in_int64_isrefused(saved):
    shape = [1 << 62, 4]  # numpy's product of these is 0, and so would be the size check's
    with open(saved / 'constants' / '0.npy', 'wb') as f:
        npy_format.write_array_header_1_0(f, {'descr': '<f4', 'fortran_order': False,
                                              'shape': tuple(shape)})
    edit_json(saved / 'graphs' / '0.json', lambda d: d['graph']['constants'][0].update(
        shape=shape, value=dict(d['graph']['constants'][0]['value'], shape=shape)))
    refused(saved, 'constants/0.npy', r'128 bytes where its header needs '
             f'{128 + 4 * 4 * (1 << 62)}')


Pair = collections.namedtuple('Pair', ['low', 'high'])


@rt.function
def split(x):
    return Pair(x - 1, x + 1)


@pytest.fixture
def pairs(tmp_path):
    """A saved function with two traces, each giving a namedtuple."""
    split(np.ones(2))
    split(np.ones(3))
    rt.saved_model.save(split, tmp_path / 'p')
    return tmp_path / 'p'


def test_a_namedtuple_type_is_made_once_per_load(pairs):
    loaded = rt.saved_model.load(pairs)
    two, three = loaded(np.ones(2)), loaded(np.ones(3))
    assert type(two) is type(three) and type(two).__name__ == 'Pair'
    np.testing.assert_array_equal(three.high, np.full(3, 2.0))


def test_a_namedtuple_with_too_many_fields_isrefused(pairs):
    fields = [f'f{i}' for i in range(MAX_NAMEDTUPLE_FIELDS + 1)]
    edit_json(pairs / 'graphs' / '0.json', lambda d: d['outputs'].update(
        fields=fields, items=[{'output': 0}] * len(fields)))
    refused(pairs, 'graphs/0.json', f"namedtuple 'Pair' has {len(fields)} fields, more than "
             f'the {MAX_NAMEDTUPLE_FIELDS}')


def test_too_many_namedtuple_types_arerefused(pairs):
    edit_json(pairs / 'graphs' / '0.json', lambda d: d.update(outputs=[
        {'namedtuple': f'T{i}', 'fields': ['a'], 'items': [{'output': 0}]}
        for i in range(MAX_NAMEDTUPLE_TYPES + 1)]))
    refused(pairs, 'graphs/0.json', f'more than {MAX_NAMEDTUPLE_TYPES} namedtuple types')


def test_namedtuple_fields_must_be_strings(pairs):
    edit_json(pairs / 'graphs' / '0.json', lambda d: d['outputs'].update(fields=['low', 7]))
    refused(pairs, 'graphs/0.json', "namedtuple 'Pair': its name and fields must be strings")


def test_a_trace_named_many_times_has_its_graph_walked_once(saved, monkeypatch):
    from runtime.saving import loaded as loaded_module
    walked = []
    real = loaded_module.sub_graphs
    monkeypatch.setattr(loaded_module, 'sub_graphs', lambda params: walked.append(1) or
                        real(params))
    edit_json(saved / 'saved_model.json', lambda d: d['root']['object'].update(
        __call__={'function': [0] * 50_000}, again={'function': [0] * 50_000}))
    loaded = rt.saved_model.load(saved)
    assert len(walked) == len(loaded.__call__.concrete_functions[0].graph.equations)
    assert loaded.variables == []
