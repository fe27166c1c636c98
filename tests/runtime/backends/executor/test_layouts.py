"""Layouts: every `out=` the executor plans gives numpy's own layout (`runtime.backends.executor.layout`).

numpy lays a ufunc's result out in the memory order closest to its operands:
`0.1 * X.T` is Fortran-ordered. An `out=` array of another layout holds the same
values, but matmuls (BLAS), reductions (pairwise sums) and the caller (strides,
flags) see the difference. `assert_same` compares strides and flags too.
"""
import numpy as np
import pytest
from equality import assert_same
from graph_helpers import trace
from hypothesis import given, settings
from hypothesis import strategies as st
from mutation_helpers import check, source_of

import runtime as rt
from runtime import graph_ops
from runtime.backends.executor import blocking, layout, scratch
from runtime.backends.executor.executor import compile_graph
from runtime.ir.core import AbstractValue, Literal


def spec(value):
    return AbstractValue(value.dtype, value.shape)


def compiled(fn, *args):
    return compile_graph(trace(fn, *map(spec, args)), fn.__name__)


def logistic_step(w, X, y, lr=0.1):
    p = 1 / (1 + np.exp(-X @ w))
    return w - lr * X.T @ (p - y)


def test_a_scaled_transpose_keeps_its_layout_before_a_matmul():
    r = np.random.default_rng(0)
    X, y = r.normal(size=(16, 3)), (np.random.default_rng(1).random(16) > .5).astype(float)
    w = np.array([0.34198351, -0.77057103, 0.01376186])
    assert_same(compiled(logistic_step, w, X, y)(w, X, y)[0], logistic_step(w, X, y))
    assert_same(rt.function(logistic_step)(w, X, y), logistic_step(w, X, y))


A = np.random.default_rng(2).normal(size=(6, 5))
V = np.random.default_rng(3).normal(size=6)


def transposed_sum(a):
    return (a.T * 2).sum(axis=1), (a.T * 2).sum(axis=0)


def exp_of_transpose(a):
    return np.exp(a.T).sum(), np.exp(a.T * 1.5 + 1.0).sum(axis=0)


def scaled(a):  # an F-ordered argument: numpy's results are F-ordered too
    t = a * 2.0 + 1.0
    return t, t.sum(axis=0), t @ np.ones(a.shape[1])


def strided(a):
    t = (a[:, ::2] + 1.0) * 3.0
    return t, t.sum(axis=1)


def broadcast_mix(a, v):
    t = (a.T + v) * 2.0
    u = (v + a.T) * 2.0 - a.T
    return t, u, t.sum(axis=1) + u.sum(axis=1)


def temporaries_of_two_layouts(a):
    t = a.T * 2.0  # F
    c = a.T.copy() * 3.0  # C
    return t + c, c - t, (t + c).sum(axis=1)


def reversed_rows(a):
    return np.tanh(a[::-1] * 0.5), (a[:, ::-1] - 1.0).sum(axis=0)


CASES = [(transposed_sum, (A,)), (exp_of_transpose, (A,)), (scaled, (np.asfortranarray(A),)),
         (scaled, (A,)), (scaled, (A[::-1],)), (strided, (np.hstack([A, A]),)),
         (broadcast_mix, (A, V)), (temporaries_of_two_layouts, (A,)), (reversed_rows, (A,))]


@pytest.mark.parametrize('fn, args', CASES, ids=[fn.__name__ for fn, _ in CASES])
def test_layout_sensitive_consumers_see_eager_numpys_layout(fn, args):
    function = compiled(fn, *args)
    for _ in range(2):  # the second call with the scratch buffers of the first
        assert_same(function(*args), fn(*args))
    assert_same(rt.function(fn)(*args), fn(*args))


