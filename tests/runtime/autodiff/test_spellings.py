"""Every spelling of one product gives one gradient, or raises: never a silent None (issue 23).

`sum(tanh(X w))` with `X` a plain array and `w` followed by a tape (`tape.watch`
or an `rt.Variable`), spelled every way numpy allows, eagerly and in an
`rt.function` under a tape. numpy takes a value only through its dispatch
(recorded) or by converting it (refused eagerly while a tape follows it: a
method of a plain array given it, `np.asarray`, storing it into an array).
"""
import math
import warnings

import numpy as np
import pytest
from extras import needs

import runtime as rt
from runtime.autodiff.backprop import NoGradientError
from runtime.autodiff.tracked import Tracked
from runtime.errors import NotRecordableError, OperatorNotAllowedInGraphError

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
W = np.array([0.3, -0.2, 0.1])
EXPECTED = X.T @ (1 - np.tanh(X @ W) ** 2)  # d sum(tanh(X w)) / dw

# the same values X @ w, every spelling numpy records
RECORDED = {
    'X @ w': lambda w: X @ w,
    'np.matmul(X, w)': lambda w: np.matmul(X, w),
    'np.dot(X, w)': lambda w: np.dot(X, w),
    'X.__matmul__(w)': lambda w: X.__matmul__(w),
    'w.__rmatmul__(X)': lambda w: w.__rmatmul__(X),
    'np.tensordot(X, w, 1)': lambda w: np.tensordot(X, w, 1),
    'np.tensordot(X, w, axes=([1], [0]))': lambda w: np.tensordot(X, w, axes=([1], [0])),
    "np.einsum('ij,j->i', X, w)": lambda w: np.einsum('ij,j->i', X, w),
    'np.inner(X, w)': lambda w: np.inner(X, w),
    'np.vecdot(X, w)': lambda w: np.vecdot(X, w),
    'np.matvec(X, w)': lambda w: np.matvec(X, w),
    'w @ X.T': lambda w: w @ X.T,
    'np.dot(w, X.T)': lambda w: np.dot(w, X.T),
    'np.vecmat(w, X.T)': lambda w: np.vecmat(w, X.T),
    'np.sum(X * w, axis=1)': lambda w: np.sum(X * w, axis=1),
    '(X * w).sum(axis=-1)': lambda w: (X * w).sum(axis=-1),
    'np.add.reduce(X * w, axis=1)': lambda w: np.add.reduce(X * w, axis=1),
    'np.multiply(X, w).sum(1)': lambda w: np.multiply(X, w).sum(1),
    'X.__mul__(w).sum(1)': lambda w: X.__mul__(w).sum(1),
    'np.stack([X[0] @ w, X[1] @ w])': lambda w: np.stack([X[0] @ w, X[1] @ w]),
}
# spellings only a value has (an rt.Variable is read by numpy's dispatch and by operators)
RECORDED_METHODS = {
    'w.dot(X.T)': lambda w: w.dot(X.T),
    'w.T.dot(X.T)': lambda w: w.T.dot(X.T),
    '(w * X).sum(1)': lambda w: (w * X).sum(1),
}


def _stored(w):
    y = np.zeros(2)
    for i in range(2):
        y[i] = X[i] @ w  # numpy converts the value it stores
    return y


def _augmented(w):
    y = np.zeros(2)
    y += X @ w  # numpy's add with out=y
    return y


# spellings numpy runs without its dispatch, converting the followed value: refused eagerly
# (the error names the expression converting it); in graphs recorded or refused
REFUSED = {
    'X.dot(w)': (lambda w: X.dot(w), '`X.dot(w)`'),
    'X.T.T.dot(w)': (lambda w: X.T.T.dot(w), '`X.T.T.dot(w)`'),
    'np.ndarray.dot(X, w)': (lambda w: np.ndarray.dot(X, w), '`np.ndarray.dot(X, w)`'),
    'X @ np.asarray(w)': (lambda w: X @ np.asarray(w), '`np.asarray(w)`'),
    'X @ np.array(w)': (lambda w: X @ np.array(w), '`np.array(w)`'),
    'np.dot(X, np.asarray(w, float))': (lambda w: np.dot(X, np.asarray(w, float)),
                                        '`np.asarray(w, float)`'),
    'X @ np.ascontiguousarray(w)': (lambda w: X @ np.ascontiguousarray(w),
                                    '`np.ascontiguousarray(w)`'),
    'np.array([X[0] @ w, X[1] @ w])': (lambda w: np.array([X[0] @ w, X[1] @ w]),
                                       '`np.array([X[0] @ w, X[1] @ w])`'),
    'y[i] = X[i] @ w': (_stored, 'Python float'),
    'y += X @ w': (_augmented, 'y += w'),
}


