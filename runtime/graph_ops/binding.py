"""The one hook gradient rules apply ops through: the active interpreter installs it.

Rules in the op library build backward passes out of ops; whether an op is staged
(tracing, a tape following an input) or run is the interpreter's business, so the
rules call `apply_op` here and `runtime.autodiff.op_hook` installs what it does (JAX's
`Primitive.bind`): the op library never imports the stages above it.
"""
from ..ir.registry import get


def _evaluate(name, *inputs, **params):
    """Op `name` run on numpy values: what applying an op means before an interpreter installs."""
    return get(name).evaluate(inputs, params)


_implementation = _evaluate


def apply_op(name, *inputs, **params):
    """Op `name` on `inputs`, as the installed interpreter applies it (staged or run)."""
    return _implementation(name, *inputs, **params)


def install_apply_op(implementation):
    """Make `implementation(name, *inputs, **params)` what `apply_op` does."""
    global _implementation
    _implementation = implementation
