"""rt.TensorSpec: shapes with unknown dimensions and ranks, compatibility, placeholders."""
import numpy as np

import runtime as rt
from runtime.ir.core import AbstractValue
from runtime.tracing.builders import GraphBuilder


def test_spec_fields_and_repr():
    spec = rt.TensorSpec([None, 3], np.float32, name='x')
    assert (spec.shape, spec.dtype, spec.name) == ((None, 3), np.float32, 'x')
    assert repr(spec) == "TensorSpec(shape=(None, 3), dtype=float32, name='x')"
    assert rt.TensorSpec(None, 'int64').aval == AbstractValue(np.int64, None)
    assert rt.TensorSpec(4, bool).shape == (4,)


def test_compatibility_and_equality():
    spec = rt.TensorSpec((None, 3), np.float32)
    assert spec.is_compatible_with(np.zeros((5, 3), np.float32))
    assert not spec.is_compatible_with(np.zeros((5, 3)))
    assert not spec.is_compatible_with(rt.TensorSpec((5, 4), np.float32))
    assert rt.TensorSpec(None, np.float32).is_compatible_with(spec)
    assert spec == rt.TensorSpec((None, 3), 'float32')
    assert len({spec, rt.TensorSpec((None, 3), 'f4')}) == 1
    assert spec != rt.TensorSpec((None, 3), np.float32, name='y')
    assert rt.TensorSpec.from_value(np.int8(1)) == rt.TensorSpec((), np.int8)


def test_placeholders_from_specs():
    with GraphBuilder() as builder:
        x = builder.placeholder(rt.TensorSpec((None, 2), np.int32), name='x')
    assert (x.shape, x.dtype) == ((None, 2), np.int32)
