"""np.real and np.imag (and ndarray.real, .imag) on staged values; np.ascontiguousarray and
np.asfortranarray in converted code (numpy's dispatch never hands them a tensor, as np.asarray)."""
import numpy as np

from . import builders
from .numpy_calls import _holds_staged, as_array
from .numpy_handlers import handles, intercepts


@handles(np.real)
def real(val):
    """A complex value's real part (a copy in graphs, where numpy gives a view); any other value
    itself, as numpy's `val.real`."""
    return builders.bind('real', val) if val.dtype.kind == 'c' else val


@handles(np.imag)
def imag(val):
    """A complex value's imaginary part (a copy); for any other, zeros (numpy's are read-only)."""
    return builders.bind('imag', val) if val.dtype.kind == 'c' else np.zeros_like(val)


@intercepts(np.ascontiguousarray)
def ascontiguousarray(a, dtype=None, *, like=None):
    """As numpy's: at least 1-d; the array itself (a view) when C-ordered, else a C-ordered copy,
    which reshape of ravel gives (ravel copies only when it must)."""
    if not _holds_staged(a):
        return np.ascontiguousarray(a, dtype, like=like)
    a = as_array(a, dtype)
    a = np.expand_dims(a, 0) if a.ndim == 0 else a
    return np.reshape(np.ravel(a), a.shape)


@intercepts(np.asfortranarray)
def asfortranarray(a, dtype=None, *, like=None):
    """As numpy's: at least 1-d; the array itself when Fortran-ordered, else a Fortran-ordered
    copy: the C-ordered array of the reversed axes, transposed back."""
    if not _holds_staged(a):
        return np.asfortranarray(a, dtype, like=like)
    a = as_array(a, dtype)
    a = np.expand_dims(a, 0) if a.ndim == 0 else a
    return np.transpose(ascontiguousarray(np.transpose(a)))
