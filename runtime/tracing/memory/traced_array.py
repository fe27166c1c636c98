"""`TracedArray`: an ndarray made by traced code; numpy until its memory is promoted, then a proxy.

Each operation on one (operators and numpy functions through numpy's dispatch
protocols, indexing, methods, properties, bool, iteration, repr) asks first
whether it involves the graph (`made_arrays`): memory that is promoted, a
graph value among the operands, or a write that must run when the graph runs.
If not, numpy runs it on the plain array (a ufunc's results are made arrays
too). If so, the arrays it writes to are promoted and the operation is staged
on the tensors that stand for the arrays, so every name bound to one sees it.
Here, the class and its data; `traced_array_methods` installs that behaviour.
"""
import numpy as np

from ..trace_state import current_builder


class TracedArray(np.ndarray):
    """An array made by traced code (see `made_arrays`): `_tensor` stands for it once promoted
    (for a view: once its root is), `_home` is the graph it was made in."""
    __slots__ = ('_tensor', '_home')

    def __array_finalize__(self, obj):
        self._tensor = None
        self._home = current_builder()

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError('iteration over a 0-d array')
        return (self[i] for i in range(len(self)))  # indexed as it goes, as numpy does

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()


def _not_installed(name):
    def missing(self, *args, **kwargs):
        raise RuntimeError(f'TracedArray.{name} is installed by runtime.tracing.memory.'
                           'traced_array_methods, which is not imported yet: import '
                           'runtime.tracing (its __init__ imports it)')
    missing.not_installed = True
    return missing


# TracedArray's behaviour with graph values is installed by `traced_array_methods`, above the
# modules it calls (made arrays, numpy's dispatch, updates); the package imports it. Until then
# these raise (the others would act as numpy's on the plain array).
INSTALLED_ABOVE = ('__array_ufunc__', '__array_function__', '__getitem__', '__setitem__',
                   '_graph_value')
for _name in INSTALLED_ABOVE:
    setattr(TracedArray, _name, _not_installed(_name))
