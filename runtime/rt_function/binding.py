"""Binding a call's arguments to a function's parameters, done by CPython so its errors are Python's."""
import functools
import inspect
import types


class Binder:
    """`binder(args, kwargs)`: the values of a callable's parameters for a call, defaults applied.

    A stub function with the callable's parameters (called the way the callable
    would be: bound to the same instance, behind the same partial) binds the
    call, so a wrong call raises CPython's own TypeError, word for word what
    calling the Python function would raise (`f() missing 1 required positional
    argument: 'x'`). `values[i]` is the value of `signature`'s i-th parameter: a
    tuple for `*args`, a dict for `**kwargs`.
    """
    __slots__ = ('signature', 'name', '_stub')

    def __init__(self, fn):
        self.signature = inspect.signature(fn)
        self.name = _name(fn)
        self._stub = _stub_for(fn, list(self.signature.parameters))

    def __call__(self, args, kwargs):
        return self._stub(*args, **kwargs)


def _name(fn):
    """The callable's name for messages (a partial's: its function's)."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return getattr(fn, '__qualname__', None) or type(fn).__qualname__


def _stub_for(fn, returned):
    """A callable that binds arguments as `fn` does and returns the parameters named `returned`."""
    if isinstance(fn, types.MethodType):
        return types.MethodType(_stub_for(fn.__func__, returned), fn.__self__)
    if isinstance(fn, functools.partial):
        return functools.partial(_stub_for(fn.func, returned), *fn.args, **fn.keywords)
    call = getattr(type(fn), '__call__', None)
    if not isinstance(fn, type) and isinstance(call, types.FunctionType):  # a callable object
        return types.MethodType(_stub_for(call, returned), fn)
    qualname = getattr(fn, '__qualname__', None) or type(fn).__qualname__
    return _stub(inspect.signature(fn), qualname, returned)


class _Source(str):
    """Text that `inspect.Signature` prints as it is (a default value's expression)."""
    __slots__ = ()

    def __repr__(self):
        return str(self)


def _stub(signature, qualname, returned):
    """`def stub<signature>: return (<returned>,)`, named `qualname` (CPython's messages use it)."""
    defaults = []

    def plain(param):  # no annotation; a default becomes a reference to its value
        default = param.default
        if default is not param.empty:
            defaults.append(default)
            default = _Source(f'__defaults[{len(defaults) - 1}]')
        return param.replace(annotation=param.empty, default=default)

    text = str(signature.replace(parameters=[plain(p) for p in signature.parameters.values()],
                                 return_annotation=signature.empty))
    namespace = {'__defaults': defaults}
    exec(f"def stub{text}:\n    return ({''.join(f'{n}, ' for n in returned)})\n",  # noqa: S102
         namespace)
    stub = namespace['stub']
    stub.__name__, stub.__qualname__ = qualname.rpartition('.')[2], qualname
    return stub
