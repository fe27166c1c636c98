"""Public objects traced code uses: `rt.Variable`, `rt.TensorSpec`, `rt.print`, `rt.py_function`."""
