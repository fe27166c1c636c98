"""The graph runtime: IR, ops, tracing, symbolic tensors, executors and variables."""
from . import ops, tensor  # noqa: F401  (registers the ops and the Tensor type)
from . import operators  # noqa: F401  (installs itself as the operators' `dispatch.graph`)
from . import views  # noqa: F401  (links the results of view ops to their bases)
from . import made_arrays  # noqa: F401  (arrays made while tracing: numpy until promoted)
from .check import GraphCheckError, check_graph
from .executor import compile_graph
from .interpreter import eval_graph
from .ir import AbstractValue, Equation, Graph, Literal, ResourceType, Var
from .tensor import Tensor
from .tracing import GraphBuilder, Resource, bind, current_builder, make_graph

__all__ = [
    'AbstractValue', 'Equation', 'Graph', 'GraphBuilder', 'GraphCheckError', 'Literal', 'Resource',
    'ResourceType', 'Tensor', 'Var', 'bind', 'check_graph', 'compile_graph', 'current_builder',
    'eval_graph', 'make_graph',
]
