"""`rt.onnx`: export traced graphs as ONNX models (`export`); the op mapping is in `table`."""
from .export import INSTALL, export, unmapped_ops
from .lowering import OnnxExportError

__all__ = ['INSTALL', 'OnnxExportError', 'export', 'unmapped_ops']
