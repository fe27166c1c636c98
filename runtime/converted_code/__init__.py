"""Converted code as Python: dispatch to the original, source positions and maps, tracebacks, frames,
conversion on the fly."""
