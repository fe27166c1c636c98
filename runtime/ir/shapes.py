"""Shape arithmetic with unknown dimensions (`None`) and unknown ranks (shape `None`)."""
from __future__ import annotations

import functools
import math
import operator
import warnings
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
from numpy.exceptions import AxisError

from .compatibility import dims_agree
from .core import AbstractValue, Dim, Shape
from .printing import dims_text


def broadcast_shapes(*shapes: Shape) -> Shape:
    """numpy broadcasting; a `None` dim broadcast against n > 1 is n, against 1 or None unknown."""
    if any(s is None for s in shapes):
        return None
    ranked = cast('tuple[tuple[Dim, ...], ...]', shapes)  # every rank known
    ndim = max((len(s) for s in ranked), default=0)
    result: list[Dim] = []
    for i in range(-ndim, 0):
        dims = [s[i] for s in ranked if len(s) >= -i]
        result.append(_broadcast_dim(dims, ranked))
    return tuple(result)


def _broadcast_dim(dims: list[Dim], shapes: Sequence[tuple[Dim, ...]]) -> Dim:
    known = {d for d in dims if d is not None and d != 1}
    if len(known) > 1:
        listed = ' '.join(str(_pp(s)) for s in shapes)
        raise ValueError(f'operands could not be broadcast together with shapes {listed}')
    if known:
        return known.pop()
    return None if None in dims else 1


def _pp(shape: tuple[Dim, ...]) -> str:
    return f"({dims_text(shape)}{',' if len(shape) == 1 else ''})"


def size(shape: Shape) -> int | None:
    """The number of elements, or None when unknown."""
    if shape is None or None in shape:
        return None
    return math.prod(cast('tuple[int, ...]', shape))  # every dim known


def normalize_axis(axis: Any, ndim: int) -> int:
    """A non-negative axis, raising numpy's AxisError when out of range."""
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise AxisError(axis, ndim)
    return axis % ndim


def normalize_axes(axis: Any, ndim: int) -> tuple[int, ...]:
    """A sorted tuple of non-negative axes from None (all), an int or a sequence."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        axes = tuple(normalize_axis(a, ndim) for a in axis)
        if len(set(axes)) != len(axes):
            raise ValueError('duplicate value in \'axis\'')
        return tuple(sorted(axes))
    return (normalize_axis(axis, ndim),)


def reduce_shape(shape: Shape, axis: Any, keepdims: bool) -> Shape:
    """The shape left by reducing `axis` (None: all axes)."""
    if shape is None or shape == ():
        return shape  # numpy's reductions take axis 0 or -1 of a 0-d array (checked by the probe)
    axes = normalize_axes(axis, len(shape))
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def merge_dims(a: Dim, b: Dim, what: str) -> Dim:
    """Two dims that must agree (None agrees with anything)."""
    if not dims_agree(a, b):
        raise ValueError(f'{what}: {a} != {b}')
    return b if a is None else a


def add_dims(a: Dim, b: Dim) -> Dim:
    return None if a is None or b is None else a + b


def stand_in(aval: AbstractValue | None) -> Any:
    """A tiny concrete value of the same dtype and rank, for asking numpy about dtypes."""
    if aval is None:
        return None
    if aval.weak:
        return aval.dtype.type(0).item()
    ndim = 8 if aval.shape is None else len(aval.shape)  # unknown rank: any axis < 8 is valid
    return np.ones((1,) * ndim, aval.dtype)  # ones: invertible, and no division by zero


def probe_dtype(fn: Callable[..., Any], *avals: AbstractValue | None,
                **params: Any) -> np.dtype[Any] | list[np.dtype[Any]]:
    """The dtype numpy gives `fn(*values, **params)` on values of these types.

    Result dtypes depend only on operand dtypes (NEP 50), so numpy itself, run on
    one-element stand-ins, is the exact oracle; it also raises the errors eager
    code would (bad axis, unsupported dtype) at trace time.
    """
    with np.errstate(all='ignore'), warnings.catch_warnings():
        # e.g. "degrees of freedom <= 0" on one element (before Python 3.14 the filter is
        # process-wide, so another thread may miss a warning during this call)
        warnings.simplefilter('ignore')
        result = fn(*map(stand_in, avals), **params)
    if isinstance(result, (tuple, list)):
        return [np.asarray(r).dtype for r in result]
    return np.asarray(result).dtype


def gufunc_shapes(ufunc: np.ufunc, shapes: Sequence[Shape]) -> list[Shape]:
    """Output shapes of a generalized ufunc (e.g. matmul `(n?,k),(k,m?)->(n?,m?)`)."""
    ins, outs = _parse_signature(ufunc.signature)
    if any(s is None for s in shapes):
        return [None] * len(outs)
    ranked = cast('Sequence[tuple[Dim, ...]]', shapes)  # every rank known
    sizes: dict[str, Dim] = {}
    dropped: set[str] = set()
    loops: list[tuple[Dim, ...]] = []
    for i, (core, shape) in enumerate(zip(ins, ranked)):
        if len(shape) < len(core):
            optional = [name for name, opt in core if opt]
            if len(core) - len(shape) > len(optional):
                raise ValueError(f'{ufunc.__name__}: Input operand {i} does not have enough '
                                 f'dimensions (has {len(shape)}, gufunc core with signature '
                                 f'{ufunc.signature} requires {len(core)})')
            dropped.update(optional)
            core = tuple([(name, opt) for name, opt in core if not opt])
        split = len(shape) - len(core)
        loops.append(shape[:split])
        for (name, _), dim in zip(core, shape[split:]):
            sizes[name] = merge_dims(sizes.get(name), dim, f'{ufunc.__name__}: Input operand {i} '
                                     f'has a mismatch in its core dimension {name!r} '
                                     f'(signature {ufunc.signature})')
    loop = cast('tuple[Dim, ...]', broadcast_shapes(*loops))  # known ranks broadcast to one
    return [loop + tuple(sizes.get(name) for name, _ in core if name not in dropped)
            for core in outs]


# a gufunc's core dims per operand: (name, optional?) each
_Operands = tuple[tuple[tuple[str, bool], ...], ...]


@functools.cache
def _parse_signature(signature: str) -> tuple[_Operands, _Operands]:
    """'(n?,k),(k,m?)->(n?,m?)' -> ([[('n', True), ('k', False)], ...], [...])."""
    def operands(text: str) -> _Operands:
        groups = text[1:-1].split('),(') if text != '()' else ['']
        return tuple(tuple((d.rstrip('?'), d.endswith('?')) for d in g.split(',') if d)
                     for g in groups)
    ins, outs = signature.replace(' ', '').split('->')
    return operands(ins), operands(outs)
