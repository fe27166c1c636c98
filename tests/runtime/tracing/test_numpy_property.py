"""Random numpy programs: traced, compiled and interpreted results equal eager ones bit for bit."""
import operator
import warnings

import numpy as np
from graph_helpers import check_against_eager
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.float16, np.float32, np.float64,
          np.complex64]
SHAPES = [(), (3,), (1, 3), (2, 1), (2, 3), (0, 3), (4, 2, 3)]
UNARY = [np.negative, np.absolute, np.sin, np.exp, np.sqrt, np.square, np.floor, np.isnan,
         np.logical_not, np.invert, np.sign, np.positive, np.conjugate, np.rint]
BINARY = [np.add, np.subtract, np.multiply, np.true_divide, np.floor_divide, np.remainder,
          np.maximum, np.fmin, np.power, np.greater, np.equal, np.bitwise_and, np.logical_or,
          np.arctan2, operator.add, operator.sub, operator.mul, operator.truediv, operator.pow,
          operator.mod, operator.lt, operator.ne, operator.and_, operator.xor, operator.matmul]
REDUCTIONS = [np.sum, np.mean, np.max, np.min, np.prod, np.argmax, np.std, np.all, np.any,
              np.add.reduce, np.maximum.reduce, np.logical_and.reduce]
SCANS = [np.cumsum, np.cumprod]
INDEXES = [0, -1, slice(None, None, -1), (Ellipsis, 0), (slice(1, None), None), [0, 0],
           (slice(None), [1, 0]), (None, Ellipsis)]
SCALARS = st.one_of(st.integers(-3, 3), st.sampled_from([0.5, -1.5, 2.0, 0.0]), st.booleans(),
                    st.just(1 - 2j))


def _array(rng, dtype, shape):
    kind = np.dtype(dtype).kind
    if kind == 'b':
        return rng.random(shape) > 0.5
    if kind in 'iu':
        return rng.integers(0 if kind == 'u' else -4, 5, shape).astype(dtype)
    values = rng.normal(scale=3.0, size=shape) + (1j * rng.normal(size=shape) if kind == 'c' else 0)
    return np.asarray(values).astype(dtype)


def _step(data, pool):
    """One random step: (function of pool values, indices of its arguments)."""
    pick = lambda: data.draw(st.integers(0, len(pool) - 1))  # noqa: E731
    kind = data.draw(st.sampled_from(['unary', 'binary', 'scalar', 'reduce', 'scan', 'shape',
                                      'index', 'mask', 'where', 'astype']))
    if kind == 'unary':
        return data.draw(st.sampled_from(UNARY)), (pick(),)
    if kind == 'binary':
        return data.draw(st.sampled_from(BINARY)), (pick(), pick())
    if kind == 'scalar':
        fn, value = data.draw(st.sampled_from(BINARY[:-1])), data.draw(SCALARS)
        if data.draw(st.booleans()):
            return (lambda a: fn(value, a)), (pick(),)
        return (lambda a: fn(a, value)), (pick(),)
    if kind == 'reduce':
        fn = data.draw(st.sampled_from(REDUCTIONS))
        axis, keep = data.draw(st.sampled_from([None, 0, -1, 1])), data.draw(st.booleans())
        return (lambda a: fn(a, axis=axis, keepdims=keep)), (pick(),)
    if kind == 'scan':
        fn, axis = data.draw(st.sampled_from(SCANS)), data.draw(st.sampled_from([None, 0, -1]))
        return (lambda a: fn(a, axis=axis)), (pick(),)
    if kind == 'shape':
        return data.draw(st.sampled_from([
            lambda a: np.reshape(a, -1), lambda a: a.T, lambda a: np.swapaxes(a, 0, -1),
            lambda a: a.reshape(np.shape(a)[::-1]), lambda a: np.expand_dims(a, 0),
            lambda a: np.concatenate([a, a], axis=-1), lambda a: np.stack([a, a]),
            lambda a: np.clip(a, -1, 2.5), lambda a: np.take(a, [0, -1], axis=-1),
            lambda a: np.sort(a, axis=0), lambda a: np.dot(a, a)])), (pick(),)
    if kind == 'index':
        index = data.draw(st.sampled_from(INDEXES))
        return (lambda a: a[index]), (pick(),)
    if kind == 'mask':
        return (lambda a, b: a[b > 0]), (pick(), pick())
    if kind == 'where':
        return (lambda c, a, b: np.where(c > 0, a, b)), (pick(), pick(), pick())
    dtype = data.draw(st.sampled_from(DTYPES))
    return (lambda a: a.astype(dtype)), (pick(),)


def _quietly(fn, *args):
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return fn(*args)


def _program(steps, n_inputs):
    def program(*inputs):
        pool = list(inputs)
        for fn, indices in steps:
            pool.append(fn(*(pool[i] for i in indices)))
        return tuple(pool[n_inputs:])
    return program


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True, database=None)
@given(st.data())
def test_random_programs_match_eager_numpy(data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 32 - 1)))
    inputs = [_array(rng, data.draw(st.sampled_from(DTYPES)), data.draw(st.sampled_from(SHAPES)))
              for _ in range(data.draw(st.integers(1, 3)))]
    pool, steps = list(inputs), []
    for _ in range(data.draw(st.integers(1, 8))):
        fn, indices = _step(data, pool)
        try:
            pool.append(_quietly(fn, *(pool[i] for i in indices)))
        except Exception:
            continue  # eager numpy rejects it: not a valid program step
        steps.append((fn, indices))
    _quietly(lambda *a: check_against_eager(_program(steps, len(inputs)), *a), *inputs)