def eager_gradient(spelling, source):
    """d sum(tanh(spelling(w))) / dw on an eager tape; w watched, or an rt.Variable."""
    if source == 'variable':
        v = rt.Variable(W)
        with rt.GradientTape() as tape:
            y = np.sum(np.tanh(spelling(v)))
        return tape.gradient(y, v)
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        y = np.sum(np.tanh(spelling(w)))
    return tape.gradient(y, w)


def graph_gradient(spelling, source, autograph):
    """The same gradient from an rt.function (the tape inside it)."""
    v = rt.Variable(W)

    def watched(w):
        with rt.GradientTape() as tape:
            tape.watch(w)
            y = np.sum(np.tanh(spelling(w)))
        return tape.gradient(y, w)

    def variable():
        with rt.GradientTape() as tape:
            y = np.sum(np.tanh(spelling(v)))
        return tape.gradient(y, v)
    if source == 'variable':
        return rt.function(variable, autograph=autograph)()
    return rt.function(watched, autograph=autograph)(W)


def called_gradient(spelling, source):
    """The same gradient on an eager tape around a call of an rt.function computing it."""
    if source == 'variable':
        v = rt.Variable(W)
        f = rt.function(lambda: np.sum(np.tanh(spelling(v))), autograph=False)
        with rt.GradientTape() as tape:
            y = f()
        return tape.gradient(y, v)
    f = rt.function(lambda w: np.sum(np.tanh(spelling(w))), autograph=False)
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        y = f(w)
    return tape.gradient(y, w)


SOURCES = ['watch', 'variable']


@pytest.mark.parametrize('source', SOURCES)
@pytest.mark.parametrize('name', sorted(RECORDED))
def test_recorded_spellings_give_the_product_gradient_eagerly_and_in_graphs(name, source):
    spelling = RECORDED[name]
    np.testing.assert_allclose(eager_gradient(spelling, source), EXPECTED, rtol=1e-12)
    np.testing.assert_allclose(called_gradient(spelling, source), EXPECTED, rtol=1e-12)
    for autograph in (False, True):
        np.testing.assert_allclose(graph_gradient(spelling, source, autograph), EXPECTED,
                                   rtol=1e-12)


@pytest.mark.parametrize('name', sorted(RECORDED_METHODS))
def test_methods_of_a_followed_value_are_recorded(name):
    spelling = RECORDED_METHODS[name]
    np.testing.assert_allclose(eager_gradient(spelling, 'watch'), EXPECTED, rtol=1e-12)
    np.testing.assert_allclose(graph_gradient(spelling, 'watch', True), EXPECTED, rtol=1e-12)


def _raised(exc, kind):
    """`exc` or an exception it was raised from (numpy wraps what it met storing a value)."""
    while exc is not None and not isinstance(exc, kind):
        exc = exc.__cause__ or exc.__context__
    return exc


@pytest.mark.parametrize('source', SOURCES)
@pytest.mark.parametrize('name', sorted(REFUSED))
def test_conversions_of_a_followed_value_raise_eagerly_naming_the_call(name, source):
    spelling, named = REFUSED[name]
    with pytest.raises(Exception) as info:
        eager_gradient(spelling, source)
    error = _raised(info.value, NotRecordableError)
    assert error is not None, info.value
    assert named in str(error) and 'gradient would be lost' in str(error)
    assert 'test_spellings.py:' in str(error)


@pytest.mark.parametrize('source', SOURCES)
@pytest.mark.parametrize('name', sorted(REFUSED))
def test_in_graphs_those_spellings_give_the_product_gradient_or_raise(name, source):
    """Traced (an rt.function called under an eager tape, or holding the tape), the value is a
    symbolic tensor: numpy's conversion of it raises, and arrays the trace captures or makes
    follow their uses (X.dot(w), y[i] = ... in converted code)."""
    spelling, _ = REFUSED[name]
    runs = [lambda: called_gradient(spelling, source)] + [
        lambda autograph=autograph: graph_gradient(spelling, source, autograph)
        for autograph in (False, True)]
    for run in runs:
        try:
            got = run()
        except Exception as exc:  # noqa: BLE001  (which exception: checked here)
            assert _raised(exc, (OperatorNotAllowedInGraphError, rt.errors.MutationError)), exc
        else:
            np.testing.assert_allclose(got, EXPECTED, rtol=1e-12)


