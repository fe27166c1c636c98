"""A Function's traces by cache key, at most `max_traces` of them (least recently used go first).

Reads (`get`) take no lock; changes are made under `lock`, the Function's.
Every use of a trace stamps it with the Function's call count: a cache hit
stamps the trace (`last_used`), a fast-path hit stamps its memo entry
(`[run, last_used, trace]`, one list store, cheaper than any ordered
container). When a new trace makes more than `max_traces`, the memos' stamps
are folded into the traces and the least recently used trace is dropped with
its keys and memo entries.

An object in a key is watched with a weak reference: when it dies, its traces
(and whatever was `attach`ed to it, e.g. a bound method) are dropped before
any later lookup, so a new object that reuses its id never finds them. When
the weakref callback finds the lock busy (possibly held by the very thread
that dropped the object), the purge waits for the next lookup.
An object that cannot be weakly referenced (`object()`, a class with
`__slots__`) is held by the cache as long as a cached key has it, so its id is
not reused meanwhile; the bound on traces bounds how many such objects live.
"""
import operator
import weakref

from ..ir import compatibility

_LAST_USED = operator.attrgetter('last_used')


class TraceCache:

    def __init__(self, lock):
        self.lock = lock
        self.traces = []    # ConcreteFunctions, in the order traced
        self._by_key = {}   # cache key -> ConcreteFunction (its own key and keys it accepted)
        self._keys_of = {}  # trace -> its cache keys
        self._groups = {}   # relaxed key -> traces that differ only in their tensor types
        self._objects = {}  # id -> (weak reference, or the object; cache keys of it)
        self._attached = {}  # id -> a value living as long as the object
        self._dead = []     # ids of objects that died, not purged yet

    def get(self, key, now):
        if self._dead:
            with self.lock:
                self._purge()
        concrete = self._by_key.get(key)
        if concrete is not None:
            concrete.last_used = now
        return concrete

    def lookup(self, arguments, now):
        """(Lock held.) The trace for this key, or one whose tensor types accept the call's."""
        self._purge()
        concrete = self._by_key.get(arguments.key)
        if concrete is None:
            avals = arguments.avals
            for candidate in self.group(arguments):
                if compatibility.accepts_all(candidate.avals, avals):
                    concrete = candidate
                    if len(self._keys_of[candidate]) < _MAX_KEYS_PER_TRACE:
                        self._remember(arguments.key, candidate, arguments.objects)
                    break
        if concrete is not None:
            concrete.last_used = now
        return concrete

    def group(self, arguments):
        """The traces of calls that differ from this one only in the types of their tensors."""
        return self._groups.get(arguments.relaxed_key, ())

    def add(self, arguments, trace_key, concrete, now):
        """(Lock held.) Cache a new trace under its own key and the key of the call it serves."""
        concrete.last_used = now
        self._keys_of[concrete] = set()  # first: `_drop` finds what follows through it
        try:
            self.traces.append(concrete)
            self._groups.setdefault(arguments.relaxed_key, []).append(concrete)
            self._remember(trace_key, concrete, arguments.objects)
            self._remember(arguments.key, concrete, arguments.objects)
        except BaseException:  # interrupted half-way: no part of it stays
            self._drop(concrete)
            raise

    def evict(self, max_traces, memos):
        """(Lock held.) Drop the least recently used traces beyond `max_traces`; the dropped.

        `memos` are the fast-path memos (key -> `[run, last_used, trace]`) that
        may serve these traces: their stamps count as uses, and entries of
        dropped traces are removed from them.
        """
        if len(self.traces) <= max_traces:
            return []
        for memo in memos:  # copied first: other threads may add to a memo without the lock
            for _, last_used, concrete in list(memo.values()):
                concrete.last_used = max(concrete.last_used, last_used)
        evicted = sorted(self.traces, key=_LAST_USED)[:len(self.traces) - max_traces]
        try:
            for concrete in evicted:
                self._drop(concrete)
        except BaseException:  # interrupted half-way: finish, so that none is half dropped
            for concrete in evicted:
                self._drop(concrete)
            raise
        for memo in memos:  # an entry left here by an interrupt still runs its trace correctly
            for key, entry in list(memo.items()):
                if entry[2] not in self._keys_of:
                    memo.pop(key, None)
        return evicted

    def drop(self, concrete, memos):
        """(Lock held.) Forget one trace (its state no longer holds), and its memo entries."""
        self._drop(concrete)
        for memo in memos:
            for key, entry in list(memo.items()):
                if entry[2] is concrete:
                    memo.pop(key, None)

    def holds(self, concrete):
        return concrete in self._keys_of

    def attached(self, obj):
        return self._attached.get(id(obj))

    def attached_values(self):
        return list(self._attached.values())

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
        # in this order, so that `_drop` of either trace undoes what an interrupt left half-done
        self._keys_of[concrete].add(key)
        previous = self._by_key.get(key)
        self._by_key[key] = concrete
        if previous is not None and previous is not concrete:
            self._keys_of[previous].discard(key)
        for obj in objects:
            self._watch(obj)[1].add(key)

    def _watch(self, obj):
        entry = self._objects.get(id(obj))
        if entry is None:
            entry = self._objects[id(obj)] = (_weak_reference(self, obj), set())
        return entry

    def _drop(self, concrete):
        """Forget a trace: its keys, and the objects that no cached key has any more.

        Idempotent, and complete even after a half-done `add`, `_drop` or
        `_remember`: an interrupted change is undone or finished by dropping again.
        """
        cache_keys = set(self._keys_of.get(concrete, ()))
        for key in cache_keys:
            if self._by_key.get(key) is concrete:
                del self._by_key[key]
        if concrete in self.traces:
            self.traces.remove(concrete)
        for relaxed, group in list(self._groups.items()):
            if concrete in group:
                group.remove(concrete)
            if not group:
                del self._groups[relaxed]
        for object_id in concrete.object_ids:
            entry = self._objects.get(object_id)
            if entry is not None:
                entry[1].difference_update(cache_keys)
                if not entry[1] and object_id not in self._attached:
                    del self._objects[object_id]
        self._keys_of.pop(concrete, None)  # last: a repeated drop still finds the keys

    def _object_died(self, object_id):
        self._dead.append(object_id)
        # `with`, not a non-blocking acquire and `try`: an interrupt between those two would
        # keep the lock for good. Held (maybe by this very thread): purge at the next lookup.
        if not self.lock.locked():
            with self.lock:
                self._purge()

    def _purge(self):
        while self._dead:
            object_id = self._dead[0]  # taken off at the end: an interrupted purge is redone
            self._attached.pop(object_id, None)
            for concrete in [c for c in self.traces if object_id in c.object_ids]:
                self._drop(concrete)
            self._objects.pop(object_id, None)
            self._dead.remove(object_id)


# Calls of other tensor types that one trace accepts (reduce_retracing, unknown dims) are
# remembered under their own keys, up to this many per trace; more are found by a scan.
_MAX_KEYS_PER_TRACE = 64


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
        return obj  # held as long as a cached key has it, so its id is not reused meanwhile
