"""The eager gradient tapes recording in this thread (innermost last): what eager code consults.

Kept free of imports, because `rt.Variable.read_value` looks at it on every
eager read: reads are recorded only while a tape records.
"""
import threading


class _State(threading.local):
    tapes = ()  # eager tapes recording in this thread, innermost last


state = _State()


read_variable = None  # an eager variable read while a tape records (runtime.autodiff.recording sets it)
