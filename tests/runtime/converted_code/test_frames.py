"""The one walk of the stack: the user's frame is the first outside the runtime (and numpy)."""
import sys

import numpy as np

from runtime.converted_code.frames import first_outside, is_internal, is_runtime


def test_numpy_frames_are_internal_but_not_the_runtime_s():
    seen = {}

    def callback(row):  # numpy's apply_along_axis (Python code in numpy) calls it
        caller = sys._getframe(1)
        seen['numpy'] = caller
        seen['user'] = first_outside(caller)
        seen['outside runtime'] = first_outside(caller, is_runtime)
        return row

    here = sys._getframe()
    np.apply_along_axis(callback, 0, np.zeros((1, 1)))
    assert is_internal(seen['numpy']) and not is_runtime(seen['numpy'])
    assert seen['user'] is here and not is_internal(here)
    assert seen['outside runtime'] is seen['numpy']


def test_the_runtime_s_frames_are_skipped():
    from runtime.tracing.builders import source_location
    assert source_location() == f'{__file__}:{sys._getframe().f_lineno}'  # from a runtime frame
    assert first_outside(None) is None