@pytest.mark.parametrize('fn, args', CASES, ids=[fn.__name__ for fn, _ in CASES])
def test_with_production_thresholds_on_arrays_over_a_mebibyte(fn, args, monkeypatch):
    monkeypatch.setattr(scratch, 'MIN_BYTES', 1 << 20)
    monkeypatch.setattr(blocking, 'MIN_BYTES', 1 << 20)
    monkeypatch.setattr(blocking, 'BLOCK_BYTES', 1 << 18)
    r = np.random.default_rng(4)
    big = [_like(a, r.normal(size=tuple(d * 72 for d in a.shape))) for a in args]
    assert all(a.nbytes > 1 << 20 for a in big if a.ndim == 2)
    function = compiled(fn, *big)
    for _ in range(2):
        assert_same(function(*big), fn(*big))


def _like(small, big):
    """`big` in the layout of `small` (C, F, reversed rows or a strided view)."""
    if small.ndim == 1:
        return big
    if not small.flags.c_contiguous and small.flags.f_contiguous:
        return np.asfortranarray(big)
    if small.strides[0] < 0:
        return big[::-1]
    return big


def test_the_plan_checks_the_inputs_it_relies_on_and_compiles_the_other_version_when_needed():
    def f(a, v):
        return (a * 2.0 + 1.0) * v  # scratch buffers and out= rely on a being C-contiguous

    function = compiled(f, A, V[:5])
    assert '    if not (v0.flags.c_contiguous):' in function.__source__  # a only: v is a vector
    general = function.__globals__['_general']
    assert_same(function(A, V[:5])[0], f(A, V[:5]))
    assert function.__globals__['_general'] is general  # not compiled: no call needed it
    F = np.asfortranarray(A)
    assert_same(function(F, V[:5])[0], f(F, V[:5]))
    other = function.__globals__['_general']
    assert other is not general and '_general' not in other.__source__
    assert 'out=' in other.__source__  # what needs no C input still goes into dying arrays:
    assert_same(function(F, V[:5])[0], f(F, V[:5]))  # (a * 2.0 + 1.0) is F, its product too
    assert function.__globals__['_general'] is other  # compiled once


def test_a_plan_relying_on_no_input_checks_none():
    def f(a, b):
        return np.exp(a @ b) * 2.0 + 1.0  # a product is C whatever its operands' layout

    function = compiled(f, A, A.T)
    assert 'flags' not in function.__source__ and 'out=' in function.__source__
    assert_same(function(A, A.T)[0], f(A, A.T))


def test_a_dying_temporary_takes_a_result_only_in_its_own_layout():
    def f(a, c):
        t = a.T * 2.0
        return t + c  # numpy: mixed layouts give C; t's array is F

    source = compiled(f, A, A.T.copy()).__source__
    assert 'add(' in source and 'out=' not in source.split('add(')[1].split('\n')[0]
    for c in (A.T.copy(), np.asfortranarray(A.T)):
        assert_same(compiled(f, A, c)(A, c)[0], f(A, c))


def update_rows(m, n):
    for i in range(n):
        m[i] = m[i] * 2.0 + 1.0
    return m.sum(axis=0), m @ np.ones(m.shape[1])


def test_a_loop_copies_an_argument_it_updates_in_its_own_layout():
    # the loop updates a copy of the caller's array: once, on entry, in the array's own order
    F = np.asfortranarray(A)
    check(update_rows, F, np.int64(3))
    assert ".copy(order='K')" in source_of(rt.function(update_rows), F, np.int64(3))


