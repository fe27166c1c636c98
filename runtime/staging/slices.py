"""`ag__.get_item` / `ag__.set_item` on tensors, as TensorFlow's converter emits them.

agconvert leaves subscripts as written; code converted by TensorFlow calls
these. `set_item` assigns in place, as `target[i] = x` does on a tensor
(`runtime.tracing.memory.updates`), and returns the target.
"""


def get_item(target, i, opts=None):
    return target[i]


def set_item(target, i, x):
    target[i] = x
    return target
