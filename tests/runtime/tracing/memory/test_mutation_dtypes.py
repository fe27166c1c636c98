"""Property: in-place updates of every dtype pair give numpy's values, dtypes and errors in graphs."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mutation_helpers import check, define

DTYPES = [np.bool_, np.int8, np.int32, np.uint8, np.int64, np.float16, np.float32, np.float64,
          np.complex64]
OPERATORS = ['+=', '-=', '*=', '/=', '//=', '%=', '**=', '&=', '|=', '^=', '<<=', '>>=']
OPERANDS = {'python int': 3, 'python float': 1.5, 'python bool': True, 'python complex': 2j}


@pytest.fixture(scope='module')
def updates(tmp_path_factory):
    """One function per operator and kind of update (the whole array, a row, a slice)."""
    lines = ['import numpy as np', '']
    for i, symbol in enumerate(OPERATORS):
        lines += [f'def whole{i}(x, y):', '    z = x', f'    z {symbol} y', '    return x', '',
                  f'def item{i}(x, y):', f'    x[1] {symbol} y', '    return x', '']
    lines += ['def assign(x, y):', '    x[::2] = y', '    return x', '']
    return define(tmp_path_factory.mktemp('updates'), '\n'.join(lines), 'dtype_updates')


@pytest.mark.filterwarnings('ignore::RuntimeWarning')  # overflow, division by zero, ...
@pytest.mark.filterwarnings('ignore::numpy.exceptions.ComplexWarning')
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(len(OPERATORS))), st.sampled_from(['whole', 'item', 'assign']),
       st.sampled_from(DTYPES), st.sampled_from(DTYPES + list(OPERANDS)))
def test_in_place_updates_of_every_dtype_pair(updates, index, kind, x_dtype, y_kind):
    fn = updates['assign'] if kind == 'assign' else updates[f'{kind}{index}']
    x = np.array([[3, 1], [2, 5]], dtype=x_dtype)  # x[1] is a row: an array, not a scalar
    y = OPERANDS[y_kind] if y_kind in OPERANDS else np.array(2, dtype=y_kind)[()]
    check(fn, x, y, calls=1)
