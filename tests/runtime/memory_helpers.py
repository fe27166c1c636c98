"""What a process keeps of traces that are gone: Python's allocations (tracemalloc) and RSS."""
import gc
import os
import tracemalloc
import warnings

PER_TRACE = 1024  # bytes a dropped trace may leave behind: issue 23's 20 MB / 20,000 traces


def _calls(call, numbers):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # RetracingWarnings: tracing again is the point
        for n in numbers:
            call(n)
    gc.collect()


def left_per_trace(call, warm_up=50, count=200, windows=2):
    """Bytes Python still holds per call after `count` calls `call(n)` with distinct ints `n`
    (each a new trace that drops an old one), after `warm_up` such calls: the least of
    `windows` windows one after another, since a table the process shares (linecache, a
    registry) may double its size in one of them, which is not a leak; a leak shows in each."""
    _calls(call, range(warm_up))
    tracemalloc.start()
    try:
        found, start = [], warm_up
        for _ in range(windows):
            before = tracemalloc.get_traced_memory()[0]
            _calls(call, range(start, start + count))
            found.append((tracemalloc.get_traced_memory()[0] - before) / count)
            start += count
        return min(found)
    finally:
        tracemalloc.stop()


def rss():
    """The resident set size of this process, in bytes (Linux: /proc/self/statm)."""
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')


def rss_per_trace(call, warm_up=20, count=300):
    """RSS growth per call over `count` calls as in `left_per_trace` (what tracemalloc does not
    see too: numba's and LLVM's memory)."""
    _calls(call, range(warm_up))
    before = rss()
    _calls(call, range(warm_up, warm_up + count))
    return (rss() - before) / count
