"""Random draws: a method of one of numpy's generators, called every time the graph runs.

A `draw` equation calls `method` of the generator it takes as its first input
(an `np.random.Generator`, an `np.random.RandomState`, or the global
RandomState behind the `np.random.*` functions), held by reference: a resource
of type `rng{Generator}` or `rng{RandomState}`. `arguments` holds the call's
arguments by name, static values as they are and `Hole(i)` for the i-th input
after the generator (a tensor, or a numpy array held as a constant):

    b:f64[3] = draw[arguments=(('low', -1), ('high', 1), ('size', (3,))) method='uniform'] a
    d:f64[] = draw[arguments=(('loc', $0),) method='normal'] a c

The implementation is numpy's own method on the generator's state at that
time, so values, dtypes, errors and the state it leaves are those of the same
call made eagerly. A draw is an effect (`stateful`): it runs at every call, in
program order, even if nothing reads its value (it advances the generator, as
it does eagerly), and no pass folds, merges, hoists or removes it. `shuffle`
updates an array in place; as an op it gives the shuffled copy, which the
tracer makes the array's new value (numpy's own shuffle, on a copy).
`seed` and `set_state` of a RandomState (`np.random.seed(...)` too) are draws
without a value: the generator is reseeded where the code does it.

The type rule (`SPECS`) is numpy's for each method: a size gives the shape,
else the arguments broadcast; a value drawn from scalars only is a Python float
or int (weak), as numpy returns one, except where numpy gives a numpy scalar
(`integers`, `randint` with a numpy dtype, `choice` from an array).

Gradients: a draw is a constant. Its arguments get no cotangent from it (the
numbers drawn do not depend on them differentiably, and numpy gives no
reparameterisation), so `x * mask` differentiates with respect to `x` with the
mask drawn in the forward pass.
"""
import operator

import numpy as np

from ..ir.core import AbstractValue, Hole
from ..ir.registry import defop, defvjp
from ..ir.shapes import broadcast_shapes, normalize_axis

VARARGS = '*args'  # the name under which `rand(d0, d1, ...)`, `randn(...)` keep their dims
_FLOAT, _INT = np.dtype(np.float64), np.dtype(np.int64)


def filled(template, dynamic):
    """`template` with each `Hole(i)` replaced by `dynamic[i]` (inside tuples too)."""
    if template.__class__ is Hole:
        return dynamic[template.index]
    if template.__class__ is tuple:
        return tuple(filled(t, dynamic) for t in template)
    return template


def draw(rng, *dynamic, method, arguments):
    """Call `rng.<method>` on the arguments (numpy's own draw); `shuffle` on a copy."""
    values = {name: filled(template, dynamic) for name, template in arguments}
    dims = values.pop(VARARGS, ())
    if method == 'shuffle':
        x = np.array(values.pop('x'))  # a new array: the graph's values are never updated
        rng.shuffle(x, **values)
        return x
    if method == 'permutation' and np.ndim(values['x']) == 0:
        values['x'] = operator.index(values['x'])  # a size: numpy takes an int, not a 0-d array
    return getattr(rng, method)(*dims, **values)


# --- type rules ---------------------------------------------------------------------------------

class _Args:
    """The arguments of a draw while typing it: static values, or the types of its inputs."""

    def __init__(self, method, arguments, avals):
        self.method = method
        self.values = {name: _typed(template, avals) for name, template in arguments}

    def get(self, name, default=None):
        return self.values.get(name, default)

    def given(self, name):
        return name in self.values

    def shape(self, name, default=0.0):
        """The shape of argument `name` (an array-like); numpy's default if not given."""
        value = self.values.get(name, default)
        if isinstance(value, AbstractValue):
            if value.shape is None:
                raise TypeError(f'{self.method}: argument {name!r} has an unknown rank while '
                                'tracing; a draw needs the ranks of its arguments (give the '
                                'tensor a known rank)')
            return value.shape
        return np.shape(value)

    def size(self):
        """The shape that `size=` asks for, or None if it is not given."""
        size = self.values.get('size')
        if size is None:
            return None
        items = size if isinstance(size, tuple) else (size,)
        return tuple(None if isinstance(d, AbstractValue) else operator.index(d) for d in items)


def _typed(template, avals):
    if template.__class__ is Hole:
        return avals[template.index]
    if template.__class__ is tuple:
        return tuple(_typed(t, avals) for t in template)
    return template


def _sampled(params, dtype=_FLOAT, defaults=()):
    """A distribution whose parameters `params` broadcast: `size` gives the shape if given;
    drawn from scalars only, a Python float or int (weak), as numpy returns one."""
    defaults = dict(defaults)

    def rule(args):
        out = np.dtype(args.get('dtype', dtype))
        size = args.size()
        if size is not None:
            return AbstractValue(out, size)
        shape = broadcast_shapes(*[args.shape(p, defaults.get(p, 0.0)) for p in params])
        if shape == ():
            return AbstractValue(_FLOAT if out.kind == 'f' else _INT, (), weak=True)
        return AbstractValue(out, shape)
    return rule


