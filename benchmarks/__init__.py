"""Benchmarks run by `make bench` (`python -m benchmarks`): side by side, in one run, on this machine."""
import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')  # BLAS on one thread (before numpy loads)
