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
        return tuple(_walk(self, Variable, set()))

    @property
    def trainable_variables(self):
        return tuple(v for v in self.variables if v.trainable)

    @property
    def non_trainable_variables(self):
        return tuple(v for v in self.variables if not v.trainable)

    @property
    def submodules(self):
        return tuple(_walk(self, Module, set()))

    def __repr__(self):
        return f'<{type(self).__name__} {self._name!r}>'


def _walk(value, kind, seen, root=True):
    """The objects of `kind` reachable from `value` through attributes and containers."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, kind) and not root:
        yield value
    if isinstance(value, Module):
        for key, item in sorted(vars(value).items()):
            if key != '_name':
                yield from _walk(item, kind, seen, False)
    elif isinstance(value, dict):
        for key in sorted(value, key=repr):
            yield from _walk(value[key], kind, seen, False)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk(item, kind, seen, False)
