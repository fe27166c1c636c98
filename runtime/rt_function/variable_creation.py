"""TensorFlow's rule for variables made in a traced function: on its first trace only.

A function may make its variables (and an optimizer its slots) lazily, the
first time it runs; the variables outlive the trace and the graph holds them
by reference. A later trace that would make new ones is an error naming the
line, since each call would otherwise make fresh variables.
"""
import threading

from ..tracing.builders import source_location
from ..user_objects import resource_variables


class _State(threading.local):
    traces = ()  # (function name, first trace?) of the rt.function traces in progress


_state = _State()


class tracing_function:
    """`with tracing_function(name, first):` around the trace of an rt.function."""

    def __init__(self, name, first):
        self.entry = (name, first)

    def __enter__(self):
        self.before = _state.traces
        _state.traces = self.before + (self.entry,)

    def __exit__(self, *exc_info):
        _state.traces = self.before


def check_allowed(name):
    """Raise unless variables may be made now (no rt.function trace, or its first)."""
    if _state.traces and not _state.traces[-1][1]:
        function = _state.traces[-1][0]
        raise ValueError(
            f'{function} creates a variable ({name or "Variable"}) at {source_location()} on a '
            'trace that is not its first: an rt.function may create variables only the first '
            'time it is traced. Create them outside the function, or only on the first call '
            '(e.g. `if self.v is None: self.v = rt.Variable(...)`)')


resource_variables.check_creation = check_allowed  # rt.Variable asks this rule while tracing
