"""Stochastic gradient descent with (Nesterov) momentum, as Keras' SGD computes it."""
from __future__ import annotations

from typing import Any

from ..user_objects.resource_variables import Variable
from .optimizer import Optimizer


class SGD(Optimizer):
    """`m = momentum * m - lr * g; var += m` (Nesterov: `var += momentum * m - lr * g`)."""

    def __init__(self, learning_rate: Any = 0.01, momentum: float = 0.0, nesterov: bool = False,
                 name: str = 'SGD') -> None:
        if not 0 <= momentum <= 1:
            raise ValueError(f'momentum must be in [0, 1], not {momentum}')
        super().__init__(learning_rate, name)
        self.momentum, self.nesterov = momentum, nesterov

    def update(self, variable: Variable, gradient: Any, per_step: Any) -> None:
        step_size = gradient * self.learning_rate
        if not self.momentum:
            variable.assign_sub(step_size)
            return
        velocity = self.slot(variable, 'momentum')
        new = velocity * self.momentum - step_size
        velocity.assign(new)
        variable.assign_add(new * self.momentum - step_size if self.nesterov else new)
