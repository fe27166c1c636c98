"""numba functions the generated code calls (`ctx.helper(name)` imports them by name)."""
import functools
import hashlib
import re
from pathlib import Path

import numpy as np
from numba.core import types
from numba.extending import overload, register_jitable

from ...graph_ops.random import draw, read_state, restore_state
from . import numpy_blas
from .cache import helpers_folder
from .dispatcher_cache import cached_njit

# numba's cache of a helper is stale when this file changes (its hash is numba's source stamp)
_SOURCE_STAMP = hashlib.sha256(Path(__file__).read_bytes()).digest()


def _cached_njit(function):
    """`njit(function)`, its machine code cached in the compile cache's private `helpers/`
    (never in `NUMBA_CACHE_DIR`, and not while the compile cache is off)."""
    return cached_njit(function, helpers_folder, _SOURCE_STAMP)


# name -> Python function of a helper that becomes a numba dispatcher when first imported
# (building one costs about 0.3 ms, and a new process loading a cached graph needs a few)
_LAZY = {}


def _lazy_jit(function):
    _LAZY[function.__name__] = function
    return function  # unbound at the end of the module, so that `__getattr__` builds it


def __getattr__(name):
    function = _LAZY.get(name)
    if function is None:
        raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
    dispatcher = globals()[name] = _cached_njit(function)
    return dispatcher


@_lazy_jit
def matmul2d(a, b):
    """`a @ b` for 2-d integer arrays of one dtype, as a plain loop (numba's BLAS takes
    floats only, and a BLAS call is faster than this loop even for 10x10 floats)."""
    n, k = a.shape
    m = b.shape[1]
    if k != b.shape[0]:
        raise ValueError('matmul: mismatch in its core dimension')
    out = np.zeros((n, m), a.dtype)
    for i in range(n):
        for p in range(k):
            x = a[i, p]
            for j in range(m):
                out[i, j] += x * b[p, j]
    return out


def blas_ready(a):
    """`a` itself if C- or F-contiguous (BLAS takes both), else a C-contiguous copy."""
    return np.ascontiguousarray(a)


@overload(blas_ready)
def _blas_ready(a):
    if a.layout in 'CF':
        return lambda a: a  # a transposed array is F-contiguous: BLAS reads it as it is
    return lambda a: np.ascontiguousarray(a)


def gemm(a, b):
    """`a @ b` for C- or F-contiguous 2-d float arrays of one dtype, by numpy's BLAS."""


@overload(gemm)
def _gemm(a, b):
    function, one = numpy_blas.GEMM['s' if a.dtype == types.float32 else 'd'], a.dtype(1)
    zero = a.dtype(0)
    # an F-contiguous (transposed) matrix is its transpose's C-contiguous rows
    trans_a = numpy_blas.TRANS if a.layout == 'F' else numpy_blas.NO_TRANS
    trans_b = numpy_blas.TRANS if b.layout == 'F' else numpy_blas.NO_TRANS

    def impl(a, b):
        m, k = a.shape
        n = b.shape[1]
        if k != b.shape[0]:
            raise ValueError('matmul: mismatch in its core dimension')
        out = np.zeros((m, n), a.dtype)
        if m and n and k:
            lda = m if trans_a == numpy_blas.TRANS else k
            ldb = k if trans_b == numpy_blas.TRANS else n
            function(numpy_blas.ROW_MAJOR, trans_a, trans_b, m, n, k, one, a.ctypes.data, lda,
                     b.ctypes.data, ldb, zero, out.ctypes.data, n)
        return out
    return impl


if numpy_blas.GEMM is not None:
    @_lazy_jit
    def matmul_blas(a, b):
        """`a @ b` for 2-d float arrays of one dtype through numpy's own BLAS."""
        return gemm(blas_ready(a), blas_ready(b))
else:
    @_lazy_jit
    def matmul_blas(a, b):
        """`a @ b` for 2-d float arrays of one dtype through numba's np.dot (SciPy's BLAS)."""
        return np.dot(blas_ready(a), blas_ready(b))


