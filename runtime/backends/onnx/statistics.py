"""ONNX lowerings of math and statistics ops: diff (a Slice pair and a Sub, or a Xor for bools,
per order)."""
import numpy as np

from ...ir.lowerings import ONNX
from .indexing import INT64_MAX


@ONNX.lowers('diff')
def _diff(ctx, eq, inputs, n=1, axis=-1):
    x = eq.inputs[0].aval
    if x.shape is None:
        raise ctx.unmappable(eq, 'the rank of its input is unknown')
    axis %= len(x.shape)
    value = inputs[0]
    for _ in range(n):
        def part(start, stop, value=value):
            return ctx.node('Slice', [value, ctx.int64s([start]), ctx.int64s([stop]),
                                      ctx.int64s([axis])])
        later, earlier = part(1, INT64_MAX), part(0, -1)
        value = ctx.node('Xor' if x.dtype == np.bool_ else 'Sub', [later, earlier])
    return [value]
