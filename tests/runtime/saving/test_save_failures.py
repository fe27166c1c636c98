"""Saves that fail (disk full, no permission) raise SavedModelError naming the target and the cause,
keep the previous save, and leave nothing beside it. The failures are simulated at the system call
(the tests may run as root, whom permissions do not stop)."""
import builtins
import ctypes
import errno
import io
import os
import sys

import numpy as np
import pytest

import runtime as rt
from runtime.saving.files import SavedModelError

value = rt.Variable(np.arange(10000, dtype=np.float64), name='value')
total = rt.function(lambda: np.sum(value))
total()


def _saved(folder):
    """A first save at `folder/model` of the sum 49995000; then the value changes to ones."""
    value.assign(np.arange(10000, dtype=np.float64))
    rt.saved_model.save(total, folder / 'model')
    value.assign(np.ones(10000))
    return folder / 'model'


def _previous_save_kept(target):
    assert rt.saved_model.load(target)() == 49995000
    assert os.listdir(target.parent) == [target.name]  # no .saving-*, no .replaced-*


class _FullDisk:
    """A file opened for writing on a disk with `room` bytes left (shared by all files)."""
    room = 0

    def __init__(self, file):
        self.file = file

    def write(self, data):
        size = memoryview(data).nbytes
        if size > _FullDisk.room:
            _FullDisk.room = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        _FullDisk.room -= size
        return self.file.write(data)

    def __getattr__(self, name):
        return getattr(self.file, name)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.file.close()


def _full_disk(monkeypatch):
    """Files opened for writing from now on share 2000 bytes of room."""
    real_open = builtins.open

    def open_on_full_disk(file, mode='r', *args, **kwargs):
        opened = real_open(file, mode, *args, **kwargs)
        return _FullDisk(opened) if set(mode) & set('wxa+') else opened
    _FullDisk.room = 2000
    monkeypatch.setattr(builtins, 'open', open_on_full_disk)


def test_a_full_disk_is_named_with_the_target(tmp_path, monkeypatch):
    target = _saved(tmp_path)
    _full_disk(monkeypatch)
    with pytest.raises(SavedModelError) as info:
        rt.saved_model.save(total, target)
    monkeypatch.undo()
    message = str(info.value)
    assert str(target) in message and 'No space left on device (ENOSPC)' in message, message
    assert 'writing variables/0.npy' in message, message
    _previous_save_kept(target)


def test_a_full_disk_while_checkpointing_keeps_the_save_counter(tmp_path, monkeypatch):
    _full_disk(monkeypatch)
    checkpoint = rt.train.Checkpoint(value=value)
    with pytest.raises(rt.train.CheckpointError, match='No space left on device') as info:
        checkpoint.save(str(tmp_path / 'ckpt'))
    assert str(tmp_path / 'ckpt-1') in str(info.value)
    assert checkpoint.save_counter == 0 and os.listdir(tmp_path) == []
    _FullDisk.room = 10 ** 6
    assert checkpoint.save(str(tmp_path / 'ckpt')) == str(tmp_path / 'ckpt-1')


def test_a_read_only_folder_is_named_with_the_target(tmp_path, monkeypatch):
    folder = tmp_path / 'read-only'
    folder.mkdir()
    real_mkdir = os.mkdir

    def mkdir(path, *args, **kwargs):
        if os.path.dirname(os.fspath(path)) == str(folder):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_mkdir(path, *args, **kwargs)
    monkeypatch.setattr(os, 'mkdir', mkdir)
    with pytest.raises(SavedModelError) as info:
        rt.saved_model.save(total, folder / 'model')
    message = str(info.value)
    assert message.startswith(f'{folder / "model"}: not saved') and 'Permission denied' in message
    assert os.listdir(folder) == []


def test_a_read_only_save_directory_is_not_replaced(tmp_path, monkeypatch):
    target = _saved(tmp_path)
    real_access = os.access
    monkeypatch.setattr(os, 'access', lambda path, mode, **kwargs: (
        False if os.fspath(path) == str(target / 'variables') and mode & os.W_OK
        else real_access(path, mode, **kwargs)))
    with pytest.raises(SavedModelError, match='variables is read-only') as info:
        rt.saved_model.save(total, target)
    assert str(info.value).startswith(f'{target}: not saved')
    monkeypatch.undo()
    _previous_save_kept(target)


