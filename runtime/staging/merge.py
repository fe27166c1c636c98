"""Merging a variable's values from two traced paths into one value and the outputs that carry it.

`Merger.merge(name, a, b)` returns the value the variable has after the
construct: the common value when both paths agree (the same object, equal
Python scalars), else a structure whose leaves are `Output`s, positions in the
list of values the construct's op gives (`self.first`, `self.second`: the
value of each output on each path, `self.types`: its unified type).
Problems raise StagingError naming the variable and the ORIGINAL line.
"""
import keyword

from ..ag_operators.variables import Undefined, UndefinedReturnValue
from ..errors import StagingError
from ..ir import structure
from ..ir.compatibility import unify
from ..tracing.graph_lists import GraphList, as_graph_list
from ..tracing.joined_values import aval_of, describe, dummy, is_value, same_python
from ..tracing.tensor import Tensor
from . import cf_arrays
from .cf_state import BOTTOM

_DEFINED = object()  # `_undefined`: both values are defined (merge them as values)


class Output:
    __slots__ = ('index',)

    def __init__(self, index):
        self.index = index


class FromPredicate:
    """Python bools on both paths: the result is the predicate (or its negation)."""
    __slots__ = ('when_true',)

    def __init__(self, when_true):
        self.when_true = when_true


class Context:
    """How errors name the construct and its two paths."""
    paths = ('true branch', 'false branch')

    def __init__(self, where, construct):
        self.where, self.construct = where, construct

    def fail(self, message):
        at = f' at {self.where}' if self.where else ''
        raise StagingError(message.format(construct=f'{self.construct}{at}'))


