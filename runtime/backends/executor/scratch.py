"""Scratch buffers the numpy executor keeps from one call to the next for big temporaries.

Eager numpy allocates every temporary afresh, and so did the executor: for
arrays of tens of megabytes that means a fresh `mmap` and a page fault per
4 KiB page at every call (glibc serves allocations of 32 MiB and more from
the kernel every time). A compiled graph knows its temporaries' shapes and
dtypes, so, as XLA's buffer assignment does, it keeps them: a ufunc whose
result is big and stays inside the call writes into a buffer the function
reuses at its next call (`out=`, the same loop and values as without it):

    _s0, = _scratch.take()
    v1 = multiply(v1, 0.5, out=_s0)
    ...
    _scratch.give((_s0,))

A scratch buffer is a C-contiguous `np.empty`, so only a result numpy itself
would lay out in C order goes into one (`layout`: not `X.T * 0.1`, which is
Fortran-ordered eagerly; matmuls and reductions of such a result would differ
in the last bits).

A result *stays inside the call* when it, and every value that may share its
memory (a later ufunc writing into it, an update op run on it in place), is
only read by ops making new arrays (`inplace.FRESH`) and is no output of the
graph. Anything else (a view, a branch or a loop, a variable, a list, a
Python function) could let the buffer outlive the call, so it is not pooled.
A call finding the buffers taken (recursion, another thread) allocates its
own; a call that raises never gives them back. The buffers of one concrete
function stay allocated while it lives.
"""
import numpy as np

from ...ir.core import Var
from ...ir.shapes import size
from . import buffers, inplace

MIN_BYTES = 1 << 20  # smaller arrays come from malloc's free lists cheaply


class Scratch:
    """One set of buffers per concurrent call: taken at the start, given back at the end."""

    def __init__(self, avals):
        self.specs = [(aval.shape, aval.dtype) for aval in avals]
        self._free = []

    def take(self):
        try:
            return self._free.pop()  # atomic: two threads never get the same buffers
        except IndexError:
            return tuple(np.empty(shape, dtype) for shape, dtype in self.specs)

    def give(self, buffers):
        if not self._free:
            self._free.append(buffers)


def is_candidate(eq):
    """True if `eq`, emitted without `out=`, is a ufunc whose big result could go to scratch."""
    if not buffers.takes_out(eq):
        return False
    aval = eq.outputs[0].aval
    if aval.weak or not aval.shape or None in aval.shape:
        return False
    return size(aval.shape) * aval.dtype.itemsize >= MIN_BYTES


def pooled_results(emitted, outputs, layouts):
    """The results among `emitted` (top-level (equation, in-place target or None) pairs in
    program order) that may live in scratch buffers: numpy lays them out in C order
    (`layouts`, the top-level block's `layout.Layouts`) and they stay inside the call."""
    pooled = []
    for start, (eq, target) in enumerate(emitted):
        if target is None and is_candidate(eq) and layouts.result(eq) is not None \
                and _stays_inside(eq.outputs[0], emitted[start + 1:], outputs):
            pooled.append(eq.outputs[0])
    return pooled


def _stays_inside(var, later, outputs):
    sharing = {var}  # values that may share the buffer's memory
    for eq, target in later:
        if not any(isinstance(a, Var) and a in sharing for a in eq.inputs):
            continue
        if target is not None:
            if target in sharing:  # written into the buffer: its result lives there too
                sharing.update(eq.outputs)
            continue  # the buffer is only read by an op writing into another array
        # (a Python function, which could keep its inputs, is no op making new arrays)
        if eq.primitive not in inplace.FRESH or eq.params.get('copy', True) is False:
            return False
    return not any(isinstance(a, Var) and a in sharing for a in outputs)
