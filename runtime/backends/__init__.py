"""Backends: the numpy executor and reference interpreter, numba (`jit_compile=True`) and ONNX;
`compiling` picks one for a ConcreteFunction."""