def test_no_permission_to_exchange_keeps_the_previous_save(tmp_path, monkeypatch):
    from runtime.saving import writing
    target = _saved(tmp_path)

    def renameat2(dir_fd, first, second_fd, second, flags):
        ctypes.set_errno(errno.EACCES)
        return -1
    monkeypatch.setattr(writing, '_RENAMEAT2', renameat2)
    with pytest.raises(SavedModelError, match='moving the new directory into place failed: '
                                              r'Permission denied \(EACCES\)') as info:
        rt.saved_model.save(total, target)
    assert str(target) in str(info.value)
    _previous_save_kept(target)


@pytest.mark.parametrize('which', ['the previous save aside', 'the new one into place'])
def test_no_permission_to_rename_keeps_the_previous_save(tmp_path, monkeypatch, which):
    target = _saved(tmp_path)
    writing = sys.modules.get('runtime.saving.writing')  # imported by the save
    real_rename = os.rename

    def rename(first, second, **kwargs):
        moving = os.fspath(second if which == 'the new one into place' else first)
        if moving == str(target) and '.replaced-' not in os.fspath(first):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), first)
        return real_rename(first, second, **kwargs)
    if writing is not None:  # renameat2 would need no rename
        monkeypatch.setattr(writing, '_exchange', lambda first, second: False)
    monkeypatch.setattr(os, 'rename', rename)
    with pytest.raises(SavedModelError, match=r'Permission denied \(EACCES\); the previous save '
                                              'there \\(if any\\) is unchanged') as info:
        rt.saved_model.save(total, target)
    assert str(target) in str(info.value)
    monkeypatch.undo()
    _previous_save_kept(target)


@pytest.mark.parametrize('array', [
    np.arange(12, dtype=np.float32).reshape(3, 4), np.float64(2.5), np.array([True, False]),
    np.array(['ab', 'c']), np.arange(6, dtype='>i4'), np.arange(12.0).reshape(3, 4).T,
    np.zeros((0, 3), np.complex64), np.arange(10, dtype=np.int8)[::3]])
def test_arrays_are_written_as_np_save_writes_them(tmp_path, array):
    from runtime.saving import writing
    expected = io.BytesIO()
    np.save(expected, array, allow_pickle=False)
    writing._write_file(str(tmp_path / 'a.npy'), array)
    written = np.load(tmp_path / 'a.npy')
    assert written.dtype == array.dtype and np.array_equal(written, array)
    if array.flags.c_contiguous:  # np.save writes other layouts as they are; the writer in C order
        assert (tmp_path / 'a.npy').read_bytes() == expected.getvalue()


def test_a_previous_save_that_cannot_be_moved_back_is_restored_by_the_next_load(
        tmp_path, monkeypatch):
    target = _saved(tmp_path)
    writing = sys.modules.get('runtime.saving.writing')  # imported by the save
    real_rename = os.rename

    def rename(first, second, **kwargs):
        if os.fspath(second) == str(target):  # neither the new save nor the previous one
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), first)
        return real_rename(first, second, **kwargs)
    if writing is not None:
        monkeypatch.setattr(writing, '_exchange', lambda first, second: False)
    monkeypatch.setattr(os, 'rename', rename)
    with pytest.raises(SavedModelError, match='the previous save was left beside it; the next '
                                              'save or load there moves it back'):
        rt.saved_model.save(total, target)
    monkeypatch.undo()
    assert not target.exists()
    _previous_save_kept(target)


def test_an_unreadable_save_directory_is_named(tmp_path, monkeypatch):
    target = _saved(tmp_path)
    real_listdir = os.listdir

    def listdir(path='.'):
        if os.fspath(path) == str(target):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_listdir(path)
    monkeypatch.setattr(os, 'listdir', listdir)
    with pytest.raises(SavedModelError, match='reading the directory there failed: Permission '
                                              r'denied \(EACCES\)') as info:
        rt.saved_model.save(total, target)
    assert str(info.value).startswith(f'{target}: not saved')
    monkeypatch.undo()
    _previous_save_kept(target)
