"""The names `import runtime as rt` offers, for type checkers: `__init__.py` imports them lazily.

Keep in step with `_LAZY` and `_SUBMODULES` in `__init__.py` (tests/test_api.py checks it).
"""
from . import autograph as autograph
from . import config as config
from . import errors as errors
from . import optimizers as optimizers
from .ag_operators.directives import do_not_convert as do_not_convert
from .ag_operators.directives import set_loop_options as set_loop_options
from .autodiff.tape import GradientTape as GradientTape
from .autodiff.tape import stop_gradient as stop_gradient
from .backends import onnx as onnx
from .module import Module as Module
from .rt_function import ConcreteFunction as ConcreteFunction
from .rt_function import Function as Function
from .rt_function import function as function
from .saving import saved_model as saved_model
from .saving import train as train
from .staging.cond import cond as cond
from .staging.loop_stmts import while_loop as while_loop
from .tracing.graph_lists import stack as stack
from .tracing.numpy_calls import rt_range as range
from .tracing.tensor import Tensor as Tensor
from .user_objects.resource_variables import Variable as Variable
from .user_objects.side_effects import print as print
from .user_objects.side_effects import py_function as py_function
from .user_objects.tensor_spec import TensorSpec as TensorSpec

__all__ = ['ConcreteFunction', 'Function', 'GradientTape', 'Module', 'Tensor', 'TensorSpec',
           'Variable', 'autograph', 'cond', 'config', 'do_not_convert', 'errors', 'function',
           'onnx', 'optimizers', 'print', 'py_function', 'range', 'saved_model',
           'set_loop_options', 'stack', 'stop_gradient', 'train', 'while_loop']
