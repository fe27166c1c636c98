"""Every registered op from one table (`op_table`): types, values on every backend, memory flags.

Per row: the graph's types fit numpy's results and its values are numpy's, in
the compiled executor, the reference interpreter and the optimized graph (bit
for bit), in numba where the op lowers (within its tolerance; one compile per
row), and in onnxruntime where it lowers to ONNX (else export refuses with the
op's reason). The op's declared memory flags (`Op.fresh`, `view`,
`array_result`) and ndarray methods (`Op.methods`) hold for numpy itself.
Gradients: against finite differences, eagerly and in a graph, for the rows of
ops whose row gives no gradient cases (those are `tests/runtime/autodiff/test_op_gradients.py`'s).
"""

import numpy as np
import pytest
from autodiff_helpers import numeric_gradient
from equality import assert_same
from extras import needs
from graph_helpers import check_against_eager, spec, trace
from op_table import COVERED_ELSEWHERE, ROWS, TABLE, M, V

import runtime as rt
from runtime import graph_ops
from runtime.backends.numba.control import EMITTERS
from runtime.backends.numba.lowering import LOWERINGS as NUMBA  # complete: the backends import
from runtime.backends.onnx.table import LOWERINGS as ONNX  # their lowerings into the shared tables
from runtime.graph_ops.elementwise import UFUNCS
from runtime.tracing import numpy_api

_INTERNAL = {name for names in COVERED_ELSEWHERE.values() for name in names}


def _primitives(graph):
    return {eq.primitive for eq in graph.equations}


def test_every_registered_op_has_a_row():
    rows = {row.op for row in TABLE}
    assert set(graph_ops.names()) - rows - _INTERNAL == set(), 'ops without a row in op_table.py'
    assert rows & _INTERNAL == set() and (rows | _INTERNAL) <= set(graph_ops.names())
    assert all(row.call is not None or row.gradient for row in TABLE)
    with_gradients = [row.op for row in TABLE if row.gradient]
    assert len(with_gradients) == len(set(with_gradients)), 'two rows give one op gradient cases'


@pytest.mark.parametrize('row', ROWS, ids=repr)
def test_the_row_stages_its_op_and_every_executor_computes_numpy(row):
    graph = check_against_eager(row.call, *row.args, specs=row.specs, jit=row.op in NUMBA)
    assert row.op in _primitives(graph)


@needs('numba')
@pytest.mark.parametrize('row', [r for r in ROWS if r.op not in NUMBA], ids=repr)
def test_jit_compile_runs_an_op_numba_does_not_lower_on_numpy_or_strict_refuses_it(row):
    """jit_compile=True splits the graph there (numpy's results, or a refusal saying why the
    value cannot cross); jit_compile='strict' refuses it, naming it."""
    from jit_helpers import assert_close

    from runtime.backends.numba import UnsupportedOpError, compile_jit
    graph = trace(row.call, *(row.specs or map(spec, row.args)))
    if row.op not in _primitives(graph) or row.op in EMITTERS:
        return  # lowered within another op's emitter (control flow)
    with pytest.raises(UnsupportedOpError, match=f"graph op '{row.op}'"):
        compile_jit(graph, 'refused', strict=True)
    try:
        split = compile_jit(graph, 'split')
    except UnsupportedOpError as exc:
        assert 'cannot run on its numpy kernel between compiled parts: ' in str(exc)
        return
    expected = row.call(*_fresh_args(row))
    assert_close(split(*_fresh_args(row)), tuple(expected) if isinstance(expected, (tuple, list))
                 else (expected,))


def _fresh_args(row):
    return [np.array(a) for a in row.args]


def _arrays(result):
    return [r for r in (result if isinstance(result, (tuple, list)) else (result,))
            if isinstance(r, np.ndarray)]


@pytest.mark.parametrize('row', ROWS, ids=repr)
def test_the_memory_flags_of_the_op_are_numpys(row):
    op, args = graph_ops.get(row.op), _fresh_args(row)
    result = row.call(*args)
    outs = _arrays(result)
    if op.view:
        assert outs and all(np.shares_memory(out, args[0]) for out in outs)
    if op.fresh:
        assert not any(np.shares_memory(out, a) for out in outs for a in args)
    if not isinstance(result, (tuple, list)) and np.ndim(result) == 0:
        assert isinstance(result, np.ndarray) == op.array_result, type(result)



