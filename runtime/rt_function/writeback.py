"""Arguments a traced function updates in place: written back after every run of its graph.

A graph computes values; numpy code updates the caller's arrays. When a trace
updates an argument array (through any name, alias or view), the graph gives
the argument's final value as an extra output and the call copies it into the
caller's array after the run, as PyTorch does for mutated inputs. A call is
checked first, as numpy would refuse it: an argument the graph updates must be
a writeable numpy array (numpy's own read-only error otherwise), of the kind
it was traced with (a 0-d array, not a numpy scalar, which is immutable), and
must share no memory with another argument (numpy would see the update through
it; the same array passed twice is traced as such, see `keys`).

Inside another trace, the call's extra outputs update the caller's tensors
(`apply_in_trace`), and arrays of the outer trace that the function captured and
updated (`buffers`) are given their new values too.
"""
import numpy as np

from ..errors import InvalidArgumentError, MutationError
from ..tracing.memory import aliasing, journals, made_arrays


class Mutations:
    """What a trace updated in place: inputs (index, output index, numpy's read-only message)."""
    __slots__ = ('inputs', 'buffers', 'kinds', 'aliased', 'names', 'nout')

    def __init__(self, inputs, buffers, kinds, aliased, names, nout):
        self.inputs = inputs    # [(graph input index, graph output index, read-only message)]
        self.buffers = buffers  # [(outer buffer, graph output index)] (traces inside traces)
        self.kinds = kinds      # [(graph input index, traced as an array)] of updated 0-d inputs
        self.aliased = aliased  # pairs of graph input indices traced as the same array
        self.names = names      # graph input names, for messages
        self.nout = nout        # the function's own outputs (the extra ones come after)


def find(builder, placeholders, input_vars, names, aliased, nout, arguments=None):
    """(Mutations of a finished trace or None, the values to append to the graph's outputs).

    `placeholders[i]` is the array object standing for graph input i, whose
    variable was `input_vars[i]`; the first `arguments` (all by default) are arguments, the
    others arrays found in objects. The trace's updates are undone.
    """
    inputs, extra, kinds = [], [], []
    for k, obj in enumerate(placeholders):
        ref = obj._ref
        if ref is None:
            continue
        if obj.shape == () and ref.inplace:
            kinds.append((k, not aliasing.is_scalar(obj)))
        buffer = ref.buffer
        if buffer is not None and buffer.stale is not None:
            what = f'the argument {names[k]!r}' if arguments is None or k < arguments \
                else names[k]
            raise _stale_error(what, buffer.stale)
        if buffer is not None and buffer.root._var is not input_vars[k] and \
                all(p is not obj for p in placeholders[:k]):
            inputs.append((k, nout + len(extra), buffer.first_update))
            extra.append(buffer.root)
    buffers = []
    for buffer, root in journals.undo(builder).items():
        buffers.append((buffer, nout + len(extra)))
        extra.append(root)
    for message in builder.stale.values():
        raise _stale_error(None, message)
    if not (inputs or buffers or kinds):
        return None, []
    return Mutations(inputs, buffers, kinds, aliased, names, nout), extra


def _stale_error(what, message):
    what = what or 'an array of the enclosing trace'
    return MutationError(f'cannot write back {what} after the call: {message}')


def wrap(compiled, mutations, state, nout):
    """`compiled` checking its inputs, then writing the updated ones back (`mutations`, or
    None) and giving the places `state` writes their values (a state_plan.ObjectState, or
    None); its own `nout` outputs."""
    pairs = [(k, j) for k, j, _ in mutations.inputs] if mutations is not None else []

    def run(*inputs):
        if mutations is not None:
            check(mutations, inputs)
        outputs = compiled(*inputs)
        for k, j in pairs:
            np.copyto(inputs[k], outputs[j], casting='unsafe')
        if state is not None:
            state.replay(outputs, inputs)
        return outputs[:nout]
    return run


def check(mutations, inputs):
    """Raise what numpy (or the graph) would for a call whose updated arguments do not fit."""
    for k, is_array in mutations.kinds:
        if isinstance(inputs[k], np.ndarray) != is_array:
            traced, now = ('a 0-d array', 'a numpy scalar') if is_array else \
                ('a numpy scalar', 'a 0-d array')
            raise InvalidArgumentError(
                f'argument {mutations.names[k]!r} was traced as {traced} and is updated in place '
                f'by the function, which is different for {now}: call it with {traced}')
    for k, _, message in mutations.inputs:
        value = inputs[k]
        if not isinstance(value, np.ndarray):
            raise TypeError(f'argument {mutations.names[k]!r} is updated in place by the '
                            f'function: pass a writeable numpy array, not {type(value).__name__}')
        if not value.flags.writeable:
            raise ValueError(message)
        for i, other in enumerate(inputs):
            if i != k and isinstance(other, np.ndarray) and np.may_share_memory(value, other) \
                    and not (other is value and (min(i, k), max(i, k)) in mutations.aliased):
                raise InvalidArgumentError(
                    f'arguments {mutations.names[k]!r} and {mutations.names[i]!r} share memory '
                    f'and the function updates {mutations.names[k]!r} in place: numpy would see '
                    'the update through the other, which a graph cannot. Pass a copy of one.')


def check_fed(mutations, arguments, inputs):
    """An argument the graph updates must be the caller's array, not one made from a list."""
    if mutations is None:
        return
    own = {id(t) for t in arguments.tensors}
    for k, _, _ in mutations.inputs:
        if id(inputs[k]) not in own:
            raise TypeError(f'argument {mutations.names[k]!r} is updated in place by the '
                            'function: pass a writeable numpy array, not a value converted to '
                            'one')


def apply_in_trace(mutations, inputs, outputs):
    """After a `call` op in a trace: give the caller's tensors their updated values."""
    for k, j, message in mutations.inputs:
        target = inputs[k]
        if not aliasing.is_array_object(target):  # an array the trace made is promoted
            target = made_arrays.promote(target, 'the function called here')
        aliasing.update(target, outputs[j], message)
    for buffer, j in mutations.buffers:
        aliasing.assign(buffer, outputs[j])
