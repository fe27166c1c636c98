"""The frame of every converted function: `FunctionScope`, `ConversionOptions`, `STD`."""
import sys

from ..converted_code import recursion
from ..converted_code.tracebacks import leaving_converted_code
from . import dispatch as _d
from .variables import UndefinedReturnValue


class ConversionOptions:
    """How a function was converted (TensorFlow's signature; recorded, not acted upon)."""

    __slots__ = ('recursive', 'user_requested', 'optional_features', 'internal_convert_user_code')

    def __init__(self, recursive=False, user_requested=False, internal_convert_user_code=True,
                 optional_features=None):
        self.recursive = recursive
        self.user_requested = user_requested
        self.internal_convert_user_code = internal_convert_user_code
        self.optional_features = optional_features or ()

    def __repr__(self):
        return f'ConversionOptions(recursive={self.recursive!r})'


STD = ConversionOptions(recursive=True)


_levels = 0  # converted functions running, in every thread (a cheap sign of deep recursion)
_CAREFUL_LEVELS = recursion.CAREFUL_LEVELS


class FunctionScope:
    """`with ag__.FunctionScope(name, scope_name, options) as fscope:` around a converted body.

    An exception leaving the body is not changed; its traceback is filtered
    (`runtime.converted_code.tracebacks`) to read as the original's. Nested deep, it
    keeps the original's recursion headroom (`runtime.converted_code.recursion`).
    """

    __slots__ = ('name', 'scope_name', 'callopts', 'counted')

    def __init__(self, function_name, scope_name, options):
        self.name = function_name
        self.scope_name = scope_name
        self.callopts = options
        self.counted = False  # whether `recursion` counted the function's frame

    def __enter__(self):
        global _levels
        _levels += 1
        if _levels >= _CAREFUL_LEVELS:
            try:
                recursion.enter(sys._getframe(1))
                self.counted = True
            except BaseException:  # the body never runs: neither does __exit__
                _levels -= 1
                raise
        return self

    def __exit__(self, exc_type, exc, tb):
        global _levels
        _levels -= 1
        if exc is not None:
            try:
                leaving_converted_code(exc, tb)
            except RecursionError:  # at the recursion limit: the traceback stays as it is
                pass
        if self.counted:
            recursion.leave()
        return False

    def ret(self, value, did_return):
        """The value a converted function returns from its flags."""
        if value.__class__ is UndefinedReturnValue:
            value = None
        if _d.tracing:
            return _d.graph.function_return(self, value, did_return)
        return value


def autograph_artifact(entity, extras=None):
    """Mark `entity` as produced by the converter, so it is never converted again."""
    try:
        entity.__ag_artifact__ = True
    except (AttributeError, TypeError):
        pass
    return entity


def is_autograph_artifact(entity):
    return getattr(entity, '__ag_artifact__', False) is True


class Feature:
    """TensorFlow's optional conversion features (recorded in ConversionOptions; all Python here)."""

    ALL = 'ALL'
    AUTO_CONTROL_DEPS = 'AUTO_CONTROL_DEPS'
    ASSERT_STATEMENTS = 'ASSERT_STATEMENTS'
    BUILTIN_FUNCTIONS = 'BUILTIN_FUNCTIONS'
    EQUALITY_OPERATORS = 'EQUALITY_OPERATORS'
    LISTS = 'LISTS'
    NAME_SCOPES = 'NAME_SCOPES'
