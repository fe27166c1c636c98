"""The table of numpy functions symbolic tensors support: each one's handler, staging its op."""
import inspect

import numpy as np

from ..errors import NotRecordableError
from . import builders, tensor

HANDLERS = {}  # numpy function -> handler with the same signature, staging its op
CALLS = {}  # numpy function -> overload for the calls its dispatch does not see (`numpy_calls`)

_OUT = ('out= is supported in graphs for ufunc calls (np.add(a, b, out=c)); for other numpy '
        'functions assign the result instead: c[...] = f(...)')
def not_supported(what, fix=''):
    """The error for numpy usage no graph op covers: a TypeError while tracing; eagerly, on a
    value a gradient tape follows, a NotRecordableError (numpy's result would lose its gradient)."""
    if builders.current_builder() is not None:
        return TypeError(f'{what} is not supported on symbolic tensors{fix}')
    return NotRecordableError(f'{what} is not supported on values a gradient tape follows: the '
                              f'tape cannot record it, and the gradient would be lost{fix}')


def _name(func):
    return f'{func.__module__}.{func.__name__}'


def _reject_out(out):
    if out is not None and any(o is not None for o in (out if isinstance(out, tuple) else (out,))):
        raise TypeError(_OUT)


def _static(where, params):
    """Check and normalise the static params of an op (no tensors; dtypes as np.dtype)."""
    for key, value in params.items():
        if tensor.is_symbolic(value) or (isinstance(value, (list, tuple)) and
                                         any(map(tensor.is_symbolic, value))):
            raise TypeError(f'{where}: argument {key!r} must be a Python or numpy value while '
                            'tracing, not a symbolic tensor')
    if params.get('dtype') is not None:
        params['dtype'] = np.dtype(params['dtype'])
    return params


def implements(*funcs, op=None, arrays=1):
    """Stage numpy functions as op `op`: the first `arrays` parameters are inputs, others params."""
    for func in funcs:
        signature = inspect.signature(func)
        names = list(signature.parameters)[:arrays]
        HANDLERS[func] = _handler(func, signature, names, op or func.__name__)


def _handler(func, signature, names, op):
    bind_arguments = _binder(signature)

    def handler(*args, **kwargs):
        arguments = bind_arguments(args, kwargs)
        inputs = [arguments.pop(n, None) for n in names]
        return builders.bind(op, *inputs, **_params(func, arguments))
    return handler


def _binder(signature):
    """`signature.bind(*args, **kwargs).arguments`, quicker for a signature of plain parameters
    (numpy's functions: binding is per call, and `inspect` takes microseconds)."""
    order = list(signature.parameters)
    plain = all(p.kind is p.POSITIONAL_OR_KEYWORD or p.kind is p.KEYWORD_ONLY
                for p in signature.parameters.values())
    positional = [n for n, p in signature.parameters.items() if p.kind is p.POSITIONAL_OR_KEYWORD]
    required = [n for n, p in signature.parameters.items() if p.default is p.empty]

    def bind_arguments(args, kwargs):
        given = {**dict(zip(positional, args)), **kwargs}
        if not plain or len(args) > len(positional) or len(given) < len(args) + len(kwargs) or \
                not given.keys() <= signature.parameters.keys() or \
                any(name not in given for name in required):
            return signature.bind(*args, **kwargs).arguments  # its errors for bad calls
        return {name: given[name] for name in order if name in given}
    return bind_arguments


def _params(func, arguments):
    arguments.update(arguments.pop('kwargs', None) or {})
    _reject_out(arguments.pop('out', None))
    if arguments.pop('where', True) is not True:
        raise not_supported(f'{_name(func)}: where=', '; use np.where')
    return _static(_name(func), arguments)


def handles(func):
    """Decorator: the decorated function stages numpy's `func` (where `implements` does not fit)."""
    def decorate(handler):
        HANDLERS[func] = handler
        return handler
    return decorate


def intercepts(func):
    """Decorator: converted code calling numpy's `func` while tracing calls the decorated one."""
    def decorate(overload):
        CALLS[func] = overload
        return overload
    return decorate
