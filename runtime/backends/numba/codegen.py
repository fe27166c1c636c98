"""The source of one numba function computing a whole graph, control flow inlined.

    def collatz(a0):                     -- constants, graph inputs, then variables' values
        v0 = np.not_equal(a0, np.int64(1))
        c0, c1, c2 = v0, a0, 0
        while True:
            if not c0:
                break
            v1 = np.remainder(c1, np.int64(2))
            ...
            c0, c1, c2 = v6, v4, v5
        return (c2,)

Only live equations are emitted (non-strict execution). Sub-graphs of `cond`,
`while` and `call` are emitted in place on the enclosing function's names
(`control`). Elementwise groups (`passes.fusion`) become one loop over
their elements (`fused`), and ops whose numpy kernel is faster than numba's
stay numpy's (`kernels`). Variables' values are passed in and given back.
"""
import numpy as np

from ... import graph_ops
from ...graph_ops.elementwise import UFUNCS
from ...ir.core import Literal, Var
from ...ir.liveness import live_equations, sub_graphs
from ...passes import fusion
from ..executor.inplace import FRESH
from . import control, fallback, fused, kernels, outlining, zero_division
from .lowering import LOWERINGS, UnsupportedOpError, unsupported
from .types import literal_source

INDENT = '    '


def has_numba_type(dtype):
    """True for the dtypes numba has values of: booleans, integers, floats (not float16: numba
    has no half floats), complex numbers."""
    return dtype.kind in 'biufc' and dtype != np.float16


