"""SIGINT and SIGTERM stop a run cleanly: no temporary file is left, and no worker outlives the run.

The main process turns both signals into `Interrupted` (a KeyboardInterrupt),
so every cleanup on the way out runs; writes hold signals back until they are
complete (`atomic_replace.py`). Pool workers leave SIGINT (which a terminal sends to
every process of the run) to the main process, which stops them with SIGTERM;
a worker ends at once on SIGTERM, after any write in progress, and also ends
when its parent process is gone, however that one ended.
"""
import os
import signal
import threading
import time

from .atomic_replace import SIGNALS

PARENT_POLL_SECONDS = 0.5


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal; `signum` says which."""

    def __init__(self, signum):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def stop_on_signals():
    """In the main process: SIGINT and SIGTERM raise Interrupted."""
    for signum in SIGNALS:
        signal.signal(signum, _raise_interrupted)


def _raise_interrupted(signum, frame):
    raise Interrupted(signum)


def worker_started(parent_pid):
    """Initializer of a pool worker (see the module docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_at_once)
    threading.Thread(target=_end_with_parent, args=(parent_pid,), daemon=True).start()


def _exit_at_once(signum, frame):
    os._exit(128 + signum)


def _end_with_parent(parent_pid):
    while os.getppid() == parent_pid:
        time.sleep(PARENT_POLL_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)  # through the handler, so a write in progress completes


def stop_pool(pool):
    """Cancel what a ProcessPoolExecutor has not started, end its workers and wait for them."""
    # the executor has no public handle on its processes (this one has held them since 3.2),
    # and drops it on shutdown
    processes = list((getattr(pool, '_processes', None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
