"""Algebraic simplification, only where IEEE arithmetic makes it exact (no reassociation).

    { lambda ; a:f64[3]. let              { lambda ; a:f64[3]. let
        b:f64[3] = multiply a 1                c:f64[3] = sin a
        c:f64[3] = sin b              ->      in (c,) }
      in (c,) }

An identity fires only when the result has the operand's exact type (no
promotion, no broadcasting) and for every value, NaN and -0.0 included:
`x * 1`, `x / 1`, `x - 0`, `x + -0.0` and (integers) `x + 0`, `-(-x)`. So
`x + 0.0` stays (it turns -0.0 into 0.0), `x * 0` and `x - x` stay (NaN,
inf), complex values and 0-d values are left alone. A result the graph gives back stays a
new array, as eagerly.

A ufunc reading `broadcast_to(y, shape)` reads `y` instead when its own
broadcasting gives the result the same shape (a gradient's `unreduce`
broadcast before a multiply, say): the same values, one array fewer.
"""
import dataclasses

from ..graph_ops.elementwise import UFUNCS
from ..ir.core import Literal, Var
from ..ir.shapes import broadcast_shapes
from .rewrite import is_literal, output_vars, rebuilt, rewritten

_FLOAT_OR_INT = 'fiu'


def run(graph):
    outputs = output_vars(graph)
    defined, equations, mapping = {}, [], {}
    for eq in graph.equations:
        eq = _unbroadcast(rewritten(eq, mapping, run), defined)
        same = _identity(eq, defined)
        if same is not None and eq.outputs[0] not in outputs:
            mapping[eq.outputs[0]] = same
            continue
        defined.update((v, eq) for v in eq.outputs)
        equations.append(eq)
    return rebuilt(graph, equations, mapping)


def _identity(eq, defined):
    """The variable `eq` always equals bit for bit, or None."""
    if eq.params or len(eq.outputs) != 1:
        return None
    name, inputs = eq.primitive, eq.inputs
    if name == 'negative':
        inner = defined.get(inputs[0])
        if inner is not None and inner.primitive == 'negative' and not inner.params:
            return _same_type(inner.inputs[0], eq)
        return None
    if len(inputs) != 2:
        return None
    x, y = inputs
    if name == 'multiply' and is_literal(x, (1, 1.0)):
        x, y = y, x
    if name in ('add',) and is_literal(x, (0, -0.0)):
        x, y = y, x
    x = _same_type(x, eq)
    if x is None:
        return None
    integer = x.aval.dtype.kind in 'iu'
    if name in ('multiply', 'divide') and is_literal(y, (1, 1.0)):
        return x
    if name == 'subtract' and is_literal(y, (0, 0.0)):
        return x
    if name == 'add' and (is_literal(y, (-0.0,)) or integer and is_literal(y, (0,))):
        return x
    return None


def _unbroadcast(eq, defined):
    """`eq`, a ufunc, reading the operands of the broadcast_to ops it reads when its own
    broadcasting gives the same result shape."""
    if eq.primitive not in UFUNCS or eq.params or len(eq.outputs) != 1:
        return eq
    inputs = list(eq.inputs)
    for i, atom in enumerate(inputs):
        source = defined.get(atom)
        if source is None or source.primitive != 'broadcast_to':
            continue
        operand = source.inputs[0]
        if not isinstance(operand, Var) or operand.aval.weak:
            continue
        shapes = [operand.aval.shape if j == i else _shape(a) for j, a in enumerate(inputs)]
        if _all_known(shapes) and broadcast_shapes(*shapes) == eq.outputs[0].aval.shape:
            inputs[i] = operand
    inputs = tuple(inputs)
    return eq if inputs == eq.inputs else dataclasses.replace(eq, inputs=inputs)


def _shape(atom):
    return () if isinstance(atom, Literal) else atom.aval.shape


def _all_known(shapes):
    """True if every shape is known, every dim too (a `?` could be 1 and broadcast)."""
    return all(s is not None and None not in s for s in shapes)


def _same_type(atom, eq):
    """`atom` if it is a strong variable of the result's exact (real or integer) type."""
    if not isinstance(atom, Var) or atom.aval != eq.outputs[0].aval:
        return None
    aval = atom.aval
    if getattr(aval, 'weak', True) or aval.dtype.kind not in _FLOAT_OR_INT or not aval.shape:
        return None  # (0-d values may be numpy scalars or 0-d arrays: their kind is kept)
    return atom
