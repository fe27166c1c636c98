"""numpy arrays a traced function reaches by a global or closure name: updated by reference.

While a top-level trace runs, every numpy array bound to a global of the
traced function's module or to a closure cell it can reach is rebound to a
*proxy*: a zero-copy `TracedArray` view of it whose home is the trace, so that
numpy's dispatch tells the tracer about every use (the bindings are put back
when the trace ends, however it ends). A proxy that is only read stays numpy:
its reads are constants of the graph, as TensorFlow and JAX capture arrays.
Its first write of any kind (a graph value, a Python value, inside or outside
graph control flow) makes it a *by-reference capture*: a graph input, read
from the array at each call, whose final value is written back into the array
after the graph runs, as an updated argument is (`polymorphic.writeback`).

Reads made before that first write saw the array's value while tracing, which
a later call would not: the trace is then abandoned (`Retrace`) and run again
with the array by reference from the start, which is remembered for the traced
function. Arrays that share memory with each other cannot be followed by a
graph as one buffer: updating one of them by reference is refused.
"""
import collections
import functools
import operator
import types
import weakref

import numpy as np

from ...errors import InvalidArgumentError, MutationError
from ...ir.core import AbstractValue
from .. import builders as tracing
from ..closures import reachable_cells
from . import aliasing
from .traced_array import TracedArray

_by_reference = weakref.WeakKeyDictionary()  # traced function -> {id(array): weakref(array)}
_active = weakref.WeakKeyDictionary()        # top-level GraphBuilder -> its Captures


class Retrace(BaseException):
    """A trace read an array it then updated: trace again with it by reference from the start
    (a BaseException, so that user code catching Exception cannot swallow it)."""


class Binding:
    """A numpy array bound to a global name or a closure cell, and its proxy while tracing."""
    __slots__ = ('array', 'proxy', 'namespace', 'name', 'cell', 'touched', 'tensor', 'input',
                 'places')

    def __init__(self, array, name, namespace=None, cell=None):
        self.array, self.name, self.namespace, self.cell = array, name, namespace, cell
        self.proxy = array.view(TracedArray)
        self.touched = False  # read while tracing (as numpy, or as a constant of the graph)
        self.tensor = None    # the array object in the graph, once by reference
        self.input = None     # the graph input it is read from
        self.places = [(namespace, name, cell)]  # every name bound to the array

    @property
    def description(self):
        return f"the {'global' if self.cell is None else 'closure variable'} {self.name!r}"

    def bound(self):
        """The object the name is bound to now (None if unbound)."""
        if self.cell is None:
            return self.namespace.get(self.name)
        try:
            return self.cell.cell_contents
        except ValueError:
            return None

    def bind(self, value):
        for namespace, name, cell in self.places:
            if cell is None:
                namespace[name] = value
            else:
                cell.cell_contents = value

    def restore_calls(self):
        """C callables binding the names to the array again (run where nothing may interrupt)."""
        return [functools.partial(operator.setitem, namespace, name, self.array) if cell is None
                else functools.partial(setattr, cell, 'cell_contents', self.array)
                for namespace, name, cell in self.places]


class Captures:
    """The bindings one top-level trace rebinds to proxies: `enter()` rebinds them, and
    `put_back()`, a single C call (nothing can interrupt it before it is done), puts them back."""

    def __init__(self, function, builder, active=True):
        self.function, self.builder = function, builder
        self.bindings = _bindings(function) if active else []  # inside another trace: its own
        self._by_proxy = {id(b.proxy): b for b in self.bindings}
        self.order = []  # the bindings taken by reference, in the order of their graph inputs
        # the names bound to their arrays again, then the builder forgotten: `_active`'s value
        # (this object) holds its key, so a weak key alone would keep both for good
        self.put_back = functools.partial(collections.deque, map(operator.call, [
            *[r for b in self.bindings for r in b.restore_calls()],
            functools.partial(_active.pop, builder, None)]), 0)

    def enter(self):
        if not self.bindings:
            return
        _active[self.builder] = self
        for binding in self.bindings:
            binding.bind(binding.proxy)
        known = _by_reference.get(self.function, {})
        for binding in self.bindings:
            reference = known.get(id(binding.array))
            if reference is not None and reference() is binding.array:
                from .made_arrays import promote  # imported here: it imports this module
                promote(binding.proxy)

    def by_reference(self):
        """The bindings the graph takes as inputs, in the order of their graph inputs."""
        return list(self.order)

    def read_as_constants(self):
        return [b for b in self.bindings if b.touched and b.tensor is None]


def _bindings(function):
    """A Binding per numpy array bound to a global of `function`'s module or a closure cell it
    reaches (one per array, with every name bound to it)."""
    if function.__class__ is not types.FunctionType:
        return []
    found = {}
    for cell, name in reachable_cells([function]):
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        if value.__class__ is np.ndarray:
            _add(found, value, name, None, cell)
    namespace = function.__globals__
    for name, value in list(namespace.items()):
        if value.__class__ is np.ndarray:
            _add(found, value, name, namespace, None)
    return list(found.values())


