"""The optimizer base: `apply_gradients`, lazily made slots, an iteration counter.

Updates go through `Variable.assign*`, so they run at once eagerly and are
staged (ordered, as effects) inside an `rt.function`. Slots are variables
made the first time a variable is updated: inside an rt.function that is its
first trace, which TensorFlow's rule allows.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..tracing.trace_state import current_builder
from ..user_objects import recording_tapes
from ..user_objects.resource_variables import Variable


class Optimizer:
    """Applies gradients to variables; subclasses define `update(variable, gradient, per_step)`
    and may define `prepare(step)`, which gives `per_step`."""

    def __init__(self, learning_rate: Any, name: str) -> None:
        self.learning_rate, self.name = learning_rate, name
        self.iterations = Variable(np.int64(0), name=f'{name}/iterations', trainable=False)
        self._slots: dict[tuple[int, str], Variable] = {}  # (id(variable), slot name) -> Variable

    def apply_gradients(self, grads_and_vars: Iterable[tuple[Any, Variable]]) -> Variable:
        """Update each variable with its gradient (pairs whose gradient is None are skipped)."""
        pairs = [(g, v) for g, v in grads_and_vars if g is not None]
        for _, variable in pairs:
            if not isinstance(variable, Variable):
                raise TypeError(f'apply_gradients updates rt.Variable objects, not '
                                f'{type(variable).__name__}')
        per_step = self.prepare(self.iterations.read_value())
        for gradient, variable in pairs:
            self.update(variable, gradient, per_step)
        self.iterations.assign_add(1)
        return self.iterations

    def slot(self, variable: Variable, name: str) -> Variable:
        """The `name` slot of `variable` (zeros of its shape and dtype, made on first use)."""
        key = (id(variable), name)
        if key not in self._slots:
            self._slots[key] = Variable(np.zeros(variable.shape, variable.dtype),
                                        name=f'{variable.name}/{name}', trainable=False)
        return self._slots[key]

    @staticmethod
    def on_values(variable: Variable, gradient: Any) -> bool:
        """True when an update can compute on the values themselves: no trace to stage it in,
        no tape recording, and a plain array gradient of the variable's dtype and shape."""
        return current_builder() is None and not recording_tapes.state.tapes and \
            gradient.__class__ is np.ndarray and gradient.dtype == variable.dtype and \
            gradient.shape == variable.shape

    def variables(self) -> list[Variable]:
        return [self.iterations, *self._slots.values()]

    def prepare(self, step: Any) -> Any:
        """What every variable's update of this step shares, computed once (default: `step`,
        the number of steps applied before)."""
        return step

    def update(self, variable: Variable, gradient: Any, per_step: Any) -> None:
        raise NotImplementedError
