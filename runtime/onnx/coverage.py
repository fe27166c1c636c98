"""How many registered ops each backend lowers, derived from the tables: `python -m runtime.onnx.coverage`.

The figures the README quotes come from here, never from a count kept by hand
(it sits with ONNX: the stage that may import every backend).
"""
from .. import ops
from ..backends.numba import control_flow as numba_control_flow
from ..backends.numba import lowering as numba_lowering
from . import table as onnx_table


def lowered():
    """{backend: the names of the registered ops it computes}."""
    names = ops.names()
    return {
        'numpy executor': set(names),  # every op carries its numpy implementation
        'numba (jit_compile=True)': {n for n in names if n in numba_lowering.LOWERINGS
                                     or n in numba_control_flow.EMITTERS},
        'ONNX export': {n for n in names if n in onnx_table.LOWERINGS},
    }


def coverage():
    """{backend: (ops lowered, ops registered)}."""
    total = len(ops.names())
    return {backend: (len(names), total) for backend, names in lowered().items()}


def report():
    return '\n'.join(f'{backend}: {count}/{total} graph ops'
                     for backend, (count, total) in coverage().items())


if __name__ == '__main__':
    print(report())