def test_a_plain_array_method_on_a_followed_value_is_refused_where_the_graph_records_it():
    """`X.dot(w)` with `X` a global: graphs follow X's use (a proxy of it), eager numpy cannot."""
    spelling, _ = REFUSED['X.dot(w)']
    np.testing.assert_allclose(graph_gradient(spelling, 'watch', False), EXPECTED, rtol=1e-12)
    with pytest.raises(NotRecordableError, match=r'write X @ w or np.dot\(X, w\)'):
        eager_gradient(spelling, 'watch')


def test_without_a_recording_tape_a_followed_value_converts_as_an_array():
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        with tape.stop_recording():
            inside = X.dot(w)
    np.testing.assert_array_equal(inside, X @ W)
    assert type(np.asarray(w)) is np.ndarray and np.array_equal(np.asarray(w), W)
    np.testing.assert_array_equal(X.dot(w), X @ W)
    np.testing.assert_array_equal(np.diff(w), np.diff(W))
    y = np.zeros(3)
    y[0] = w[0]
    assert y[0] == W[0] and float(w[1]) == W[1]
    v = rt.Variable(W)
    with rt.GradientTape(watch_accessed_variables=False):
        np.testing.assert_array_equal(X.dot(v), X @ W)  # not followed: nothing to lose


# numpy calls on a followed value that cannot be recorded: each refused, named
NOT_RECORDED = {
    'np.linalg.cond': (lambda w: np.linalg.cond(np.outer(w, w) + np.eye(3)),
                       'numpy.linalg.cond cannot be'),
    'np.fft.rfft': (lambda w: np.fft.rfft(w), "numpy op 'rfft' cannot be differentiated"),
    'np.linalg.eigvals': (lambda w: np.linalg.eigvals(np.outer(w, w) + np.eye(3)),
                          "numpy op 'eigvals' cannot be differentiated"),
    'np.nanpercentile': (lambda w: np.nanpercentile(w, 5), 'numpy.nanpercentile cannot be'),
    'np.i0': (lambda w: np.i0(w), 'numpy.i0 cannot be differentiated'),
    'w.compress': (lambda w: w.compress([True, False, True]), 'ndarray.compress cannot be'),
    'np.unwrap': (lambda w: np.unwrap(w), 'numpy.unwrap cannot be differentiated'),
    'w.view': (lambda w: w.view(np.ndarray), 'converted to a plain numpy array'),
    'w.flat': (lambda w: w.flat[0], 'converted to a plain numpy array'),
    'float(w)': (lambda w: float(w[0]), 'converted to a Python float'),
    'math.exp': (lambda w: math.exp(w[0]), 'converted to a Python float'),
    'np.float64': (lambda w: np.float64(w[0]), 'converted to a plain numpy array'),
    'np.vectorize': (lambda w: np.vectorize(lambda a: 2 * a)(w), 'converted to a plain'),
    'np.add with out=': (lambda w: np.add(w, W, out=np.zeros(3)), 'numpy.add with out= writes'),
    'np.copyto': (lambda w: np.copyto(np.zeros(3), w), 'numpy.copyto writes a value'),
    'np.put': (lambda w: np.put(np.zeros(3), [0], w[:1]), 'numpy.put writes a value'),
    'np.sum of a list': (lambda w: np.sum([w, w]), 'converted to a plain numpy array'),
}


@pytest.mark.parametrize('name', sorted(NOT_RECORDED))
def test_numpy_calls_the_tape_cannot_record_raise_naming_the_call(name):
    call, message = NOT_RECORDED[name]
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        with pytest.raises(NotRecordableError, match=message.replace('(', r'\(')):
            call(w)


def _holds_plain_floats(result):
    """True if `result` (nested in tuples and lists) holds floats no tape follows."""
    if isinstance(result, (tuple, list)):
        return any(map(_holds_plain_floats, result))
    if isinstance(result, Tracked):
        return False
    return isinstance(result, (float, complex)) or \
        getattr(getattr(result, 'dtype', None), 'kind', '') in ('f', 'c')


_DISPATCHED = sorted(
    (f'{space.__name__}.{name}', f) for space in (np, np.linalg, np.fft)
    for name, f in vars(space).items() if type(f).__name__ == '_ArrayFunctionDispatcher')


_WAYS_OUT = ('item', 'tolist')  # the explicit ways to a plain value (as w.numpy())


