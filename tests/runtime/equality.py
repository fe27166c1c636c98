"""The one equality of the runtime tests: eager numpy against graphs, interpreter against compiled."""
import numpy as np


def assert_same(actual, expected, *, exact_types=True):
    """`actual` is `expected` bit for bit (NaNs included), recursively through tuples and lists:
    the same dtype, shape and bytes and, with `exact_types`, the same Python types (containers
    included). Without it a Python number equals the numpy scalar of its dtype and a tuple
    equals a list, where a graph may give either. Where `expected` is an array numpy made (it
    owns its memory: not a view, whose values a graph gives, not always as a view: README,
    "Mutation in graphs") and both are dense (C- or F-contiguous), they have the same strides
    and flags too: numpy's layout, which matmuls and reductions follow."""
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
    if _dense(actual) and _dense(expected) and expected.flags.owndata:
        assert (a.strides, a.flags.c_contiguous, a.flags.f_contiguous) == (
            e.strides, e.flags.c_contiguous, e.flags.f_contiguous), (
            'layouts differ: strides, C, F', a.strides, e.strides, a.flags, e.flags)


def _dense(value):
    return isinstance(value, np.ndarray) and value.size > 0 and (
        value.flags.c_contiguous or value.flags.f_contiguous)


def same(actual, expected):
    """`assert_same` where Python numbers and numpy scalars of one dtype are alike."""
    assert_same(actual, expected, exact_types=False)
