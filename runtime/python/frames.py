"""Which frames are the runtime's: the one test tracebacks, warnings and op locations use."""
import os

RUNTIME_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), '')


def is_runtime(frame):
    """True for a frame of this package's code, or of code it generated and runs with its globals.

    A converted module's own `converted_call` (`ag__.bind`) runs the runtime's
    code with the module's globals: the code's file decides.
    """
    if frame.f_code.co_filename.startswith(RUNTIME_DIR):
        return True
    module = frame.f_globals.get('__name__')
    return module.__class__ is str and (module == 'runtime' or module.startswith('runtime.'))
