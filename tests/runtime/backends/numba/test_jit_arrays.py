"""jit_compile=True on shape ops, reductions over axes, indexing, updates at indices and print:
each against eager numpy (one compiled function per group of ops: numba compiles cost seconds)."""
import functools

import numpy as np
import pytest
from extras import needs
from jit_helpers import assert_close

import runtime as rt

pytestmark = needs('numba')  # every test here compiles a graph with numba

R = np.random.default_rng(1)
A = R.standard_normal((3, 4, 5)).astype(np.float32)
I = np.array([[0, 2, -1], [3, 3, 1]])  # a repeated index and a negative one


def both(fn, *args, exact=False):
    jitted = rt.function(fn, jit_compile=True)
    assert_close(jitted(*args), fn(*args), exact)
    return jitted


def test_shape_ops_and_array_creation():
    def shapes(a, s):
        m = a[0]
        return (np.transpose(a), np.transpose(a, (1, 0, 2)), np.swapaxes(a, 0, -1),
                np.expand_dims(m, (0, 2)), np.expand_dims(s, 0), np.broadcast_to(m[:1], (3, 4, 5)),
                np.broadcast_to(s, (2, 2)), np.reshape(a, (4, -1)), np.ravel(m.T),
                np.squeeze(a[:, :1]), np.zeros_like(a), np.ones_like(s) + s,
                np.full_like(m, s))

    both(shapes, A, np.float32(2.5), exact=True)


def test_reductions_over_axes_and_matmuls_of_transposes():
    def reductions(a, k):
        return (np.sum(a, axis=1), np.sum(a, axis=(0, 2), keepdims=True), np.mean(a, axis=-1),
                np.max(a, axis=0), np.min(a, axis=(1, 2)), np.prod(a, axis=2, keepdims=True),
                np.max(a, keepdims=True), np.sum(k, axis=0), np.mean(k, axis=1),
                a[0].T @ a[0], a[0] @ np.ones((5, 1000), np.float32))  # a loop; BLAS

    a = A.copy()
    a[1, 2, 3] = np.nan  # max and min give NaN where a row holds one
    k = np.arange(-6, 6, dtype=np.int32).reshape(3, 4) * 1_000_000_000  # int64 sums
    both(reductions, a, k)


def test_float_matmuls_call_numpy_own_blas_in_every_layout():
    from runtime.backends.numba import numpy_blas
    # numpy's wheels bundle an OpenBLAS: then matmuls call its gemm, as numpy does
    assert (numpy_blas.GEMM is not None) == any(True for _ in numpy_blas._libraries())

    def products(a, b, c):
        return (a @ b, a.T @ c, np.matmul(c.T[:, ::2], a[::2]), b.T @ a.T, a[:, :0] @ b[:0],
                a[:0] @ b, np.dot(c.T, a))

    for dtype in (np.float32, np.float64):
        a, b, c = (R.standard_normal(s).astype(dtype) for s in ((6, 5), (5, 7), (6, 8)))
        # the same kernels as numpy's where it calls gemm too (more than one row and column)
        both(products, a, b, c, exact=numpy_blas.GEMM is not None)
    with pytest.raises(ValueError, match='mismatch in its core dimension'):
        rt.function(lambda a, b: a @ b, jit_compile=True)(a, a)


def test_basic_and_integer_array_indexing():
    def index(a, i, j, lo):
        return (a[1], a[-1, 2, -3], a[:, lo:, None, ::2], a[..., 1], a[j], a[1:, i[0]],
                np.take_along_axis(a[0], i[:, :1] % 5, axis=0))

    both(index, A, I, np.int64(-2), np.int64(1), exact=True)


@pytest.mark.parametrize('bad', [np.array([0, 9]), np.array([-6])])
def test_an_index_out_of_bounds_raises_index_error(bad):
    jitted = rt.function(lambda a, i: a[:, i], jit_compile=True)
    assert_close(jitted(A[0], np.array([0, -1])), A[0][:, np.array([0, -1])], exact=True)
    with pytest.raises(IndexError):
        A[0][:, bad]
    with pytest.raises(IndexError):
        jitted(A[0], bad)


def test_a_scalar_index_out_of_bounds_raises_index_error():
    jitted = both(lambda a, n: a[n] * 2, A, np.int64(-3), exact=True)
    with pytest.raises(IndexError):
        jitted(A, np.int64(3))


