"""numpy arrays a traced function reaches through Python objects: graph inputs, read at each call.

While a top-level trace runs, every numpy array in a place the traced function
can reach (`places.walk`: its module's globals, closure cells, `self` and the
other objects passed to it, and the lists, dicts and objects they hold) is
replaced in that place by a *proxy*: a zero-copy `TracedArray` view of it
whose home is the trace, so that numpy's dispatch tells the tracer about every
use. The places hold their arrays again when the trace ends, however it ends.

A proxy's first use as a value (a read, or any write) makes it a graph input
(`input_of`): at each call the array is found again by its path and fed to
the graph, so the graph sees its value at call time, as numpy does; if the
trace updated it, its final value is written back into it after the run, as
an updated argument is (`rt_function.object_state`). Uses that do not read the
values (`.shape`, `.dtype`, `is`) leave it alone.
"""
import collections
import functools
import operator
import weakref

from ...errors import warn_user
from ...ir.core import AbstractValue
from . import aliasing, places
from .traced_array import TracedArray

_active = weakref.WeakKeyDictionary()  # top-level GraphBuilder -> its Captures, while it traces


class Binding:
    """A numpy array found in one or more places, and its proxy while tracing."""
    __slots__ = ('array', 'proxy', 'places', 'tensor', 'input')

    def __init__(self, array, where):
        self.array = array
        self.proxy = array.view(TracedArray)
        self.places = where   # [(owner, step kind, key, Path)]: every place holding the array
        self.tensor = None    # the array object in the graph, once used
        self.input = None     # the graph input it is read from

    @property
    def path(self):
        return self.places[0][3]

    @property
    def description(self):
        return self.path.description


class Captures:
    """The places one top-level trace can reach: `enter()` puts proxies in them, `put_back()`
    puts the arrays back where the proxies still are."""

    def __init__(self, roots, builder, active=True):
        self.builder = builder
        self.snapshot = places.walk(roots) if active and roots else None
        if self.snapshot is not None and self.snapshot.truncated is not None:
            warn_user(f'the objects a traced function reaches hold more than '
                      f'{places.MAX_CONTAINERS} containers: the walk stopped at '
                      f'{self.snapshot.truncated.text}, and arrays beyond it are constants of '
                      'the trace (their values while tracing)', UserWarning)
        found = self.snapshot.arrays.values() if self.snapshot is not None else ()
        self.bindings = [Binding(array, where) for array, where in found]
        self._by_proxy = {id(b.proxy): b for b in self.bindings}
        self.order = []  # the bindings used, in the order of their graph inputs
        calls = [functools.partial(_put_back, owner, step, key, b.proxy, b.array)
                 for b in self.bindings for owner, step, key, _ in b.places]
        self.put_back = functools.partial(collections.deque, map(operator.call, calls), 0)

    def enter(self):
        if not self.bindings:
            return
        _active[self.builder] = self
        for binding in self.bindings:
            for owner, step, key, _ in binding.places:
                places.write(owner, step, key, binding.proxy)

    def leave(self):
        _active.pop(self.builder, None)

    def by_reference(self):
        """The bindings the graph takes as inputs, in the order of their graph inputs."""
        return list(self.order)

    def binding(self, proxy):
        """The Binding whose proxy is `proxy`, or None."""
        binding = self._by_proxy.get(id(proxy))
        return binding if binding is not None and binding.proxy is proxy else None


def _put_back(owner, step, key, proxy, array):
    """The array in its place again, if the proxy is still there (the trace may have rebound
    the place to a Python value, which stays)."""
    if places.read(owner, step, key) is proxy:
        places.write(owner, step, key, array)


def binding_of(root):
    """The Binding whose proxy is made array `root`, or None."""
    home = root._home
    captures = _active.get(home) if home is not None else None
    return None if captures is None else captures.binding(root)


def input_of(root):
    """The tensor standing for proxy `root`: a new input of its trace; None if `root` is not a
    proxy."""
    binding = binding_of(root)
    if binding is None:
        return None
    captures = _active[root._home]
    array = binding.array
    t = captures.builder.placeholder(AbstractValue(array.dtype, array.shape),
                                     name=_input_name(binding))
    aliasing.set_kind(t, False)
    binding.tensor, binding.input = t, t._var
    captures.order.append(binding)
    return t


def _input_name(binding):
    text = binding.path.text
    return ''.join(c if c.isalnum() or c == '_' else '_' for c in text).strip('_') or 'captured'
