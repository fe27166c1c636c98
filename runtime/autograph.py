"""`rt.autograph`: the converter at run time (`to_code`, `to_graph`), as `tf.autograph`."""
import types

from .ag_operators.directives import do_not_convert
from .converted_code.conversion import convert, converted_source
from .pictures import dot

__all__ = ['do_not_convert', 'render', 'to_code', 'to_dot', 'to_graph']


def _python_function(entity):
    entity = getattr(entity, 'python_function', entity)  # an rt.function
    return getattr(entity, '__func__', entity)           # a bound method


def to_code(entity):
    """The converted source of one function: its `def` and body (raises ConversionError)."""
    return converted_source(_python_function(entity))


def to_graph(entity):
    """The converted function, bound again for a method (raises ConversionError if it cannot be)."""
    converted = convert(_python_function(entity), strict=True)
    instance = getattr(entity, '__self__', None)
    return converted if instance is None else types.MethodType(converted, instance)


def to_dot(function):
    """Graphviz DOT text of a traced function's graph (a ConcreteFunction, or an rt.function
    with one trace): ops with their types and lines, cond/while bodies as clusters."""
    return dot.to_dot(function, getattr(function, 'name', None) or function.__name__)


def render(function, path, format=None):
    """Write a picture of the graph to `path` (SVG, PNG, ... by its suffix) with Graphviz's
    `dot`; RuntimeError saying how to install Graphviz when it is missing."""
    return dot.render(function, path, format)
