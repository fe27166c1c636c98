"""`rt.function`: trace Python functions into graphs, cached per input signature (SPEC §5-6)."""
from .concrete import ConcreteFunction
from .function import Function, function
from .methods import BoundFunction

__all__ = ['BoundFunction', 'ConcreteFunction', 'Function', 'function']
