"""A backend's lowerings, registered beside their code and keyed by the op they lower.

Each backend (the numpy executor, numba, ONNX) keeps one `Lowerings`: a lowering is registered for
a registered op (`registry.get`: a misspelt or unknown op fails at import), at
most once, and an op the backend cannot lower may say why once
(`unlowered`). So which ops a backend lowers, and why not the others, are
derived from the table, never listed by hand (`missing`, `runtime.backends.coverage`).
"""
from . import registry

NOT_WRITTEN = 'no lowering written yet'


class Lowerings:
    """One backend's lowering per op, found from the op (or its name)."""

    def __init__(self, backend):
        self.backend = backend
        self._lowering = {}  # op name -> lowering
        self._why_not = {}   # op name -> why the backend has none

    @staticmethod
    def _name(op):
        return (registry.get(op) if isinstance(op, str) else op).name

    def define(self, op, lowering):
        name = self._name(op)
        if name in self._lowering:
            raise ValueError(f'{self.backend}: graph op {name!r} is lowered twice')
        self._lowering[name] = lowering
        return lowering

    def lowers(self, *ops):
        """Decorator: the decorated function lowers `ops` (Op objects or their names)."""
        def decorate(lowering):
            for op in ops:
                self.define(op, lowering)
            return lowering
        return decorate

    def update(self, lowerings):
        """Register a mapping {op or name: lowering}."""
        for op, lowering in lowerings.items():
            self.define(op, lowering)

    def unlowered(self, why, *ops):
        """`ops` have no lowering in this backend, because of `why`."""
        for op in ops:
            self._why_not[self._name(op)] = why

    def get(self, op, default=None):
        return self._lowering.get(op if isinstance(op, str) else op.name, default)

    def __getitem__(self, op):
        lowering = self.get(op)
        if lowering is None:
            raise KeyError(f'{self.backend}: graph op {op!r} has no lowering')
        return lowering

    def __setitem__(self, op, lowering):
        self.define(op, lowering)

    def __contains__(self, op):
        return (op if isinstance(op, str) else op.name) in self._lowering

    def __iter__(self):
        return iter(self._lowering)

    def __len__(self):
        return len(self._lowering)

    def why_not(self, op):
        """Why `op` has no lowering here (`NOT_WRITTEN` when no reason was declared)."""
        return self._why_not.get(op if isinstance(op, str) else op.name, NOT_WRITTEN)

    def missing(self, names=None):
        """{op name: why} for every registered op (or of `names`) without a lowering."""
        names = registry.names() if names is None else names
        return {name: self.why_not(name) for name in sorted(names) if name not in self._lowering}


# The backends' tables: ops lower themselves here or the backend's folder does (found from the op).
# the ops the numpy executor writes as Python statements (the others call their numpy kernels)
EXECUTOR = Lowerings('numpy executor')  # runtime/execution: cond, while, errstate
NUMBA = Lowerings('numba')  # runtime/backends/numba: the numba source computing an op
ONNX = Lowerings('ONNX')    # runtime/onnx: the ONNX nodes computing an op
