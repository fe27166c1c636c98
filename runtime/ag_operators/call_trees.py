"""`converted_call`: every call in converted code goes through here.

While nothing is being traced it is a plain call, so converted code calls
converted and unconverted functions alike at Python's own cost. While a trace is
in progress, the graph runtime decides: builtin overloads for tensors,
conversion of user functions that were not converted ahead of time.

A callee that looks at its caller's frame (`namedtuple`, `Enum('Name', ...)`,
`typing.TypeVar`, `warnings.warn`) sees `converted_call`'s frame; so that it
still finds the right module, every converted module calls its own copy of
`converted_call`, whose globals are the module's (`for_module`).
"""
import builtins
import sys
import types

from . import dispatch as _d
from .builtin_names import FRAME_READERS


class Kwargs(tuple):
    """The `**mapping` parts of a call's keywords (with any other keywords), in call order.

    Python merges them at the call and reports duplicates naming the callee;
    `converted_call` merges them in a real call so the errors read the same.
    """

    __slots__ = ()

    def __new__(cls, *parts):
        return tuple.__new__(cls, parts)


def call_with_keyword_parts(f, args, parts):
    """`f(*args, **p1, **p2, ...)`, written out so that CPython does the merging."""
    n = len(parts)
    if n == 1:
        return f(*args, **parts[0])
    if n == 2:
        return f(*args, **parts[0], **parts[1])
    if n == 3:
        return f(*args, **parts[0], **parts[1], **parts[2])
    merged = {}
    for part in parts[:-2]:
        merged = _call_merge(f, merged, part)
    return f(*args, **merged, **parts[-2], **parts[-1])


def _call_merge(f, merged, part):
    def collect(**kw):
        return kw
    try:
        return collect(**merged, **part)
    except TypeError as e:
        raise TypeError(str(e).replace(_function_str(collect), _function_str(f))) from None


def _function_str(f):
    """How CPython names a callable in call errors (`_PyObject_FunctionStr`)."""
    qualname = getattr(f, '__qualname__', None)
    if qualname is None:
        return str(f)
    module = getattr(f, '__module__', None)
    if module is not None and module != 'builtins':
        return f'{module}.{qualname}()'
    return f'{qualname}()'


def _template(dispatch, kwargs_type, call_parts):
    # Everything converted_call uses is a closure cell, not a global, so a copy of it
    # with another module's globals behaves the same.
    def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
        """Call `f(*args, **kwargs)` (TensorFlow's signature); `kwargs` may be None."""
        if not dispatch.tracing:
            if kwargs is None:
                return f(*args)
            if kwargs.__class__ is not kwargs_type:
                return f(*args, **kwargs)
            return call_parts(f, args, kwargs)
        return dispatch.graph.converted_call(f, args, kwargs, caller_fn_scope, options)
    return converted_call


_fast_call = _template(_d, Kwargs, call_with_keyword_parts)


def for_module(module_globals):
    """A `converted_call` whose frame belongs to the module with these globals."""
    return types.FunctionType(_fast_call.__code__, module_globals, 'converted_call',
                              _fast_call.__defaults__, _fast_call.__closure__)


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """TensorFlow's `converted_call`, for code its converter generated.

    That code also calls the builtins that read their caller's frame
    (`super()`, `eval()`, `globals()`, `locals()`, ...: `FRAME_READERS`) through
    here (agconvert leaves those calls alone); they run as if called in the
    function that `caller_fn_scope` belongs to.
    """
    for name, reader in _FRAME_READERS:
        if f is reader and len(args) < FRAME_READERS[name] and not kwargs:
            return _in_original_context(f, tuple(args), caller_fn_scope)
    return _fast_call(f, args, kwargs, caller_fn_scope, options)


_FRAME_READERS = tuple((name, getattr(builtins, name)) for name in FRAME_READERS)


def _in_original_context(f, args, scope):
    """`f(*args)` for a frame reader given too few arguments to name what it reads."""
    if f is super:
        frame = _originating_frame(scope, innermost=False)
        return super(frame.f_locals['__class__'], frame.f_locals[frame.f_code.co_varnames[0]])
    frame = _originating_frame(scope, innermost=True)
    if f is globals:
        return frame.f_globals
    if f is locals or f is vars:
        return frame.f_locals
    if f is dir:
        return sorted(frame.f_locals)
    namespaces = (frame.f_globals, frame.f_locals)[len(args) - 1:]
    return f(*args, *namespaces)


def _originating_frame(scope, innermost):
    """The frame of the converted function `scope` belongs to (closures see it too)."""
    frame, found = sys._getframe(2), None
    name = getattr(scope, 'scope_name', 'fscope')
    while frame is not None:
        if frame.f_locals.get(name) is scope:
            found = frame
            if innermost:
                break
        frame = frame.f_back
    if found is None:
        raise RuntimeError('converted_call: the calling function scope is not on the stack')
    return found
