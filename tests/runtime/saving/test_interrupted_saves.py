"""Saves killed at any moment: the target then holds the previous save or the new one (at once, or
after the next load or save moves the previous one back), and that load or save leaves no debris.

A forked child saves and exits (as SIGKILL would: nothing more runs) at its n-th file-system step,
for every n until a save completes; a few saves are also killed for real with SIGKILL."""
import builtins
import itertools
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import runtime as rt

KILLED = 9
ROOT = Path(__file__).resolve().parents[3]
value = rt.Variable(np.float64(1.0), name='value')
read = rt.function(lambda: value.read_value())
read()


class Holder:
    def __init__(self, start):
        self.value = rt.Variable(np.float64(start), name='value')


def _save_model(path):
    rt.saved_model.save(read, path)


def _load_model(path):
    return float(rt.saved_model.load(path)())


def _save_checkpoint(path):
    rt.train.Checkpoint(model=Holder(value.numpy())).write(str(path))


def _load_checkpoint(path):
    holder = Holder(0.0)
    rt.train.Checkpoint(model=holder).restore(str(path)).assert_consumed()
    return float(holder.value.numpy())


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch):
    """A killed process loses nothing it wrote (only a power cut would): skip the slow flushes."""
    monkeypatch.setattr(os, 'fsync', lambda fd: None)


KINDS = {'saved_model': (_save_model, _load_model),
         'checkpoint': (_save_checkpoint, _load_checkpoint)}


def _stop_at(step, writing):
    """Make the `step`-th file-system change of this (child) process end it before the
    change is made."""
    count = itertools.count(1)

    def wrap(owner, name, counts=lambda *args, **kwargs: True):
        original = getattr(owner, name)

        def counted(*args, **kwargs):
            if counts(*args, **kwargs) and next(count) == step:
                os._exit(KILLED)
            return original(*args, **kwargs)
        setattr(owner, name, counted)
    for name in ('mkdir', 'rename', 'unlink', 'rmdir'):
        wrap(os, name)
    wrap(builtins, 'open', lambda file, mode='r', *args, **kwargs: set(mode) & set('wxa+'))
    if writing is not None:
        wrap(writing, '_exchange')  # renameat2, called through ctypes


