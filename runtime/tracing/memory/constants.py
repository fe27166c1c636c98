"""numpy arrays the traced function did not make are constants of its graph: no graph value goes in."""
import dis
import sys

from ...converted_code.frames import first_outside
from ...converted_code.sourcemap import source_location
from ...errors import MutationError

_CONSTANT_FIX = (
    'a numpy array that the traced function did not make (captured from a global or closure, or '
    'kept by code that is not converted) is a constant of the graph, which cannot change it '
    '(numpy code reading it while tracing would see its old value). Copy it in the function '
    '(a = a.copy()) or make it there (np.zeros, np.array, ...), pass it to the rt.function as '
    'an argument (arguments are updated after each call), or keep it in an rt.Variable')


def constant_target_error(what):
    # not a TypeError: numpy swallows those while converting a value it stores (and raises its
    # own ValueError from this one: `rt.function` raises this one instead)
    return MutationError(f'{what} at {source_location()} updates a numpy array with a '
                         f'graph value, which is not allowed: {_CONSTANT_FIX}.')


def storing_into_numpy():
    """True if the user code running now is an item assignment (`a[i] = t` into a numpy array)."""
    frame = first_outside(sys._getframe(1))
    if frame is None or frame.f_lasti < 0:
        return False
    return dis.opname[frame.f_code.co_code[frame.f_lasti]] == 'STORE_SUBSCR'