# every value the analysis says is C-contiguous is, on C-contiguous inputs
a, b, v = (np.random.default_rng(7).normal(size=s) for s in ((4, 6), (6, 4), (6,)))
EXPRESSIONS = [
    lambda a, b, v: (a * 2, a + v, np.exp(a), a.T * 2, (a.T * 2).T, -(a.T) + a[:, 0]),
    lambda a, b, v: (a @ b, np.dot(a, b), np.tensordot(a, b, axes=1), np.outer(v, v), a @ v,
                     np.add.outer(v, v), np.inner(a, a)),
    lambda a, b, v: (a.sum(axis=0), a.sum(axis=1, keepdims=True), a.mean(axis=0), a.std(axis=1),
                     a.argmax(axis=0), np.cumsum(a, axis=1), a.max(axis=0, keepdims=True)),
    lambda a, b, v: (np.concatenate([a, a]), np.stack([a, a], axis=1), np.where(a > 0, a, 0.0),
                     np.clip(a, -1, 1), a.astype(np.float32), np.copy(a), np.zeros_like(a)),
    lambda a, b, v: (np.ones((3, 4)), np.eye(3), np.arange(6).reshape(2, 3), a.reshape(2, 12),
                     a.ravel(), a[None], np.expand_dims(a, 1), np.squeeze(a[:1])),
    lambda a, b, v: (a[1], a[1:3], a[:, 2], a[1:3, :], a[::2], a[:, 1:3], a[..., 0], a[2, 1:4],
                     a[None, 1:3, None], np.sort(a, axis=0), a ** 2, np.round(a, 1)),
    lambda a, b, v: (b.T @ a.T, a[1:3] * 2, v[:, None] * v, a[:, :1] + 1, b.T + a, a + b.T,
                     a.T.sum(axis=0), np.stack([v, v]).T, (b.T * 2).sum(axis=1)),
    lambda a, b, v: (a.reshape(2, 2, 6) @ b, a.reshape(2, 2, 6).sum(axis=1),
                     a.reshape(2, 2, 6).sum(axis=1, keepdims=True), a.reshape(2, 2, 6).argmax(axis=1),
                     np.cumsum(a.reshape(2, 2, 6), axis=1), a.reshape(2, 2, 6).transpose(1, 0, 2) + 1,
                     (a.reshape(2, 2, 6) * 2)[1], a.reshape(2, 2, 6)[:, 1], a.reshape(2, 2, 6)[1, :, 2:4],
                     np.matmul(a.reshape(2, 2, 6).transpose(0, 2, 1), a.reshape(2, 2, 6))),
]


@pytest.mark.parametrize('expressions', EXPRESSIONS)
def test_what_the_analysis_calls_c_contiguous_is(expressions):
    graph = trace(expressions, spec(a), spec(b), spec(v))
    layouts = layout.analyse(graph, [1, 2, 4], lambda value: 0 if value.flags.c_contiguous else None)
    values = dict(zip(graph.inputs, (a, b, v)))
    values.update(graph.consts)
    claimed = 0
    for eq in graph.equations:
        inputs = [x.value if isinstance(x, Literal) else values[x] for x in eq.inputs]
        op = graph_ops.get(eq.primitive)
        results = op.impl(*([inputs] if op.packed else inputs), **eq.params)
        results = results if op.multiple_results else [results]
        for var, value in zip(eq.outputs, results):
            values[var] = value
            if layouts.of(var) is not None and np.ndim(value):
                claimed += 1
                assert value.flags.c_contiguous, (eq, value.strides)
    assert claimed >= 3


# random elementwise chains over inputs of every layout, then layout-sensitive consumers
_UNARY = ['negative', 'exp', 'sqrt', 'abs', 'tanh', 'sin']
_BINARY = ['add', 'subtract', 'multiply', 'divide', 'maximum']
_LAYOUTS = ['C', 'F', 'strided', 'reversed', 'transposed']


@st.composite
def programs(draw):
    """Steps on two (m, n) inputs, a row (n,) and a column (m, 1): ufuncs, transposed scalings,
    flips and selects; then the values handed to consumers."""
    steps = []
    for index in range(draw(st.integers(1, 7))):
        known = 2 + index
        kind = draw(st.sampled_from(['unary', 'binary', 'binary', 'transposed', 'flip', 'select']))
        pick = st.integers(0, known - 1)
        if kind == 'unary':
            steps.append((draw(st.sampled_from(_UNARY)), draw(pick)))
        elif kind == 'binary':
            other = draw(st.one_of(pick, st.sampled_from(['row', 'column', 'scalar'])))
            first, second = draw(pick), other
            if draw(st.booleans()):
                first, second = second, first
            steps.append((draw(st.sampled_from(_BINARY)), first, second))
        elif kind == 'transposed':  # (x.T * 0.5).T: a new array in the other order
            steps.append(('transposed', draw(pick)))
        elif kind == 'flip':
            steps.append(('flip', draw(pick), draw(st.sampled_from([0, 1]))))
        else:
            steps.append(('select', draw(pick), draw(pick), draw(pick)))
    consumed = draw(st.lists(st.integers(2, 1 + len(steps)), min_size=1, max_size=2))
    layouts = [draw(st.sampled_from(_LAYOUTS)) for _ in range(2)]
    return steps, consumed, layouts, draw(st.booleans())


