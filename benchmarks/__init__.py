"""Benchmarks run by `make bench` (`python -m benchmarks`): side by side, in one run, on this machine."""
