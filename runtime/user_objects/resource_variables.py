"""`rt.Variable`: state held by reference; its methods act at once eagerly and stage ops in traces.

A graph captures a variable by reference (a resource), so assignments made by
a graph are visible outside it and later calls see the new values. Its value
is a read-only numpy array that is replaced, never mutated, by assignments
(`v[i] = x` too: a scatter update, ordered like every assignment); `v[i]` and
`numpy()` return writable copies, so `v[i] += x` reads, adds and assigns. Values are cast to the variable's dtype with
numpy's 'same_kind' rule; the shape is fixed.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..graph_ops import state
from ..graph_ops.indexing import split_index
from ..ir.core import AbstractValue, ResourceType
from ..tracing import builders, tensor
from ..tracing.memory import aliasing
from . import recording_tapes


def _read(value: Any) -> Any:
    return value.read_value() if isinstance(value, Variable) else value


def _stored(value: Any) -> Any:
    """A value to store: a variable's read, and a value a tape follows as its plain value (a
    variable holds values; tapes follow its reads, as in TensorFlow)."""
    value = _read(value)
    return value.detached() if isinstance(value, builders.Followed) else value


def _read_all(values: Any) -> Any:
    """Values with variables read (their value, or a read op while tracing), lists included."""
    return type(values)(
        _read_all(v) if isinstance(v, (list, tuple)) else _read(v) for v in values)


def _drawn(value: Any) -> str | None:
    """Where the random draw `value` is computed from was staged ('path:line'), or None."""
    producers = {v: eq for eq in value._builder._equations for v in eq.outputs}
    pending, seen = [value._var], set()
    while pending:
        eq = producers.get(pending.pop())
        if eq is None or id(eq) in seen:
            continue
        seen.add(id(eq))
        if eq.primitive == 'draw':
            return eq.source
        pending.extend(eq.inputs)
    return None


def _always_allowed(name: str | None) -> None:
    """Before rt.function installs its rule, every trace may make variables."""


# Raises unless a variable may be made in the trace now; rt.function installs TF's rule
# (`runtime.rt_function.variable_creation`): a hook, since this stage sits below rt.function.
check_creation: Callable[[str | None], None] = _always_allowed


class Variable(builders.Resource):
    """A mutable numpy value shared by eager code and graphs."""
    __slots__ = ('_value', 'name', 'trainable', '__weakref__')

    def __init__(self, initial_value: Any, dtype: npt.DTypeLike | None = None,
                 name: str | None = None, trainable: bool = True) -> None:
        if tensor.is_symbolic(initial_value):
            drawn = _drawn(initial_value)
            raise TypeError('rt.Variable needs a concrete initial value (numpy values, or '
                            'variables read): it is made when the line runs, also while tracing'
                            + ('' if drawn is None else
                               f'; this one comes from the random draw at {drawn}, which a '
                               'traced function makes when its graph runs, at every call: draw '
                               'initial values outside the rt.function (e.g. in __init__)'))
        if builders.current_builder() is not None:
            check_creation(name)
        value = np.array(_stored(initial_value), dtype=dtype, order='C')  # C: see graph_ops/state.py
        value.flags.writeable = False
        self._value, self.name, self.trainable = value, name or 'Variable', bool(trainable)

    @property
    def dtype(self) -> np.dtype[Any]:
        return self._value.dtype

    @property
    def shape(self) -> tuple[int, ...]:
        return self._value.shape

    @property
    def ndim(self) -> int:
        return self._value.ndim

    @property
    def size(self) -> int:
        return self._value.size

    @property
    def resource_type(self) -> ResourceType:
        return ResourceType(AbstractValue(self.dtype, self.shape))

    def read_value(self) -> Any:
        """The current value (a read-only array); while tracing, a tensor read at this point."""
        builder = builders.current_builder()
        if builder is None:
            return recording_tapes.read_variable(self) if recording_tapes.state.tapes else self._value
        value = builder.emit('read_variable', [builder.capture_resource(self)], {})
        aliasing.ref_of(value).readonly = True  # as the eager value, a read-only array
        return value

    def __getitem__(self, index: Any) -> Any:
        value = self.read_value()[index]
        if isinstance(value, tensor.Tensor):
            aliasing.forget(value)  # a copy, not a view of the variable's value
            return value
        return value.copy() if isinstance(value, np.ndarray) else value

    def __setitem__(self, index: Any, value: Any) -> None:
        builder = builders.current_builder()
        template, dynamic = split_index(index, tensor.is_symbolic)
        if builder is None:
            state.scatter_variable(self, _stored(value), *dynamic, index=template)
        else:
            builder.emit('scatter_variable', [builder.capture_resource(self), value, *dynamic],
                         {'index': template})

    def assign(self, value: Any) -> Variable:
        return self._update('assign_variable', state.assign_variable, value)

    def assign_add(self, delta: Any) -> Variable:
        return self._update('assign_add_variable', state.assign_add_variable, delta)

    def assign_sub(self, delta: Any) -> Variable:
        return self._update('assign_sub_variable', state.assign_sub_variable, delta)

    def _update(self, primitive: str, update: Callable[[Variable, Any], None],
                value: Any) -> Variable:
        builder = builders.current_builder()
        if builder is None:
            update(self, _stored(value))
        else:
            builder.emit(primitive, [builder.capture_resource(self), value], {})
        return self

    def numpy(self) -> npt.NDArray[Any]:
        if builders.current_builder() is not None:
            raise tensor.not_allowed('Variable.numpy()', 'Use read_value() in traced code, which '
                                     'gives the value when the graph runs', unconverted_fix=None)
        return self._value.copy()

    def __array__(self, dtype: npt.DTypeLike | None = None,
                  copy: bool | None = None) -> npt.NDArray[Any]:
        if builders.current_builder() is not None:
            raise tensor.not_allowed(
                'converting a variable to a numpy array while tracing',
                'Use it as numpy does (operators and numpy functions read it in the graph), or '
                'read_value()', unconverted_fix=None)
        # read while a tape records: a value the tape follows refuses the conversion, which would
        # lose its gradient (numpy converts so in np.asarray, X.dot(v), a[i] = v, ...)
        value = self.read_value() if recording_tapes.state.tapes else self._value
        return np.array(value, dtype=dtype, copy=copy)

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        return getattr(ufunc, method)(*_read_all(inputs), **kwargs)

    def __array_function__(self, func: Callable[..., Any], types: Any, args: Any,
                           kwargs: dict[str, Any]) -> Any:
        return func(*_read_all(args), **dict(zip(kwargs, _read_all(tuple(kwargs.values())))))

    def __repr__(self) -> str:
        value = np.array2string(self._value, separator=', ')
        return (f"<rt.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, "
                f'numpy={value}>')

    __hash__ = object.__hash__  # `==` is elementwise, as in numpy

    if TYPE_CHECKING:  # what `_forward` sets below: operators act on the value read
        def __add__(self, other: Any) -> Any: ...
        def __radd__(self, other: Any) -> Any: ...
        def __sub__(self, other: Any) -> Any: ...
        def __rsub__(self, other: Any) -> Any: ...
        def __mul__(self, other: Any) -> Any: ...
        def __rmul__(self, other: Any) -> Any: ...
        def __truediv__(self, other: Any) -> Any: ...
        def __rtruediv__(self, other: Any) -> Any: ...
        def __floordiv__(self, other: Any) -> Any: ...
        def __rfloordiv__(self, other: Any) -> Any: ...
        def __mod__(self, other: Any) -> Any: ...
        def __rmod__(self, other: Any) -> Any: ...
        def __divmod__(self, other: Any) -> Any: ...
        def __rdivmod__(self, other: Any) -> Any: ...
        def __pow__(self, other: Any) -> Any: ...
        def __rpow__(self, other: Any) -> Any: ...
        def __matmul__(self, other: Any) -> Any: ...
        def __rmatmul__(self, other: Any) -> Any: ...
        def __and__(self, other: Any) -> Any: ...
        def __rand__(self, other: Any) -> Any: ...
        def __or__(self, other: Any) -> Any: ...
        def __ror__(self, other: Any) -> Any: ...
        def __xor__(self, other: Any) -> Any: ...
        def __rxor__(self, other: Any) -> Any: ...
        def __lshift__(self, other: Any) -> Any: ...
        def __rlshift__(self, other: Any) -> Any: ...
        def __rshift__(self, other: Any) -> Any: ...
        def __rrshift__(self, other: Any) -> Any: ...
        def __lt__(self, other: Any) -> Any: ...
        def __le__(self, other: Any) -> Any: ...
        def __gt__(self, other: Any) -> Any: ...
        def __ge__(self, other: Any) -> Any: ...
        def __eq__(self, other: object) -> Any: ...
        def __ne__(self, other: object) -> Any: ...
        def __neg__(self) -> Any: ...
        def __pos__(self) -> Any: ...
        def __abs__(self) -> Any: ...
        def __invert__(self) -> Any: ...
        def __bool__(self) -> bool: ...
        def __int__(self) -> int: ...
        def __float__(self) -> float: ...
        def __complex__(self) -> complex: ...
        def __index__(self) -> int: ...
        def __len__(self) -> int: ...
        def __iter__(self) -> Iterator[Any]: ...


def _forward(name: str) -> Callable[..., Any]:
    return lambda self, *args: getattr(self.read_value(), name)(*args)


for _op in ('add', 'sub', 'mul', 'truediv', 'floordiv', 'mod', 'divmod', 'pow', 'matmul', 'and',
            'or', 'xor', 'lshift', 'rshift'):
    setattr(Variable, f'__{_op}__', _forward(f'__{_op}__'))
    setattr(Variable, f'__r{_op}__', _forward(f'__r{_op}__'))
for _op in ('lt', 'le', 'gt', 'ge', 'eq', 'ne', 'neg', 'pos', 'abs', 'invert', 'bool', 'int',
            'float', 'complex', 'index', 'len', 'iter'):
    setattr(Variable, f'__{_op}__', _forward(f'__{_op}__'))