def test_no_numpy_function_or_method_silently_drops_the_tape():
    """Every numpy function numpy dispatches (numpy, linalg, fft) and every ndarray method,
    called on a followed value, is recorded (a followed result), gives no floats, or raises:
    a NotRecordableError naming it where numpy would compute floats the tape cannot follow."""
    dropped = []
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        calls = [(name, lambda f=f: f(w)) for name, f in _DISPATCHED] + [
            (f'ndarray.{name}', lambda name=name: getattr(w, name)())
            for name in dir(np.ndarray) if not name.startswith('_') and name not in _WAYS_OUT]
        for name, call in calls:
            try:
                with np.errstate(all='ignore'), warnings.catch_warnings():
                    warnings.simplefilter('ignore')
                    result = call()
            except NotRecordableError as e:
                leaf = name.rpartition('.')[2]  # an op's refusal names the op: "numpy op 'fft'"
                assert (name in str(e) or f"numpy op '{leaf}'" in str(e)
                        or 'converted to' in str(e)), (name, str(e))
                continue
            except Exception:  # noqa: BLE001  (numpy's own errors for a call lacking arguments)
                continue
            dropped.extend([name] if _holds_plain_floats(result) else [])
    assert dropped == []
    assert len(calls) > 250  # numpy's dispatched functions were found


def test_updates_of_followed_values_stay_immutable_errors():
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        for update in (lambda: w.__setitem__(0, 1.0), lambda: w.__iadd__(1.0),
                       lambda: np.add(w, 1.0, out=w), lambda: np.copyto(w, W), w.sort,
                       lambda: w.fill(0.0), lambda: np.add.at(w, [0], 1.0)):
            with pytest.raises(TypeError, match='immutable'):
                update()


def test_answers_without_gradient_stay_plain():
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        assert np.allclose(w, W) and np.array_equal(w, W)
        assert np.argmax(w) == 0 and np.shape(w) == (3,) and np.ndim(w) == 1 and len(w) == 3
        assert w.item(0) == W[0] and w.tolist() == W.tolist() and type(w.numpy()) is np.ndarray
        assert np.array_equal(np.argwhere(w > 0), [[0], [2]]) and (w > 0).dtype == bool
        assert np.array_equal(rt.stop_gradient(w), W) and bool(w[0] > 0)
        assert format(w[0], '.1f') == '0.3' and repr(w) == repr(W) and w.dtype == W.dtype
        y = np.sum(np.tanh(X @ w)) + np.sum(w.real) + np.sum(np.abs(w.imag))
    np.testing.assert_allclose(tape.gradient(y, w), EXPECTED + 1, rtol=1e-12)


def test_a_variable_is_refused_as_a_plain_array_only_while_a_tape_follows_it():
    v, frozen = rt.Variable(W), rt.Variable(W, trainable=False)
    with rt.GradientTape() as tape:
        with pytest.raises(NotRecordableError, match='`np.asarray'):
            np.asarray(v)
        np.testing.assert_array_equal(np.asarray(frozen), W)  # not followed
        v.assign(X[0] * tape.watch(W))  # a variable stores values: tapes follow its reads
        y = np.sum(X @ v)
    np.testing.assert_array_equal(v.numpy(), X[0] * W)
    np.testing.assert_array_equal(tape.gradient(y, v), X.sum(axis=0))
    np.testing.assert_array_equal(np.asarray(v), X[0] * W)  # the tape has stopped


def test_a_followed_value_captured_by_a_graph_as_a_constant_is_refused():
    with rt.GradientTape() as tape:
        w = tape.watch(W)

        @rt.function(autograph=False)
        def f(x):
            return x @ w  # w would be a constant of the graph: its gradient lost

        with pytest.raises(NotRecordableError):
            f(X)
        np.testing.assert_allclose(tape.gradient(np.sum(X @ w), w), X.sum(axis=0))


def test_an_eager_py_function_of_a_followed_value_is_recorded_and_says_it_has_no_gradient():
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        y = np.sum(rt.py_function(lambda x: x * 2.0, [w], np.float64))  # x: a numpy array
    with pytest.raises(NoGradientError, match=r"no gradient for 'py_function' at .*"
                                              r"test_spellings.py:\d+"):
        tape.gradient(y, w)


@pytest.mark.parametrize('options', [{}, pytest.param({'jit_compile': True}, marks=needs('numba')),
                                     {'input_signature': [rt.TensorSpec((3,), np.float64)]}],
                         ids=['numpy', 'jit', 'signature'])
def test_rt_functions_take_followed_values_under_a_tape_and_after_it(options):
    f = rt.function(lambda x: np.sin(x) * x, **options)
    with rt.GradientTape() as tape:
        w = tape.watch(W)
        y = np.sum(f(w))
    np.testing.assert_allclose(tape.gradient(y, w), np.cos(W) * W + np.sin(W), rtol=1e-12)
    assert type(f(w)) is np.ndarray and np.array_equal(f(w), np.sin(W) * W)  # the tape stopped
