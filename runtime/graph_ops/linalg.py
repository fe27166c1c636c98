"""Products and linear algebra: np.dot, tensordot, outer, inner, einsum, linalg.inv, linalg.det.

(np.matmul, np.vecdot, np.matvec and np.vecmat are ufuncs: see `elementwise`.)
"""
import numpy as np

from ..ir.core import AbstractValue
from ..ir.registry import defop, defvjp, defvjp_all
from ..ir.shapes import broadcast_shapes, merge_dims, normalize_axis, probe_dtype, size
from .gradient_helpers import vjp_of_call


def _aligned(a_dim, b_dim, a, b, i, j):
    return merge_dims(a_dim, b_dim, f'shapes {a.shape} and {b.shape} not aligned: '
                      f'dimension {i} of the first and {j} of the second differ')


@defop('dot', np.dot, numpy=(np.dot,), numpy_inputs=2, methods=('dot',), fresh=True,
       layout='product')
def _dot_rule(a, b):
    dtype = probe_dtype(np.dot, a, b)
    if a.shape is None or b.shape is None:
        return AbstractValue(dtype, None)
    if not a.shape or not b.shape:
        return AbstractValue(dtype, broadcast_shapes(a.shape, b.shape))
    b_axis = 0 if len(b.shape) == 1 else len(b.shape) - 2
    _aligned(a.shape[-1], b.shape[b_axis], a, b, len(a.shape) - 1, b_axis)
    return AbstractValue(dtype, a.shape[:-1] + b.shape[:b_axis] + b.shape[b_axis + 1:])


@defvjp_all('dot')
def _dot_vjp(needed, g, out, a, b):
    """np.dot is a product by a scalar, or matmul for operands of at most 2 dims."""
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return vjp_of_call('multiply', needed, g, out, (a, b), {})
    if np.ndim(b) > 2:
        return vjp_of_call('tensordot', needed, g, out, (a, b), {'axes': ([-1], [-2])})
    return vjp_of_call('matmul', needed, g, out, (a, b), {})


def _tensordot_axes(axes, a, b):
    if isinstance(axes, int):
        return list(range(len(a.shape) - axes, len(a.shape))), list(range(axes))
    a_axes, b_axes = axes
    a_axes = [a_axes] if isinstance(a_axes, int) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, int) else list(b_axes)
    if len(a_axes) != len(b_axes):
        raise ValueError('shape-mismatch for sum')
    return ([normalize_axis(x, len(a.shape)) for x in a_axes],
            [normalize_axis(x, len(b.shape)) for x in b_axes])


@defop('tensordot', np.tensordot, numpy=(np.tensordot,), numpy_inputs=2, fresh=True, layout='c')
def _tensordot_rule(a, b, axes=2):
    dtype = probe_dtype(np.tensordot, a, b, axes=axes)
    if a.shape is None or b.shape is None:
        return AbstractValue(dtype, None)
    a_axes, b_axes = _tensordot_axes(axes, a, b)
    for i, j in zip(a_axes, b_axes):
        merge_dims(a.shape[i], b.shape[j], 'shape-mismatch for sum')
    kept_a = tuple(d for i, d in enumerate(a.shape) if i not in a_axes)
    kept_b = tuple(d for j, d in enumerate(b.shape) if j not in b_axes)
    return AbstractValue(dtype, kept_a + kept_b)


def _letters(n, start=0):
    return ''.join(chr(ord('a') + start + i) for i in range(n))


@defvjp_all('tensordot')
def _tensordot_vjp(needed, g, out, a, b, axes=2):
    """tensordot as the einsum it is, differentiated as one."""
    a_axes, b_axes = _tensordot_axes(axes, _Shaped(a), _Shaped(b))
    a_term, b_term = list(_letters(np.ndim(a))), list(_letters(np.ndim(b), np.ndim(a)))
    for i, j in zip(a_axes, b_axes):
        b_term[j] = a_term[i]
    kept = [c for i, c in enumerate(a_term) if i not in a_axes] + \
        [c for j, c in enumerate(b_term) if j not in b_axes]
    subscripts = f"{''.join(a_term)},{''.join(b_term)}->{''.join(kept)}"
    return _einsum_vjp(needed, g, out, a, b, subscripts=subscripts)


class _Shaped:
    """What `_tensordot_axes` reads of a type: its shape."""
    def __init__(self, x):
        self.shape = np.shape(x)


defvjp('outer', lambda g, out, a, b: np.reshape(g @ np.ravel(b), np.shape(a)),
       lambda g, out, a, b: np.reshape(np.ravel(a) @ g, np.shape(b)))


@defop('outer', np.outer, numpy=(np.outer,), numpy_inputs=2, fresh=True, layout='product')
def _outer_rule(a, b):
    return AbstractValue(probe_dtype(np.outer, a, b), (size(a.shape), size(b.shape)))