@_lazy_jit
def index_array(indices, size):
    """Integer `indices` into an axis of `size`, negatives wrapped; IndexError if out of
    bounds (numba itself does not check: it would read or write outside the array)."""
    out = np.empty(indices.shape, np.intp)
    flat, into = indices.ravel(), out.reshape(out.size)
    for k in range(flat.size):
        i = flat[k]
        if i < 0:
            i += size
        if i < 0 or i >= size:
            raise IndexError('index out of bounds for an axis of the indexed array')
        into[k] = i
    return out


@_lazy_jit
def max_rows(rows):
    """Each row's maximum, NaN if the row holds one (as numpy's max)."""
    if rows.shape[1] == 0:
        raise ValueError('zero-size array to reduction operation maximum which has no identity')
    out = np.empty(rows.shape[0], rows.dtype)
    for r in range(rows.shape[0]):
        best = rows[r, 0]
        for c in range(1, rows.shape[1]):
            value = rows[r, c]
            if value > best or value != value:
                best = value
                if value != value:
                    break
        out[r] = best
    return out


@_lazy_jit
def min_rows(rows):
    """Each row's minimum, NaN if the row holds one (as numpy's min)."""
    if rows.shape[1] == 0:
        raise ValueError('zero-size array to reduction operation minimum which has no identity')
    out = np.empty(rows.shape[0], rows.dtype)
    for r in range(rows.shape[0]):
        best = rows[r, 0]
        for c in range(1, rows.shape[1]):
            value = rows[r, c]
            if value < best or value != value:
                best = value
                if value != value:
                    break
        out[r] = best
    return out


@_lazy_jit
def prod_rows(rows):
    """Each row's product."""
    out = np.ones(rows.shape[0], rows.dtype)
    for r in range(rows.shape[0]):
        for c in range(rows.shape[1]):
            out[r] *= rows[r, c]
    return out


def floor_divide_float(a, b):
    """numpy's `floor_divide` of two floats of one dtype (numba's is `floor(a / b)`, which
    differs where `a / b` rounds up to an integer: numpy gives 9.0 for 1.0 // 0.1, numba 10.0)."""


@overload(floor_divide_float)
def _floor_divide_float(a, b):
    real = np.float32 if a == types.float32 else np.float64

    def floor_divide(a, b):  # numpy's npy_divmod, in the operands' dtype
        if b == 0:  # a / b, without numba's ZeroDivisionError
            if a != a:
                return a
            if a == 0:
                return a * real(np.inf)  # the processor's NaN, as 0 / 0 gives
            return real(np.inf) if (a < 0) == (np.copysign(real(1), b) < 0) else real(-np.inf)
        mod = np.fmod(a, b)
        div = (a - mod) / b
        if mod != 0 and (b < 0) != (mod < 0):
            div -= real(1)
        if div == 0:
            return np.copysign(real(0), a / b)
        floor = np.floor(div)
        if div - floor > real(0.5):
            floor += real(1)
        return floor
    return floor_divide


@_lazy_jit
def floor_divide_arrays(a, b):
    """`floor_divide_float` over broadcast arrays (or an array and a scalar) of one float dtype."""
    x, y = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    out = np.empty(x.shape, x.dtype)
    for i in np.ndindex(x.shape):
        out[i] = floor_divide_float(x[i], y[i])
    return out


# --- numpy's results where numba's ufunc differs: kernels `ufunc_loops.kernel_spec` names ---


def numpy_unary(x, kernel):
    """numpy's ufunc of `x` (a scalar, or an array: a new array) as computed by the kernel the
    literal string `kernel` names (`_kernel`)."""


def numpy_binary(a, b, kernel):
    """numpy's ufunc of `a` and `b` (scalars, or arrays broadcast together: a new array) as
    computed by the kernel the literal string `kernel` names (`_kernel`)."""


@overload(numpy_unary, prefer_literal=True)
def _numpy_unary(x, kernel):
    if not isinstance(kernel, types.StringLiteral):
        return None
    scalar = _kernel(kernel.literal_value, getattr(x, 'dtype', x))
    if not isinstance(x, types.Array):
        return lambda x, kernel: scalar(x)

    def apply(x, kernel):
        out = np.empty(x.shape, x.dtype)
        for i in np.ndindex(x.shape):
            out[i] = scalar(x[i])
        return out
    _name_apart(apply, kernel.literal_value, x.dtype)
    return apply


