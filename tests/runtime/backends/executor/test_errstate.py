"""np.errstate / np.seterr in traced functions: numpy's floating-point error handling, per op.

Each function runs eagerly, as an rt.function (compiled executor, passes on) and
through the reference interpreter on its traced graph; the result or the
FloatingPointError, the warnings and `np.geterr()` after the call must agree,
whatever the caller's own state when the graph runs (it was traced under the
default one).
"""
import re
import warnings

import numpy as np
import pytest
from extras import needs
from loading import load

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.backends.executor.interpreter import eval_graph
from runtime.errors import StagingError

CALLER_STATES = [{}, {'all': 'ignore'}, {'all': 'raise'}]


@pytest.fixture(autouse=True)
def _numpy_state_kept():
    with np.errstate():  # what a test's np.seterr leaves is undone
        yield


def outcome(fn, *args):
    """(the values or the FloatingPointError, the warnings, np.geterr() afterwards)."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        try:
            value = fn(*args)
            value = [_bits(v) for v in (value if isinstance(value, tuple) else (value,))]
        except FloatingPointError as e:
            value = ('FloatingPointError', str(e))
    return value, [(w.category, str(w.message)) for w in seen], np.geterr()


def _bits(value):
    value = np.asarray(value)
    return value.dtype.str, value.shape, value.tobytes()  # NaNs compare equal


def check_against_eager(fn, *args, states=CALLER_STATES):
    """`fn` eagerly, as an rt.function and interpreted agree under each caller state."""
    traced = rt.function(fn)
    with np.errstate():  # traced under the default state, which its np.seterr calls leave
        graph = traced.get_concrete_function(*args).graph
    for state in states:
        runs = {}
        for name, run in (('eager', fn), ('compiled', traced),
                          ('interpreted', lambda *a: eval_graph(graph, *a))):
            with np.errstate(**state):
                runs[name] = outcome(run, *args)
        assert runs['compiled'] == runs['eager'], state
        assert runs['interpreted'] == runs['eager'], state
    return graph


OPS = {  # category -> an op reporting it, and an input that makes it
    'divide': (lambda x: 1.0 / x, [0.0, 2.0]),
    'over': (lambda x: x * 1e308, [10.0, 1.0]),
    'under': (lambda x: x * 1e-308, [1e-10, 1.0]),
    'invalid': (lambda x: np.sqrt(x), [-1.0, 4.0]),
}


def under_mode(kind, mode):
    compute = OPS[kind][0]

    def f(x):
        with np.errstate(**{kind: mode}):
            y = compute(x)
        return y + 1.0
    return f


@pytest.mark.parametrize('mode', ['raise', 'ignore', 'warn'])
@pytest.mark.parametrize('kind', sorted(OPS))
def test_each_category_in_each_mode_is_numpys(kind, mode):
    check_against_eager(under_mode(kind, mode), np.array(OPS[kind][1]))


def test_the_failing_op_names_its_line():
    def f(x):
        with np.errstate(divide='raise'):
            y = 1.0 / x
        return y
    with np.errstate(divide='ignore'), pytest.raises(FloatingPointError) as info:
        rt.function(f)(np.array([0.0]))
    line = f.__code__.co_firstlineno + 2
    assert re.search(rf"graph op 'divide' created at .*test_errstate\.py:{line}",
                     ' '.join(info.value.__notes__))


def nested(x):
    with np.errstate(divide='raise'):
        with np.errstate(divide='ignore', over='raise'):
            a = 1e308 / x
        b = 2.0 / x
    return a, b


def test_nested_blocks():
    for x in ([0.0, 2.0], [0.1, 2.0]):  # the outer block's division, the inner one's overflow
        check_against_eager(nested, np.array(x))


def around_a_loop(x, n):
    i = 0
    with np.errstate(over='raise'):
        while i < n:
            x = x * 1e100
            i += 1
    return x * 1e300


def test_a_block_around_a_tensor_loop():
    for n in (3, 4):  # the block's overflow on the 4th trip; after the block, the caller's
        check_against_eager(around_a_loop, np.array([1.0]), np.int64(n))


def in_branches(x):
    if x.sum() > 0:
        with np.errstate(divide='ignore'):
            y = 1.0 / x
    else:
        with np.errstate(divide='warn'):
            y = -1.0 / x
    return y


@pytest.mark.parametrize('x', [[0.0, 2.0], [0.0, -2.0]])
def test_blocks_inside_tensor_branches(x):
    check_against_eager(in_branches, np.array(x))


def test_the_callers_state_is_restored_after_an_exception_leaves_the_block():
    def f(x):
        with np.errstate(all='raise', call=print):
            return np.log(x)
    traced = rt.function(f)
    for run in (f, traced):
        with np.errstate(divide='ignore', over='call', call=len):
            before = np.geterr(), np.geterrcall()
            with pytest.raises(FloatingPointError):
                run(np.array([0.0]))
            assert (np.geterr(), np.geterrcall()) == before


def merged_with_the_op_outside(x):
    a = 1.0 / x
    with np.errstate(divide='raise'):
        b = 1.0 / x
    with np.errstate(divide='ignore'):
        c = 1.0 / x
    return a + b + c


def test_passes_keep_ops_in_their_block():
    check_against_eager(merged_with_the_op_outside, np.array([0.0, 1.0]))


def hoisted(x, n):
    i = 0
    total = x * 0.0
    while i < n:
        with np.errstate(divide='ignore'):
            total = total + 1.0 / x  # loop-invariant: hoisted out of the loop
        i += 1
    return total + 1.0 / x


def test_a_hoisted_op_keeps_its_block():
    check_against_eager(hoisted, np.array([0.0, 2.0]), np.int64(3))


def test_a_gradient_runs_under_the_state_where_it_is_taken():
    def f(x):
        with rt.GradientTape() as tape:
            x = tape.watch(x)
            with np.errstate(divide='ignore', invalid='ignore'):
                y = np.log(x)
            z = np.sum(np.where(np.isfinite(y), y, 0.0))
        return y, tape.gradient(z, x)  # log's VJP divides by x: under the caller's state
    check_against_eager(f, np.array([0.0, 1.0]))


def seterr_first(x):
    np.seterr(divide='raise', over='ignore')
    return x * 1e308 + 1.0 / x


@pytest.mark.parametrize('x', [[1.0, 2.0], [0.0, 1.0]])
def test_np_seterr_changes_the_callers_state_as_eagerly(x):
    check_against_eager(seterr_first, np.array(x))


def test_a_blocked_run_after_np_seterr_reports_as_eagerly():
    def chain(x):  # elementwise ops blocked by the executor (tests/conftest.py)
        np.seterr(over='raise')
        return (x * 1e300) * 1e10 + x - 1.0
    check_against_eager(chain, np.arange(9.0))


def test_np_seterr_in_a_block_lasts_until_the_blocks_end():
    def f(x):
        with np.errstate():
            np.seterr(divide='raise')
            a = 1.0 / (x + 1.0)
        return a + 1.0 / x
    check_against_eager(f, np.array([0.0, 1.0]))
    check_against_eager(f, np.array([-1.0, 1.0]))


def test_a_called_functions_np_seterr_reaches_the_caller():
    def inner(x):
        np.seterr(over='raise')
        return x * 2.0
    staged_inner = rt.function(inner)

    def outer(x, inner=staged_inner):  # eagerly: inner's Python function
        return inner(x) * 1e308
    traced = rt.function(outer)
    x = np.array([10.0])
    with np.errstate():
        traced.get_concrete_function(x)  # its trace leaves the state as it was
    for state in CALLER_STATES:
        with np.errstate(**state):
            expected = outcome(lambda x: outer(x, inner), x)
        with np.errstate(**state):
            assert outcome(traced, x) == expected


def test_np_seterr_in_a_tensor_branch_is_refused():
    def f(x):
        if x.sum() > 0:
            np.seterr(divide='raise')
        return 1.0 / x
    line = f.__code__.co_firstlineno + 2
    with pytest.raises(StagingError, match=rf'np.seterr at .*test_errstate\.py:{line} is called '
                                           r'inside a tensor `if` or loop body'):
        rt.function(f)(np.array([1.0]))
    assert np.geterr()['divide'] == 'warn'  # the trace's own call is undone


def test_call_mode_and_np_seterrcall():
    seen = []

    def note(kind, flag):
        seen.append(kind)

    def in_block(x):
        with np.errstate(divide='call', over='call', call=note):
            return 1.0 / x + x * 1e308

    def set_first(x):
        np.seterrcall(note)
        np.seterr(invalid='call')
        return np.sqrt(x)
    for fn, x in ((in_block, [0.0, 10.0]), (set_first, [-1.0])):
        check_against_eager(fn, np.array(x), states=[{}])
        seen.clear()
        with np.errstate():
            fn(np.array(x))
            expected = list(seen), np.geterrcall()
        seen.clear()
        with np.errstate():
            rt.function(fn)(np.array(x))
            assert (seen, np.geterrcall()) == expected


def test_a_decorator_in_the_function():
    def f(x):
        @np.errstate(divide='raise')
        def reciprocal(v):
            return 1.0 / v
        return reciprocal(x)
    check_against_eager(f, np.array([0.0, 1.0]))


def test_code_converted_by_the_command_line(tmp_path):
    source = ('import numpy as np\n\n\ndef f(x):\n'
              "    with np.errstate(divide='raise'):\n"
              '        y = 1.0 / x\n'
              '    return y\n')
    original = tmp_path / 'original.py'
    original.write_text(source)
    converted = tmp_path / 'converted.py'
    converted.write_text(convert_module(source, str(original)).code)
    module = load(converted, 'errstate_converted')
    with np.errstate(divide='ignore'), pytest.raises(FloatingPointError) as info:
        rt.function(module.f)(np.array([0.0]))
    assert 'original.py:6' in ' '.join(info.value.__notes__)
    check_against_eager(module.f, np.array([0.0, 2.0]))


def test_code_that_is_not_converted():
    def f(x):
        with np.errstate(divide='raise'):
            y = 1.0 / x
        return y + 1.0 / x
    traced = rt.function(f, autograph=False)
    for state in CALLER_STATES:
        with np.errstate(**state):
            assert outcome(traced, np.array([0.0])) == outcome(f, np.array([0.0]))


@needs('numba')
def test_jit_compile_compiles_blocks_that_ignore_and_runs_others_on_numpy_strict_refuses():
    def ignoring(x):
        with np.errstate(all='ignore'):
            y = 1.0 / x
        return y + 1.0
    x = np.array([0.0, 2.0])
    with np.errstate(all='raise'):
        assert outcome(rt.function(ignoring, jit_compile=True), x) == outcome(ignoring, x)

    def raising(x):
        with np.errstate(divide='raise'):
            return 1.0 / x

    def setting(x):
        np.seterr(all='ignore')
        return 1.0 / x

    def dividing_integers(a, b):
        with np.errstate(all='ignore'):
            return a // b
    from runtime.backends.numba import UnsupportedOpError
    for fn, args, why in (
            (raising, [np.ones(2)], r"graph op 'errstate' .* at .*test_errstate\.py:\d+ cannot "
                                    r".*\(divide='raise'\)"),
            (setting, [np.ones(2)], r"graph op 'seterr' .*np\.seterr changes"),
            (dividing_integers, [np.ones(2, np.int64)] * 2, 'an integer division by zero')):
        with pytest.raises(UnsupportedOpError, match=why):
            rt.function(fn, jit_compile='strict')(*args)
        zeros = [np.zeros_like(a) for a in args]
        with np.errstate(all='warn'):  # run on numpy's kernels: numpy's errors and warnings
            for values in (args, zeros):
                assert outcome(rt.function(fn, jit_compile=True), *values) == \
                    outcome(rt.function(fn), *values)


def test_saved_and_loaded(tmp_path):
    spec = [rt.TensorSpec((None,), np.float64)]
    f = rt.function(under_mode('divide', 'raise'), input_signature=spec)
    rt.saved_model.save(f, str(tmp_path / 'f'))
    loaded = rt.saved_model.load(str(tmp_path / 'f'))
    x = np.array([0.0, 2.0])
    with np.errstate(divide='ignore'):
        assert outcome(loaded, x) == outcome(f.python_function, x)

    def calling(x):
        with np.errstate(divide='call', call=print):
            return 1.0 / x
    with pytest.raises(rt.saved_model.SavedModelError, match=r"op 'errstate' at .*param 'modes'"):
        rt.saved_model.save(rt.function(calling, input_signature=spec), str(tmp_path / 'g'))


@needs('onnx')
def test_onnx_export_refuses_naming_the_op():
    f = rt.function(under_mode('divide', 'ignore'))
    with pytest.raises(rt.onnx.OnnxExportError, match=r"op 'errstate' at .*test_errstate\.py:\d+ "
                                                      r"has no ONNX mapping: numpy's floating"):
        rt.onnx.export(f.get_concrete_function(np.ones(2)))


def test_a_0d_array_made_in_a_block_is_an_array():
    def f(x):
        with np.errstate(all='ignore'):
            a = np.where(x > 0, x * 0.5, 0.0)  # np.where gives a 0-d array, not a scalar
        b = a
        a += 1.0  # in place: b sees it
        return b
    check_against_eager(f, np.array(2.0))
