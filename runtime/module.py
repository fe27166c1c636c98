"""`rt.Module`: an object whose variables are found in its attributes, as `tf.Module` does.

Variables are collected from attributes (in name order), nested modules, and
lists, tuples and dicts of them, each once.
"""
from __future__ import annotations

import re
from typing import Any, TypeVar

from .user_objects.resource_variables import Variable

_Found = TypeVar('_Found')


class Module:
    """A named container of variables and sub-modules."""

    def __init__(self, name: str | None = None) -> None:
        self._name = name or re.sub(r'(?<!^)(?=[A-Z])', '_', type(self).__name__).lower()

    @property
    def name(self) -> str:
        return self._name

    @property
    def variables(self) -> tuple[Variable, ...]:
        """Every variable of this module and its sub-modules, each once."""
        return tuple(_walk(self, Variable, set(), []))

    @property
    def trainable_variables(self) -> tuple[Variable, ...]:
        return tuple([v for v in self.variables if v.trainable])

    @property
    def non_trainable_variables(self) -> tuple[Variable, ...]:
        return tuple(v for v in self.variables if not v.trainable)

    @property
    def submodules(self) -> tuple[Module, ...]:
        return tuple(_walk(self, Module, set(), []))

    def __repr__(self) -> str:
        return f'<{type(self).__name__} {self._name!r}>'


def _walk(value: Any, kind: type[_Found], seen: set[int], found: list[_Found],
          root: bool = True) -> list[_Found]:
    """`found` with the objects of `kind` reachable from `value` through attributes and
    containers appended (a plain recursion: `trainable_variables` runs at every training step)."""
    if id(value) in seen:
        return found
    seen.add(id(value))
    if isinstance(value, kind) and not root:
        found.append(value)
    if isinstance(value, Module):
        for key, item in sorted(vars(value).items()):
            if key != '_name':
                _walk(item, kind, seen, found, False)
    elif isinstance(value, dict):
        for key in sorted(value, key=repr):
            _walk(value[key], kind, seen, found, False)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _walk(item, kind, seen, found, False)
    return found