def _rand(args):
    """`rand(d0, d1, ...)`, `randn(...)`: float64 of shape (d0, d1, ...); a float without dims."""
    dims = args.get(VARARGS, ())
    if not dims:
        return AbstractValue(_FLOAT, (), weak=True)
    return AbstractValue(_FLOAT, tuple(None if isinstance(d, AbstractValue) else operator.index(d)
                                       for d in dims))


def _bounded(default_dtype):
    """`randint` / `integers`: `dtype` (a Python int or bool gives a Python number when scalar,
    a numpy dtype a numpy scalar); low and high broadcast."""
    def rule(args):
        kind = args.get('dtype', default_dtype)
        out = np.dtype(kind)
        shapes = [args.shape('low')] + ([args.shape('high')] if args.given('high') else [])
        size = args.size()
        if size is not None:
            return AbstractValue(out, size)
        shape = broadcast_shapes(*shapes)
        if shape == () and (kind is int or kind is bool):  # numpy's test: the Python types
            return AbstractValue(out, (), weak=kind is int)
        return AbstractValue(out, shape)
    return rule


def _population(args):
    """(dtype, shape) of what `choice` and `permutation` choose from: `range(a)` for an integer,
    else the array."""
    a = args.get('a', args.get('x'))
    if isinstance(a, AbstractValue):
        if a.shape == ():
            if a.dtype.kind not in 'iu':
                raise ValueError(f'{args.method}: a must be an integer or an array of at least '
                                 f'one dimension, not {a}')
            return _INT, (None,)
        if a.shape is None:
            raise TypeError(f'{args.method}: an array of unknown rank while tracing')
        return a.dtype, a.shape
    return _INT, (operator.index(a),)


def _choice(args):
    """`choice(a, size, replace, p)`: elements of `range(a)` (an integer) or rows of array `a`
    (along `axis` for a Generator); without a size one of them: a Python int for an integer
    `a`, a numpy scalar (or the row) for an array."""
    a = args.get('a')
    dtype, shape = _population(args)
    axis = args.get('axis', 0)
    if isinstance(axis, AbstractValue) or isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f'choice: axis must be a Python int while tracing, not {axis!r}')
    axis = normalize_axis(axis, len(shape))
    size = args.size()
    before, after = shape[:axis], shape[axis + 1:]
    if size is not None:
        return AbstractValue(dtype, before + size + after)
    if not isinstance(a, AbstractValue) or a.shape == ():
        return AbstractValue(_INT, (), weak=True)  # numpy gives a Python int
    return AbstractValue(dtype, before + after)  # a numpy scalar, or the rows chosen


def _rs_choice(args):
    a = args.get('a')
    if isinstance(a, AbstractValue) and a.shape and len(a.shape) != 1:
        raise ValueError('a must be 1-dimensional')  # numpy's words
    return _choice(args)


def _permutation(args):
    dtype, shape = _population(args)
    return AbstractValue(dtype, shape)


def _same_array(args):
    """`shuffle`, `permuted`: the array shuffled (a copy of the same type)."""
    x = args.get('x')
    if not isinstance(x, AbstractValue) or x.shape is None or not x.shape:
        raise TypeError(f'{args.method}: x must be an array of at least one dimension in a graph')
    return AbstractValue(x.dtype, x.shape)


def _vector(param, dtype=_FLOAT, scalars=()):
    """`dirichlet`, `multinomial`, `multivariate_normal`: one vector of the length of `param`'s
    last axis per draw; `size` gives their shape."""
    def rule(args):
        shape = args.shape(param)
        if len(shape) != 1 or any(args.shape(s) != () for s in scalars):
            raise TypeError(f'{args.method} in a graph takes a 1-d {param}'
                            + (f" and scalar {', '.join(scalars)}" if scalars else ''))
        size = args.size() or ()
        return AbstractValue(dtype, size + shape)
    return rule


def _nothing(args):
    return None


_CONTINUOUS = {
    'uniform': ('low', 'high'), 'normal': ('loc', 'scale'), 'exponential': ('scale',),
    'gamma': ('shape', 'scale'), 'beta': ('a', 'b'), 'standard_gamma': ('shape',),
    'lognormal': ('mean', 'sigma'), 'laplace': ('loc', 'scale'), 'logistic': ('loc', 'scale'),
    'gumbel': ('loc', 'scale'), 'chisquare': ('df',), 'noncentral_chisquare': ('df', 'nonc'),
    'f': ('dfnum', 'dfden'), 'noncentral_f': ('dfnum', 'dfden', 'nonc'), 'standard_t': ('df',),
    'vonmises': ('mu', 'kappa'), 'pareto': ('a',), 'weibull': ('a',), 'power': ('a',),
    'rayleigh': ('scale',), 'wald': ('mean', 'scale'), 'triangular': ('left', 'mode', 'right'),
    'standard_normal': (), 'standard_exponential': (), 'standard_cauchy': (), 'random': (),
}
_DEFAULTS = {'uniform': {'high': 1.0}, 'normal': {'scale': 1.0}, 'exponential': {'scale': 1.0},
             'gamma': {'scale': 1.0}, 'lognormal': {'sigma': 1.0}, 'laplace': {'scale': 1.0},
             'logistic': {'scale': 1.0}, 'gumbel': {'scale': 1.0}, 'rayleigh': {'scale': 1.0}}
