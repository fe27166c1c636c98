"""`make bench`: every benchmark, printed side by side, with the machine they ran on."""
import os
import platform
import sys

import numpy as np

from . import (
    calls,
    compiled,
    graph,
    numpy_coverage,
    op_coverage,
    output_size,
    python_mode,
    saving,
    throughput,
    training,
)


def machine():
    return (f'{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, '
            f'numpy {np.__version__}, {platform.platform()}')


def main():
    print('machine:', machine())
    for title, module in (('Converted code on Python values', python_mode),
                          ('Graphs against numpy eager', graph),
                          ('Keying calls, and memory of dropped traces', calls),
                          ('Compiled graphs: numpy eager / numpy executor / jit_compile=True '
                           '(OPENBLAS_NUM_THREADS=1)', compiled),
                          ('Conversion throughput', throughput),
                          ('Training step of the digits MLP (batch 64, OPENBLAS_NUM_THREADS='
                           f"{os.environ.get('OPENBLAS_NUM_THREADS', 'unset')})", training),
                          ('Saved models', saving),
                          ('Converted code size', output_size),
                          ('Graph ops each backend computes (counted from the registry)',
                           op_coverage),
                          ('numpy API coverage (python -m benchmarks.numpy_coverage writes the '
                           'table)', numpy_coverage)):
        print(f'\n{title}')
        for line in module.run():
            print('  ' + line)
        sys.stdout.flush()


main()
