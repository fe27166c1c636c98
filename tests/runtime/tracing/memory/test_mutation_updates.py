"""Each in-place update in a graph against eager numpy: item assignment, operators, out=, ..."""
import numpy as np
import pytest
from mutation_helpers import check, define
from numpy.exceptions import AxisError

import runtime as rt

F = np.arange(12.0).reshape(3, 4)
I = np.arange(12).reshape(3, 4)


def set_int(x):
    x[1] = 7.5
    return x


def set_negative_int_and_tuple(x):
    x[-1, 2] = -1
    return x.sum()


def set_slices(x):
    x[::2, 1:3] = 0.5
    x[:, -1] = np.arange(3.0)
    return x


def set_ellipsis_and_newaxis(x):
    x[..., 0] = 9
    x[None, 1] = 4
    return x


def set_mask(x):
    x[x > 5] = 0
    return x


def set_numpy_mask_and_int_array(x):
    x[np.array([True, False, True])] = -2
    x[[0, 2], [1, 3]] = 100
    return x


def set_tensor_indices(x, i):
    x[i] = 3
    x[i + 1, i] = -3
    x[:, i:i + 2] += 1
    return x


def set_scalar_target_element(x):
    y = x[0, 0]       # a numpy scalar: a copy
    y += 5
    return x, y


def augmented_element(x):
    x[0] += 10
    x[1:, 2] *= 3
    x[[0, 0, 1]] -= 1   # advanced: no accumulation, as numpy
    return x


def test_item_assignment_with_every_index_form():
    for fn in (set_int, set_negative_int_and_tuple, set_slices, set_ellipsis_and_newaxis,
               set_mask, set_numpy_mask_and_int_array, set_scalar_target_element,
               augmented_element):
        check(fn, F.copy())
        check(fn, I.copy())
    check(set_tensor_indices, F.copy(), np.int64(1))


def test_item_assignment_casts_as_numpy_does():
    check(set_int, I.copy())  # 7.5 into an int array truncates
    check(lambda x: set_int(x.astype(np.uint8)), I.copy())
    check(lambda x: set_int(x.astype(np.bool_)), I.copy())


@pytest.mark.parametrize('symbol', ['+=', '-=', '*=', '/=', '//=', '%=', '**=', '&=', '|=',
                                    '^=', '<<=', '>>=', '@='])
def test_every_augmented_operator(symbol, tmp_path):
    update = define(tmp_path, f"""
        def update(x, y):
            z = x
            z {symbol} y
            return x
    """)['update']
    if symbol in ('&=', '|=', '^=', '<<=', '>>='):
        check(update, np.array([[5, 6], [7, 8]]), np.array([[1, 2], [3, 1]]))
    elif symbol == '@=':
        check(update, np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[0.5, 1.0], [2.0, 0.0]]))
    else:
        check(update, np.array([[5.0, -6.0], [7.5, 8.0]]), np.array([2.0, 3.0]))
        check(update, np.array([[5, 6], [7, 8]], np.int32), np.int32(2))


def test_in_place_dtype_rules_are_numpys():
    check(lambda x: (x.__iadd__(np.float64(2.5)), x)[1], np.ones(3, np.float32))  # stays f32

    def int_plus_float(x):
        x += 1.5
        return x
    with pytest.raises(np.exceptions.UFuncTypeError if hasattr(np.exceptions, 'UFuncTypeError')
                       else TypeError, match="Cannot cast ufunc 'add' output from dtype"):
        rt.function(int_plus_float)(np.arange(3))

    def int8_overflow(x):
        x += 1000
        return x
    with pytest.raises(OverflowError, match='Python integer 1000 out of bounds for int8'):
        rt.function(int8_overflow)(np.arange(3, dtype=np.int8))


def test_broadcasting_errors_are_numpys():
    def too_wide(x, y):
        x += y
        return x
    with pytest.raises(ValueError, match=r"non-broadcastable output operand with shape \(3,\) "
                                         r"doesn't match the broadcast shape \(2, 3\)"):
        rt.function(too_wide)(np.zeros(3), np.zeros((2, 3)))

    def bad_assign(x, y):
        x[0:2] = y
        return x
    with pytest.raises(ValueError, match=r'could not broadcast input array from shape \(3,\) '
                                         r'into shape \(2,\)'):
        rt.function(bad_assign)(np.zeros(3), np.zeros(3))


def ufunc_out(x, y):
    out = np.zeros_like(x)
    r = np.add(x, y, out=out)
    np.multiply(out, 2, out=x)       # out= naming an input's array
    np.subtract(x, y, out=x)         # out= naming an operand
    q, rem = np.divmod(x, 3.0, out=(np.zeros_like(x), None))
    return r is out, out, x, q, rem


def ufunc_out_view_and_cast(x):
    np.negative(x[0], out=x[1])
    np.sqrt(x[2], out=x[2])
    np.add(x[0], 1, out=x[0], casting='unsafe')
    return x


def test_ufunc_out():
    check(ufunc_out, F.copy(), np.ones(4))
    check(ufunc_out_view_and_cast, F.copy())

    def int_out(x):
        np.sqrt(x, out=x)
        return x
    with pytest.raises(TypeError, match="Cannot cast ufunc 'sqrt' output from dtype"):
        rt.function(int_out)(np.arange(3))


def methods_and_functions(x, i):
    x[0].fill(-1)
    x[1].sort()
    np.copyto(x[2], np.arange(4.0) * i)
    np.copyto(x[0], 5.0, where=np.array([True, False, True, False]))
    np.put(x, [0, 5], [10, 11])
    x.put(7, 12.5)
    np.place(x, x > 11, [0.5, 1.5])
    np.putmask(x, x < 0, 99)
    np.put_along_axis(x, np.array([[1], [2], [0]]), -7.0, axis=1)
    np.add.at(x, (np.array([0, 0, 2]), np.array([1, 1, 3])), 1.0)
    np.negative.at(x, 1)
    return x


def test_fill_sort_copyto_put_place_putmask_put_along_axis_ufunc_at():
    check(methods_and_functions, np.array([[3.0, 1.0, 2.0, 0.0], [4.0, -1.0, 9.0, 2.0],
                                           [1.0, 1.0, 1.0, 1.0]]), np.float64(2))


def test_copyto_casting_is_checked_at_trace_time():
    def copy_float(x):
        np.copyto(x, 1.5)
        return x
    with pytest.raises(TypeError, match="Cannot cast scalar from dtype"):
        rt.function(copy_float)(np.arange(3))
    check(lambda x: (np.copyto(x, 1.5, casting='unsafe'), x)[1], np.arange(3))


def test_sort_of_a_0d_array_fails_as_numpy():
    def sort0(x):
        x.sort()
        return x
    with pytest.raises(AxisError):
        sort0(np.array(1.0))
    with pytest.raises(AxisError):
        rt.function(sort0)(np.array(1.0))


def test_numbers_are_immutable():
    def scalar(x):
        s = np.sum(x)
        t = s
        s += 1          # a numpy scalar: s is a new value, t unchanged
        n = 3
        n += 1
        return s, t, n
    check(scalar, F.copy())

    def assign_into_scalar(x):
        s = np.sum(x)
        s[()] = 1
        return s
    with pytest.raises(TypeError, match="'numpy.float64' object does not support item"):
        rt.function(assign_into_scalar)(F.copy())


def test_tensorflow_set_item_assigns_in_place():
    from runtime import ag as ag__

    @rt.do_not_convert  # code TensorFlow's converter generated
    def set_item(x):
        y = x
        x = ag__.set_item(x, 0, 5.0)
        return y
    check(set_item, np.zeros(3))
