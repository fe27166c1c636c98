"""SIGINT and SIGTERM, sent for real at random moments: no temporary file, no worker left behind."""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autograph_cli import api, interrupts

AGCONVERT = Path(sys.executable).with_name('agconvert')
GOOD = 'def f(x):\n    while x > 1:\n        if x % 2:\n            x = 3 * x + 1\n        x = x // 2\n    return x\n'
DATA = b'x = 1\n' * 50_000  # big enough that a signal often lands while it is written


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def write_until_stopped(cli_handlers):
    """Child process: write files atomically, over and over, until a signal ends it."""
    try:
        if cli_handlers:
            interrupts.stop_on_signals()
        os.write(1, b'ready')
        for i in range(10_000):
            api.write_atomic(f'out/f{i % 3}.py', DATA)
    except KeyboardInterrupt:
        os._exit(130)
    finally:
        os._exit(0)


@pytest.mark.parametrize('cli_handlers', [True, False])
def test_sigterm_during_writes_leaves_the_old_file_or_the_new_and_no_temp_file(cli_handlers):
    """With the CLI's handlers, and with none (SIGTERM's default action ends the process)."""
    signum = signal.SIGTERM
    os.mkdir('out')
    rng = random.Random(cli_handlers)
    for _ in range(25):
        ready, done = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.dup2(done, 1)
            write_until_stopped(cli_handlers)
        os.close(done)
        os.read(ready, 5)
        os.close(ready)
        time.sleep(rng.uniform(0, 0.004))
        os.kill(pid, signum)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) or os.WEXITSTATUS(status) == 130
        assert not [name for name in os.listdir('out') if name.endswith('.tmp')]
        assert all(path.read_bytes() == DATA for path in Path('out').iterdir())


def children(pid):
    """Pids of the live processes whose parent is pid (Linux /proc)."""
    found = []
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                stat = Path('/proc', entry, 'stat').read_text()
            except OSError:
                continue
            if int(stat.rpartition(')')[2].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path('/proc', str(pid), 'stat').read_text().rpartition(')')[2].split()[0] != 'Z'


@pytest.mark.parametrize('jobs, signum, whole_group', [
    (1, signal.SIGTERM, False), (2, signal.SIGTERM, False), (2, signal.SIGINT, True)])
def test_a_signal_stops_a_run_with_its_workers(jobs, signum, whole_group):
    for i in range(60):
        Path('src', f'p{i % 4}').mkdir(parents=True, exist_ok=True)
        Path('src', f'p{i % 4}', f'm{i}.py').write_text(GOOD * 20)
    run = subprocess.Popen([str(AGCONVERT), '--jobs', str(jobs), 'src', '-o', 'out'],
                           stderr=subprocess.PIPE, start_new_session=whole_group)
    deadline = time.monotonic() + 60
    while len(workers := children(run.pid)) < (jobs if jobs > 1 else 0) or not any(
            Path('out').rglob('*.py')):
        assert run.poll() is None and time.monotonic() < deadline, 'the run ended before it was stopped'
        time.sleep(0.005)
    if whole_group:  # what a terminal's Ctrl-C does
        os.killpg(run.pid, signum)
    else:  # what `kill` or a service manager does: the main process alone
        os.kill(run.pid, signum)
    _, stderr = run.communicate(timeout=60)
    assert run.returncode == 128 + signum
    assert stderr.decode().splitlines()[-1] == (
        f'agconvert: interrupted by {signal.Signals(signum).name}; every file written is complete')
    assert b'Traceback' not in stderr
    assert not [pid for pid in workers if alive(pid)]
    assert not [p for p in Path('out').rglob('*') if p.name.endswith('.tmp')]