@overload(numpy_binary, prefer_literal=True)
def _numpy_binary(a, b, kernel):
    if not isinstance(kernel, types.StringLiteral):
        return None
    scalar = _kernel(kernel.literal_value, getattr(a, 'dtype', a))
    if not isinstance(a, types.Array) and not isinstance(b, types.Array):
        return lambda a, b, kernel: scalar(a, b)

    def apply(a, b, kernel):
        x, y = np.broadcast_arrays(np.asarray(a), np.asarray(b))
        out = np.empty(x.shape, x.dtype)
        for i in np.ndindex(x.shape):
            out[i] = scalar(x[i], y[i])
        return out
    _name_apart(apply, kernel.literal_value, getattr(a, 'dtype', a))
    return apply


@functools.cache
def _kernel(spec, element):
    """The scalar function of `spec`, 'name' or 'name:nan rule' (`nan_rules`), on values of
    numba's type `element`: our kernel of that name, else numba's ufunc; NaN results then
    made the NaN numpy's loop gives."""
    from numba.np.numpy_support import as_dtype
    dtype = as_dtype(element)
    name, _, rule = spec.partition(':')
    make = _KERNELS.get(name)
    base = make(dtype) if make is not None else _numba_ufunc(getattr(np, name))
    kernel = _numpy_nans(base, rule, dtype) if rule else base
    for function in {base, kernel}:
        _name_apart(function, spec, dtype)
    return kernel


def _name_apart(function, spec, dtype):
    """Give a kernel made here a name of its own: numba names a compiled function by its
    qualified name and a counter that restarts in every process, and the symbols of cached
    machine code loaded into one process bind by name, so two kernels both called
    `<lambda>$5` (hypot's and power's, say) would run one another's code."""
    tag = re.sub(r'\W', '_', f'{spec}_{dtype}')
    if not function.__qualname__.endswith(tag):
        function.__qualname__ = f'{function.__qualname__}_{tag}'


def _numba_ufunc(ufunc):
    if ufunc.nin == 1:
        return register_jitable(lambda x: ufunc(x))
    return register_jitable(lambda a, b: ufunc(a, b))


def _numpy_nans(base, rule, dtype):
    """`base` whose NaN results are numpy's: for a NaN input, `rule`'s first part says what
    (keep it, flip or clear its sign, numpy's +NaN or -NaN; 'first': of two inputs the first);
    for an invalid operation (log(-1)) its second part ('+q', '-q', or '': numba's)."""
    keep, invalid = rule.split(':')
    real = dtype.type
    one, nan = real(1), real(np.nan)
    negative_nan = np.copysign(nan, real(-1))
    made = {'+q': nan, '-q': negative_nan}.get(invalid)
    use_made = made is not None
    made = nan if made is None else made
    if keep == 'first':
        def binary(a, b):
            r = base(a, b)
            if r == r:
                return r
            if a != a:
                return a
            if b != b:
                return b
            return made if use_made else r
        return register_jitable(binary)
    code = ('keep', 'flip', 'clear', '+q', '-q').index(keep)

    def unary(x):
        r = base(x)
        if r == r:
            return r
        if x != x:
            if code == 0:
                return x
            if code == 1:
                return np.copysign(x, one if np.signbit(x) else -one)
            if code == 2:
                return np.copysign(x, one)
            return nan if code == 3 else negative_nan
        return made if use_made else r
    return register_jitable(unary)


def _maximum(dtype):  # numpy's SIMD and scalar loops alike: the first NaN, else b at ties
    return register_jitable(lambda a, b: a if a != a or a > b else b)


def _minimum(dtype):
    return register_jitable(lambda a, b: a if a != a or a < b else b)


def _fmax(dtype):  # numpy's SIMD loop's rule (its libm tail differs: see ufunc_loops)
    return register_jitable(lambda a, b: a if b != b or a > b else b)


def _fmin(dtype):
    return register_jitable(lambda a, b: a if b != b or a < b else b)


def _sign(dtype):  # -0.0 gives +0.0, a NaN itself
    one, zero = dtype.type(1), dtype.type(0)
    return register_jitable(lambda x: one if x > 0 else -one if x < 0 else zero if x == 0 else x)


def _sign_unsigned(dtype):
    one, zero = dtype.type(1), dtype.type(0)
    return register_jitable(lambda x: one if x > 0 else zero)


