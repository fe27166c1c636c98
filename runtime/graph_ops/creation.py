"""Creating arrays: np.zeros, ones, empty, full, eye of run-time sizes; zeros_like, ones_like, ...

Sizes known while tracing are static; a size known only when the graph runs
is an input, and the `shape` param (N, M, k for `eye`) holds `Hole(i)` for
the i-th of them, as index templates do (`runtime.tracing.sizes.split_sizes`).

    zeros[dtype=f64 order='C' shape=(Hole(0), 3)] n
    full[dtype=None order='C' shape=(Hole(0),)] fill_value n
"""
import numpy as np

from ..ir.core import AbstractValue, Hole
from ..ir.registry import Op, defop, defvjp, register
from ..ir.shapes import probe_dtype, stand_in
from .emitters import call_source


def _like_rule(fn):
    """The dtype of `a` (or `dtype=`), the shape of `a` (or `shape=`)."""
    def rule(a, *fill_value, shape=None, **params):
        dtype = probe_dtype(fn, a, *fill_value, **params)  # not `shape=`: it may be huge
        if shape is not None:
            return AbstractValue(dtype, (shape,) if isinstance(shape, int) else tuple(shape))
        return AbstractValue(dtype, a.shape)
    return rule


for _name, _fn in (('zeros_like', np.zeros_like), ('ones_like', np.ones_like),
                   ('empty_like', np.empty_like), ('full_like', np.full_like)):
    register(Op(_name, _fn, _like_rule(_fn), numpy=(_fn,), numpy_inputs=2 if _fn is np.full_like else 1,
                fresh=True, array_result=True, layout='first', fp_quiet=_fn is not np.full_like))


def filled(template, dims):
    """A size template with its holes filled by the run-time sizes `dims`."""
    if isinstance(template, Hole):
        return dims[template.index]
    if isinstance(template, tuple):
        return tuple(dims[d.index] if isinstance(d, Hole) else d for d in template)
    return template


def static_dims(template):
    """The static shape of a size template: None where a hole is."""
    items = template if isinstance(template, tuple) else (template,)
    return tuple(None if isinstance(d, Hole) else d for d in items)


def check_sizes(dims, what):
    for aval in dims:
        if aval.dtype.kind not in 'iu' or aval.shape != ():
            raise TypeError(f'{what}: a size must be an integer scalar, not {aval}')


def template_source(template, args):
    """Python source of a size template, holes replaced by the sources of the sizes."""
    if isinstance(template, Hole):
        return args[template.index]
    if not isinstance(template, tuple):
        return repr(template)
    parts = [args[d.index] if isinstance(d, Hole) else repr(d) for d in template]
    return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def _sized(fn):
    """The op of numpy's `fn(shape, dtype, order)` (zeros, ones, empty) on a size template."""
    def impl(*dims, shape, dtype, order='C'):
        return fn(filled(shape, dims), dtype, order)

    def rule(*dims, shape, dtype, order='C'):
        check_sizes(dims, f'numpy.{fn.__name__}')
        return AbstractValue(dtype, static_dims(shape))

    def emit(args, params, src):
        rest = {k: v for k, v in params.items() if k != 'shape'}
        return call_source(src(fn), [template_source(params['shape'], args)], rest, src)
    return Op(fn.__name__, impl, rule, emit=emit, layout='c', fp_quiet=True)


for _fn in (np.zeros, np.ones, np.empty):
    register(_sized(_fn))


def _full(fill_value, *dims, shape, dtype=None, order='C'):
    return np.full(filled(shape, dims), fill_value, dtype, order)


def _full_rule(fill_value, *dims, shape, dtype=None, order='C'):
    check_sizes(dims, 'numpy.full')
    target, fill = static_dims(shape), fill_value.shape
    if fill is not None and (len(fill) > len(target) or any(
            a not in (1, None, t) and t is not None for a, t in zip(fill[::-1], target[::-1]))):
        raise ValueError(f'could not broadcast input array from shape {fill} into shape {target}')
    dtype = np.asarray(stand_in(fill_value)).dtype if dtype is None else dtype
    return AbstractValue(dtype, target)


register(Op('full', _full, _full_rule, layout='c'))


def _eye(*dims, N, M=None, k=0, dtype=float, order='C'):
    return np.eye(filled(N, dims), filled(M, dims), filled(k, dims), dtype, order)


def _eye_rule(*dims, N, M=None, k=0, dtype=float, order='C'):
    check_sizes(dims, 'numpy.eye')
    rows = static_dims(N)[0]
    columns = rows if M is None else static_dims(M)[0]
    return AbstractValue(dtype, (rows, columns))


register(Op('eye', _eye, _eye_rule, layout='c', fp_quiet=True))


def arange(start, stop, step, *, dtype, python=False):
    """np.arange; `python` marks Python's `range` (a for loop over it counts in Python ints)."""
    return np.arange(start, stop, step, dtype=dtype)


@defop('arange', arange, fresh=True, layout='c', fp_quiet=True)
def _arange_rule(start, stop, step, *, dtype, python=False):
    for aval in (start, stop, step):
        if aval.shape != ():
            raise ValueError(f'arange: bounds must be scalars, not {aval}')
    return AbstractValue(dtype, (None,))


# Their values depend on sizes and fill values only: a constant of `a`'s values, the sum of
# the cotangent for a fill value.
for _name in ('zeros_like', 'ones_like', 'empty_like', 'zeros', 'ones', 'empty', 'eye'):
    defvjp(_name)
defvjp('full_like', None, lambda g, out, a, fill_value, **params: np.sum(g))
defvjp('full', lambda g, out, fill_value, *dims, **params: np.sum(g))


# start + i * step: linear in the start and the step (the count is piecewise constant)
defvjp('arange', lambda g, out, start, stop, step, **params: np.sum(g), None,
       lambda g, out, start, stop, step, **params: np.sum(g * (np.cumsum(np.ones_like(out)) - 1)))
