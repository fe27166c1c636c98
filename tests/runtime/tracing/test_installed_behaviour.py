"""The classes low modules define get their behaviour from above when the package is imported."""
import numpy as np
import pytest

import runtime  # noqa: F401  (imports runtime.tracing, which installs the behaviour)
from runtime.tracing import tensor
from runtime.tracing.memory import traced_array
from runtime.tracing.memory.traced_array import TracedArray
from runtime.tracing.tensor import Tensor


def stubs(cls):
    return sorted(name for klass in cls.__mro__ for name, value in vars(klass).items()
                  if getattr(getattr(value, 'fget', value), 'not_installed', False))


@pytest.mark.parametrize('cls', [Tensor, TracedArray])
def test_every_method_installed_from_above_is_installed(cls):
    assert stubs(cls) == []


@pytest.mark.parametrize('module, cls', [(tensor, 'Tensor'), (traced_array, 'TracedArray')])
def test_a_method_not_installed_says_which_module_installs_it(module, cls):
    missing = module._not_installed('__getitem__')
    with pytest.raises(RuntimeError, match=rf'{cls}.__getitem__ is installed by runtime\.tracing'):
        missing(np.zeros(1), 0)
