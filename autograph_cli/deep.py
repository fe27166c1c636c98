"""Runs code on a fresh thread with a big stack, so deep recursion cannot crash the process.

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
- `fresh` runs a compile() check on such a thread with the ordinary limit: a
  new thread starts at depth 0, so the check accepts what `python file.py`
  accepts, however deep the caller is.
"""
import sys
import threading

STACK_SIZE = 256 * 1024 * 1024
RECURSION_LIMIT = 50_000

_lock = threading.Lock()
_raised = 0  # calls running with the raised limit; the last one to end restores it
_saved_limit = None


def call(fn, *args, **kwargs):
    """fn(*args, **kwargs) with a big stack and a high recursion limit; its result or exception."""
    return _on_thread(fn, args, kwargs, raise_limit=True)


def fresh(fn, *args, **kwargs):
    """fn(*args, **kwargs) at recursion depth 0 with the ordinary limit; its result or exception."""
    return _on_thread(fn, args, kwargs, raise_limit=False)


def _on_thread(fn, args, kwargs, raise_limit):
    outcome = []

    def run(on_big_stack=True):
        raising = raise_limit and on_big_stack
        if raising:
            _raise_limit()
        try:
            outcome.append((True, fn(*args, **kwargs)))
        except BaseException as e:  # handed to the caller, who decides what it means
            outcome.append((False, e))
        finally:
            if raising:
                _restore_limit()

    thread = _start(run)
    if thread is None:  # no memory for a big stack: run here, with the ordinary limit
        run(on_big_stack=False)
    else:
        thread.join()
    ok, value = outcome[0]
    if ok:
        return value
    raise value


def _start(run):
    with _lock:  # the stack size is a process-wide setting read when a thread starts
        previous = threading.stack_size(STACK_SIZE)
        try:
            # not a daemon: at exit, Python waits for it rather than stopping it inside libcst's
            # native parser (which aborts the process); the CLI exits at once instead (see cli.py)
            thread = threading.Thread(target=run, name='agconvert-deep')
            thread.start()
        except (RuntimeError, MemoryError):
            return None
        finally:
            threading.stack_size(previous)
    return thread


def _raise_limit():
    global _raised, _saved_limit
    with _lock:
        if _raised == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
        _raised += 1


def _restore_limit():
    global _raised
    with _lock:
        _raised -= 1
        if _raised == 0:
            sys.setrecursionlimit(_saved_limit)
