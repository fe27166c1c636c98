"""`BoundFunction`: an `rt.function` accessed on an instance (`obj.method`)."""
from __future__ import annotations

import types
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import config as _config
from ..ag_operators import dispatch as _d
from ..converted_code.tracebacks import leaving_runtime
from ..user_objects.recording_tapes import state as _recording
from . import keys
from .concrete import ConcreteFunction
from .state_plan import StateChanged

if TYPE_CHECKING:  # function.py imports this module: the name is for the annotations only
    from .function import Function


class BoundFunction:
    """The Function with `instance` bound: its own fast-path memo, the Function's traces.

    Traces are keyed by the instance's identity (held weakly, as any object
    argument), so each instance has its own; the Function keeps one
    BoundFunction per live instance (`obj.method is obj.method`).
    """
    __slots__ = ('_function', '_ref', '_fast', 'weak', '__weakref__')

    def __init__(self, function: Function, instance: object) -> None:
        self._function = function
        self._fast: dict[Any, list[Any]] = {}
        self._ref: Callable[[], Any]
        try:
            self._ref, self.weak = weakref.ref(instance), True
        except TypeError:  # kept alive by this object, which is then not cached
            self._ref, self.weak = (lambda: instance), False

    @property
    def instance(self) -> Any:
        return self._ref()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            if not kwargs and not _d.tracing and not _config._run_eagerly and not _recording.tapes:
                entry = self._fast.get(keys.fast_key(args))
                if entry is not None:
                    function = self._function
                    entry[1] = function._calls = function._calls + 1  # its last use, for the LRU
                    try:
                        return entry[0](args)
                    except StateChanged:  # the objects it uses changed: the slow path traces
                        pass
            return self._function._call((self._ref(),), args, kwargs, self._fast)
        except BaseException as exc:  # as in Function.__call__ (and its checks above)
            leaving_runtime(exc)
            raise

    @property
    def python_function(self) -> Callable[..., Any]:
        return types.MethodType(self._function.python_function, self._ref())

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        return self._function._get_concrete((self._ref(),), args, kwargs)

    def pretty_printed_concrete_signatures(self) -> str:
        return '\n\n'.join(c.pretty_printed_signature(skip=1)
                           for c in self._function.concrete_functions(self._ref()))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._function, name)

    def __repr__(self) -> str:
        return f'<rt.Function {self._function.__qualname__} bound to {self._ref()!r}>'
