"""Variable ops on a resource held by reference: read, assign, assign_add, assign_sub, scatter.

Eager `rt.Variable` methods call these same functions, so eager and graph
updates are the same computation. A variable's value is replaced, never
mutated in place (it is a read-only array), so a read needs no copy; reads are
not effects (an unused read is eliminated) but, like every equation, are never
reordered around assignments. A value is always C-contiguous (an assigned array
in another order is kept as a C-ordered copy), so the compiled executor knows
the layout of every read (`runtime.backends.executor.layout`).
"""
import operator

import numpy as np

from ..ir.compatibility import compatible
from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp, get, no_gradient
from .elementwise import ufunc_rule
from .indexing import fill_index


def check_assignable(target, value):
    """Raise if a value of type `value` cannot be stored in a variable of type `target`."""
    if not np.can_cast(value.dtype, target.dtype, 'same_kind'):
        raise TypeError(f'cannot assign a value of dtype {value.dtype} to a variable of dtype '
                        f"{target.dtype} (numpy's 'same_kind' casting rule)")
    if value.shape is not None and not compatible(AbstractValue(target.dtype, target.shape),
                                                  AbstractValue(target.dtype, value.shape)):
        raise ValueError(f'cannot assign a value of shape {value.shape} to a variable of shape '
                         f'{target.shape}')


def store(ref, value):
    """Replace the value held by `ref` (a variable) with a read-only copy of `value`."""
    _keep(ref, value, copy=True)


def replace(ref, value):
    """Make `value`, a new array no one else holds, the read-only value of `ref` (no copy)."""
    _keep(ref, value, copy=False)


def _keep(ref, value, copy):
    """Make `value` (a copy of it if `copy`: a new array of this update's own otherwise) the
    read-only value of `ref`, checked and cast to the variable's type."""
    current = ref._value
    if value.__class__ is np.ndarray and value.dtype == current.dtype and \
            value.shape == current.shape:  # the common case: nothing to check or cast
        array = value.copy() if copy or not value.flags.c_contiguous else value
    elif value.__class__ is current.dtype.type and not current.shape:  # a counter's new count
        array = np.array(value)
    else:
        array = np.asarray(value)
        check_assignable(AbstractValue(ref.dtype, ref.shape),
                         AbstractValue(array.dtype, array.shape))
        # a copy: later changes to `value` do not leak
        array = np.array(value, dtype=ref.dtype, order='C')
    array.flags.writeable = False
    ref._value = array


read_variable = operator.attrgetter('_value')


def assign_variable(ref, value):
    store(ref, value)


def assign_add_variable(ref, delta):
    _keep(ref, np.add(ref._value, delta), copy=False)  # numpy's result is a new array


def assign_sub_variable(ref, delta):
    _keep(ref, np.subtract(ref._value, delta), copy=False)


@defop('read_variable', read_variable, array_result=True, layout='c', fp_quiet=True)
def _read_rule(ref):
    return ref.value


@defop('assign_variable', assign_variable, stateful=True, fp_quiet=True)
def _assign_rule(ref, value):
    check_assignable(ref.value, value)


def _update_rule(ufunc):
    def rule(ref, delta):
        check_assignable(ref.value, ufunc_rule(ufunc)(ref.value, delta))
    return rule


defop('assign_add_variable', assign_add_variable, stateful=True,
      fp_quiet=True)(_update_rule(np.add))
defop('assign_sub_variable', assign_sub_variable, stateful=True,
      fp_quiet=True)(_update_rule(np.subtract))


def scatter_variable(ref, value, *dynamic, index):
    """`v[index] = value` (TensorFlow's scatter_update): numpy's item assignment on a copy."""
    new = ref._value.copy()
    new[fill_index(index, dynamic)] = value
    _keep(ref, new, copy=False)


@defop('scatter_variable', scatter_variable, stateful=True, fp_quiet=True)
def _scatter_rule(ref, value, *dynamic, index):
    get('set_item').rule(ref.value, value, *dynamic, index=index)


defvjp('read_variable')  # the tape gives a variable the cotangents of its reads
no_gradient('an update of a variable: state, not a value', 'assign_variable',
            'assign_add_variable', 'assign_sub_variable', 'scatter_variable')
