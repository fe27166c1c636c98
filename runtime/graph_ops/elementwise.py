"""Elementwise ops: every numpy ufunc (named after it), `ufunc_outer`, `pow`, `round`, `astype`."""
import operator

import numpy as np

from ..ir.core import PYTHON_TYPE, AbstractValue
from ..ir.registry import Op, defop, defvjp, defvjp_all, no_gradient, register
from ..ir.shapes import broadcast_shapes, gufunc_shapes, probe_dtype
from .emitters import method_emitter, ufunc_method_emitter
from .gradient_helpers import vjp_of_call


def dtype_operand(aval):
    """An operand for `ufunc.resolve_dtypes`: the dtype, or the Python type of a weak scalar."""
    if aval is None:
        raise TypeError('None is not a valid ufunc operand')
    return PYTHON_TYPE[aval.dtype.kind] if aval.weak else aval.dtype


def ufunc_dtypes(ufunc, avals, dtype=None, casting=None):
    """The output dtypes numpy's own promotion (NEP 50) gives these operand types."""
    if len(avals) != ufunc.nin:
        raise TypeError(f'{ufunc.__name__}() takes {ufunc.nin} operands ({len(avals)} given)')
    kwargs = {} if casting is None else {'casting': casting}
    if dtype is not None:
        kwargs['signature'] = (None,) * ufunc.nin + (np.dtype(dtype),) * ufunc.nout
    operands = tuple(map(dtype_operand, avals)) + (None,) * ufunc.nout
    return ufunc.resolve_dtypes(operands, **kwargs)[ufunc.nin:]


def ufunc_rule(ufunc):
    """The type rule of calling `ufunc`: broadcasting (or its gufunc signature) and promotion."""
    def rule(*avals, dtype=None, casting=None):
        dtypes = ufunc_dtypes(ufunc, avals, dtype, casting)
        shapes = [a.shape for a in avals]
        if ufunc.signature:
            out_shapes = gufunc_shapes(ufunc, shapes)
        else:
            out_shapes = [broadcast_shapes(*shapes)] * ufunc.nout
        results = [AbstractValue(d, s) for d, s in zip(dtypes, out_shapes)]
        return results if ufunc.nout > 1 else results[0]
    return rule


UFUNCS = {u.__name__: u for u in vars(np).values() if isinstance(u, np.ufunc)}


def _tests_only(ufunc):
    """True for comparisons and tests (isnan, signbit...): every numeric loop gives bools, and
    numpy reports no floating-point error from them (NaN compares quietly)."""
    return all(t.endswith('->?') for t in ufunc.types if 'O' not in t)


_UFUNC_METHODS = {'conjugate': ('conj', 'conjugate')}  # ndarray methods calling the ufunc
for _name, _ufunc in sorted(UFUNCS.items()):
    register(Op(_name, _ufunc, ufunc_rule(_ufunc), multiple_results=_ufunc.nout > 1,
                methods=_UFUNC_METHODS.get(_name, ()), fresh=True,
                layout='product' if _ufunc.signature else 'operands',
                fp_quiet=_tests_only(_ufunc)))

# Gradients (`g`: the output's cotangent; `out`: the output); broadcasting is summed back by
# `runtime.autodiff.backprop`, and a Python scalar operand (a literal) never needs one.
_LN2, _LN10 = np.log(2.0), np.log(10.0)
defvjp('add', lambda g, out, x, y: g, lambda g, out, x, y: g)
defvjp('subtract', lambda g, out, x, y: g, lambda g, out, x, y: -g)
defvjp('multiply', lambda g, out, x, y: g * y, lambda g, out, x, y: g * x)
defvjp('divide', lambda g, out, x, y: g / y, lambda g, out, x, y: -g * out / y)
defvjp('negative', lambda g, out, x: -g)
defvjp('positive', lambda g, out, x: g)
defvjp('conjugate', lambda g, out, x: g)
defvjp('square', lambda g, out, x: g * 2 * x)
defvjp('sqrt', lambda g, out, x: g * 0.5 / out)
defvjp('cbrt', lambda g, out, x: g / (3 * out * out))
defvjp('reciprocal', lambda g, out, x: -g * out * out)
defvjp('exp', lambda g, out, x: g * out)
defvjp('exp2', lambda g, out, x: g * out * _LN2)
defvjp('expm1', lambda g, out, x: g * (out + 1))
defvjp('log', lambda g, out, x: g / x)
defvjp('log2', lambda g, out, x: g / (x * _LN2))
defvjp('log10', lambda g, out, x: g / (x * _LN10))
defvjp('log1p', lambda g, out, x: g / (x + 1))
defvjp('sin', lambda g, out, x: g * np.cos(x))
defvjp('cos', lambda g, out, x: -g * np.sin(x))
defvjp('tan', lambda g, out, x: g * (1 + out * out))
defvjp('arcsin', lambda g, out, x: g / np.sqrt(1 - x * x))
defvjp('arccos', lambda g, out, x: -g / np.sqrt(1 - x * x))
defvjp('arctan', lambda g, out, x: g / (1 + x * x))
defvjp('sinh', lambda g, out, x: g * np.cosh(x))
defvjp('cosh', lambda g, out, x: g * np.sinh(x))
defvjp('tanh', lambda g, out, x: g * (1 - out * out))
defvjp('arcsinh', lambda g, out, x: g / np.sqrt(x * x + 1))
defvjp('arccosh', lambda g, out, x: g / np.sqrt(x * x - 1))
defvjp('arctanh', lambda g, out, x: g / (1 - x * x))
defvjp('arctan2', lambda g, out, y, x: g * x / (x * x + y * y),
       lambda g, out, y, x: -g * y / (x * x + y * y))
