"""Effects: print, py_function and assert, run at every call of a graph, in program order.

`parts` (print, assert) is the static template of the values: text fixed at
trace time, and `Hole(i)` for the i-th input. A failed assert raises
`runtime.errors.InvalidArgumentError` with its message, as `tf.debugging.Assert`
does: it is the error TensorFlow users catch for a failed graph assertion.
"""
import numpy as np

from ..errors import InvalidArgumentError
from ..ir.core import AbstractValue, Hole
from ..ir.registry import defop, no_gradient


def fill_parts(parts, values):
    return [values[p.index] if isinstance(p, Hole) else p for p in parts]


def print_values(*values, parts, sep=' ', end='\n'):
    print(*fill_parts(parts, values), sep=sep, end=end)  # `print` finds sys.stdout at each call


@defop('print', print_values, stateful=True, fp_quiet=True)
def _print_rule(*values, parts, sep=' ', end='\n'):
    return None


def call_py_function(*args, func, Tout, single=False):
    """Call `func` on the inputs' values; convert its results to the declared dtypes `Tout`."""
    result = func(*args)
    if not Tout:
        return ()
    results = (result,) if single else tuple(result)
    if len(results) != len(Tout):
        raise ValueError(f'py_function {getattr(func, "__qualname__", func)} returned '
                         f'{len(results)} values where Tout declares {len(Tout)}')
    return tuple(np.asarray(r, dtype=t) for r, t in zip(results, Tout))


@defop('py_function', call_py_function, stateful=True, multiple_results=True)
def _py_function_rule(*args, func, Tout, single=False):
    return [AbstractValue(t, None) for t in Tout]


def check(condition, *values, parts):
    if not np.all(condition):
        message = ' '.join(str(v) for v in fill_parts(parts, values))
        raise InvalidArgumentError(message or 'assertion failed')


@defop('assert', check, stateful=True, fp_quiet=True)
def _assert_rule(condition, *values, parts):
    return None


no_gradient('an effect: it gives no value (py_function: Python code the graph cannot see into)',
            'print', 'py_function', 'assert')
