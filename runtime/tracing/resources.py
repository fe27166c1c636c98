"""Values a graph takes besides arrays: resources it holds by reference, values gradient tapes follow."""
import numpy as np

from ..ir.core import RngType


class Resource:
    """Base of objects graphs hold by reference (variables); used as values, they are read."""
    __slots__ = ()
    read_primitive = 'read_variable'

    @property
    def resource_type(self):
        raise NotImplementedError


class Followed:
    """Base of the values eager gradient tapes follow (`runtime.autodiff.eager.Tracked`): not
    ndarrays, so that numpy converts them only through their `__array__`; numpy's dispatch and
    rt.function take them as arrays of their dtype and shape."""
    __slots__ = ()

    def detached(self):
        """The plain value, which no tape follows."""
        raise NotImplementedError


def resource_type(obj):
    """The type of a resource: a variable's, or `rng{Generator}` / `rng{RandomState}`."""
    if isinstance(obj, Resource):
        return obj.resource_type
    if isinstance(obj, np.random.Generator):
        return RngType('Generator')
    if isinstance(obj, np.random.RandomState):
        return RngType('RandomState')
    raise TypeError(f'a {type(obj).__name__} cannot be held by a graph')