defvjp('hypot', lambda g, out, x, y: g * x / out, lambda g, out, x, y: g * y / out)
defvjp('absolute', lambda g, out, x: g * np.sign(x))
defvjp('fabs', lambda g, out, x: g * np.sign(x))
defvjp('copysign', lambda g, out, x, y: np.where(np.signbit(x) == np.signbit(out), g, -g))
defvjp('deg2rad', lambda g, out, x: g * (np.pi / 180))
defvjp('radians', lambda g, out, x: g * (np.pi / 180))
defvjp('rad2deg', lambda g, out, x: g * (180 / np.pi))
defvjp('degrees', lambda g, out, x: g * (180 / np.pi))
defvjp('logaddexp', lambda g, out, x, y: g * np.exp(x - out), lambda g, out, x, y: g * np.exp(y - out))
defvjp('logaddexp2', lambda g, out, x, y: g * np.exp2(x - out),
       lambda g, out, x, y: g * np.exp2(y - out))
defvjp('remainder', lambda g, out, x, y: g, lambda g, out, x, y: -g * np.floor_divide(x, y))
defvjp('fmod', lambda g, out, x, y: g, lambda g, out, x, y: -g * np.trunc(x / y))
defvjp('ldexp', lambda g, out, x, i: g * np.exp2(i))
# ties go to the first operand, as TensorFlow's Maximum and Minimum gradients do
defvjp('maximum', lambda g, out, x, y: np.where(x >= y, g, 0), lambda g, out, x, y: np.where(x >= y, 0, g))
defvjp('minimum', lambda g, out, x, y: np.where(x <= y, g, 0), lambda g, out, x, y: np.where(x <= y, 0, g))
defvjp('fmax', lambda g, out, x, y: np.where(out == x, g, 0), lambda g, out, x, y: np.where(out == x, 0, g))
defvjp('fmin', lambda g, out, x, y: np.where(out == x, g, 0), lambda g, out, x, y: np.where(out == x, 0, g))
# piecewise constant: a zero gradient almost everywhere, as in TensorFlow and JAX
for _name in ('floor', 'ceil', 'rint', 'trunc', 'sign', 'spacing', 'floor_divide', 'heaviside',
              'round'):
    defvjp(_name)
defvjp('nextafter', lambda g, out, x, y: g)  # x moved by one ulp: slope 1 in x, 0 in y


def _power_base(g, out, x, y):
    return g * y * x ** (y - 1)


def _power_exponent(g, out, x, y):
    return g * out * np.log(np.where(x > 0, x, 1))  # x <= 0: no real derivative; 0 as JAX


for _name in ('power', 'float_power', 'pow'):
    defvjp(_name, _power_base, _power_exponent)


@defvjp_all('divmod')
def _divmod_vjp(needed, g, out, x, y):
    g_rem = g[1] if g[1] is not None else np.zeros_like(out[1])
    return [g_rem if needed[0] else None, -g_rem * out[0] if needed[1] else None]


@defvjp_all('modf')
def _modf_vjp(needed, g, out, x):
    return [g[0]]


@defvjp_all('frexp')
def _frexp_vjp(needed, g, out, x):
    return [None if g[0] is None else g[0] * np.exp2(-out[1].astype(out[0].dtype))]


def _swap(x):
    return np.swapaxes(x, -1, -2)


