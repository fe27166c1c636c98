"""Sizes of unknown dimensions: every way numpy code reads a size works, staged when unknown.

Each function runs eagerly (the oracle) and through rt.function with an
input_signature of unknown dims and with reduce_retracing; results must be
identical (type, dtype, shape, bytes), and the compiled executor must agree
with the reference interpreter (`traced`).
"""
import inspect

import numpy as np
import pytest
from cf_helpers import traced
from equality import assert_same
from hypothesis import given, settings
from hypothesis import strategies as st

import runtime as rt

VECTOR = [rt.TensorSpec([None], np.float64)]
MATRIX = [rt.TensorSpec([None, None], np.float64)]


def loop_over_len(x):
    total = np.float64(0.0)  # a Python float would become float64 only if the loop runs
    for i in range(len(x)):
        total += x[i] * i
    count = 0
    for i in range(1, len(x), 2):
        count += i
    return total, count


def sizes_read(x):
    (n,) = np.shape(x)
    return n, len(x), x.size, np.size(x), np.size(x, 0), np.shape(x)[-1] * 2


def reshaped(x):
    n = len(x) // 2
    return (x.reshape(-1, 2), x.reshape(n, 2), np.reshape(x, (2, -1)), x.reshape(np.shape(x)),
            x.reshape((n, -1)), x.reshape(-1, n), np.reshape(x, n * 2), x.reshape(len(x)))


def created(x):
    n = len(x)
    return (np.zeros(n), np.ones((n, 2), np.int32), np.full(n, 2.5), np.full((2, n), x.sum()),
            np.shape(np.empty((n, 3)))[0], np.empty(n, np.int8).dtype.name, np.arange(n),
            np.arange(1, n, 2), np.arange(0.5, n), np.eye(n), np.eye(n, 3, 1, dtype=np.int16),
            np.eye(3, n), np.zeros_like(x), np.ones_like(x, shape=(n, 2)),
            np.full_like(x, 7, shape=(2, n)), np.shape(np.empty_like(x, shape=(n, 1))),
            np.zeros(np.shape(x)) + x)


def ranges(x):
    total = np.float64(0.0)  # a Python float would become float64 only if the loop runs
    for i in rt.range(len(x)):
        total += x[i]
    return (total, rt.range(len(x)), rt.range(0, np.size(x), 2),
            rt.range(np.size(x), dtype=np.float32))


def matrix_sizes(x):
    rows, columns = np.shape(x)
    flat = x.reshape(-1)
    ones = np.ones((columns, rows))
    for i in range(rows):
        flat = flat + i
    return rows * columns, x.size, flat, ones, np.eye(rows, columns), x.reshape(columns, rows)


FUNCTIONS = [loop_over_len, sizes_read, reshaped, created, ranges]


@pytest.mark.parametrize('fn', FUNCTIONS, ids=lambda f: f.__name__)
def test_sizes_of_unknown_dimensions_with_an_input_signature(fn):
    f = rt.function(fn, input_signature=VECTOR)
    for n in (4, 6, 2) if fn is reshaped else (4, 6, 1, 0):  # reshaped needs an even length
        x = np.arange(n, dtype=np.float64) * 1.5 - 2
        assert_same(traced(f, x), fn(x))
    assert f.experimental_get_tracing_count() == 1


