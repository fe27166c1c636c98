"""The types of a graph loop's variables, found by tracing its body until they are stable.

Each variable of the loop's state gets a `Spec` per leaf of its structure:

    value  a number or array: carried with its type; a Python number is weak
           and adopts the dtype the body gives it (`s = 0` then `s += x[i]`)
    object an array object the body does not rebind: the name keeps the object,
           whose memory the loop carries (`cf_arrays.LoopArrays`)
    late   undefined (or no return value yet) on entry, given a value by the
           body: carried from a dummy, with a flag saying whether it was set
    list   a list the body appends to: carried as a graph list buffer
    fixed  anything else (undefined, None, objects): must not change

`widen(spec, value)` is the spec that also admits what one trace of the body
gave; tracing again until nothing widens gives types valid for every trip.
"""
from ..ag_operators.variables import Undefined, UndefinedReturnValue
from ..errors import StagingError
from ..ir import structure
from ..ir.compatibility import accepts, covers, unify
from ..ir.core import AbstractValue
from ..tracing.graph_lists import GraphList, as_graph_list
from ..tracing.joined_values import aval_of, describe, is_value, same_python
from ..tracing.memory.aliasing import is_array_object


class Spec:
    __slots__ = ('kind', 'aval', 'elem', 'name', 'initial')

    def __init__(self, kind, name, initial, aval=None, elem=None):
        self.kind, self.name, self.initial, self.aval, self.elem = kind, name, initial, aval, elem

    @property
    def carried(self):
        return self.kind in ('value', 'late') or (self.kind == 'list' and self.elem is not None)

    @property
    def flagged(self):
        """A late variable that was undefined (not a pending return value) before the loop."""
        return self.kind == 'late' and isinstance(self.initial, Undefined)

    @property
    def variable(self):
        """The name of the variable whose leaf this is (`name` without its ' (item i)')."""
        return self.name.split(' ')[0]

    def carried_aval(self):
        """The type of the carried value: the value's, or a graph list's buffer."""
        return GraphList(elem=self.elem).aval if self.kind == 'list' else self.aval


def initial_specs(name, value, invariants):
    """(structure, specs) of a variable's value on entry to the loop."""
    graph_list = as_graph_list(value)
    if isinstance(graph_list, GraphList):
        return None, [Spec('list', name, value, elem=graph_list.elem)]
    leaves = []
    tree = structure.flatten(value, leaves)
    return tree, [_leaf_spec(f'{name}{_suffix(tree, i)}', leaf, invariants)
                  for i, leaf in enumerate(leaves)]


def _leaf_spec(name, value, invariants):
    if not is_value(value):  # undefined, no return value yet, None, objects
        return Spec('fixed', name, value)
    aval = aval_of(value)
    shape = invariants.get(id(value), aval.shape) if invariants else aval.shape
    kind = 'object' if is_array_object(value) else 'value'
    return Spec(kind, name, value, AbstractValue(aval.dtype, shape, aval.weak))


def _suffix(tree, i):
    return '' if tree is None else f' (item {i})'


def widen(specs, tree, value, where, invariants):
    """(specs, tree) admitting `value` as the body's result too; None when nothing changed."""
    if len(specs) == 1 and specs[0].kind == 'list':
        return _widen_list(specs[0], value, where)
    if len(specs) == 1 and specs[0].kind == 'fixed' and isinstance(
            specs[0].initial, (Undefined, UndefinedReturnValue)):
        if isinstance(value, (Undefined, UndefinedReturnValue)):
            return None
        return _became_defined(specs[0], value, where)
    leaves = []
    out_tree = structure.flatten(value, leaves)
    if out_tree != tree or len(leaves) != len(specs):
        _fail(specs[0].name, f'is {_structure(tree, specs)} before the loop and '
              f'{describe(value)} after its body', where, 'give it one structure')
    new = [_widen_leaf(spec, leaf, where, invariants) for spec, leaf in zip(specs, leaves)]
    if all(n is None for n in new):
        return None
    return [n or s for n, s in zip(new, specs)], tree


def _widen_leaf(spec, value, where, invariants):
    if spec.kind == 'object':
        if value is spec.initial:
            return None
        rebound = Spec('value', spec.name, spec.initial, spec.aval)  # a new array each time
        return _widen_leaf(rebound, value, where, invariants) or rebound
    if spec.kind == 'fixed':
        if not same_python(spec.initial, value):
            _fail(spec.name, f'is {describe(spec.initial)} before the loop and {describe(value)} '
                  'after its body', where, 'a graph loop carries numbers and arrays only; keep '
                  'other values unchanged in the loop')
        return None
    if not is_value(value):
        _fail(spec.name, f'is {describe(spec.initial)} before the loop and {describe(value)} '
              'after its body', where, 'a loop variable keeps its kind of value')
    aval, out = spec.aval, aval_of(value)
    merged = unify(aval, out)
    if merged is None or (not aval.weak and merged.dtype != aval.dtype):
        _fail(spec.name, f'has dtype {aval.dtype} before the loop and {out.dtype} after its '
              'body', where, f'a graph loop variable keeps one dtype: give it the dtype its '
              f'body computes before the loop (e.g. {spec.variable} = '
              f'np.{out.dtype.name}(...))')
    if invariants and id(spec.initial) in invariants:
        if not covers(aval.shape, out.shape):
            _fail(spec.name, f'has shape {out.shape} after the loop body, which its shape '
                  f'invariant {aval.shape} does not allow', where, 'fix the invariant')
        shape = aval.shape
    elif aval.shape is not None and out.shape is not None and len(aval.shape) != len(out.shape):
        _fail(spec.name, f'has shape {aval.shape} before the loop and {out.shape} after its '
              'body', where, 'a loop variable keeps its rank unless declared otherwise: '
              f'rt.set_loop_options(shape_invariants=[({spec.variable}, None)]) allows any '
              'shape')
    else:
        shape = merged.shape
    new = AbstractValue(merged.dtype, shape, merged.weak)
    return None if new == aval else Spec(spec.kind, spec.name, spec.initial, new)


def _became_defined(spec, value, where):
    leaves = []
    tree = structure.flatten(value, leaves)
    if not leaves:
        _fail(spec.name, f'is first set in the loop to {describe(value)}', where,
              'a value first set in a graph loop must be a number or an array')
    specs = []
    for i, leaf in enumerate(leaves):
        if not is_value(leaf):
            _fail(spec.name, f'is first set in the loop to {describe(leaf)}', where,
                  'a value first set in a graph loop must be a number or an array')
        specs.append(Spec('late', f'{spec.name}{_suffix(tree, i)}', spec.initial,
                          aval_of(leaf)))
    return specs, tree


def _widen_list(spec, value, where):
    if not isinstance(value, GraphList):
        _fail(spec.name, f'is a list before the loop and {describe(value)} after its body',
              where, 'keep it a list')
    if value.elem is None or (spec.elem is not None and accepts(spec.elem, value.elem)):
        return None
    if spec.elem is None:
        elem = value.elem
    else:
        elem = unify(spec.elem, value.elem)
        if elem is None or elem.dtype != spec.elem.dtype:
            _fail(spec.name, f'holds {spec.elem.dtype} elements before the loop and gets '
                  f'{value.elem.dtype} ones in its body', where, 'append one dtype')
    return [Spec('list', spec.name, spec.initial, elem=elem)], None


def _structure(tree, specs):
    if tree is None:
        return describe(specs[0].initial)
    return f'a {tree[0].__name__} of {len(specs)} values'


def _fail(name, what, where, hint):
    raise StagingError(f"'{name}' {what} in the graph loop at {where}: {hint}.")
