"""`import runtime as rt`: graph tracing, caching and execution for converted code.

Importing this package is cheap: converted modules import `runtime.ag`, which
needs only the standard library. The graph runtime (numpy, tracing, executors)
is imported on first use of an attribute that needs it.
"""
import importlib

from . import errors
from .operators.directives import do_not_convert, set_loop_options

# public name -> module that defines it (imported on first access)
_LAZY = {
    'Tensor': '.graph.tensor',
    'TensorSpec': '.graph.tensor_spec',
    'Variable': '.graph.variables',
    'print': '.graph.side_effects',
    'py_function': '.graph.side_effects',
    'function': '.polymorphic',
    'Function': '.polymorphic',
    'ConcreteFunction': '.polymorphic',
    'cond': '.graph.control_flow',
    'while_loop': '.graph.control_flow',
    'range': '.graph.control_flow',
    'stack': '.graph.control_flow',
    'GradientTape': '.autodiff.tape',
    'stop_gradient': '.autodiff.tape',
    'Module': '.module',
}
_ATTRIBUTES = {'range': 'arange'}  # public name -> the module's attribute, where they differ
_SUBMODULES = {'config': '.config', 'autograph': '.autograph', 'optimizers': '.optimizers',
               'saved_model': '.saving.saved_model', 'train': '.saving.train', 'onnx': '.onnx'}


def __getattr__(name):
    if name in _SUBMODULES:
        module = importlib.import_module(_SUBMODULES[name], __name__)
        globals()[name] = module  # `config` and `autograph` bind themselves; the others do not
        return module
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'runtime' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), _ATTRIBUTES.get(name, name))
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | set(_SUBMODULES))