class Merger:
    def __init__(self, context, builders):
        self.context, self.builders = context, builders  # the paths' graphs, not finished yet
        self.first, self.second, self.types = [], [], []
        self.origins = []  # (Output, the two array objects it merges, variable name)
        self._by_objects = {}  # ids of the two objects -> their Output: aliases stay aliases

    def output(self, a, b, aval):
        self.first.append(a)
        self.second.append(b)
        self.types.append(aval)
        return Output(len(self.types) - 1)

    def merge(self, name, a, b, identity=True):
        """The merged value; with `identity`, array objects are compared as objects."""
        if a is BOTTOM and b is BOTTOM:
            return BOTTOM
        if a is BOTTOM or b is BOTTOM:
            return self._one_sided(b if a is BOTTOM else a, a is BOTTOM)
        same = cf_arrays.same_object(a, b)
        if same is not None:
            return same  # one array on both paths (updated in place: see cf_arrays)
        objects = cf_arrays.origin(a, b) if identity else None
        a, b = cf_arrays.value_of(a), cf_arrays.value_of(b)
        if objects is not None and (id(objects[0]), id(objects[1])) in self._by_objects:
            return self._by_objects[id(objects[0]), id(objects[1])]
        if same_python(a, b):
            return a
        undefined = self._undefined(name, a, b)
        if undefined is not _DEFINED:
            return undefined  # (None too: a `return` on one path, no return value on the other)
        if is_value(a) and is_value(b):
            merged = self._values(name, a, b)
            if objects is not None and isinstance(merged, Output):
                self._by_objects[id(objects[0]), id(objects[1])] = merged
                self.origins.append((merged, objects, name))
            return merged
        if isinstance(a, GraphList) or isinstance(b, GraphList):
            return self._lists(name, a, b)
        return self._containers(name, a, b)

    def _undefined(self, name, a, b):
        if isinstance(a, Undefined) and isinstance(b, Undefined):
            return Undefined(name)
        if isinstance(a, Undefined) or isinstance(b, Undefined):
            paths = self.context.paths
            has, lacks = paths[::-1] if isinstance(a, Undefined) else paths
            self.context.fail(
                f"'{name}' is assigned in the {has} of the {{construct}} but not in its {lacks}, "
                f'and it is used after it. A graph needs a value on both paths: assign {name} '
                f'before the {self.context.construct.split(" ")[0]}, or in the {lacks} too.')
        if isinstance(a, UndefinedReturnValue) and isinstance(b, UndefinedReturnValue):
            return a
        if isinstance(a, UndefinedReturnValue) or isinstance(b, UndefinedReturnValue):
            # `retval_` only counts where `do_return` is true: the other path's value is unused
            value = b if isinstance(a, UndefinedReturnValue) else a
            return self._one_sided(value, isinstance(a, UndefinedReturnValue))
        return _DEFINED

    def _one_sided(self, value, missing_first):
        """Merge `value` with a path whose value is never used (it raised, or did not return).

        Only values the other path computed itself need outputs; anything else
        (Python values, tensors from before the cond) is the merged value as it is.
        """
        return structure.map_leaves(lambda leaf: self._one_sided_leaf(leaf, missing_first), value)

    def _one_sided_leaf(self, value, missing_first):
        value = cf_arrays.object_of(value)  # an array the path updated: its updates are merged
        if isinstance(value, GraphList) and value.elem is not None:
            return GraphList(self._one_sided_leaf(value.buffer(), missing_first), value.elem)
        builder = self.builders[1 if missing_first else 0]
        if not isinstance(value, Tensor) or value._builder is not builder:
            return value
        aval = aval_of(value)
        pair = (dummy(aval), value) if missing_first else (value, dummy(aval))
        return self.output(*pair, aval)

    def _values(self, name, a, b):
        if a.__class__ is bool and b.__class__ is bool:
            return FromPredicate(a)
        ta, tb = aval_of(a), aval_of(b)
        aval = unify(ta, tb)
        if aval is None:
            self._mismatch(name, a, b, 'a graph value has one dtype: cast one of them '
                           f'(e.g. {name} = {name}.astype(np.{tb.dtype.name})) so that they agree'
                           if name.isidentifier() else '')
        return self.output(a, b, aval)

    def _lists(self, name, a, b):
        la, lb = (v if isinstance(v, GraphList) else self._as_graph_list(v, builder)
                  for v, builder in zip((a, b), self.builders))
        if la is None or lb is None:
            self._mismatch(name, a, b, '')
        if la.elem is None and lb.elem is None:
            return la
        elem = la.elem if lb.elem is None else lb.elem
        if la.elem is not None and lb.elem is not None:
            elem = unify(la.elem, lb.elem)
            if elem is None:
                self._mismatch(name, a, b, 'the elements of a graph list have one dtype')
        la, lb = (GraphList(la.buf, la.elem or elem), GraphList(lb.buf, lb.elem or elem))
        buffers = la.buffer(), lb.buffer()
        aval = unify(aval_of(buffers[0]), aval_of(buffers[1]))
        return GraphList(self.output(*buffers, aval), elem)

    def _containers(self, name, a, b):
        kind = type(a)
        if kind is not type(b):
            self._mismatch(name, a, b, '')
        if kind is list and len(a) != len(b):
            return self._lists(name, a, b)
        if kind in (list, tuple) or (isinstance(a, tuple) and hasattr(kind, '_fields')):
            if len(a) != len(b):
                self._mismatch(name, a, b, '')
            items = [self.merge(f'{name}[{i}]', x, y) for i, (x, y) in enumerate(zip(a, b))]
            return kind(*items) if kind not in (list, tuple) else kind(items)
        if kind is dict:
            if list(a) != list(b):
                self._mismatch(name, a, b, '')
            return {k: self.merge(f'{name}[{k!r}]', a[k], b[k]) for k in a}
        self._mismatch(name, a, b, 'a graph can only merge numbers, arrays and containers '
                       'of them; other objects must be the same object on both paths')

    @staticmethod
    def _as_graph_list(value, builder):
        if type(value) is not list:
            return None
        with builder:  # stacking the path's values is one of its ops
            return as_graph_list(value)

    def _mismatch(self, name, a, b, hint):
        first, second = self.context.paths
        if name == 'retval_':
            subject = 'the return value'
            what = (f'the {first} returns {_shape_of(a)} but the {second} returns '
                    f'{_shape_of(b)}')
        elif name.isidentifier() and not keyword.iskeyword(name):
            subject = f"'{name}'"
            what = f"'{name}' is {_shape_of(a)} in the {first} and {_shape_of(b)} in the {second}"
        else:  # an expression's value
            subject, hint = 'both operands', ''
            what = f'its value is {_shape_of(a)} on one path and {_shape_of(b)} on the other'
        hint = hint or f'make {subject} the same kind of value (and dtype) on both paths'
        self.context.fail(f'{{construct}}: {what}; {hint}.')


def _shape_of(value):
    """A value's structure for messages: 'a tuple of 2 values', 'an int32 tensor of shape ()'."""
    if type(value) in (tuple, list):
        return f'a {type(value).__name__} of {len(value)} value{"s" * (len(value) != 1)}'
    if type(value) is dict:
        return f'a dict with keys {list(value)}'
    return describe(value)
