"""The frame of every converted function: `FunctionScope`, `ConversionOptions`, `STD`."""
from . import dispatch as _d
from .variables import UndefinedReturnValue
from ..python.tracebacks import leaving_converted_code


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


class FunctionScope:
    """`with ag__.FunctionScope(name, scope_name, options) as fscope:` around a converted body.

    An exception leaving the body is not changed; its traceback is filtered
    (`runtime.python.tracebacks`) to read as the original's.
    """

    __slots__ = ('name', 'scope_name', 'callopts')

    def __init__(self, function_name, scope_name, options):
        self.name = function_name
        self.scope_name = scope_name
        self.callopts = options

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc is not None:
            try:
                leaving_converted_code(exc, tb)
            except RecursionError:  # at the recursion limit: the traceback stays as it is
                pass
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
