"""`rt.print`, `rt.py_function`, `assert_that`: effects at every run of a graph, not only once.

Eagerly they act at once; while tracing they stage stateful ops, which every
run of the graph executes in program order.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..graph_ops.effects import call_py_function, check, print_values
from ..ir.core import Hole
from ..tracing import builders, tensor


def _template(values: Iterable[Any]) -> tuple[tuple[str | Hole, ...], list[Any]]:
    """(parts, inputs): text fixed now for plain values, a Hole for each tensor or variable."""
    parts: list[str | Hole] = []
    inputs: list[Any] = []
    for value in values:
        if tensor.is_symbolic(value) or isinstance(value, builders.Resource):
            parts.append(Hole(len(inputs)))
            inputs.append(value)
        else:
            parts.append(str(value))  # the text `print` would write for it
    return tuple(parts), inputs


def _concrete(values: Iterable[Any]) -> list[Any]:
    # Variable is the one Resource (the base class, in the tracing stage, declares no read_value)
    return [v.read_value() if isinstance(v, builders.Resource) else v  # type: ignore[attr-defined]
            for v in values]


def print(*values: Any, sep: str | None = ' ', end: str | None = '\n') -> None:
    """`print(*values)` at every run of the graph (numpy values printed as Python prints them)."""
    sep = ' ' if sep is None else sep
    end = '\n' if end is None else end
    parts, inputs = _template(values)
    builder = builders.current_builder()
    if builder is None:
        print_values(*_concrete(inputs), parts=parts, sep=sep, end=end)
    else:
        builder.emit('print', inputs, {'parts': parts, 'sep': sep, 'end': end})


def py_function(func: Callable[..., Any], inp: Sequence[Any],
                Tout: Any, name: str | None = None) -> Any:
    """Call `func(*inp)` with numpy values at every run; results converted to the dtype(s) `Tout`.

    A single dtype gives one result; a list of dtypes gives a list (empty: no result).
    """
    single = Tout is not None and not isinstance(Tout, (list, tuple))
    dtypes = () if Tout is None else tuple(np.dtype(t) for t in ((Tout,) if single else Tout))
    params = {'func': func, 'Tout': dtypes, 'single': single}
    builder = builders.current_builder()
    if builder is not None:
        results = builder.emit('py_function', list(inp), params)
    elif any(isinstance(v, builders.Followed) for v in inp):  # recorded: its gradient says none
        results = builders.bind('py_function', *inp, **params)
    else:
        results = call_py_function(*_concrete(inp), **params)
    return results[0] if single else list(results)


def assert_that(condition: Any, *message: Any) -> None:
    """Raise InvalidArgumentError(message) unless all of `condition` is true, at every run."""
    parts, inputs = _template(message)
    builder = builders.current_builder()
    if builder is None:
        check(*_concrete([condition, *inputs]), parts=parts)
    else:
        builder.emit('assert', [condition, *inputs], {'parts': parts})
