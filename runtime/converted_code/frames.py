"""Which frames are the runtime's and which the user's: the one walk of the stack every search uses.

Tracebacks, warnings and op locations look for the user's code the same way:
`first_outside(frame, inside)`, with `is_runtime` (this package's frames) or
`is_internal` (those and numpy's, which calls back into tensors).
"""
import os
import sys

RUNTIME_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), '')

_internal_code = {}  # code object -> is_internal(a frame running it)


def is_runtime(frame):
    """True for a frame of this package's code, or of code it generated and runs with its globals.

    A converted module's own `converted_call` (`ag__.bind`) runs the runtime's
    code with the module's globals: the code's file decides.
    """
    if frame.f_code.co_filename.startswith(RUNTIME_DIR):
        return True
    module = frame.f_globals.get('__name__')
    return module.__class__ is str and (module == 'runtime' or module.startswith('runtime.'))


def is_internal(frame):
    """True for frames of the runtime and of numpy (which calls back into tensors)."""
    code = frame.f_code
    internal = _internal_code.get(code)
    if internal is None:
        module = frame.f_globals.get('__name__')
        internal = _internal_code[code] = is_runtime(frame) or (
            module.__class__ is str and module.partition('.')[0] == 'numpy')
    return internal


def first_outside(frame, inside=is_internal):
    """`frame`, or the innermost frame it was called from for which `inside` is false; or None."""
    while frame is not None and inside(frame):
        frame = frame.f_back
    return frame


def user_frame():
    """The innermost frame of user code (outside the runtime and numpy), or None."""
    return first_outside(sys._getframe(1))
