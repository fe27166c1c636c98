"""Seed: the tracing quiz. Python `print` runs while tracing; `rt.print` runs at every call."""
import numpy as np

import runtime as rt


@rt.function
def f(x):
    print('The function is running in Python')
    rt.print(x)


if __name__ == '__main__':
    f(np.array(1, dtype=np.int32))     # traces: int32 scalar
    f(np.array(2, dtype=np.int32))     # same dtype and shape: reuses the graph
    f(np.int32(2))                     # a numpy scalar of that dtype too
    f(np.array(0.1, dtype=np.float32))  # float32: a second trace
    f(np.array(0.2, dtype=np.float32))
    f(1)                               # Python values are part of the key: one trace per value
    f(1)
    f(0.1)
    f(0.2)
    f(0.1)
    print('traces:', f.experimental_get_tracing_count())