_DISCRETE = {
    'poisson': ('lam',), 'binomial': ('n', 'p'), 'negative_binomial': ('n', 'p'),
    'geometric': ('p',), 'hypergeometric': ('ngood', 'nbad', 'nsample'), 'logseries': ('p',),
    'zipf': ('a',),
}

_COMMON = {
    **{name: _sampled(params, defaults=_DEFAULTS.get(name, ()))
       for name, params in _CONTINUOUS.items()},
    **{name: _sampled(params, _INT) for name, params in _DISCRETE.items()},
    'permutation': _permutation,
    'shuffle': _same_array,
    'dirichlet': _vector('alpha'),
    'multivariate_normal': _vector('mean'),
    'multinomial': _vector('pvals', _INT, scalars=('n',)),
}

# method name -> rule(args) -> AbstractValue or None, per kind of generator
SPECS = {
    'RandomState': {
        **_COMMON,
        'random_sample': _COMMON['random'], 'rand': _rand, 'randn': _rand,
        'randint': _bounded(int), 'choice': _rs_choice,
        'seed': _nothing, 'set_state': _nothing,
    },
    'Generator': {
        **_COMMON,
        'integers': _bounded(np.int64), 'choice': _choice, 'permuted': _same_array,
    },
}
# what a graph cannot take of a generator, and why (anything else not in SPECS: not supported)
REFUSED = {
    'get_state': "reads the generator's state, which a graph can only know when it runs",
    'bytes': 'gives a bytes object, which is not a graph value',
    'spawn': 'makes new generators, which a graph cannot give',
    'tomaxint': 'is deprecated in numpy',
    'random_integers': 'is deprecated in numpy: use randint',
}


def rule_of(kind, method):
    """The type rule of `method` of a generator of `kind`, or None if graphs do not take it."""
    return SPECS[kind].get(method)


@defop('draw', draw, stateful=True, fp_quiet=True)
def _draw_rule(rng, *dynamic, method, arguments):
    rule = rule_of(rng.kind, method)
    if rule is None:
        raise TypeError(f'np.random.{rng.kind}.{method} cannot be drawn from in a graph')
    return rule(_Args(method, arguments, dynamic))


defvjp('draw')  # a constant: the numbers drawn give their arguments no cotangent


# --- a generator's state as a value: what a gradient needs to draw the same numbers again ------
#
#     c:u64[6] = rng_state[words=6] a        -- PCG64: state, inc, has_uint32, uinteger
#     _ = rng_restore b c                    -- b: another generator, of the same bit generator
#
# The state is numpy's (`bit_generator.state`, or a RandomState's `get_state(legacy=False)`,
# its cached Gaussian included) written as uint64 words: each int as two (low, high: PCG64's
# are 128 bits), a float as its bits, an array's elements one each; strings are left out (the
# structure comes from the generator restored, which has the same bit generator).

def _state_dict(rng):
    if isinstance(rng, np.random.RandomState):
        return rng.get_state(legacy=False)
    return rng.bit_generator.state


def _words(value, out):
    if isinstance(value, dict):
        for item in value.values():
            _words(item, out)
    elif isinstance(value, np.ndarray):
        out.extend(int(v) for v in value.ravel())
    elif isinstance(value, float):
        out.append(int(np.float64(value).view(np.uint64)))
    elif isinstance(value, (int, np.integer)):
        value = int(value)
        out.extend((value & 0xFFFFFFFFFFFFFFFF, value >> 64))


def state_words(rng):
    """How many uint64 words `rng_state` gives for generator `rng`."""
    out = []
    _words(_state_dict(rng), out)
    return len(out)


def read_state(rng, *, words):
    out = []
    _words(_state_dict(rng), out)
    return np.array(out, np.uint64)


def _filled(template, words, at):
    """(`template` with its leaves read from `words` from index `at`, the next index)."""
    if isinstance(template, dict):
        result = {}
        for key, item in template.items():
            result[key], at = _filled(item, words, at)
        return result, at
    if isinstance(template, np.ndarray):
        n = template.size
        return words[at:at + n].astype(template.dtype).reshape(template.shape), at + n
    if isinstance(template, float):
        return float(words[at:at + 1].view(np.float64)[0]), at + 1
    if isinstance(template, (int, np.integer)):
        return int(words[at]) | int(words[at + 1]) << 64, at + 2
    return template, at


def restore_state(rng, words):
    state, _ = _filled(_state_dict(rng), np.asarray(words, np.uint64), 0)
    if isinstance(rng, np.random.RandomState):
        rng.set_state(state)
    else:
        rng.bit_generator.state = state


@defop('rng_state', read_state, stateful=True, fp_quiet=True)
def _rng_state_rule(rng, *, words):
    return AbstractValue(np.uint64, (words,))


@defop('rng_restore', restore_state, stateful=True, fp_quiet=True)
def _rng_restore_rule(rng, words):
    return None


defvjp('rng_state')  # integers: no cotangents
defvjp('rng_restore')
