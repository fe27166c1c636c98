"""Functions called from many threads: each signature traced once, every result right."""
import collections
import threading
import time

import numpy as np
import pytest

import runtime as rt

DTYPES = (np.int32, np.int64, np.float32, np.float64)


def run_threads(target, count=8):
    errors = []

    def guarded(i):
        try:
            target(i)
        except BaseException as e:  # reported by the main thread
            errors.append(e)
    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors


@pytest.mark.filterwarnings("ignore::runtime.errors.RetracingWarning")
def test_mixed_signatures_from_eight_threads():
    traces = collections.Counter()

    @rt.function
    def poly(x, scale):
        traces[(x.dtype.name, x.shape, scale)] += 1
        time.sleep(0.01)  # widen the window in which other threads miss the same key
        return x * scale + 1

    def work(i):
        for j in range(40):
            dtype = DTYPES[(i + j) % len(DTYPES)]
            x = np.arange(j % 3 + 1, dtype=dtype)
            scale = i % 2 + 1
            result = poly(x, scale)
            expected = x * scale + 1
            assert result.dtype == expected.dtype and np.array_equal(result, expected)

    run_threads(work)
    assert len(traces) == len(DTYPES) * 3 * 2
    assert set(traces.values()) == {1}
    assert poly.experimental_get_tracing_count() == len(traces)


def test_concurrent_first_calls_trace_once():
    barrier = threading.Barrier(8)
    traces = []

    @rt.function
    def slow(x):
        traces.append(threading.get_ident())
        time.sleep(0.05)
        return -x

    def work(i):
        barrier.wait()
        assert slow(np.full(3, i, np.float32)).tolist() == [-i] * 3

    run_threads(work)
    assert len(traces) == 1


def test_calls_while_another_thread_traces():
    inside, release = threading.Event(), threading.Event()

    @rt.function
    def blocker(x):
        inside.set()
        release.wait(5)
        return x + 1

    @rt.function
    def other(x):
        return x * 2

    other(np.ones(2))  # cached: the call below runs it while blocker is being traced
    thread = threading.Thread(target=blocker, args=(np.ones(2),))
    thread.start()
    assert inside.wait(5)
    try:
        assert other(np.ones(2)).tolist() == [2.0, 2.0]
        assert other(np.ones(3)).tolist() == [2.0] * 3  # a new trace, in this thread
    finally:
        release.set()
        thread.join()