def _first(result):
    return np.asarray(result[0] if isinstance(result, (tuple, list)) else result)


def _in_rows(args):
    """The row's 1-d arrays stacked into two rows: arrays whose memory order is a question."""
    return tuple(np.stack([a, a]) if isinstance(a, np.ndarray) and a.ndim == 1 else a
                 for a in args)


def _ordered(args, order):
    return tuple(np.require(a, requirements=order) if isinstance(a, np.ndarray) and a.ndim else a
                 for a in args)


_LAID_OUT = [r for r in ROWS if graph_ops.get(r.op).layout is not None]


@pytest.mark.parametrize('row', _LAID_OUT, ids=repr)
def test_the_result_layout_an_op_declares_is_numpys(row):
    """`Op.layout` (the executor writes into `out=` only where numpy's result would be C)."""
    op = graph_ops.get(row.op)
    elementwise = row.op in UFUNCS and UFUNCS[row.op].signature is None
    args = _in_rows(row.args) if elementwise else row.args
    from_c = _first(row.call(*_ordered(args, 'C')))
    from_f = _first(row.call(*_ordered(args, 'F')))
    if op.layout == 'c' or (op.layout == 'product' and from_f.ndim <= 2):
        assert from_f.flags.c_contiguous  # a new C array whatever its operands' order
        return
    assert from_c.flags.c_contiguous  # C operands, a C result
    arrays = [a for a in args if isinstance(a, np.ndarray)]
    if op.layout == 'operands' and sum(d != 1 for d in from_f.shape) >= 2 and \
            all(sum(d != 1 for d in a.shape) >= 2 for a in arrays):  # no operand neutral
        assert from_f.flags.f_contiguous and not from_f.flags.c_contiguous  # numpy's order 'K'


def test_the_ufuncs_staged_outside_errstate_regions_report_no_floating_point_error():
    """`Op.fp_quiet` of a ufunc: numpy raises nothing under `np.errstate(all='raise')`."""
    special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e308, -1e-308])
    quiet = [name for name in UFUNCS if graph_ops.get(name).fp_quiet and name != 'isnat']
    assert {'less', 'equal', 'isnan', 'signbit', 'logical_and'} <= set(quiet)
    for name in quiet:
        with np.errstate(all='raise'):
            UFUNCS[name](*[special] * UFUNCS[name].nin)
    assert not any(graph_ops.get(name).fp_quiet for name in ('divide', 'log', 'add', 'floor_divide'))
    with pytest.raises(FloatingPointError), np.errstate(all='raise'):
        np.divide(special, special)


_VIEW_ROWS = [r for r in ROWS if graph_ops.get(r.op).view and len(r.args) == 1 and
              r.op not in ('split', 'broadcast_to')]  # their links are written apart


@pytest.mark.parametrize('row', _VIEW_ROWS, ids=repr)
def test_how_a_write_into_a_view_reaches_its_base_is_numpys(row):
    """`Op.undo` and `Op.view_when_strides_allow` (`tracing.memory.views`)."""
    op, (x,) = graph_ops.get(row.op), row.args
    view = row.call(x)
    assert (op.undo == 'reshape') == np.array_equal(np.ravel(view), np.ravel(x))
    if op.undo == 'itself':
        assert np.array_equal(row.call(view), x)
    f = np.asfortranarray(x)
    assert op.view_when_strides_allow == (not np.shares_memory(row.call(f), f))


_IN_PLACE_ARGS = {'sort': (M,), 'fill': (V, 2.0), 'put': (V, [0, 2], -1.0), 'partition': (M, 1)}


def test_an_in_place_method_an_op_declares_updates_the_array_to_the_ops_value():
    """`Op.in_place_method`: `x.sort()` is `x[...] = np.sort(x)` (the traced arrays' UPDATING)."""
    declared = {op.in_place_method: op for op in graph_ops.all_ops() if op.in_place_method}
    assert set(declared) == set(_IN_PLACE_ARGS) == graph_ops.in_place_methods()
    for method, op in declared.items():
        x, *rest = _IN_PLACE_ARGS[method]
        updated = x.copy()
        assert getattr(updated, method)(*rest) is None  # numpy's in-place methods return None
        assert np.array_equal(updated, op.evaluate([x, *rest], {}))

