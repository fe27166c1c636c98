"""The text form of graphs (grammar in `runtime.ir.core`): deterministic names a, b, c, ..."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .core import (
    AbstractValue,
    Atom,
    Equation,
    Graph,
    Hole,
    Literal,
    ResourceType,
    RngType,
    Var,
    shows,
)
from .nesting import recursion_room

_SHORT = {'bool': 'bool', 'int8': 'i8', 'int16': 'i16', 'int32': 'i32', 'int64': 'i64',
          'uint8': 'u8', 'uint16': 'u16', 'uint32': 'u32', 'uint64': 'u64', 'float16': 'f16',
          'float32': 'f32', 'float64': 'f64', 'complex64': 'c64', 'complex128': 'c128'}


def short_dtype(dtype: np.dtype[Any]) -> str:
    return _SHORT.get(dtype.name) or dtype.str.lstrip('<>|=')


def dims_text(shape: tuple[int | None, ...]) -> str:
    """'2,?' for shape (2, None): '?' marks an unknown dimension."""
    return ','.join('?' if d is None else str(d) for d in shape)


@shows('type')
def pp_type(aval: Any, dtype_text: Callable[[np.dtype[Any]], str] = short_dtype) -> str:
    """`f32[2,?]`, `f32[*]` (unknown rank), `ref{f32[2]}`; `dtype_text` names the dtype."""
    if isinstance(aval, ResourceType):
        return f'ref{{{pp_type(aval.value, dtype_text)}}}'
    if isinstance(aval, RngType):
        return str(aval)
    if aval.shape is None:
        return f'{dtype_text(aval.dtype)}[*]'
    return f'{dtype_text(aval.dtype)}[{dims_text(aval.shape)}]'


class Namer:
    """Names variables a..z, ba, bb, ... in the order they are first asked for."""

    def __init__(self) -> None:
        self.names: dict[Var, str] = {}

    def __call__(self, var: Var) -> str:
        name = self.names.get(var)
        if name is None:
            i, name = len(self.names), ''
            while True:
                name = chr(97 + i % 26) + name
                i //= 26
                if not i:
                    break
            self.names[var] = name
        return name

    def atom(self, atom: Atom) -> str:
        return repr(atom.value) if isinstance(atom, Literal) else self(atom)

    def binder(self, var: Var) -> str:
        return f'{self(var)}:{pp_type(var.aval)}'


def graph_namer(graph: Graph) -> Namer:
    """A namer that has named the graph's variables in definition order (as printed)."""
    namer = Namer()
    for var, _ in (*graph.consts, *graph.resources):
        namer(var)
    for var in graph.inputs:
        namer(var)
    for eq in graph.equations:
        for var in eq.outputs:
            namer(var)
    return namer


@shows('text')
def pp_graph(graph: Graph, source: bool = False, indent: int = 0) -> str:
    """The text form of `graph` (sub-graphs indented inside their equations)."""
    if indent == 0:  # the outermost graph: its nesting gets the recursion it needs
        with recursion_room(graph, 'printing the graph'):
            return _pp_graph(graph, source, indent)
    return _pp_graph(graph, source, indent)


def _pp_graph(graph: Graph, source: bool, indent: int) -> str:
    namer = graph_namer(graph)
    consts = ''.join(namer.binder(v) + ' ' for v, _ in (*graph.consts, *graph.resources))
    inputs = ' '.join(namer.binder(v) for v in graph.inputs)
    pad = ' ' * indent
    lines = [f'{{ lambda {consts}; {inputs}. let']
    lines += [f'{pad}    {pp_eqn(eq, namer, source, indent + 4)}' for eq in graph.equations]
    outs = ', '.join(namer.atom(a) for a in graph.outputs)
    lines.append(f'{pad}  in ({outs}{"," if len(graph.outputs) == 1 else ""}) }}')
    return '\n'.join(lines)


def pp_eqn(eq: Equation, namer: Namer, source: bool = False, indent: int = 0) -> str:
    """One equation, e.g. `c:f32[3] = sum[axis=0] a`."""
    lhs = ' '.join(namer.binder(v) for v in eq.outputs) or '_'
    params = ' '.join(f'{k}={pp_param(v, indent)}' for k, v in sorted(eq.params.items()))
    op = eq.primitive + (f'[{params}]' if params else '')
    rhs = ' '.join([op] + [namer.atom(a) for a in eq.inputs])
    note = f'  # {eq.source}' if source and eq.source else ''
    return f'{lhs} = {rhs}{note}'


def pp_param(value: Any, indent: int = 0) -> str:
    if isinstance(value, Graph):
        return pp_graph(value, indent=indent + 2)
    if isinstance(value, tuple):
        return f"({', '.join(pp_param(v, indent) for v in value)}{',' if len(value) == 1 else ''})"
    if isinstance(value, slice):
        parts = ['' if p is None else pp_param(p) for p in (value.start, value.stop, value.step)]
        return ':'.join(parts[:2] if value.step is None else parts)
    if isinstance(value, Hole):
        return f'${value.index}'
    if value is Ellipsis:
        return '...'
    if isinstance(value, np.dtype):
        return value.name
    if isinstance(value, (AbstractValue, ResourceType)):
        return pp_type(value)
    if isinstance(value, np.ufunc):
        return value.__name__
    if callable(value):
        return getattr(value, '__qualname__', None) or repr(value)
    return repr(value)