@pytest.mark.parametrize('fn', FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_sizes_after_reduce_retracing_generalised_the_shape(fn):
    f = rt.function(fn, reduce_retracing=True)
    for n in (2, 4, 8, 10):
        x = np.linspace(-1.0, 3.0, n)
        assert_same(traced(f, x), fn(x))
    assert f.experimental_get_tracing_count() == 2  # the second shape generalised to f64[?]
    assert f.get_concrete_function(np.zeros(12)).graph.inputs[0].aval.shape == (None,)


def test_known_sizes_stay_python_ints():
    f = rt.function(sizes_read)
    assert_same(f(np.ones(4)), sizes_read(np.ones(4)))
    graph = f.get_concrete_function(np.ones(4)).graph
    assert not [eq for eq in graph.equations if eq.primitive == 'dim']  # no op for a known size


MATRIX_SIZES = rt.function(matrix_sizes, input_signature=MATRIX)  # traced once for all shapes


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5))
def test_sizes_of_matrices_of_any_shape(rows, columns):
    x = np.arange(rows * columns, dtype=np.float64).reshape(rows, columns)
    assert_same(traced(MATRIX_SIZES, x), matrix_sizes(x))


def zeros_of_static_shape(x):
    return np.zeros(x.shape[0])


def range_of_static_shape(x):
    return rt.range(x.shape[0])


def python_range_of_static_shape(x):
    total = np.float64(0.0)  # a Python float would become float64 only if the loop runs
    for i in range(x.shape[0]):
        total += x[i]
    return total


def reshape_to_static_shape(x):
    return np.reshape(x, (x.shape[0], 1))


def eye_of_static_shape(x):
    return np.eye(3, x.shape[0])


def arange_to_static_shape(x):
    return np.arange(0, x.shape[0])


def ones_of_the_static_shape(x):
    return np.ones(x.shape)


def static_size_read_earlier(x):
    n = x.shape[0]
    return np.ones(n)


@pytest.mark.parametrize('fn, what', [
    (zeros_of_static_shape, 'numpy.zeros'), (range_of_static_shape, 'rt.range'),
    (python_range_of_static_shape, 'range()'), (reshape_to_static_shape, 'numpy.reshape'),
    (eye_of_static_shape, 'numpy.eye'), (arange_to_static_shape, 'numpy.arange'),
    (ones_of_the_static_shape, 'numpy.ones'),
], ids=lambda v: getattr(v, '__name__', v))
def test_a_none_from_a_static_shape_used_as_a_size_names_the_tensor_and_line(fn, what):
    with pytest.raises(TypeError) as caught:
        rt.function(fn, input_signature=VECTOR)(np.ones(3))
    message = str(caught.value)
    assert f'{what} got None as a size at {__file__}:{line_in(fn, "x.shape")}: it comes from ' \
           'the static shape of x: f64[?], where None marks a dimension known only when the ' \
           'graph runs. Use len(x) or np.shape(x)' in message


def line_in(fn, text):
    """The line of the source of `fn` containing `text`."""
    lines, start = inspect.getsourcelines(fn)
    return start + next(i for i, line in enumerate(lines) if text in line)


def test_a_none_read_on_an_earlier_line_names_both_lines():
    with pytest.raises(TypeError) as caught:
        rt.function(static_size_read_earlier, input_signature=VECTOR)(np.ones(3))
    read = line_in(static_size_read_earlier, 'x.shape[0]')
    used = line_in(static_size_read_earlier, 'np.ones(n)')
    assert str(caught.value).startswith(
        f'numpy.ones got None as a size at {__file__}:{used}: it comes from the static shape of '
        f'x: f64[?] (its shape read at {__file__}:{read}), where None marks a dimension known '
        'only when the graph runs. Use len(x) or np.shape(x)')


def test_a_none_size_without_an_unknown_dimension_fails_as_in_numpy():
    def zeros_of_none(x):
        return np.zeros(None) + x

    with pytest.raises(TypeError, match=r'Use \(\) not None as shape arguments'):
        rt.function(zeros_of_none)(np.ones(3))
    with pytest.raises(TypeError, match=r'Use \(\) not None as shape arguments'):
        zeros_of_none(np.ones(3))


def test_static_shapes_stay_static():
    seen = []

    def f(x):
        seen.append((x.shape, x.ndim))
        return len(x)

    assert traced(rt.function(f, input_signature=MATRIX), np.ones((2, 3))) == 2
    assert seen == [((None, None), 2)]