def test_the_numpy_functions_an_op_declares_stage_it():
    for op in graph_ops.all_ops():
        for function in op.numpy:
            assert function in numpy_api.HANDLERS, (op.name, function)
    for row in ROWS:
        for function in graph_ops.get(row.op).numpy:
            if function.__name__ == row.call.__name__:  # the row calls it directly
                assert row.op in _primitives(trace(function, *map(spec, row.args)))


_METHOD_ARGS = {'clip': (0.3, 0.6), 'take': ([2, 0],), 'dot': (V,), 'swapaxes': (0, 1),
                'searchsorted': (V,), 'argpartition': (1,)}
_METHOD_SUBJECT = {'searchsorted': np.sort(V)}  # the array the method is called on (else M)
_METHODS = [(op.name, method) for op in graph_ops.all_ops() for method in op.methods]


@pytest.mark.parametrize('name, method', _METHODS, ids=[m for _, m in _METHODS])
def test_an_ndarray_method_an_op_declares_stages_it_on_every_array_kind(name, method):
    assert hasattr(np.ndarray, method)
    extra = _METHOD_ARGS.get(method, ())
    subject = _METHOD_SUBJECT.get(method, M)

    def on_tensor(x):  # a graph value: the traced argument
        return getattr(x, method)(*extra)

    def on_made_array(x):  # an array the traced code made, a graph value written into it
        made = np.ones(np.shape(subject))
        made[0] = x[0]
        return getattr(made, method)(*extra)
    assert name in _primitives(check_against_eager(on_tensor, subject, jit=False))
    traced = rt.function(on_made_array)  # converted: arrays it makes are traced arrays
    assert name in _primitives(traced.get_concrete_function(subject).graph)
    assert_same(traced(subject), on_made_array(subject))
    x = rt.Variable(subject)
    with rt.GradientTape() as tape:  # a value an eager tape follows
        result = getattr(x.read_value() * 1.0, method)(*extra)
    assert_same(np.asarray(result), np.asarray(getattr(subject * 1.0, method)(*extra)))
    assert tape is not None


@needs('onnx', 'onnxruntime')
@pytest.mark.parametrize('row', ROWS, ids=repr)
def test_onnx_export_computes_numpy_or_refuses_with_the_ops_reason(row, tmp_path):
    import onnx
    import onnxruntime
    concrete = rt.function(lambda *args: row.call(*args)).get_concrete_function(*row.args)
    path = tmp_path / 'model.onnx'
    if row.op not in ONNX:
        with pytest.raises(rt.onnx.OnnxExportError) as refused:
            rt.onnx.export(concrete, path)
        message = str(refused.value)  # the op's reason, or its inputs' refused dtype (datetimes)
        assert ONNX.why_not(row.op) in message or message.startswith('input 0 is'), message
        return
    try:
        rt.onnx.export(concrete, path)
    except rt.onnx.OnnxExportError as error:  # a dtype or param this lowering refuses
        assert repr(row.op) in str(error)
        return
    session = onnxruntime.InferenceSession(str(path), providers=['CPUExecutionProvider'])
    model = onnx.load(str(path))
    feed = {i.name: np.asarray(a) for i, a in zip(model.graph.input, row.args)}
    expected = _arrays(row.call(*_fresh_args(row))) or [np.asarray(row.call(*row.args))]
    for actual, want in zip(session.run(None, feed), expected):
        np.testing.assert_allclose(actual, want, rtol=2e-6, atol=1e-6)
        assert actual.shape == want.shape


_WITH_CASES = {row.op for row in TABLE if row.gradient}
_DIFFERENTIATED_HERE = [row for row in ROWS if row.op in graph_ops.GRADIENTS
                        and row.op not in _WITH_CASES]


@pytest.mark.parametrize('row', _DIFFERENTIATED_HERE, ids=repr)
def test_gradient_against_finite_differences(row):
    args = [np.array(a, np.float64) for a in row.args]
    with rt.GradientTape() as tape:
        xs = tape.watch(list(args))
        y = row.call(*xs)
    eager = tape.gradient(y, xs, unconnected_gradients='zero')

    @rt.function
    def in_graph(args):
        with rt.GradientTape() as tape:
            tape.watch(args)
            y = row.call(*args)
        return tape.gradient(y, args, unconnected_gradients='zero')
    for expected, got_eager, got_graph in zip(numeric_gradient(row.call, *args), eager,
                                              in_graph(args)):
        np.testing.assert_allclose(got_eager, expected, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(got_graph, expected, rtol=1e-5, atol=1e-6)