def _save_in_child(save, path, step, exchange):
    """Save the value 2.0 at `path` in a forked child stopped at `step`; its exit code."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            writing = sys.modules.get('runtime.saving.writing')
            if not exchange and writing is not None:
                writing._exchange = lambda first, second: False
            _stop_at(step, writing)
            value.assign(2.0)
            save(path)
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize('exchange', [True, False], ids=['exchange', 'two renames'])
@pytest.mark.parametrize('kind', KINDS)
def test_a_save_killed_at_any_step_leaves_a_loadable_target_and_no_debris(
        tmp_path, kind, exchange):
    save, load = KINDS[kind]
    value.assign(1.0)
    gaps = 0
    for step in itertools.count(1):
        folder = tmp_path / str(step)
        save(folder / 'target')
        code = _save_in_child(save, folder / 'target', step, exchange)
        assert code in (0, KILLED)
        gaps += not (folder / 'target').exists()
        copy = tmp_path / f'{step}-copy'
        shutil.copytree(folder, copy, symlinks=True)
        # the next load restores the previous save if the kill left only it, and cleans up
        loaded = load(folder / 'target')
        assert loaded == 2.0 if code == 0 else loaded in (1.0, 2.0)
        assert os.listdir(folder) == ['target']
        # so does the next save
        value.assign(3.0)
        save(copy / 'target')
        value.assign(1.0)
        assert os.listdir(copy) == ['target'] and load(copy / 'target') == 3.0
        if code == 0:
            break
    assert step > 10  # every step of a save was interrupted once
    writing = sys.modules.get('runtime.saving.writing')  # imported by the saves
    exchanges = exchange and getattr(writing, '_RENAMEAT2', None) is not None  # Linux: renameat2
    assert gaps == (0 if exchanges else 1)  # two renames leave one moment without a target


def test_a_kill_between_the_two_renames_is_undone_by_the_next_load(tmp_path):
    target = tmp_path / 'model'
    value.assign(1.0)
    _save_model(target)
    for step in itertools.count(1):
        assert _save_in_child(_save_model, target, step, exchange=False) == KILLED
        if not target.exists():
            break
    aside, = (p for p in tmp_path.iterdir() if p.name.startswith('.replaced-'))
    assert (aside / 'model' / 'saved_model.json').is_file()
    assert _load_model(target) == 1.0
    assert os.listdir(tmp_path) == ['model']


def test_debris_of_live_processes_is_left_alone(tmp_path):
    from runtime.saving import debris
    value.assign(1.0)
    _save_model(tmp_path / 'model')
    finished = subprocess.run([sys.executable, '-c', 'pass'], check=True)
    assert finished.returncode == 0
    dead = subprocess.Popen([sys.executable, '-c', 'pass'])
    dead.wait()
    live = os.getppid()
    names = [f'.saving-{live}-abcdefgh', f'.replaced-{live}-abcdefgh', f'.saving-{dead.pid}-12345678',
             f'.replaced-{dead.pid}-12345678', f'.saving-{os.getpid()}-zzzzzzzz']
    for name in names:
        (tmp_path / name / 'model').mkdir(parents=True)
    in_use = debris.make(str(tmp_path), 'saving')  # as a save in another thread of this process
    try:
        _load_model(tmp_path / 'model')
        left = sorted(os.listdir(tmp_path))
    finally:
        debris.release(in_use)
    assert left == sorted([*names[:2], os.path.basename(in_use), 'model'])


def test_a_load_restores_the_previous_save_of_another_model_of_the_folder(tmp_path):
    value.assign(1.0)
    _save_model(tmp_path / 'a')
    _save_model(tmp_path / 'b')
    aside = tmp_path / '.replaced-999999999-abcdefgh'
    aside.mkdir()
    os.rename(tmp_path / 'b', aside / 'b')  # a save of b killed between its renames
    _load_model(tmp_path / 'a')
    assert sorted(os.listdir(tmp_path)) == ['a', 'b'] and _load_model(tmp_path / 'b') == 1.0


SAVING_LOOP = '''
import sys
import threading
import time
import numpy as np
import runtime as rt
value = rt.Variable(np.float64(0.0), name='value')
read = rt.function(lambda: value.read_value())
read()
class Holder:
    pass
holder = Holder()
holder.value = value
checkpoint = rt.train.Checkpoint(model=holder)
for i in range(1, 10 ** 6):
    value.assign(float(i))
    rt.saved_model.save(read, sys.argv[1] + '/model')
    checkpoint.write(sys.argv[1] + '/ckpt')
    if i == 1:
        print('saved', flush=True)
'''


def test_saves_killed_with_sigkill_leave_the_last_save_and_no_debris(tmp_path):
    randomness = random.Random(20)
    for _ in range(2):
        child = subprocess.Popen([sys.executable, '-c', SAVING_LOOP, str(tmp_path)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline() == 'saved\n'
        time.sleep(randomness.uniform(0.02, 0.2))  # the child saves all the while
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        loaded = _load_model(tmp_path / 'model')
        assert loaded >= 1 and loaded == int(loaded)
        assert _load_checkpoint(tmp_path / 'ckpt') in (loaded, loaded - 1)
        assert sorted(os.listdir(tmp_path)) == ['ckpt', 'model']


def test_concurrent_saves_and_loads_of_one_target(tmp_path):
    """Threads of one process save the same target while another loads it: every save and load
    succeeds (the target is exchanged, never missing), and nothing is left beside it."""
    target, errors, loads = tmp_path / 'model', [], []
    value.assign(1.0)
    _save_model(target)
    writing = sys.modules.get('runtime.saving.writing')  # imported by the save

    def saving():
        try:
            for _ in range(8):
                _save_model(target)
        except Exception as e:  # reported below: a thread's exception is otherwise lost
            errors.append(e)

    def loading():
        try:
            while True:
                saving_still = any(thread.is_alive() for thread in savers)
                loads.append(_load_model(target))
                if not saving_still:
                    break
        except Exception as e:
            errors.append(e)
    savers = [threading.Thread(target=saving) for _ in range(3)]
    loader = threading.Thread(target=loading)
    for thread in (*savers, loader):
        thread.start()
    for thread in (*savers, loader):
        thread.join()
    assert errors == [] or getattr(writing, '_RENAMEAT2', None) is None and all(
        isinstance(e, rt.saved_model.SavedModelError) for e in errors)
    assert len(loads) > 1 and set(loads) <= {1.0} and _load_model(target) == 1.0
    assert os.listdir(tmp_path) == ['model']