@defvjp_all('matmul')
def _matmul_vjp(needed, g, out, a, b):
    """Vectors are matrices with one more axis (as matmul takes them), removed again after."""
    a_vec, b_vec = np.ndim(a) == 1, np.ndim(b) == 1
    a2 = a[None, :] if a_vec else a
    b2 = b[:, None] if b_vec else b
    # b's axis first: with two vectors g is a scalar, which gets b's axis, then a's
    g2 = g[..., None] if b_vec else g
    g2 = g2[..., None, :] if a_vec else g2
    da = db = None
    if needed[0]:
        da = g2 @ _swap(b2)
        da = da[..., 0, :] if a_vec else da
    if needed[1]:
        db = _swap(a2) @ g2
        db = db[..., 0] if b_vec else db
    return [da, db]


defvjp('vecdot', lambda g, out, x, y: g[..., None] * y, lambda g, out, x, y: g[..., None] * x)
defvjp('matvec', lambda g, out, m, v: g[..., :, None] * v[..., None, :],
       lambda g, out, m, v: (_swap(m) @ g[..., None])[..., 0])
defvjp('vecmat', lambda g, out, v, m: (m @ g[..., None])[..., 0],
       lambda g, out, v, m: v[..., :, None] * g[..., None, :])
no_gradient('its outputs are integers or bools', *(
    name for name, u in UFUNCS.items() if not any(t.split('->')[1][0] in 'efdg' for t in u.types)))


def _ufunc_outer(a, b, *, ufunc, **kwargs):
    return ufunc.outer(a, b, **kwargs)


@defop('ufunc_outer', _ufunc_outer, emit=ufunc_method_emitter('outer'), fresh=True,
       layout='operands')
def _ufunc_outer_rule(a, b, *, ufunc, dtype=None, casting=None):
    if ufunc.nin != 2 or ufunc.signature:
        raise ValueError('method outer is only supported for binary functions')
    (out,) = ufunc_dtypes(ufunc, (a, b), dtype, casting)
    shape = None if a.shape is None or b.shape is None else a.shape + b.shape
    return AbstractValue(out, shape)


@defvjp_all('ufunc_outer')
def _ufunc_outer_vjp(needed, g, out, a, b, *, ufunc, **params):
    """ufunc.outer(a, b) is ufunc(a[..., None, ...], b): the call's own gradient, summed back."""
    a_wide = np.reshape(a, np.shape(a) + (1,) * np.ndim(b))
    da, db = vjp_of_call(ufunc.__name__, needed, g, out, (a_wide, b), params)
    return [None if da is None else np.reshape(da, np.shape(a)), db]


# `x ** y` on arrays is not always `np.power` (numpy takes fast paths such as
# sqrt for 0.5, which differ in the sign of zeros and at infinities); staging
# Python's own operator keeps graph results bitwise equal to eager ones.
@defop('pow', operator.pow, fresh=True, layout='operands')
def _pow_rule(base, exponent):
    return ufunc_rule(np.power)(base, exponent)


@defop('stop_gradient', np.copy, layout='first', fp_quiet=True)
def _stop_gradient_rule(x):
    """`rt.stop_gradient`: a copy of x that differentiation treats as a constant."""
    return AbstractValue(x.dtype, x.shape)


no_gradient('it stops differentiation by design (rt.stop_gradient)', 'stop_gradient')


@defop('round', np.round, numpy=(np.round, np.around), methods=('round',),
       fresh=True, layout='operands')
def _round_rule(a, decimals=0):
    return AbstractValue(probe_dtype(np.round, a, decimals=decimals), a.shape)


def _astype(x, dtype, **kwargs):
    return x.astype(dtype, **kwargs)


@defop('astype', _astype, emit=method_emitter('astype'), numpy=(np.astype,), numpy_inputs=None,
       layout='first')
def _astype_rule(x, dtype, **kwargs):
    dtype = probe_dtype(_astype, x, dtype=dtype, **kwargs)  # checks `casting=`
    return AbstractValue(dtype, x.shape)


def to_dtype(x, *, dtype, weak=False):
    """A scalar as `dtype`: a numpy scalar, or (weak) the Python scalar of that kind."""
    if weak:
        return PYTHON_TYPE[dtype.kind](x)
    return dtype.type(x) if np.ndim(x) == 0 else np.asarray(x, dtype)


@defop('to_dtype', to_dtype, layout='first')
def _to_dtype_rule(x, *, dtype, weak=False):
    return AbstractValue(dtype, x.shape, weak=weak)


defvjp('astype', lambda g, out, x, **params: g)  # cast back to x's dtype by backprop
defvjp('to_dtype', lambda g, out, x, **params: g)
