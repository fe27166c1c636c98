"""Error classes of the runtime (`rt.errors`), importable without numpy."""
import sys
import warnings
from typing import Any

from .converted_code.frames import first_outside, is_runtime
from .converted_code.sourcemap import original_location


class AgError(Exception):
    """Base class of the errors this project raises itself."""


class ConversionError(AgError):
    """A module or function could not be converted (raised by agconvert, or at trace time).

    agconvert raises it with the `Diagnostic` that says where (`diagnostic`, whose text is the
    message); the runtime raises it with a message alone, and `diagnostic` is None.
    """

    def __init__(self, problem: object) -> None:
        super().__init__(str(problem))
        # the converter's Diagnostic, a class the runtime cannot import (it never loads the converter)
        self.diagnostic: Any = None if isinstance(problem, str) else problem


class OperatorNotAllowedInGraphError(AgError, TypeError):
    """A Python operation that needs a concrete value was applied to a symbolic tensor."""


class NotRecordableError(AgError, TypeError):
    """A numpy operation took a value a recording gradient tape follows and cannot be recorded
    (no graph op, or numpy converted the value to a plain array): its gradient would be lost."""


class InvalidArgumentError(AgError, ValueError):
    """An argument does not match what a graph expects, or a graph op rejected its input."""


class StagingError(AgError):
    """Graph control flow could not be staged (undefined or mismatched values)."""


class MutationError(StagingError):
    """An in-place update a graph cannot reproduce exactly: which arrays share memory is unknown."""


class RetracingWarning(UserWarning):
    """An `rt.function` traced new graphs for most of its recent calls (tracing is slow)."""


class TraceTimeValueWarning(UserWarning):
    """A trace changed a Python number kept in an object (a counter): it changes once per trace,
    not at every call, as TensorFlow documents."""


class AutoGraphWarning(UserWarning):
    """A function could not be converted on the fly and runs as written."""


class StaleConversionWarning(UserWarning):
    """A converted module's original changed since the conversion: it runs converted code."""


def warn_user(message, category):
    """Warn at the innermost frame outside this package: its ORIGINAL line if it is converted."""
    frame = first_outside(sys._getframe(1), is_runtime)
    if frame is None:
        warnings.warn(message, category, stacklevel=2)
        return
    where = original_location(frame, frame.f_lineno)
    filename, line = where or (frame.f_code.co_filename, frame.f_lineno)
    module_globals = frame.f_globals
    registry = module_globals.setdefault('__warningregistry__', {})
    try:
        warnings.warn_explicit(message, category, filename, line, module_globals.get('__name__'),
                               registry, module_globals)
    except ImportError:  # code run by `python -c` or exec: no loader can give its source
        warnings.warn_explicit(message, category, filename, line,
                               module_globals.get('__name__'), registry)
