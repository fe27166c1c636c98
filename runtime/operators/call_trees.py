"""`converted_call`: every call in converted code goes through here.

While nothing is being traced it is a plain call, so converted code calls
converted and unconverted functions alike at Python's own cost. While a trace is
in progress, the graph runtime decides: builtin overloads for tensors,
conversion of user functions that were not converted ahead of time.
"""
from . import dispatch as _d


class Kwargs(tuple):
    """The keyword parts of a call that mixes `**mapping` with other keywords, in call order.

    Python merges them at the call and reports duplicates naming the callee;
    `converted_call` merges them in a real call so the errors read the same.
    """

    __slots__ = ()

    def __new__(cls, *parts):
        return tuple.__new__(cls, parts)


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """Call `f(*args, **kwargs)` (TensorFlow's signature); `kwargs` may be None."""
    if not _d.tracing:
        if kwargs is None:
            return f(*args)
        if kwargs.__class__ is not Kwargs:
            return f(*args, **kwargs)
        return call_with_keyword_parts(f, args, kwargs)
    return _d.graph.converted_call(f, args, kwargs, caller_fn_scope, options)


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
        merged = {**_call_merge(f, merged, part)}
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
