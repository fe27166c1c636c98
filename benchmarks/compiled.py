"""numpy eager / numpy executor / jit_compile=True side by side, and the jit's compile times."""
import contextlib
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import runtime as rt

from . import workloads
from .python_mode import load_converted
from .timing import best_interleaved, fmt

_COLD = '''
import json, os, sys, time
t0 = time.perf_counter()
import numba
from numba.core.registry import cpu_target
cpu_target.target_context.refresh()  # LLVM, numba's CPU target and its registries: once
t1 = time.perf_counter()
import numpy as np
import runtime as rt
from runtime.backends import numba as backend
sys.path.insert(0, os.getcwd())
from benchmarks.python_mode import load_converted
collatz = rt.function(load_converted().collatz, jit_compile=True)
spent = []
compile_jit = backend.compile_jit
def timed(*args):
    start = time.perf_counter()
    try:
        return compile_jit(*args)
    finally:
        spent.append(time.perf_counter() - start)
backend.compile_jit = timed
t2 = time.perf_counter()
assert collatz(np.int64(27)) == 111
t3 = time.perf_counter()
print(json.dumps({'numba': t1 - t0, 'first_call': t3 - t2, 'lower_and_load': spent[0]}))
'''


def run():
    converted = load_converted()
    rows = []
    n = np.int64(27)
    rows.append(_row('collatz(27) on numpy scalars', converted.collatz, (n,), '<= 0.05x'))
    r = np.random.default_rng(0)
    x, y, z = (r.standard_normal(4_000_000) for _ in range(3))
    rows.append(_row('(x*a + y*b - z)*(x - y), 4M f64', workloads.chain,
                     (x, 1.5, y, 0.5, z), '<= 0.33x (3x faster)', number=5))
    rows.append(_row('where(x>0, x*y, -z) + maximum(x,y)*2, 4M f64', workloads.select,
                     (x, y, z), '<= 0.2x (5x faster)', number=5))
    x32 = r.standard_normal(1_000_000).astype(np.float32)
    rows.append(_row('tanh(x*a + b)*c + exp(-x), 1M f32', workloads.tanh_chain,
                     (x32, np.float32(1.5), np.float32(0.5), np.float32(2.0)), '<= 1.05x',
                     number=10))
    m = r.standard_normal((10, 10)).astype(np.float32) / 3
    rows.append(_row('power(x, 100), 10x10 f32', converted.power_same, (m, 100), '<= 0.3x'))
    rows += _compile_times()
    return rows


def _row(name, fn, args, target, number=None):
    """Eager, numpy executor and jit times of `fn(*args)`, measured in turns."""
    graph, jit = rt.function(fn), rt.function(fn, jit_compile=True)
    expected = fn(*args)
    assert np.asarray(graph(*args)).tobytes() == np.asarray(expected).tobytes()
    scale = float(np.max(np.abs(expected)))  # matmuls add in another order: float32 rounding
    np.testing.assert_allclose(jit(*args), expected, rtol=1e-4, atol=1e-4 * scale)
    runs = [(lambda f=f: f(*args), contextlib.nullcontext) for f in (fn, graph, jit)]
    eager, executor, jitted = best_interleaved(runs, repeat=7 if number else 9)
    return (f'{name:<46} eager {fmt(eager):>10}   executor {fmt(executor):>10} '
            f'({executor / eager:4.2f}x)   jit {fmt(jitted):>10} ({jitted / eager:5.3f}x)'
            f'   (jit target {target}; executor <= 1.0x)')


def _compile_times():
    """Cold compile of collatz (a fresh cache), and new processes' first calls, warm cache."""
    env = dict(os.environ, AGCONVERT_CACHE_DIR=tempfile.mkdtemp(prefix='agconvert-bench-'))
    script = [sys.executable, '-c', _COLD]

    def new_process():
        return json.loads(subprocess.run(script, env=env, capture_output=True, text=True,
                                         check=True).stdout)
    cold = new_process()
    warm = sorted((new_process() for _ in range(3)), key=lambda run: run['lower_and_load'])
    loads = ' / '.join(fmt(run['lower_and_load']) for run in warm)
    middle = warm[1]  # the median process by our lookup and load
    return [
        f'{"cold compile of collatz (trace + lower + numba)":<46} {fmt(cold["first_call"]):>10}'
        f'   (of which lowering and numba compile {fmt(cold["lower_and_load"])}; '
        'target <= 1 s)',
        f'{"new process, warm cache: numba start-up":<46} {fmt(middle["numba"]):>10}'
        '   (import numba + its CPU target, once per process; reported)',
        f'{"new process, warm cache: first call of collatz":<46} {fmt(middle["first_call"]):>10}'
        f'   (of which our cache lookup and load {fmt(middle["lower_and_load"])}, the median of '
        f'3 processes: {loads}; target <= 20 ms)',
    ]

if __name__ == '__main__':
    print('\n'.join(run()))
