"""Runs code on a thread with a big stack, so deep recursion cannot crash the process.

CPython compiles expressions nested about 3,000 deep: its compiler allows three
levels per frame the recursion limit leaves it, so what it accepts depends on
how deep the caller already is. libcst's parser, its printer and our walks
recurse once or more per level, about 16,000 Python frames at that depth, and
the main thread's 8 MB stack overflows (a segfault, not a RecursionError) long
before. So:

- `call` runs the converter on a thread with a 256 MB stack (reserved, not
  used, until needed) and a recursion limit of 50,000 frames, which that stack
  holds even when every frame goes through C (measured: 100,000 such frames
  fit in 128 MB);
- `shallow` runs a compile() check on that thread with the ordinary limit and
  almost no frames below it, so the check accepts what `python file.py`
  accepts, however deep the caller is.

The thread lives as long as the process and runs one call at a time: a thread
per call costs a tenth more, as each new thread's malloc arena faults its pages
in again.
"""
import atexit
import os
import queue
import sys
import threading

STACK_SIZE = 256 * 1024 * 1024
RECURSION_LIMIT = 50_000


def call(fn, *args, **kwargs):
    """fn(*args, **kwargs) with a big stack and a high recursion limit; its result or exception."""
    return _worker().run(fn, args, kwargs, raise_limit=True)


def shallow(fn, *args, **kwargs):
    """fn(*args, **kwargs) near recursion depth 0, with the ordinary limit; its result or exception."""
    return _worker().run(fn, args, kwargs, raise_limit=False)


class _Worker:
    """The big-stack thread and the queue of calls it runs."""

    def __init__(self):
        self.requests = queue.SimpleQueue()
        self.idle = threading.Event()
        self.idle.set()
        self.thread = None
        previous = threading.stack_size(STACK_SIZE)  # read when the thread starts
        try:
            # a daemon, so it never keeps the process alive; exiting waits for a call it is in
            # the middle of (`_wait_at_exit`), as stopping it inside libcst's native parser aborts
            thread = threading.Thread(target=self._serve, name='agconvert-deep', daemon=True)
            thread.start()
            self.thread = thread
        except (RuntimeError, MemoryError):
            pass  # no memory for a big stack: calls run on the caller's thread
        finally:
            threading.stack_size(previous)

    def run(self, fn, args, kwargs, raise_limit):
        if self.thread is None or threading.current_thread() is self.thread:
            return fn(*args, **kwargs)
        reply = queue.SimpleQueue()
        self.requests.put((fn, args, kwargs, raise_limit, reply))
        ok, value = reply.get()  # an interrupt leaves at once; the thread finishes the call alone
        if ok:
            return value
        raise value

    def _serve(self):
        while True:
            fn, args, kwargs, raise_limit, reply = self.requests.get()
            self.idle.clear()
            limit = sys.getrecursionlimit()
            if raise_limit:
                sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
            try:
                reply.put((True, fn(*args, **kwargs)))
            except BaseException as e:  # handed to the caller, who decides what it means
                reply.put((False, e))
            finally:
                sys.setrecursionlimit(limit)
                self.idle.set()


_lock = threading.Lock()
_current = None


def _worker():
    global _current
    with _lock:
        if _current is None:
            _current = _Worker()
        return _current


def _forget_worker():
    """In a forked child: the parent's thread does not exist here; start another when needed."""
    global _current, _lock
    _current, _lock = None, threading.Lock()


@atexit.register
def _wait_at_exit():
    if _current is not None:
        _current.idle.wait()


if hasattr(os, 'register_at_fork'):
    os.register_at_fork(after_in_child=_forget_worker)