def _add(found, array, name, namespace, cell):
    binding = found.get(id(array))
    if binding is None:
        found[id(array)] = Binding(array, name, namespace, cell)
    else:
        binding.places.append((namespace, name, cell))


def binding_of(root):
    """The Binding whose proxy is made array `root`, or None."""
    home = root._home
    captures = _active.get(home) if home is not None else None
    if captures is None:
        return None
    binding = captures._by_proxy.get(id(root))
    return binding if binding is not None and binding.proxy is root else None


def touch(root):
    """`root` (an unpromoted made array) is read: note it if it is a proxy."""
    binding = binding_of(root)
    if binding is not None and not binding.touched:
        _check_not_shared(binding, _active[root._home], others_touched=False)
        binding.touched = True


def input_of(root):
    """The tensor standing for proxy `root` by reference: a new input of its trace; None if
    `root` is not a proxy. Raises Retrace if it was read before (its reads were constants)."""
    binding = binding_of(root)
    if binding is None:
        return None
    captures = _active[root._home]
    _check_not_shared(binding, captures, others_touched=True)
    known = _by_reference.setdefault(captures.function, {})
    if binding.touched and id(binding.array) not in known:
        known[id(binding.array)] = weakref.ref(binding.array)
        raise Retrace()
    known[id(binding.array)] = weakref.ref(binding.array)
    array = binding.array
    t = captures.builder.placeholder(AbstractValue(array.dtype, array.shape), name=binding.name)
    aliasing.set_kind(t, False)
    binding.tensor, binding.input = t, t._var
    captures.order.append(binding)
    return t


def _check_not_shared(binding, captures, others_touched):
    """MutationError if `binding`'s array shares memory with another captured array the graph
    takes by reference (or, with `others_touched`, reads at all): the graph keeps them apart."""
    for other in captures.bindings:
        if other is binding or not (other.tensor is not None or others_touched and other.touched):
            continue
        if np.may_share_memory(other.array, binding.array):
            raise MutationError(
                f'{binding.description} and {other.description} share memory, and the function '
                f'updates one of them (at {tracing.source_location()}): a graph updates each '
                'captured array on its own, where numpy would see the update through the other. '
                'Pass them to the rt.function as arguments, or copy one (x = x.copy()).')


class CallCaptures:
    """What a ConcreteFunction does with its captured arrays at each call (see `inputs`)."""
    __slots__ = ('bindings', 'avals', 'constants', 'updated')

    def __init__(self, captures, updated):
        self.bindings = captures.by_reference()
        self.avals = [(b.array.shape, b.array.dtype) for b in self.bindings]
        self.constants = [(b.description, b.array) for b in captures.read_as_constants()]
        self.updated = updated  # True if the function updates a captured array or an argument

    def inputs(self, inputs, names):
        """`inputs` (the call's graph inputs) followed by the arrays taken by reference, after
        checking that the names still hold them, with the types traced, sharing no memory with
        an argument where an update would make that visible."""
        arrays = []
        for binding, (shape, dtype) in zip(self.bindings, self.avals):
            array = binding.array
            if binding.bound() is not array:
                raise InvalidArgumentError(
                    f'{binding.description} was rebound since the function was traced, which '
                    'updates the array it held by reference: update that array in place '
                    f'({binding.name}[...] = new) instead of rebinding the name')
            if array.shape != shape or array.dtype != dtype:
                raise InvalidArgumentError(
                    f'{binding.description} is {array.dtype}{list(array.shape)} now, but was '
                    f'{dtype}{list(shape)} when the function that updates it by reference was '
                    'traced: a graph cannot follow an array whose shape or dtype changes')
            arrays.append(array)
        if self.updated:
            self._check_arguments(inputs, names, [
                (b.description, b.array) for b in self.bindings] + self.constants)
        return [*inputs, *arrays]

    def in_trace(self, inputs):
        """`inputs` of a call staged in another trace, followed by the caller's tensors of the
        arrays taken by reference (the caller's trace takes them by reference too)."""
        from .made_arrays import promote  # imported here: it imports this module
        arrays = []
        for binding in self.bindings:
            value = binding.bound()
            if value.__class__ is not TracedArray:
                raise MutationError(
                    f'{binding.description}, which the function called at '
                    f'{tracing.source_location()} updates by reference, is not one the calling '
                    'trace can update (a global of another module): pass it as an argument')
            arrays.append(promote(value, 'the function called here'))
        return [*inputs, *arrays]

    @staticmethod
    def _check_arguments(inputs, names, captured):
        for k, value in enumerate(inputs):
            if isinstance(value, np.ndarray):
                for description, array in captured:
                    if np.may_share_memory(value, array):
                        raise InvalidArgumentError(
                            f'argument {names[k]!r} shares memory with {description}, which '
                            'the function uses by name, and the function updates an array in '
                            'place: numpy would see the update through both names, a graph '
                            'sees two arrays. Pass a copy (x.copy()), or use one of the names.')