def test_gradients_of_indexing_scatter_with_repeated_indices():
    def grads(a, i):
        with rt.GradientTape() as tape:
            tape.watch(a)
            picked = np.take_along_axis(a, i, axis=1)[:, 0]
            y = np.sum(picked * np.arange(2.0, dtype=np.float32)) + np.sum(a[:, None, 1] * a[:, None, 1])
        return tape.gradient(y, a)

    args = (A[0][:2], I[:, :2] % 5)  # row 1 picks column 3 twice: its gradient adds up
    expected = rt.function(grads)(*args)  # (eagerly a numpy array is not watched)
    assert_close(rt.function(grads, jit_compile=True)(*args), expected)
    assert expected[1, 3] == 1.0


def test_a_view_keeps_its_array_alive_past_the_arrays_last_direct_read():
    def views(x):
        a = x * 3.0
        t = a.T
        b = a + 1.0  # a's last direct read: its array must not take b while t still reads it
        return t * 2.0, b

    both(views, A[0].astype(np.float64), exact=True)


def test_print_runs_in_program_order_with_numpy_formatting(capsys):
    def shows(x, n):
        rt.print('sum', np.sum(x), 'n', n, sep='|')
        y = x * 2
        rt.print(y[:2], end='!\n')
        return y

    eager = rt.function(shows)
    jitted = rt.function(shows, jit_compile=True)
    assert_close(jitted(A[0, 0], np.int64(3)), eager(A[0, 0], np.int64(3)), exact=True)
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == out[2:] and out[0].startswith('sum|') and out[1].endswith(']!')


def test_the_sample_training_step_compiles_to_one_function():
    from benchmarks.training import load_sample
    sample = load_sample()
    x, y, _, _ = sample.load()
    runs = []
    for jit in (None, True):
        model, optimizer = sample.MLP((64, 32, 10), seed=1), rt.optimizers.Adam(0.003)
        step = rt.function(lambda a, b: sample.step(model, optimizer, a, b), jit_compile=jit)
        losses = [step(x[i:i + 64], y[i:i + 64]) for i in range(0, 192, 64)]
        runs.append((losses, [v.numpy() for v in model.trainable_variables]))
    (losses, weights), (jit_losses, jit_weights) = runs
    np.testing.assert_allclose(jit_losses, losses, rtol=1e-5)
    for jitted, expected in zip(jit_weights, weights):
        np.testing.assert_allclose(jitted, expected, rtol=1e-4, atol=1e-6)
    assert 'objmode' not in step.get_concrete_function(x[:64], y[:64]).callable().__source__


def test_the_sample_epoch_compiles_with_its_graph_loop_tape_adam_and_print(capsys):
    # the whole epoch in one function: a while loop over the batches (dynamic indexing),
    # the tape's backward and Adam in its body, and rt.print every 10 steps (objmode)
    from benchmarks.training import load_sample
    sample = load_sample()
    x, y, _, _ = sample.load()
    batches, labels = x[:11 * 64].reshape(11, 64, 64), y[:11 * 64].reshape(11, 64)
    runs = []
    for jit in (None, True):
        model, optimizer = sample.MLP((64, 32, 10), seed=1), rt.optimizers.Adam(0.003)
        epoch = rt.function(functools.partial(sample.train_epoch, model, optimizer),
                            jit_compile=jit)
        losses = [epoch(batches, labels) for _ in range(2)]
        printed = capsys.readouterr().out.split()
        runs.append((losses, [v.numpy() for v in model.trainable_variables], printed))
    (losses, weights, printed), (jit_losses, jit_weights, jit_printed) = runs
    assert_close(jit_losses, losses)
    for jitted, expected in zip(jit_weights, weights):
        np.testing.assert_allclose(jitted, expected, rtol=1e-4, atol=1e-6)
    assert jit_printed[::4] == printed[::4] == ['step', 'step'] and jit_printed[1::4] == ['10'] * 2
    np.testing.assert_allclose(np.float32(jit_printed[3::4]), np.float32(printed[3::4]), rtol=1e-4)
    graph = epoch.get_concrete_function(batches, labels).graph
    assert [eq.primitive for eq in graph.equations].count('while') == 1
    assert epoch.get_concrete_function(batches, labels).callable().__source__.count('objmode') == 1
