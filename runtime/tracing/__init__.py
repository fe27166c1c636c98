"""Tracing: graph builders, symbolic tensors and numpy's dispatch to them, arrays and their memory."""
from . import tensor  # noqa: F401  (the Tensor type, registered as a staged type)
from .memory import made_arrays, views  # noqa: F401  (view ops linked to their bases; made arrays)