def _spacing(dtype):  # numpy's spacing of -0.0 is the smallest positive subnormal, as of +0.0
    tiny = np.finfo(dtype).smallest_subnormal
    return register_jitable(lambda x: tiny if x == 0 else np.spacing(x))


def _remainder_float(dtype):
    """numpy's float remainder (npy_divmod): fmod, moved to the divisor's sign; a zero result
    takes the divisor's sign (numba's keeps the dividend's)."""
    zero = dtype.type(0)

    def remainder(a, b):
        mod = np.fmod(a, b)
        if b == 0:
            return mod
        if mod != 0:
            if (b < 0) != (mod < 0):
                mod += b
        else:
            mod = np.copysign(zero, b)
        return mod
    return register_jitable(remainder)


def _floor_divide_int(dtype):
    """numpy's signed floor division: 0 for a zero divisor, and the smallest integer divided
    by -1 is itself (it overflows: numba gives 0)."""
    kind, zero = dtype.type, dtype.type(0)

    def floor_divide(a, b):
        if b == 0:
            return zero
        if b == -1:
            return kind(-a)  # wraps: -min is min
        return kind(a // b)
    return register_jitable(floor_divide)


def _remainder_int(dtype):
    """numpy's signed remainder: 0 for a zero or -1 divisor (numba divides min by -1: the
    processor's division traps, SIGFPE ends the process)."""
    kind, zero = dtype.type, dtype.type(0)

    def remainder(a, b):
        if b == 0 or b == -1:
            return zero
        return kind(a % b)
    return register_jitable(remainder)


def _fmod_int(dtype):
    """numpy's signed fmod (C's %: the dividend's sign): 0 for a zero or -1 divisor."""
    kind, zero = dtype.type, dtype.type(0)

    def fmod(a, b):
        if b == 0 or b == -1:
            return zero
        mod = a % b  # Python's: the divisor's sign
        if mod != 0 and (mod < 0) != (a < 0):
            mod -= b
        return kind(mod)
    return register_jitable(fmod)


def _left_shift(dtype):
    """numpy's shift: 0 for a count out of [0, bits) (the processor takes it modulo bits)."""
    kind, zero, bits = dtype.type, dtype.type(0), dtype.itemsize * 8
    return register_jitable(lambda a, b: zero if b < 0 or b >= bits else kind(a << b))


def _right_shift(dtype):
    """numpy's shift: a count out of [0, bits) gives 0, or -1 for a negative value."""
    kind, zero, bits = dtype.type, dtype.type(0), dtype.itemsize * 8
    below = kind(-1) if dtype.kind == 'i' else zero

    def right_shift(a, b):
        if b < 0 or b >= bits:
            return below if a < 0 else zero
        return kind(a >> b)
    return register_jitable(right_shift)


def _power_int(dtype):
    """numpy's integer power: ValueError for a negative exponent (numba gives 0 or 1/a), else
    squarings wrapping in the dtype (numba goes through floats above 65536)."""
    kind, one = dtype.type, dtype.type(1)

    def power(a, b):
        if b < 0:
            raise ValueError('Integers to negative integer powers are not allowed.')
        out, base, exponent = one, a, b
        while exponent > 0:
            if exponent & 1:
                out = kind(out * base)
            base = kind(base * base)
            exponent >>= 1
        return out
    return register_jitable(power)


_KERNELS = {'maximum': _maximum, 'minimum': _minimum, 'fmax': _fmax, 'fmin': _fmin,
            'sign': _sign, 'sign_unsigned': _sign_unsigned, 'spacing': _spacing,
            'remainder_float': _remainder_float,
            'floor_divide_int': _floor_divide_int, 'remainder_int': _remainder_int,
            'fmod_int': _fmod_int, 'left_shift': _left_shift, 'right_shift': _right_shift,
            'power_int': _power_int}


def overflowing_division(a, b, smallest):
    """True if an element of `a` is `smallest` where `b` (broadcast) is -1: numpy's integer
    floor division overflows there (and warns)."""


@overload(overflowing_division)
def _overflowing_division(a, b, smallest):
    # an overload, as numpy_binary: the graph calling it stays in numba's cache
    def impl(a, b, smallest):
        x, y = np.broadcast_arrays(np.asarray(a), np.asarray(b))
        for i in np.ndindex(x.shape):
            if y[i] == -1 and x[i] == smallest:
                return True
        return False
    return impl


@_lazy_jit
def arange_length(difference, step, python):
    """numpy's length of an arange: the ceiling of (stop - start) / step in float64 (the
    difference computed, and wrapped, in the bounds' dtype by the caller)."""
    if step == 0 and python:
        raise ZeroDivisionError('division by zero')
    if step == 0:
        count = np.inf if difference != 0 else np.nan
    else:
        count = np.ceil(np.float64(difference) / np.float64(step))
    if count != count:
        raise ValueError('arange: cannot compute length')
    if count > 2.0 ** 62:
        raise ValueError('Maximum allowed size exceeded')
    return max(int(count), 0)


@_lazy_jit
def arange_int(first, second, length, zero):
    """np.arange's values in the integer dtype of `zero`: numpy stores the first two (start,
    start + step: refused if out of bounds) and adds multiples of their difference."""
    kind = type(zero)
    if length > 0 and np.int64(kind(first)) != first or \
            length > 1 and np.int64(kind(second)) != second:
        raise OverflowError('arange: Python integer out of bounds for its dtype')
    out = np.empty(length, kind)
    for i in range(length):
        out[i] = first + i * (second - first)  # wraps as numpy's sum in the dtype
    return out


@_lazy_jit
def arange_float(first, second, length):
    """np.arange's float64 values: `first + i * delta`, delta the second value less the first."""
    out = np.empty(length, np.float64)
    delta = second - first
    for i in range(length):
        out[i] = first if i == 0 else first + i * delta
    return out


@_cached_njit
def clip_value(x, lo, hi, keep):
    """numpy's clip of one value: max(x, lo) then min(.., hi), a NaN (first) kept. At ties
    numpy gives `x` where both bounds are 0-d (`keep`), else the bound: clip(-0.0, 0.0, 1.0)
    is -0.0, but 0.0 for arrays of bounds."""
    if keep:
        m = x if x != x or x >= lo else lo
        return m if m != m or m <= hi else hi
    m = x if x != x or x > lo else lo
    return m if m != m or m < hi else hi


@_lazy_jit
def clip_arrays(x, lo, hi, keep):
    """`clip_value` over broadcast arrays (or scalars) of one dtype."""
    a, b, c = np.broadcast_arrays(np.asarray(x), np.asarray(lo), np.asarray(hi))
    out = np.empty(a.shape, a.dtype)
    for i in np.ndindex(a.shape):
        out[i] = clip_value(a[i], b[i], c[i], keep)
    return out


@_lazy_jit
def argmax_rows(rows):
    """Each row's first maximum's index, or its first NaN's (as numpy's argmax)."""
    if rows.shape[1] == 0:
        raise ValueError('attempt to get argmax of an empty sequence')
    return _extreme_index_rows(rows, True)


@_lazy_jit
def argmin_rows(rows):
    """Each row's first minimum's index, or its first NaN's (as numpy's argmin)."""
    if rows.shape[1] == 0:
        raise ValueError('attempt to get argmin of an empty sequence')
    return _extreme_index_rows(rows, False)


@_cached_njit
def _extreme_index_rows(rows, largest):
    """Each (non-empty) row's first largest (else smallest) value's index, or its first NaN's."""
    out = np.empty(rows.shape[0], np.int64)
    for r in range(rows.shape[0]):
        best, at = rows[r, 0], 0
        if best == best:
            for c in range(1, rows.shape[1]):
                value = rows[r, c]
                if value != value:
                    at = c
                    break
                if value > best if largest else value < best:
                    best, at = value, c
        out[r] = at
    return out


@_lazy_jit
def all_rows(rows):
    """Whether each row's values are all nonzero."""
    out = np.ones(rows.shape[0], np.bool_)
    for r in range(rows.shape[0]):
        for c in range(rows.shape[1]):
            if not rows[r, c]:
                out[r] = False
                break
    return out


@_lazy_jit
def any_rows(rows):
    """Whether any of each row's values is nonzero."""
    out = np.zeros(rows.shape[0], np.bool_)
    for r in range(rows.shape[0]):
        for c in range(rows.shape[1]):
            if rows[r, c]:
                out[r] = True
                break
    return out


@_lazy_jit
def cumsum_rows(rows):
    """The running sums along each row (in order, as numpy adds)."""
    return _scan_rows(rows, False)


@_lazy_jit
def cumprod_rows(rows):
    """The running products along each row (in order, as numpy multiplies)."""
    return _scan_rows(rows, True)


@_cached_njit
def _scan_rows(rows, multiply):
    """Running sums (else products) along each row, starting from its first value (a leading
    -0.0 stays -0.0, as in numpy)."""
    out = np.empty(rows.shape, rows.dtype)
    for r in range(rows.shape[0]):
        if rows.shape[1]:
            total = rows[r, 0]
            out[r, 0] = total
            for c in range(1, rows.shape[1]):
                total = total * rows[r, c] if multiply else total + rows[r, c]
                out[r, c] = total
    return out


# numba's np.linalg functions take one matrix: these run them over a C-contiguous 3-d stack
@_lazy_jit
def stacked_inv(stack):
    out = np.empty_like(stack)
    for i in range(stack.shape[0]):
        out[i] = np.linalg.inv(stack[i])
    return out


@_lazy_jit
def stacked_cholesky(stack):
    out = np.empty_like(stack)
    for i in range(stack.shape[0]):
        out[i] = np.linalg.cholesky(stack[i])
    return out


@_lazy_jit
def stacked_det(stack):
    out = np.empty(stack.shape[0], stack.dtype)
    for i in range(stack.shape[0]):
        out[i] = np.linalg.det(stack[i])
    return out


@_lazy_jit
def stacked_eigvalsh(stack):
    """Of real stacks (the eigenvalues of a complex one are of another dtype)."""
    out = np.empty(stack.shape[:2], stack.dtype)
    for i in range(stack.shape[0]):
        out[i] = np.linalg.eigvalsh(stack[i])
    return out


@_lazy_jit
def stacked_solve(a, b):
    """Each matrix of `a` solved against the matrix of `b` at its index."""
    out = np.empty_like(b)
    for i in range(a.shape[0]):
        out[i] = np.linalg.solve(a[i], b[i])
    return out


@_lazy_jit
def assign_where_mask(target, mask, values):
    """`target[mask] = values` for a boolean `mask` shaped as `target` and 1-d `values`: one
    value for each True, in C order, or one for all (numpy's rule, and its error otherwise)."""
    count = 0
    for place in np.ndindex(mask.shape):
        if mask[place]:
            count += 1
    if values.size != count and values.size != 1:
        raise ValueError('NumPy boolean array indexing assignment cannot assign the input '
                         'values to the output values where the mask is true')
    taken = 0
    for place in np.ndindex(mask.shape):
        if mask[place]:
            target[place] = values[taken if values.size != 1 else 0]
            taken += 1


for _name in _LAZY:  # a helper calling another calls an eager one (numba reads globals as set)
    del globals()[_name]


# --- random draws: numpy's own generators, called from the compiled function through objmode ---
# The compiled function takes a generator as an int (its `id`): the key of the generator here,
# held while a compiled function that draws from it lives (`hold`, `release`).
GENERATORS = {}  # id(generator) -> [generator, how many compiled functions hold it]


def hold(generator):
    """Keep `generator` reachable by its id for a compiled function; the id."""
    entry = GENERATORS.setdefault(id(generator), [generator, 0])
    entry[1] += 1
    return id(generator)


def release(key):
    entry = GENERATORS.get(key)
    if entry is not None:
        entry[1] -= 1
        if not entry[1]:
            del GENERATORS[key]


def state_of(key, words):
    """The state of the generator of `key` as uint64 words (the `rng_state` op, in objmode)."""
    return read_state(GENERATORS[key][0], words=words)


def restore_to(key, words):
    """Restore the generator of `key` to the state `words` (the `rng_restore` op, in objmode)."""
    restore_state(GENERATORS[key][0], words)


def draw_from(key, method, arguments):
    """numpy's draw `method` on the generator of `key` (run in objmode): the `draw` op's own
    implementation, its result as numba takes it back (a scalar for a 0-d array; C order)."""
    result = draw(GENERATORS[key][0], method=method, arguments=arguments)
    if result.__class__ is np.ndarray:
        return result[()] if result.ndim == 0 else np.ascontiguousarray(result)
    return result
