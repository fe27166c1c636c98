"""Graphs against numpy eager: dispatch, power(x, 100), collatz, fill_loop, trace + first call."""
import contextlib
import time

import numpy as np

import runtime as rt

from . import workloads
from .python_mode import load_converted
from .timing import best, best_interleaved, fmt, row


def run():
    converted = load_converted()
    rows = []
    x = np.ones(3, np.float32)
    identity = rt.function(converted.identity)
    identity(x)
    rows.append(row('cache-hit dispatch of identity (graph vs call)',
                    best(lambda: converted.identity(x)), best(lambda: identity(x)),
                    '<= 3 us dispatch', 'eager', 'graph'))
    m = np.random.default_rng(0).integers(-1, 2, size=(10, 10), dtype=np.int32)
    power = rt.function(converted.power)
    assert np.array_equal(power(m, 100), workloads.power(m, 100))
    rows.append(row('power(x, 100): 100 10x10 int32 matmuls',
                    *_in_turns(lambda: workloads.power(m, 100), lambda: power(m, 100)),
                    '<= 1.05x', 'eager', 'graph'))
    n = np.int64(27)
    collatz = rt.function(converted.collatz)
    assert collatz(n) == converted.collatz(n) == 111
    rows.append(row('collatz(27) on numpy scalars',
                    *_in_turns(lambda: converted.collatz(n), lambda: collatz(n)),
                    '<= 1.5x', 'eager', 'graph'))
    rows += _fill_loop(converted)
    rows.append(_trace_and_first_call(converted))
    return rows


def _in_turns(*fns):
    """Seconds per call of each of `fns`, measured in turns (a passing load weighs on all)."""
    return best_interleaved([(fn, contextlib.nullcontext) for fn in fns])


def _fill_loop(converted):
    """A graph loop updating a preallocated array in place: its time per row must not grow."""
    rows, per_row = [], []
    fill_loop = rt.function(converted.fill_loop)
    for count in (1000, 10000):
        m = np.random.default_rng(0).random((count, 8))
        n = np.int64(count)
        assert np.array_equal(fill_loop(m, n), workloads.fill_loop(m, n))
        eager, graph = _in_turns(lambda: workloads.fill_loop(m, n), lambda: fill_loop(m, n))
        per_row.append(graph / count)
        rows.append(row(f'fill_loop, {count:,} rows of 8 (a graph loop)', eager, graph,
                        'per row constant', 'eager', 'graph'))
    rows.append(f'{"fill_loop graph time per row, 1,000 / 10,000":<48} {fmt(per_row[0]):>10} '
                f'/ {fmt(per_row[1])}   ({per_row[1] / per_row[0]:.2f}x)')
    return rows


def _trace_and_first_call(converted):
    """A new Function each time: collatz is a tensor `while` with an `if` in its body."""
    times = []
    for _ in range(20):
        fresh = rt.function(converted.collatz)
        start = time.perf_counter()
        fresh(np.int64(27))
        times.append(time.perf_counter() - start)
    times.sort()
    return (f'{"trace + first call (tensor while with an if)":<48} {fmt(times[0]):>10} best, '
            f'{fmt(times[len(times) // 2])} median of 20   (target <= 3 ms)')


if __name__ == '__main__':
    print('\n'.join(run()))
