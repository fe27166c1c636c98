"""`rt.GradientTape` and `rt.stop_gradient`: TensorFlow's interface over one reverse pass.

Inside a trace a tape remembers which equations of the graph being built it
saw (ranges of `builder._equations`), and `gradient` appends the backward
equations to that same graph, so forward, backward and updates compile into
one graph. Eagerly a tape records equations itself (`eager`), with the values
they read. Both hand their equations to `backprop.backward`.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..ir.structure import flatten, unflatten
from ..tracing import builders as tracing
from ..tracing import tensor
from ..user_objects.resource_variables import Variable
from . import eager, op_hook  # noqa: F401  (op_hook: installs how gradient rules apply ops)
from .backprop import backward, is_float
from .recording import EagerRecord, GraphRecord

_UNCONNECTED = {None: 'none', 'none': 'none', 'zero': 'zero'}


class GradientTape:
    """Records operations on watched values and trainable variables, for `gradient`."""

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True) -> None:
        self.persistent = persistent
        self.watch_accessed_variables = watch_accessed_variables
        self._record: Any = None  # an EagerRecord or a GraphRecord, from __enter__ on
        self._used = False
        self._computing = False

    def __enter__(self) -> GradientTape:
        builder = tracing.current_builder()
        self._record = EagerRecord(self) if builder is None else GraphRecord(builder)
        self._record.tape = self
        self._record.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._record.stop()

    @property
    def followed(self) -> Any:
        return self._record.followed

    def record(self, equation: Any, inputs: Any, outs: Any, holds_graphs: bool = False) -> None:
        self._record.record(equation, inputs, outs, holds_graphs)

    def watch(self, tensor_or_tensors: Any) -> Any:
        """Follow these values (a nest); returns the values to compute with (eagerly, numpy
        arrays cannot be followed in place: use the returned `Tracked` arrays)."""
        self._check_active('watch')
        leaves: list[Any] = []
        structure = flatten(tensor_or_tensors, leaves)
        return unflatten(structure, [self._record.watch(x) for x in leaves])

    def watched_variables(self) -> tuple[Variable, ...]:
        return tuple(self._record.variables())

    @contextlib.contextmanager
    def stop_recording(self) -> Iterator[None]:
        """Operations in this block are not recorded (a tape that is not recording: an error)."""
        self._check_active('stop_recording')
        self._record.stop()
        try:
            yield
        finally:
            self._record.start()

    def reset(self) -> None:
        """Forget everything recorded so far (the tape keeps recording if it was)."""
        self._record.reset()

    def gradient(self, target: Any, sources: Any, output_gradients: Any = None,
                 unconnected_gradients: Any = None) -> Any:
        """d(sum of target) / d(source) for every source of the nest `sources`, as that nest."""
        if self._record is None:
            raise RuntimeError('GradientTape.gradient can only be called once the tape has been '
                               'entered (`with rt.GradientTape() as tape:`)')
        if self._used and not self.persistent:
            raise RuntimeError('A non-persistent GradientTape can only be used to compute one set '
                               'of gradients (or jacobians); use rt.GradientTape(persistent=True)')
        mode = _UNCONNECTED.get(getattr(unconnected_gradients, 'value', unconnected_gradients))
        if mode is None:
            raise ValueError(f'unconnected_gradients must be None, "none" or "zero", not '
                             f'{unconnected_gradients!r}')
        self._used = True
        leaves: list[Any] = []
        structure = flatten(sources, leaves)
        with self._paused():
            grads = self._gradients(target, output_gradients, leaves)
        grads = [_zeros_like(s) if g is None and mode == 'zero' else g for g, s in zip(grads, leaves)]
        if not self.persistent and not self._record.recording:
            self._record.reset()
        return unflatten(structure, grads)

    def _gradients(self, target: Any, output_gradients: Any, sources: list[Any]) -> list[Any]:
        record = self._record
        targets: list[Any] = []
        structure = flatten(target, targets)
        seeds = [None] * len(targets) if output_gradients is None else \
            _leaves_like(structure, output_gradients)
        cts: dict[Any, Any] = {}  # graph variable -> its cotangent
        for t, seed in zip(targets, seeds):
            if hasattr(t, 'dtype') and not is_float(np.dtype(t.dtype)):
                raise ValueError(f'the dtype of the target of GradientTape.gradient must be '
                                 f'floating, got {np.dtype(t.dtype)}: integers and bools have no '
                                 'gradient')
            var = record.var_of(t)
            if var is None:
                continue
            seed = np.ones_like(record.value_of(var)) if seed is None else seed
            cts[var] = seed if var not in cts else cts[var] + seed
        equations = record.equations()
        variables = record.variable_cotangents()
        backward(equations, record.value_of, cts, record.active(equations, variables), variables)
        return [record.gradient_of(s, cts) for s in sources]

    @contextlib.contextmanager
    def _paused(self) -> Iterator[None]:
        was = self._record.recording
        if was:
            self._record.stop()
        try:
            yield
        finally:
            if was:
                self._record.start()

    def _check_active(self, what: str) -> None:
        if self._record is None:
            raise RuntimeError(f'GradientTape.{what} needs the tape to be entered '
                               '(`with rt.GradientTape() as tape:`)')


def stop_gradient(x: Any) -> Any:
    """`x`, as a value that gradients do not flow through."""
    if tracing.current_builder() is not None and tensor.is_symbolic(x):
        return tracing.bind('stop_gradient', x)
    if isinstance(x, Variable):
        x = x.read_value()
    x = eager.plain(x)
    return x.copy() if isinstance(x, np.ndarray) else x


def _zeros_like(source: Any) -> Any:
    if isinstance(source, Variable):
        return np.zeros(source.shape, source.dtype)
    return np.zeros_like(eager.plain(source))


def _leaves_like(structure: Any, values: Any) -> list[Any]:
    leaves: list[Any] = []
    if flatten(values, leaves) != structure:
        raise ValueError('output_gradients must have the structure of target')
    return leaves
