"""`import runtime as rt`: graph tracing, caching and execution for converted code.

Importing this package is cheap: converted modules import `runtime.ag`, which
needs only the standard library. The graph runtime (numpy, tracing, executors)
is imported on first use of an attribute that needs it.
"""
import importlib

from . import errors  # noqa: F401  (rt.errors)
from .ag_operators.directives import do_not_convert, set_loop_options  # noqa: F401  (rt.*)

# public name -> module that defines it (imported on first access)
_LAZY = {
    'Tensor': '.tracing.tensor',
    'TensorSpec': '.user_objects.tensor_spec',
    'Variable': '.user_objects.resource_variables',
    'print': '.user_objects.side_effects',
    'py_function': '.user_objects.side_effects',
    'function': '.rt_function',
    'Function': '.rt_function',
    'ConcreteFunction': '.rt_function',
    'cond': '.staging.cond',
    'while_loop': '.staging.loop_stmts',
    'range': '.tracing.numpy_calls',
    'stack': '.tracing.graph_lists',
    'GradientTape': '.autodiff.tape',
    'stop_gradient': '.autodiff.tape',
    'Module': '.module',
}
_ATTRIBUTES = {'range': 'rt_range'}  # public name -> the module's attribute, where they differ
_SUBMODULES = {'config': '.config', 'autograph': '.autograph', 'optimizers': '.optimizers',
               'saved_model': '.saving.saved_model', 'train': '.saving.train', 'onnx': '.backends.onnx'}


def __getattr__(name: str) -> object:
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


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_SUBMODULES))
