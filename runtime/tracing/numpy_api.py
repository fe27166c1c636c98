"""numpy's dispatch protocols on symbolic tensors: which ufunc or numpy function stages which op."""
import numpy as np

from ..graph_ops.elementwise import UFUNCS
from ..graph_ops.indexing import split_index
from . import (  # noqa: F401  (their handlers)
    builders,
    numpy_arrangement,
    numpy_calls,
    numpy_diagonals,
    numpy_functions,
    numpy_linalg,
    numpy_nan_functions,
    numpy_parts,
    numpy_predicates,
    numpy_ranges,
    numpy_sorting,
    numpy_statistics,
    tensor,
)
from .memory import updates
from .numpy_handlers import (  # noqa: F401  (CALLS, HANDLERS: for callers)
    CALLS,
    HANDLERS,
    _name,
    _reject_out,
    _static,
    not_supported,
)

_UFUNC_KWARGS = {'__call__': ('dtype', 'casting'), 'outer': ('dtype', 'casting'),
                 'reduce': ('axis', 'dtype', 'keepdims', 'initial'),
                 'accumulate': ('axis', 'dtype')}


def array_ufunc(ufunc, method, inputs, kwargs):
    """`Tensor.__array_ufunc__`: stage `ufunc` (or its methods); `out=` and `at` update arrays."""
    name = ufunc.__name__
    out = kwargs.pop('out', None)
    if UFUNCS.get(name) is not ufunc:
        raise TypeError(f'ufunc {name!r} is not supported on symbolic tensors: '
                        "only numpy's own are")
    if method == 'at' and not kwargs and out is None:
        return updates.ufunc_at(ufunc, inputs)
    if method not in _UFUNC_KWARGS:
        raise not_supported(f'numpy.{name}.{method}')
    if method != '__call__':
        _reject_out(out)
    for key in kwargs:
        if key not in _UFUNC_KWARGS[method] and not (key == 'where' and kwargs[key] is True):
            raise not_supported(f'numpy.{name}: argument {key}=')
    params = _static(f'numpy.{name}', {k: v for k, v in kwargs.items() if k != 'where'})
    if method == '__call__':
        if out is not None and any(o is not None for o in out):
            return updates.ufunc_out(ufunc, inputs, out, params)
        return builders.bind(name, *inputs, **params)
    return builders.bind(f'ufunc_{method}', *inputs, ufunc=ufunc, **params)


def array_function(func, types, args, kwargs):
    """`Tensor.__array_function__`: stage the op of a supported numpy function."""
    handler = HANDLERS.get(func)
    if handler is None:
        raise TypeError(f'{_name(func)} is not supported on symbolic tensors: it has no graph op. '
                        'Compute it outside the traced function, or call it when the graph runs '
                        'with rt.py_function(func, inp, Tout).')
    if not all(issubclass(t, (tensor.Tensor, builders.Resource, builders.Followed, np.ndarray))
               for t in types):
        return NotImplemented
    return handler(*args, **kwargs)


def getitem(x, index):
    template, dynamic = split_index(index, tensor.is_symbolic)
    return builders.bind('getitem', x, *dynamic, index=template)
