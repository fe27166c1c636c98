"""Checkpoints restore all or nothing: a malformed index or a value that does not fit its variable
raises CheckpointError naming the file or the variable, and no variable has changed."""
import json

import numpy as np
import pytest

import runtime as rt
from runtime.saving.files import SavedModelError


class Holder:
    """Two variables, restored in this order: `first`, then `second`."""

    def __init__(self, first, second):
        self.first = rt.Variable(first, name='first')
        self.second = rt.Variable(second, name='second')


def _saved(tmp_path, first, second, counter=3):
    checkpoint = rt.train.Checkpoint(model=Holder(first, second))
    checkpoint.save_counter = counter - 1
    return checkpoint.save(str(tmp_path / 'ckpt'))


def _untouched(holder, checkpoint, path, message):
    """Restoring `path` is refused with `message` and changes neither variable nor the counter."""
    before = holder.first.numpy(), holder.second.numpy()
    with pytest.raises(rt.train.CheckpointError, match=message) as info:
        checkpoint.restore(path)
    np.testing.assert_array_equal(holder.first.numpy(), before[0])
    np.testing.assert_array_equal(holder.second.numpy(), before[1])
    assert checkpoint.save_counter == 0
    return str(info.value)


def _fresh(second=None):
    """A holder of zeros (float32[2] and `second`, int64 0 by default) and its checkpoint."""
    holder = Holder(np.zeros(2, np.float32), np.int64(0) if second is None else second)
    return holder, rt.train.Checkpoint(model=holder)


def _edit_index(path, edit):
    index = f'{path}/checkpoint.json'
    with open(index) as f:
        text = f.read()
    with open(index, 'w') as f:
        f.write(edit(text))


def _edit_json(edit):
    def text_edit(text):
        data = json.loads(text)
        edit(data)
        return json.dumps(data)
    return text_edit


def _drop(key):
    return _edit_json(lambda data: data['variables'][1].pop(key))


@pytest.mark.parametrize('edit, message', [
    (_edit_json(lambda d: d.update(save_counter='x')), "save_counter 'x' is not a count"),
    (_edit_json(lambda d: d.update(save_counter=float('inf'))), 'save_counter inf is not a count'),
    (_edit_json(lambda d: d.update(save_counter=2 ** 70)), 'save_counter 1180591620717411303424'),
    (_edit_json(lambda d: d.update(save_counter=True)), 'save_counter True is not a count'),
    (lambda text: text.replace('"save_counter": 3', '"save_counter": ' + '9' * 5000),
     'not readable JSON'),
    (_drop('dtype'), r"variables\[1\] has no 'dtype'"),
    (_drop('file'), r"variables\[1\] has no 'file'"),
    (_drop('shape'), r"variables\[1\] has no 'shape'"),
    (_edit_json(lambda d: d['variables'][1].update(shape=[1.5])), 'is not a list of sizes'),
    (_edit_json(lambda d: d['variables'][1].update(dtype='object')), 'not a dtype this format'),
    (_edit_json(lambda d: d['variables'][1].update(file='graphs/0.json')),
     'is not variables/N.npy'),
    (_edit_json(lambda d: d['variables'].append(d['variables'][0])), 'listed twice'),
    (_edit_json(lambda d: d.update(variables={'a': 1})), "'variables' is missing or not a list"),
    (_edit_json(lambda d: d['variables'].__setitem__(1, 'x')), r"variables\[1\] is not an object"),
])
def test_a_malformed_index_changes_no_variable(tmp_path, edit, message):
    path = _saved(tmp_path, np.ones(2, np.float32), np.int64(7))
    _edit_index(path, edit)
    holder, checkpoint = _fresh()
    text = _untouched(holder, checkpoint, path, message)
    assert 'checkpoint.json' in text, text


def test_a_missing_variable_file_changes_no_variable(tmp_path):
    path = _saved(tmp_path, np.ones(2, np.float32), np.int64(7))
    (tmp_path / 'ckpt-3' / 'variables' / '1.npy').unlink()
    holder, checkpoint = _fresh()
    assert 'variables/1.npy: missing' in _untouched(holder, checkpoint, path, 'missing')


@pytest.mark.parametrize('saved, variable, message', [
    (np.int64(2 ** 40 + 1), np.float32(0), r'saved value 1099511627777 at index \(\) would become '
                                           r'1099511627776\.0'),
    (np.array([0.5, 0.1]), np.zeros(2, np.float32), r'saved value 0\.1 at index \(1,\)'),
    (np.array([5, 2 ** 64 - 1], np.uint64), np.zeros(2, np.int64),
     r'saved value 18446744073709551615 at index \(1,\) would become -1'),
    (np.int64(300), np.int8(0), 'saved value 300'),
    (np.float64(1e300), np.float32(0), r'would become inf'),
    (np.array([True, False]), np.zeros(2, np.float32), 'truth values and numbers'),
    (np.complex128(1 + 2j), np.float64(0), "'same_kind' casting refuses that"),
    (np.float64(2.5), np.int64(0), "'same_kind' casting refuses that"),
])
def test_a_value_that_does_not_fit_its_variable_changes_no_variable(
        tmp_path, saved, variable, message):
    path = _saved(tmp_path, np.ones(2, np.float32), saved)
    holder, checkpoint = _fresh(second=variable)
    text = _untouched(holder, checkpoint, path, message)
    assert 'model.second was saved as' in text and 'ckpt-3' in text, text


@pytest.mark.parametrize('saved, variable', [
    (np.array([3, -4]), np.zeros(2, np.float32)),
    (np.array([0.5, np.nan, -np.inf]), np.zeros(3, np.float32)),
    (np.int64(100), np.int8(0)),
    (np.float32(0.1), np.float64(0)),
    (np.float64(2.0), np.complex64(0)),
])
def test_a_value_that_casts_exactly_is_restored(tmp_path, saved, variable):
    path = _saved(tmp_path, np.ones(2, np.float32), saved)
    holder, checkpoint = _fresh(second=variable)
    checkpoint.restore(path).assert_consumed()
    assert holder.second.dtype == np.asarray(variable).dtype
    np.testing.assert_array_equal(holder.second.numpy(), np.asarray(saved).astype(holder.second.dtype))
    np.testing.assert_array_equal(holder.first.numpy(), np.ones(2, np.float32))
    assert checkpoint.save_counter == 3


def test_checkpoint_errors_are_saved_model_errors(tmp_path):
    with pytest.raises(SavedModelError, match='not a directory'):
        rt.train.Checkpoint(model=Holder(np.float32(0), np.int64(0))).restore(str(tmp_path / 'no'))
    with pytest.raises(rt.train.CheckpointError, match='not a directory'):
        rt.train.Checkpoint(model=Holder(np.float32(0), np.int64(0))).restore(str(tmp_path / 'no'))


def test_latest_checkpoint_skips_what_saves_work_in(tmp_path):
    path = _saved(tmp_path, np.ones(2, np.float32), np.int64(7))
    for debris in ('.saving-12-45678901', '.saving-12345678', '.replaced-1-99999999'):
        (tmp_path / debris).mkdir()
        (tmp_path / debris / 'checkpoint.json').write_text('{}')
    assert rt.train.latest_checkpoint(str(tmp_path)) == path
