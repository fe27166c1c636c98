"""Gradients of `a @ b` over matmul's shapes: vectors on either side, batches, broadcast batches."""
import numpy as np
import pytest
from autodiff_helpers import check
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# numpy's own signature for matmul: '?' marks a dimension a vector operand lacks
SHAPES = hnp.mutually_broadcastable_shapes(signature='(m?,n),(n,p?)->(m?,p?)', max_dims=4,
                                           max_side=3)


@settings(max_examples=25, deadline=None)
@given(shapes=SHAPES, seed=st.integers(0, 2 ** 16))
def test_matmul_gradient_over_its_shapes(shapes, seed):
    rng = np.random.default_rng(seed)
    a, b = (rng.normal(size=s) for s in shapes.input_shapes)
    check(lambda x, y: np.sin(x @ y), a, b)


@pytest.mark.parametrize('spelling', [np.matmul, np.dot, lambda x, y: x @ y],
                         ids=['matmul', 'dot', '@'])
def test_two_vectors(spelling):
    """Their product is a scalar: the cotangent of each vector is the other one, scaled."""
    a, b = np.array([0.5, -1.0, 2.0]), np.array([1.5, 0.25, -0.75])
    check(lambda x, y: np.sin(spelling(x, y)), a, b)
