"""`rt.Module`: an object whose variables are found in its attributes, as `tf.Module` does.

Variables are collected from attributes (in name order), nested modules, and
lists, tuples and dicts of them, each once.
"""
import re

from .api.resource_variables import Variable


class Module:
    """A named container of variables and sub-modules."""

    def __init__(self, name=None):
        self._name = name or re.sub(r'(?<!^)(?=[A-Z])', '_', type(self).__name__).lower()

    @property
    def name(self):
        return self._name

    @property
    def variables(self):
        """Every variable of this module and its sub-modules, each once."""
        return tuple(_walk(self, Variable, set(), []))

    @property
    def trainable_variables(self):
        return tuple([v for v in self.variables if v.trainable])

    @property
    def non_trainable_variables(self):
        return tuple(v for v in self.variables if not v.trainable)

    @property
    def submodules(self):
        return tuple(_walk(self, Module, set(), []))

    def __repr__(self):
        return f'<{type(self).__name__} {self._name!r}>'


def _walk(value, kind, seen, found, root=True):
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