def _program(steps, consumed):
    def program(x, y, row, column, w):
        values = [x, y]
        extra = {'row': row, 'column': column, 'scalar': 1.5}
        for name, *operands in steps:
            args = [extra[i] if isinstance(i, str) else values[i] for i in operands]
            if name == 'select':
                values.append(np.where(args[0] > 0, args[1], args[2]))
            elif name == 'transposed':
                values.append((args[0].T * 0.5).T)
            elif name == 'flip':
                values.append(args[0][::-1] if operands[1] == 0 else args[0][:, ::-1])
            else:
                values.append(getattr(np, name)(*args))
        results = []
        for i in consumed:
            t = values[i]
            results += [t, t @ w, t.sum(axis=0), t.sum(axis=1), t.sum(), t.mean(axis=0)]
        return tuple(results)
    return program


def _arrays(shape, layouts, seed, row_strided):
    r = np.random.default_rng(seed)
    m, n = shape
    made = []
    for kind in layouts:
        base = r.standard_normal((2 * m, 2 * n))
        made.append({'C': base[:m, :n].copy(), 'F': np.asfortranarray(base[:m, :n]),
                     'strided': base[::2, ::2], 'reversed': base[:m, :n][::-1],
                     'transposed': base.reshape(2 * n, 2 * m)[:n, :m].T}[kind])
    row = r.standard_normal(2 * n)
    row = row[::2] if row_strided else row[:n].copy()
    column = np.asfortranarray(r.standard_normal((m, 1)))
    return [*made, row, column, r.standard_normal((n, 3))]


def _check(program, shape):
    steps, consumed, layouts, row_strided = program
    fn = _program(steps, consumed)
    args = _arrays(shape, layouts, len(steps), row_strided)
    with np.errstate(all='ignore'):
        expected = fn(*args)
        function = compile_graph(trace(fn, *map(spec, args)), 'program')
        for _ in range(2):
            assert_same(function(*args), expected)
        assert_same(function(*[np.ascontiguousarray(x) for x in args]),
                    fn(*[np.ascontiguousarray(x) for x in args]))


@settings(max_examples=80, deadline=None)
@given(programs(), st.sampled_from([(3, 4), (5, 2), (4, 7), (1, 5), (6, 1)]))
def test_random_chains_give_eager_numpys_bits_and_layouts(program, shape):
    _check(program, shape)  # every temporary a scratch buffer, every run blocked (conftest)


@settings(max_examples=6, deadline=None)
@given(programs())
def test_random_chains_with_production_thresholds_over_a_mebibyte(program):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scratch, 'MIN_BYTES', 1 << 20)
        patch.setattr(blocking, 'MIN_BYTES', 1 << 20)
        patch.setattr(blocking, 'BLOCK_BYTES', 1 << 18)
        _check(program, (384, 352))  # 1.03 MiB of float64


def test_a_variables_value_is_c_contiguous_in_eager_code_and_graphs():
    F = np.asfortranarray(A)
    v = rt.Variable(F)
    assert v.numpy().flags.c_contiguous

    def step(g):
        v.assign(g * 1.0)  # assigned F-ordered: kept as a C-ordered copy
        v.assign_add(g.T.T * 0.5)
        return (v.read_value() * 2.0 + 1.0).sum(axis=0)

    expected = step(F)
    assert v.read_value().flags.c_contiguous
    function = rt.function(step)
    assert_same(function(F), expected)
    assert v.read_value().flags.c_contiguous
    source = function.get_concrete_function(F).callable().__source__
    assert 'out=' in source  # the value read is C-contiguous: its products go into dying arrays
