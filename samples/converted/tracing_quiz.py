"""Seed: the tracing quiz. Python `print` runs while tracing; `rt.print` runs at every call."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import numpy as np

import runtime as rt


@rt.function
def f(x):
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(print, ('The function is running in Python',), None, fscope)
        ag__.converted_call(rt.print, (x,), None, fscope)


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
__ag_source_map__ = ag__.SourceMap('../tracing_quiz.py', '1:1,6:2,13=8,14:9', 'df3621467a49e276')
