"""A Function's traces by cache key, and the objects in those keys, held weakly.

Reads (`get`) take no lock; changes are made under `lock`, the Function's. An
object in a key is watched with a weak reference: when it dies, its traces
(and whatever was `attach`ed to it, e.g. a bound method) are dropped before
any later lookup, so a new object that reuses its id never finds them. The
weakref callback never blocks: when the lock is busy (possibly held by the
very thread that dropped the object), the purge waits for the next lookup.
"""
import weakref

from . import keys


class TraceCache:

    def __init__(self, lock):
        self.lock = lock
        self.traces = []    # ConcreteFunctions, in the order traced
        self._by_key = {}   # cache key -> ConcreteFunction (its own key and keys it accepted)
        self._groups = {}   # relaxed key -> traces that differ only in their tensor types
        self._objects = {}  # id -> (weak reference, cache keys of it)
        self._attached = {}  # id -> a value living as long as the object
        self._dead = []     # ids of objects that died, not purged yet

    def get(self, key):
        if self._dead:
            with self.lock:
                self._purge()
        return self._by_key.get(key)

    def lookup(self, arguments):
        """(Lock held.) The trace for this key, or one whose tensor types accept the call's."""
        self._purge()
        concrete = self._by_key.get(arguments.key)
        if concrete is None:
            avals = arguments.avals
            for candidate in self.group(arguments):
                if keys.accepts_all(candidate.avals, avals):
                    concrete = candidate
                    self._remember(arguments.key, candidate, arguments.objects)
                    break
        return concrete

    def group(self, arguments):
        """The traces of calls that differ from this one only in the types of their tensors."""
        return self._groups.get(arguments.relaxed_key, ())

    def add(self, arguments, trace_key, concrete):
        """(Lock held.) Cache a new trace under its own key and the key of the call it serves."""
        self.traces.append(concrete)
        self._groups.setdefault(arguments.relaxed_key, []).append(concrete)
        self._remember(trace_key, concrete, arguments.objects)
        self._remember(arguments.key, concrete, arguments.objects)

    def attached(self, obj):
        return self._attached.get(id(obj))

    def attach(self, obj, value):
        """(Lock held.) Keep `value` for `obj` until it dies."""
        self._watch(obj)
        self._attached[id(obj)] = value

    def live_traces(self):
        if self._dead:
            with self.lock:
                self._purge()
        return self.traces

    def _remember(self, key, concrete, objects):
        self._by_key[key] = concrete
        for obj in objects:
            self._watch(obj)[1].add(key)

    def _watch(self, obj):
        entry = self._objects.get(id(obj))
        if entry is None:
            entry = self._objects[id(obj)] = (_weak_reference(self, obj), set())
        return entry

    def _object_died(self, object_id):
        self._dead.append(object_id)
        if self.lock.acquire(blocking=False):
            try:
                self._purge()
            finally:
                self.lock.release()

    def _purge(self):
        while self._dead:
            object_id = self._dead.pop()
            self._attached.pop(object_id, None)
            _, cache_keys = self._objects.pop(object_id, (None, ()))
            for key in cache_keys:
                self._by_key.pop(key, None)
            self.traces = [c for c in self.traces if object_id not in c.object_ids]
            for relaxed in list(self._groups):
                group = [c for c in self._groups[relaxed] if object_id not in c.object_ids]
                if group:
                    self._groups[relaxed] = group
                else:
                    del self._groups[relaxed]


def _weak_reference(cache, obj):
    """A weak reference to `obj` telling `cache` when it dies (`obj` itself if it has none)."""
    cache_ref, object_id = weakref.ref(cache), id(obj)

    def died(_):
        live = cache_ref()
        if live is not None:
            live._object_died(object_id)
    try:
        return weakref.ref(obj, died)
    except TypeError:
        return obj  # held as long as the cache, so its id is not reused meanwhile
