"""Error classes of the runtime (`rt.errors`), importable without numpy."""


class AgError(Exception):
    """Base class of the errors this project raises itself."""


class ConversionError(AgError):
    """A function could not be converted (raised at conversion or trace time)."""


class OperatorNotAllowedInGraphError(AgError, TypeError):
    """A Python operation that needs a concrete value was applied to a symbolic tensor."""


class InvalidArgumentError(AgError, ValueError):
    """An argument does not match what a graph expects, or a graph op rejected its input."""


class StagingError(AgError):
    """Graph control flow could not be staged (undefined or mismatched values)."""


class RetracingWarning(UserWarning):
    """An `rt.function` traced new graphs for most of its recent calls (tracing is slow)."""


class AutoGraphWarning(UserWarning):
    """A function could not be converted on the fly and runs as written."""
