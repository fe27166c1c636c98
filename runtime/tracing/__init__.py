"""Tracing: graph builders, symbolic tensors and numpy's dispatch to them, arrays and their memory."""
# the behaviour the low modules' classes get from above (Tensor's numpy methods, TracedArray's
# graph-aware ones), and view ops linked to their bases: installed before any tracing module is used
from . import tensor_methods  # noqa: F401
from .memory import traced_array_methods, views  # noqa: F401
