"""Arrays updated in place inside graph control flow: merged by a cond, carried by a loop.

Besides the variables a statement rebinds (its state, `cf_state`), a tensor
`if` or loop may update arrays in place, through any name, alias or view. The
tracer finds them as it goes: each path or body journals the buffers it
updates (`aliasing`), which are then undone so that the next path starts from
the same arrays.

- A cond merges, for every buffer either path updated, the root values the two
  paths left; the cond's outputs become the buffers' new values
  (`path_values`, `updates`, `apply`).
- A loop carries the buffers its body updates, found by tracing the body
  again when it updates one not carried yet, and those its array variables
  live in (`LoopArrays`).
- A variable a construct rebinds on some paths (or iterations) only is a new
  array after it that may be the old one: a suspect of the old one's memory
  (`mark`), so that updating either while the other is alive is an error.
"""
import numpy as np

from ..errors import MutationError
from ..ir import structure
from ..tracing import tensor
from ..tracing.memory import aliasing, journals, made_arrays, stale
from .cf_state import BOTTOM


class PathValue:
    """An array object as one path left it: updated in place there, since undone."""
    __slots__ = ('obj', 'value')

    def __init__(self, obj, value):
        self.obj, self.value = obj, value


def path_values(builder, values):
    """`values` (a path's results) with arrays the path updated in place as PathValues."""

    def leaf(value):
        ref = value._ref if isinstance(value, tensor.Tensor) else None
        if ref is None or ref.buffer not in builder.written or ref.home is builder:
            return value
        return PathValue(value, aliasing.snapshot(value))
    return structure.map_leaves(leaf, values)


def same_object(a, b):
    """The array object both paths give a variable (maybe updated differently), or None."""
    a, b = (v.obj if isinstance(v, PathValue) else v for v in (a, b))
    return a if a is b and isinstance(a, tensor.Tensor) else None


def origin(a, b):
    """The two objects a merged array stands for, if either is an array object or a numpy
    array the traced code did not make; else None."""
    a, b = (v.obj if isinstance(v, PathValue) else v for v in (a, b))
    if aliasing.is_array_object(a) or aliasing.is_array_object(b) or \
            _is_numpy_array(a) or _is_numpy_array(b):
        return a, b
    return None


def _is_numpy_array(value):
    return isinstance(value, np.ndarray) and made_arrays.is_numpy_array(value)


def value_of(value):
    return value.value if isinstance(value, PathValue) else value


def object_of(value):
    return value.obj if isinstance(value, PathValue) else value


def updates(paths):
    """[(buffer, [root value on each path])] for the buffers some path updated (BOTTOM: raised)."""
    buffers = {}
    for builder, _ in paths:
        for buffer in builder.updated:
            buffers.setdefault(buffer, None)
    return [(buffer, [BOTTOM if result is BOTTOM else builder.updated.get(buffer, buffer.root)
                      for builder, result in paths]) for buffer in buffers]


def apply(buffers, values):
    """Give the updated buffers their merged values (BOTTOM: no path that ran updated them)."""
    for buffer, value in zip(buffers, values):
        if value is not BOTTOM:
            aliasing.assign(buffer, value)


def mark(result, objects, why):
    """`result` (a new array) may be any of `objects`: a suspect of their memory."""
    if aliasing.is_array_object(result):
        aliasing.may_share(result, [o for o in objects if o is not result and (
            made_arrays.is_numpy_array(o) or not isinstance(o, np.ndarray))], why)
    if result.shape == () and isinstance(result, tensor.Tensor):
        aliasing.set_kind(result, all(not aliasing.is_array_object(o) for o in objects))


_NOT_MADE = ('a numpy array that the traced function did not make (captured from a global or '
             'closure, or kept by code that is not converted)')


def numpy_state_why(name, construct):
    """Why a numpy array in the state of graph control flow cannot be updated there."""
    return f'`{name}` is {_NOT_MADE}, which numpy would update in {construct}'


class NumpyState:
    """The numpy arrays the traced code did not make that graph control flow reaches by name
    (`State.numpy_arrays`): tracing a path or a loop body must leave them as they were (numpy
    code updating one there with Python values runs while tracing, once, instead of when and
    as often as the graph runs the path or the body)."""

    def __init__(self, arrays):
        seen = set()
        self.arrays = [(name, value, value.copy()) for name, value in arrays
                       if id(value) not in seen and not seen.add(id(value))]

    @classmethod
    def of(cls, arrays):
        """A NumpyState of `arrays`, or None when there are none (the usual case)."""
        return cls(arrays) if arrays else None

    def check(self, construct):
        """Raise MutationError if tracing changed one (put back as it was)."""
        for name, value, before in self.arrays:
            if value.tobytes() != before.tobytes():
                np.copyto(value, before, casting='no')
                raise MutationError(
                    f'{construct} updates `{name}` in place with Python values, {_NOT_MADE}: '
                    'numpy would update it whenever it runs that code, a graph only once, while '
                    f'tracing. Copy it first ({name} = {name}.copy()), pass it to the '
                    'rt.function as an argument, or keep it in an rt.Variable.')


class LoopArrays:
    """The buffers a graph loop carries: updated by its body, or holding its array variables."""

    def __init__(self):
        self.buffers = []
        self._outer = []
        self._entered = []  # the roots the body started from
        self._updated = []  # per carried buffer: did the body update it?
        self.stale = {}  # the buffers the last trace of the body made stale

    def carry(self, buffer):
        if buffer not in self.buffers:
            self.buffers.append(buffer)

    def enter(self, builder):
        """In the body's graph: every carried buffer's root becomes a placeholder."""
        self._outer = [journals.state(b) for b in self.buffers]
        for buffer in self.buffers:
            buffer.root = aliasing.snapshot(builder.placeholder(buffer.root.aval, 'array'))
            aliasing.refresh(buffer)
        self._entered = [buffer.root for buffer in self.buffers]

    def outputs(self):
        """The carried buffers' values at the end of the body (noting which it updated)."""
        roots = [buffer.root for buffer in self.buffers]
        self._updated = [root is not entered for root, entered in zip(roots, self._entered)]
        return roots

    def leave(self, builder):
        """Undo the body's updates; True if it updated buffers not carried yet (carried now)."""
        count = len(self.buffers)
        for buffer in journals.undo(builder):
            self.carry(buffer)
        self.stale = dict(builder.stale)
        for buffer, saved in zip(self.buffers, self._outer):
            if buffer.stale is not None and saved[1] is None:
                self.stale[buffer] = buffer.stale
            journals.restore(buffer, saved)
        return len(self.buffers) > count

    def initial(self):
        return [buffer.root for buffer in self.buffers]

    def finish(self, results):
        """After the loop: the carried buffers' values; what the body made stale, stale.

        A buffer the body never updated keeps its value: assigning the loop's copy would
        count as an update (an argument's needless write-back)."""
        for buffer, value, updated in zip(self.buffers, results, self._updated):
            if updated:
                aliasing.assign(buffer, value)
        if self.stale:
            stale.restale(self.stale)