@defop('inner', np.inner, numpy=(np.inner,), numpy_inputs=2, fresh=True, layout='product')
def _inner_rule(a, b):
    dtype = probe_dtype(np.inner, a, b)
    if a.shape is None or b.shape is None:
        return AbstractValue(dtype, None)
    if not a.shape or not b.shape:
        return AbstractValue(dtype, broadcast_shapes(a.shape, b.shape))
    _aligned(a.shape[-1], b.shape[-1], a, b, len(a.shape) - 1, len(b.shape) - 1)
    return AbstractValue(dtype, a.shape[:-1] + b.shape[:-1])


def _einsum(*operands, subscripts, **kwargs):
    return np.einsum(subscripts, *operands, **kwargs)


@defop('einsum', _einsum, numpy=(np.einsum,), numpy_inputs=None)
def _einsum_rule(*operands, subscripts, **kwargs):
    dtype = probe_dtype(_einsum, *operands, subscripts=subscripts, **kwargs)
    if any(op.shape is None for op in operands):
        return AbstractValue(dtype, None)
    spec = subscripts.replace(' ', '')
    inputs, _, output = spec.partition('->')
    terms = inputs.split(',')
    sizes, batch = {}, []
    for term, op in zip(terms, operands):
        letters = term.replace('...', '')
        n_batch = len(op.shape) - len(letters)
        start = term.find('...') if '...' in term else len(letters)
        batch.append(op.shape[start:start + n_batch] if '...' in term else ())
        dims = op.shape[:start] + op.shape[start + n_batch:]
        for letter, dim in zip(letters, dims):
            sizes[letter] = broadcast_shapes((sizes.get(letter, 1),), (dim,))[0]
    if '->' not in spec:
        letters = ''.join(t.replace('...', '') for t in terms)
        output = '...' + ''.join(sorted(c for c in set(letters) if letters.count(c) == 1))
    batch_shape = broadcast_shapes(*batch)
    head, _, tail = output.partition('...')
    shape = tuple(sizes[c] for c in head)
    if '...' in output:
        shape += batch_shape + tuple(sizes[c] for c in tail)
    return AbstractValue(dtype, shape)


@defvjp_all('inner')
def _inner_vjp(needed, g, out, a, b):
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return vjp_of_call('multiply', needed, g, out, (a, b), {})
    return vjp_of_call('tensordot', needed, g, out, (a, b), {'axes': ([-1], [-1])})


@defvjp_all('einsum')
def _einsum_vjp(needed, g, out, *operands, subscripts, **kwargs):
    """Each operand's cotangent is the einsum of the output's with the other operands (explicit
    subscripts, no ellipsis, no letter repeated within a term)."""
    spec = subscripts.replace(' ', '')
    inputs, arrow, output = spec.partition('->')
    terms = inputs.split(',')
    if not arrow or '.' in spec or any(len(set(t)) != len(t) for t in terms):
        raise NotImplementedError(f'no gradient for numpy.einsum({subscripts!r}): only explicit '
                                  "subscripts ('ij,jk->ik') without '...' or repeated letters")
    results = []
    for i, (term, x) in enumerate(zip(terms, operands)):
        if not needed[i]:
            results.append(None)
            continue
        others = [(t, o) for j, (t, o) in enumerate(zip(terms, operands)) if j != i]
        present = set(output).union(*(t for t, _ in others))
        ct = np.einsum(f"{','.join([output] + [t for t, _ in others])}->"
                       f"{''.join(c for c in term if c in present)}", g, *(o for _, o in others))
        if len(present & set(term)) < len(term):  # letters summed out of x alone: broadcast
            ct = _einsum_expand(ct, term, present, x)
        results.append(ct)
    return results


def _einsum_expand(ct, term, present, x):
    index = tuple(slice(None) if c in present else None for c in term)
    return ct[index] * np.ones_like(x)


def _square(a):
    if a.shape is not None:
        if len(a.shape) < 2:
            raise np.linalg.LinAlgError(f'{len(a.shape)}-dimensional array given. '
                                        'Array must be at least two-dimensional')
        merge_dims(a.shape[-2], a.shape[-1], 'Last 2 dimensions of the array must be square')


@defop('inv', np.linalg.inv, numpy=(np.linalg.inv,), fresh=True)
def _inv_rule(a):
    _square(a)
    return AbstractValue(probe_dtype(np.linalg.inv, a), a.shape)


defvjp('inv', lambda g, out, a: -np.swapaxes(out, -1, -2) @ g @ np.swapaxes(out, -1, -2))


@defop('det', np.linalg.det, numpy=(np.linalg.det,), fresh=True)
def _det_rule(a):
    _square(a)
    return AbstractValue(probe_dtype(np.linalg.det, a), None if a.shape is None else a.shape[:-2])


defvjp('det', lambda g, out, a: (g * out)[..., None, None] * np.swapaxes(np.linalg.inv(a), -1, -2))
