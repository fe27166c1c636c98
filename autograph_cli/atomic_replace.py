"""Replacing a file in one step: readers see the old file or the new, and nothing leaves a temp file.

The temporary file is created, written, fsynced and renamed over the target,
or removed, with SIGINT and SIGTERM held back: a signal that arrives meanwhile
is delivered to its handler right after, when no temporary file exists.
"""
import contextlib
import os
import secrets
import signal
import threading

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def write_atomic(path, data):
    """Replace path's contents with data in one step."""
    directory = os.path.dirname(path) or '.'
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, f'.{os.path.basename(path)}.{secrets.token_hex(6)}.tmp')
    with signals_held():
        # 0o666 lets the umask decide the final permissions, as for any newly created file
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, 'O_BINARY', 0), 0o666)
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise


@contextlib.contextmanager
def signals_held():
    """Hold SIGINT and SIGTERM back during the block, then hand any that came to their handlers.

    Python runs signal handlers in the main thread only, so another thread's
    block cannot be interrupted and needs nothing.
    """
    if threading.current_thread() is not threading.main_thread() or any(
            signal.getsignal(signum) is None for signum in SIGNALS):  # None: a handler set outside Python
        yield
        return
    arrived, previous = [], {}
    try:
        for signum in SIGNALS:
            previous[signum] = signal.signal(signum, lambda signum, frame: arrived.append(signum))
        yield
    finally:
        # CPython drops a signal that arrived (at C level) but whose Python handler had not run
        # yet when the handler is set back to SIG_DFL: keep new ones pending in the kernel while
        # the handlers change, let those already arrived reach `arrived`, then let the rest in.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
        try:
            _run_pending_handlers()
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        for signum in dict.fromkeys(arrived):
            _deliver(signum, previous[signum])


def _run_pending_handlers():
    """Python code that lets the interpreter run the handlers of signals that already arrived
    (it checks for them when a function starts and at every backward jump)."""
    for _ in range(2):
        pass


def _deliver(signum, handler):
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)  # the default action: the process ends, as it would have
