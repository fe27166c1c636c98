"""What a call costs to key, and what a dropped trace leaves behind (issue 23).

Keying: an rt.function taking a list of 200 Python ints (a constant of its
trace, keyed by value) against the same function run eagerly. Memory: RSS growth
per 1,000 traces dropped by the trace cache's bound, each function kind in a
process of its own (a trace per distinct Python int `n` of `x * n + 1`).
"""
import contextlib
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import runtime as rt

from . import workloads
from .timing import best_interleaved, row

_MEMORY = '''
import gc, json, os, sys, warnings
import numpy as np
import runtime as rt
warnings.simplefilter('ignore')
kind, warm_up, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
SCALE = np.ones(3)
def plain(x, n):
    return x * n + 1
def with_global(x, n):
    return x * n + SCALE
class Model:
    offset = 1.0
    @rt.function(max_traces=16)
    def decorated(self, x, n):
        return x * n + self.offset
    def method(self, x, n):
        return x * n + self.offset
model = Model()
f = {'function': lambda: rt.function(plain, max_traces=16),
     'global array': lambda: rt.function(with_global, max_traces=16),
     'decorated method': lambda: model.decorated,
     'rt.function(obj.method)': lambda: rt.function(model.method, max_traces=16),
     'jit_compile=True': lambda: rt.function(plain, max_traces=16, jit_compile=True)}[kind]()
def rss():
    with open('/proc/self/statm') as s:
        return int(s.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
x = np.ones(3)
for n in range(warm_up):
    f(x, n)
gc.collect()
before = rss()
for n in range(warm_up, warm_up + count):
    f(x, n)
gc.collect()
print(json.dumps({'per_1000': (rss() - before) / count * 1000, 'traces': f.experimental_get_tracing_count()}))
'''
KINDS = ('function', 'global array', 'decorated method', 'rt.function(obj.method)',
         'jit_compile=True')


def run():
    return _keying() + _memory()


def _keying():
    rows = []
    x = np.random.default_rng(0).random(1000)
    idx = list(range(0, 1000, 5))
    weights = [i / 200 for i in range(200)]
    for name, fn, args, kwargs, target in (
            ('x[idx].sum(), idx a list of 200 ints', workloads.take_sum, (x, idx), {},
             '<= 1.3x'),
            ('  the same, by keyword (binds: no fast path)', workloads.take_sum, (),
             {'x': x, 'idx': idx}, 'reported'),
            ('np.dot(x[:len(w)], w), w a list of 200 floats', workloads.weighted, (x, weights),
             {}, 'reported'),
            ('x * len(idx), idx a list of 200 ints', workloads.scale_by_count, (x, idx), {},
             'reported: eager reads no item')):
        f = rt.function(fn)
        np.testing.assert_allclose(f(*args, **kwargs), fn(*args, **kwargs), rtol=1e-12)
        eager, graph = best_interleaved([
            (lambda fn=fn, args=args, kwargs=kwargs: fn(*args, **kwargs), contextlib.nullcontext),
            (lambda f=f, args=args, kwargs=kwargs: f(*args, **kwargs), contextlib.nullcontext)])
        rows.append(row(name, eager, graph, target, 'eager', 'graph'))
    return rows


def _memory():
    rows = []
    for kind in KINDS:
        warm_up, count = (200, 1000) if kind == 'jit_compile=True' else (2000, 3000)
        with tempfile.TemporaryDirectory() as cache:  # jit: a compile cache of its own
            result = json.loads(subprocess.run(
                [sys.executable, '-c', _MEMORY, kind, str(warm_up), str(count)],
                env=dict(os.environ, AGCONVERT_CACHE_DIR=cache), capture_output=True,
                text=True, check=True).stdout)
        rows.append(f'{"RSS per 1,000 dropped traces, " + kind:<48} '
                    f'{result["per_1000"] / 1e6:8.3f} MB   ({count:,} traces after {warm_up:,}, '
                    'max_traces=16; target <= 1 MB: 20 MB / 20,000 traces)')
    return rows


if __name__ == '__main__':
    print('\n'.join(run()))