class Codegen:
    """Builds the function; constants (before the inputs) and variables' values (after them)
    are extra parameters."""

    def __init__(self, numbers=frozenset(), strict=False):
        self.numbers = numbers  # (type, value) of Python numbers elementwise ops take as parameters
        self.strict = strict  # refuse an op numba cannot compile (else: its numpy kernel, `fallback`)
        self.fallbacks = []  # the keys of the equations run on numpy (`fallback.OPS`)
        self.names = {}      # Var -> source
        self.consts = []     # (Var, value): passed before the inputs, in order
        self.resources = []  # (Var, object): variables whose values are passed in, in order
        self.written = {}    # Var -> object: the variables the function gives new values
        self.zero_divisions = []  # what each bit of the returned flag records (zero_division)
        self.targets = ()
        self.helpers = set()  # the functions of `helpers` the generated code calls
        self.preamble = []  # module-level functions the function calls (`draws`), as source
        self._count = 0
        self.made = {}  # fresh name -> its number (`outlining`: which names a region finds bound)
        self._blocks = []  # _Lifetimes of the blocks being emitted, innermost last

    def fresh(self, prefix='v'):
        self._count += 1
        name = f'{prefix}{self._count - 1}'
        self.made[name] = self._count - 1
        return name

    def helper(self, name):
        """A function of `helpers` the generated module imports (`cache.header`)."""
        self.helpers.add(name)
        return name

    def resource(self, var, written=False):
        if written:
            self.written[var] = dict(self.resources)[var]
        return self.names[var]

    def zero_division_bit(self, kind):
        if kind not in self.zero_divisions:
            self.zero_divisions.append(kind)
        return 1 << self.zero_divisions.index(kind)

    def atom(self, atom, eq=None):
        if isinstance(atom, Literal):
            value = atom.value
            if eq is not None and eq.primitive in UFUNCS and _parameter_value(value) and \
                    (value.__class__, value) in self.numbers:
                return self._parameter(value)
            text = literal_source(atom.value)
            if text is None:
                raise unsupported(eq, f': the literal {atom.value!r} has no numba value')
            return text
        return self.names[atom]

    def _parameter(self, value):
        """A Python number the function was called with, where an elementwise op takes it: a
        parameter (passed like a constant), so that the traces of other numbers have the same
        source and share one numba compile. Numbers of the code itself stay literals, which
        numba compiles better (`n % 2`)."""
        key = _Lifted()
        self.names[key] = self.fresh('p')
        self.consts.append((key, value))
        return self.names[key]

    def function(self, graph, name):
        effect = next((eq for eq in all_equations(graph) if _is_effect(eq)), None)
        if effect is not None and self.strict:
            raise unsupported(effect, ': numba cannot run its effect')
        for what, values in (('argument', graph.inputs), ('result', graph.outputs)):
            for number, var in enumerate(values, 1):
                if isinstance(var, Var) and not has_numba_type(var.aval.dtype):
                    raise UnsupportedOpError(
                        f'jit_compile=True: {what} {number} ({var.aval}) has a dtype numba has '
                        'no values of; use jit_compile=None (the numpy executor) for this '
                        'function')
        params = [self.fresh('a') for _ in graph.inputs]
        self.names.update(zip(graph.inputs, params))
        body = self.block(graph)
        outputs = [self.atom(a) for a in graph.outputs]
        consts = [self.names[v] for v, _ in self.consts]
        resources = [self.names[v] for v, _ in self.resources]
        returned = outputs + [self.names[v] for v in self.written]
        if self.zero_divisions:
            body = [f'{zero_division.FLAG} = 0'] + body
            returned.append(zero_division.FLAG)
        # constants first: the caller binds them once (functools.partial)
        lines = [f"def {name}({', '.join(consts + params + resources)}):"]
        lines += [INDENT + line for line in body]
        lines.append(f"{INDENT}return ({', '.join(returned)}{',' if returned else ''})")
        preamble = [fallback.IMPORT] * bool(self.fallbacks) + self.preamble
        return ''.join(preamble) + '\n'.join(lines) + '\n'

    def block(self, graph):
        """Lines computing `graph` on the names its inputs already have."""
        # a sub-graph may be emitted twice (a loop and its gradient's rerun): one parameter
        for var, value in [(v, c) for v, c in graph.consts if v not in self.names]:
            self.names[var] = self.fresh('k')
            # 0-d values are numba scalars in generated code (shapes.py), constants too
            zero_d = isinstance(value, np.ndarray) and value.ndim == 0
            self.consts.append((var, value[()] if zero_d else value))
        for var, obj in [(v, o) for v, o in graph.resources if v not in self.names]:
            self.names[var] = self.fresh('r')
            self.resources.append((var, obj))
        lines = []
        outputs = [a for a in graph.outputs if not isinstance(a, Literal)]
        equations = live_equations(graph)
        self._blocks.append(_Lifetimes(equations, outputs))
        for item in fusion.groups(equations, kernels.keeps_numpy, outputs):
            if isinstance(item, fusion.Group):
                lines += fused.emit(self, item)
            else:
                lines += self.equation(item)
        self._blocks.pop()
        return lines

    def dying(self, eq):
        """An input of `eq` made by this block that nothing reads after it, of the result's
        type: its array may take the result."""
        return self._blocks[-1].dying(eq)

    def dies_at(self, atom, eq):
        """True if `atom` is an array this block made that nothing reads after `eq`."""
        return self._blocks[-1].dies_at(atom, eq)

    def dying_in(self, group):
        """The arrays a fused group reads that this block made and nothing reads after it."""
        return self._blocks[-1].dying_in(group)

    def equation(self, eq):
        """The lines computing `eq`: compiled, else (unless strict) by its numpy kernel; an op
        of its own that fails inside a loop or a branch falls back alone, and a whole `cond`,
        `while` or `errstate` only where its own lowering fails (a reporting errstate)."""
        emit_flow = control.EMITTERS.get(eq.primitive)
        if self.strict or emit_flow is not None or eq.primitive in LOWERINGS:
            state = self._state(names=emit_flow is not None)
            try:
                return self._flow(eq, emit_flow) if emit_flow else self._lowered(eq)
            except UnsupportedOpError:
                if self.strict:
                    raise
                self._restore(state)  # what the attempt added: then numpy's kernel
        self.targets = [self.define(v) for v in eq.outputs]
        return fallback.emit(self, eq)

    def _flow(self, eq, emit_flow):
        start = self._count
        lines = emit_flow(self, eq)
        if outlining.too_deep(lines):  # a function of its own (its inner regions already are)
            return outlining.outline(self, eq, lines, outlining.bound_outside(self, start))
        return lines

    def _lowered(self, eq):
        """The lines computing `eq` compiled by numba, or UnsupportedOpError."""
        args = [self.atom(a, eq) for a in eq.inputs]
        for atom in (*eq.inputs, *eq.outputs):
            dtype = getattr(atom.aval, 'dtype', None)
            if dtype is not None and not has_numba_type(dtype):
                raise unsupported(eq, f': numba has no {dtype} arrays')
        self.targets = [self.define(v) for v in eq.outputs]
        if kernels.keeps_numpy(eq):
            return kernels.emit(self, eq, args)
        emitter = LOWERINGS.get(eq.primitive)
        result = None if emitter is None else emitter(self, eq, args)
        if result is None:
            raise unsupported(eq)
        if isinstance(result, list):
            return result
        return [f"{', '.join(self.targets)} = {result}"]

    def _state(self, names=False):
        """What an attempt to lower an equation may add (a sub-graph's names with `names`)."""
        return (len(self.consts), len(self.resources), dict(self.written), len(self.preamble),
                set(self.helpers), list(self.zero_divisions), len(self._blocks),
                len(self.fallbacks), dict(self.names) if names else None)

    def _restore(self, state):
        consts, resources, written, preamble, helpers, divisions, blocks, fallbacks, names = state
        del self.consts[consts:], self.resources[resources:], self.preamble[preamble:]
        for number in self.fallbacks[fallbacks:]:
            fallback.release(number)
        del self._blocks[blocks:], self.fallbacks[fallbacks:]
        self.written, self.helpers, self.zero_divisions = written, helpers, divisions
        if names is not None:
            self.names = names

    def define(self, var):
        name = self.fresh()
        self.names[var] = name
        return name


