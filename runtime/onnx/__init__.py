"""`rt.onnx`: export traced graphs as ONNX models (`export`); the op mapping is in `table`."""
from .export import INSTALL, OnnxExportError, export, unmapped_ops

__all__ = ['INSTALL', 'OnnxExportError', 'export', 'unmapped_ops']
