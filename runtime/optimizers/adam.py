"""Adam, as Keras' Adam computes it (the bias corrections folded into the step size)."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..graph_ops import state
from ..user_objects.resource_variables import Variable
from .optimizer import Optimizer


class Adam(Optimizer):
    """With t = iterations + 1:
    `alpha = lr * sqrt(1 - beta_2**t) / (1 - beta_1**t)`,
    `m += (g - m) * (1 - beta_1)`, `v += (g*g - v) * (1 - beta_2)`,
    `var -= alpha * m / (sqrt(v) + epsilon)`."""

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-7, name: str = 'Adam') -> None:
        super().__init__(learning_rate, name)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def prepare(self, step: Any) -> Any:
        t = step + 1
        return self.learning_rate * np.sqrt(1 - np.power(self.beta_2, t)) / (
            1 - np.power(self.beta_1, t))

    def update(self, variable: Variable, gradient: Any, alpha: Any) -> None:
        alpha = alpha.astype(variable.dtype)
        m, v = self.slot(variable, 'm'), self.slot(variable, 'v')
        if self.on_values(variable, gradient):
            self._update_values(variable, gradient, alpha, m, v)
            return
        # assign_add, not assign: the sum is a new array the slot takes without a copy; the
        # slots' values read once each (a variable in arithmetic is read at every use)
        m.assign_add((gradient - m.read_value()) * (1 - self.beta_1))
        v.assign_add((gradient * gradient - v.read_value()) * (1 - self.beta_2))
        variable.assign_sub(m.read_value() * alpha / (np.sqrt(v.read_value()) + self.epsilon))

    def _update_values(self, variable: Variable, gradient: Any, alpha: Any, m: Variable,
                       v: Variable) -> None:
        """`update` on the values eagerly (nothing to stage or record): the same arithmetic in
        the same order, so bitwise the same, with the temporaries reused in place."""
        m_new = gradient - m._value
        m_new *= 1 - self.beta_1
        m_new += m._value  # m + delta: addition commutes exactly
        v_new = gradient * gradient
        v_new -= v._value
        v_new *= 1 - self.beta_2
        v_new += v._value
        state.replace(m, m_new)
        state.replace(v, v_new)
        step = m_new * alpha
        root = np.sqrt(v_new)
        root += self.epsilon
        step /= root
        state.replace(variable, variable._value - step)
