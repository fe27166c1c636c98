"""The graph IR: typed SSA equations over variables and literals, in the spirit of a jaxpr.

A `Graph` has typed inputs, captured constants (numpy values, bound when the
graph is compiled), captured resources (objects such as variables, held by
reference), equations in program order and outputs. Variables carry only their
abstract value; names are given when printing, in order of definition, so the
text form is deterministic. Its grammar (`str(graph)`):

    graph   ::= '{ lambda ' (binder ' ')* '; ' (binder ' ')* '. let' eqn* NL indent 'in ' outs ' }'
    binder  ::= var ':' type
    type    ::= dtype '[' dims ']' | 'ref{' type '}' | 'rng{' kind '}'
    dims    ::= '*' | (dim (',' dim)*)?            -- '*': unknown rank
    dim     ::= INT | '?'                          -- '?': unknown dimension
    dtype   ::= 'bool' | 'i8' .. 'i64' | 'u8' .. 'u64' | 'f16' .. 'f64' | 'c64' | 'c128'
              | numpy's dtype.str (others)
    eqn     ::= NL indent '  ' (binder (' ' binder)* | '_') ' = ' op params? (' ' atom)*
    params  ::= '[' param (' ' param)* ']'         -- sorted by name
    param   ::= NAME '=' value                     -- a nested graph is printed indented
    atom    ::= var | literal                      -- literal: repr of a Python scalar or None
    outs    ::= '()' | '(' atom ',)' | '(' atom (', ' atom)+ ')'
    var     ::= 'a' .. 'z' | 'ba' ..              -- in order: constants, resources, inputs,
                                                     equation outputs
    kind    ::= 'Generator' | 'RandomState'        -- a numpy random generator (`rng{...}`)

Python scalars stay Python scalars (`Literal`): numpy treats them as weakly
typed (NEP 50), so their abstract value is `weak`. A variable of a weak type
(a Python number that graph control flow carries, e.g. a loop counter) holds
a Python scalar at run time; variables of other types hold numpy values. `Hole(i)` appears inside
static params (index templates, print templates) and stands for the
equation's i-th input after its fixed ones.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

PYTHON_NUMBERS = (bool, int, float, complex)
# How types and graphs show themselves: each form is installed by the module that writes it
# (`printing`: 'type' and 'text'; `serialize`: 'json'; `runtime.pictures.dot`: 'dot'), which
# imports this one; `runtime.ir` imports them all, so they are in place before a graph exists.
_FORMS: dict[str, Callable[..., Any]] = {}


def shows(form: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: the decorated function writes `form` ('type', 'text', 'json' or 'dot')."""
    def install(function: Callable[..., Any]) -> Callable[..., Any]:
        _FORMS[form] = function
        return function
    return install


def _show(form: str, *args: Any) -> Any:
    try:
        write = _FORMS[form]
    except KeyError:
        raise RuntimeError(f'no module writes the {form!r} form of graphs: import runtime.ir, '
                           'which installs them') from None
    return write(*args)


PYTHON_TYPE = {'b': bool, 'i': int, 'u': int, 'f': float, 'c': complex}  # of a weak value's kind
_WEAK_DTYPES = {int: np.dtype(np.int_), float: np.dtype(np.float64),
                complex: np.dtype(np.complex128)}

Dim = int | None  # a dimension; None when unknown
Shape = tuple[Dim, ...] | None  # None: unknown rank


@dataclass(frozen=True)
class AbstractValue:
    """The type of an array value: dtype and shape (`None` for an unknown rank or dimension)."""
    dtype: np.dtype[Any]
    shape: Shape
    weak: bool = False  # a Python scalar: only its kind takes part in promotion

    def __post_init__(self) -> None:
        object.__setattr__(self, 'dtype', np.dtype(self.dtype))
        if self.shape is not None:
            shape = tuple(None if d is None else int(d) for d in self.shape)
            object.__setattr__(self, 'shape', shape)

    @property
    def ndim(self) -> int | None:
        return None if self.shape is None else len(self.shape)

    def __str__(self) -> str:
        return _show('type', self)

    @staticmethod
    def from_value(value: Any) -> AbstractValue:
        """The type of a concrete value; Python scalars (not bool) are weak."""
        if type(value) in _WEAK_DTYPES:
            return AbstractValue(_WEAK_DTYPES[type(value)], (), weak=True)
        value = value if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value)
        return AbstractValue(value.dtype, value.shape)


@dataclass(frozen=True)
class ResourceType:
    """The type of a resource held by reference (a variable): the type of the value it holds."""
    value: AbstractValue

    def __str__(self) -> str:
        return f'ref{{{self.value}}}'


@dataclass(frozen=True)
class RngType:
    """The type of a numpy random generator held by reference (`np.random.Generator`, or
    `np.random.RandomState`: the global one behind `np.random.*` too), which draws change."""
    kind: str  # 'Generator' or 'RandomState'

    def __str__(self) -> str:
        return f'rng{{{self.kind}}}'


RESOURCE_TYPES = (ResourceType, RngType)
Aval = AbstractValue | ResourceType | RngType  # the type of a graph variable


@dataclass(frozen=True, eq=False, slots=True)
class Var:
    """A graph variable: defined once, compared by identity, named only when printed."""
    aval: Any  # AbstractValue, ResourceType or RngType


@dataclass(frozen=True, eq=False, slots=True)
class Literal:
    """A Python scalar (or None) used directly as an equation input or graph output."""
    value: Any

    @property
    def aval(self) -> AbstractValue | None:
        if self.value is None:
            return None
        if type(self.value) is bool:
            return AbstractValue(np.dtype(np.bool_), ())
        return AbstractValue.from_value(self.value)


@dataclass(frozen=True, slots=True)
class Hole:
    """In a static param: the equation's `index`-th input after its fixed inputs."""
    index: int


Atom = Var | Literal  # an equation input or graph output
@dataclass(frozen=True, eq=False)
class Equation:
    """`outputs = primitive[params](*inputs)`, staged at `source` ('path:line' of user code)."""
    primitive: str
    inputs: tuple[Atom, ...]
    params: dict[str, Any]
    outputs: tuple[Var, ...]
    source: str | None = None


@dataclass(frozen=True, eq=False)
class Graph:
    """A closed dataflow graph; `consts` and `resources`: (Var, value) pairs bound when compiled."""
    inputs: tuple[Var, ...]
    equations: tuple[Equation, ...]
    outputs: tuple[Atom, ...]
    consts: tuple[tuple[Var, Any], ...] = field(default=())     # (variable, numpy value)
    resources: tuple[tuple[Var, Any], ...] = field(default=())  # (variable, object held)

    @property
    def in_avals(self) -> tuple[Any, ...]:
        return tuple(v.aval for v in self.inputs)

    @property
    def out_avals(self) -> tuple[Any, ...]:
        return tuple(a.aval for a in self.outputs)

    def __str__(self) -> str:
        return _show('text', self)

    def pretty(self, source: bool = False) -> str:
        """The text form; with `source=True` each equation ends with `# path:line`."""
        return _show('text', self, source)

    def to_dot(self, name: str = 'graph') -> str:
        """The graph as Graphviz DOT text (see `runtime.pictures.dot`)."""
        return _show('dot', self, name)

    def as_graph_def(self) -> dict[str, Any]:
        """Plain JSON-serialisable data describing the graph (see `runtime.ir.serialize`)."""
        return _show('json', self)