class _Lifetimes:
    """Where each array of a block is last read (itself or a view of it: the result of an op
    that makes no new array may share its inputs' memory), and which arrays the block made."""

    def __init__(self, equations, outputs):
        self.position = {id(eq): i for i, eq in enumerate(equations)}
        # arrays this block made: new ones, sharing memory with nothing (not a variable's value)
        self.made = {v for eq in equations if eq.primitive in FRESH for v in eq.outputs}
        self.last, bases = {}, {}
        for i, eq in enumerate(equations):
            read = [a for a in eq.inputs if isinstance(a, Var)]
            for a in read:
                self.last.update((base, i) for base in bases.get(a, (a,)))
            if eq.primitive not in FRESH:
                shared = {base for a in read for base in bases.get(a, (a,))}
                bases.update((v, shared) for v in eq.outputs)
        for a in outputs:
            self.last.update((base, len(equations)) for base in bases.get(a, (a,)))
        self.bases = bases

    def _overlapped(self, atom, inputs):
        """Whether another of `inputs` may be a view of `atom`'s memory (`x + x.T`): writing
        the result into `atom` would then change what is still to be read, which numpy avoids
        by buffering and numba does not."""
        base = set(self.bases.get(atom, (atom,)))
        return any(a is not atom and isinstance(a, Var) and base & set(self.bases.get(a, (a,)))
                   for a in inputs)

    def dying(self, eq):
        i = self.position[id(eq)]
        for a in dict.fromkeys(eq.inputs):
            if a in self.made and self.last.get(a) == i and a.aval == eq.outputs[0].aval \
                    and not self._overlapped(a, eq.inputs):
                return a
        return None

    def dies_at(self, atom, eq):
        return (atom in self.made and self.last.get(atom) == self.position[id(eq)]
                and not self._overlapped(atom, eq.inputs))

    def dying_in(self, group):
        end = self.position[id(group.equations[-1])]
        inside = {v for eq in group.equations for v in eq.outputs}
        inputs = [a for a in dict.fromkeys(a for eq in group.equations for a in eq.inputs)
                  if a not in inside]
        return [a for a in inputs if a in self.made and self.last.get(a, end + 1) <= end
                and not self._overlapped(a, inputs)]


class _Lifted:
    """The key of a Python number made a parameter (`Codegen._parameter`), one per use."""
    __slots__ = ()


def _parameter_value(value):
    """True for a Python number numba takes as an argument of the type it gives the literal:
    a bool, an int in int64's range, a float (a typed parameter, cast where used as a literal is)."""
    kind = value.__class__
    return kind is bool or kind is float or kind is int and -(1 << 63) <= value < (1 << 63)


def _is_effect(eq):
    """An effect numba cannot run (a variable's update and print are lowered)."""
    return graph_ops.get(eq.primitive).stateful and eq.primitive not in LOWERINGS


def all_equations(graph):
    for eq in graph.equations:
        yield eq
        for sub in sub_graphs(eq.params):
            yield from all_equations(sub)
