"""How many registered ops each backend lowers, counted from the tables.

`python -m runtime.backends.coverage` and `make bench` print the figures, never kept by
hand; this module sits at the saving stage, with ONNX, as it imports every backend.
"""
from .. import graph_ops
from .numba import control as numba_control
from .numba import lowering as numba_lowering
from .onnx import table as onnx_table


def lowered():
    """{backend: the names of the registered ops it computes}."""
    names = graph_ops.names()
    return {
        'numpy executor': set(names),  # every op carries its numpy implementation
        'numba (jit_compile=True)': {n for n in names if n in numba_lowering.LOWERINGS
                                     or n in numba_control.EMITTERS},
        'ONNX export': {n for n in names if n in onnx_table.LOWERINGS},
    }


def coverage():
    """{backend: (ops lowered, ops registered)}."""
    total = len(graph_ops.names())
    return {backend: (len(names), total) for backend, names in lowered().items()}


def report():
    return '\n'.join(f'{backend}: {count}/{total} graph ops'
                     for backend, (count, total) in coverage().items())


if __name__ == '__main__':
    print(report())
