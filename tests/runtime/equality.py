"""The one equality of the runtime tests: eager numpy against graphs, interpreter against compiled."""
import numpy as np


def assert_same(actual, expected, *, exact_types=True):
    """`actual` is `expected` bit for bit (NaNs included), recursively through tuples and lists:
    the same dtype, shape and bytes and, with `exact_types`, the same Python types (containers
    included). Without it a Python number equals the numpy scalar of its dtype and a tuple
    equals a list, where a graph may give either."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected), (actual, expected)
        assert not exact_types or type(actual) is type(expected), (actual, expected)
        for a, e in zip(actual, expected):
            assert_same(a, e, exact_types=exact_types)
        return
    if exact_types:
        assert type(actual) is type(expected), (type(actual), type(expected), actual, expected)
        if not isinstance(expected, (np.ndarray, np.generic)):
            assert repr(actual) == repr(expected)  # a Python scalar, NaN included
            return
    a, e = np.asarray(actual), np.asarray(expected)
    assert a.dtype == e.dtype and a.shape == e.shape, (actual, expected)
    assert a.tobytes() == e.tobytes(), (actual, expected)


def same(actual, expected):
    """`assert_same` where Python numbers and numpy scalars of one dtype are alike."""
    assert_same(actual, expected, exact_types=False)
