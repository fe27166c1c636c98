"""Functions drawing random numbers, and `differential`: eager against graph, N calls, bitwise."""
import numpy as np
from equality import assert_same

import runtime as rt

CALLS = 3
KINDS = ('module', 'RandomState', 'Generator')


def make(kind, seed=5):
    """A generator of `kind` in a known state; 'module': np.random itself. The global one is
    seeded too."""
    np.random.seed(seed + 1)
    if kind == 'module':
        np.random.seed(seed)
        return np.random
    return np.random.RandomState(seed) if kind == 'RandomState' else np.random.default_rng(seed)


def state(rng):
    if rng is np.random:
        rng = np.random.mtrand._rand
    if isinstance(rng, np.random.RandomState):
        s = rng.get_state(legacy=False)
        return (s['state']['key'].tobytes(), s['state']['pos'], s['has_gauss'], s['gauss'])
    return repr(rng.bit_generator.state)


def copies(args):
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def differential(fn, kind, *args, calls=CALLS, same=assert_same, **options):
    """`fn(rng, *args)` eagerly and as an rt.function, `calls` times each from generators in the
    same state: the same results (`same`; and arguments after the calls), the same state of the
    generator and of the global one after."""
    rng = make(kind)
    eager = [(fn(rng, *a), a) for a in (copies(args) for _ in range(calls))]
    eager_state = state(rng), state(np.random)
    rng = make(kind)
    function = rt.function(fn, **options)
    graph = [(function(rng, *a), a) for a in (copies(args) for _ in range(calls))]
    same(graph, eager)
    assert (state(rng), state(np.random)) == eager_state
    return function


X = np.array([0.5, 1.5, 2.5, 3.5])

# the functions drawing (defined with def: lambdas are not converted), with the kinds of
# generator that have their methods
CASES = {}


def case(*kinds):
    def register(fn):
        CASES[fn.__name__] = fn, kinds
        return fn
    return register


@case('module', 'RandomState')
def rand(rng, x):
    return rng.rand(2, 3), rng.rand(), rng.rand(len(x))


@case('module', 'RandomState')
def randn(rng, x):
    return rng.randn(len(x), 2), rng.randn()


@case(*KINDS)
def random(rng, x):
    return rng.random(x.shape), rng.random(), rng.random(3)


@case('module', 'RandomState')
def random_sample(rng, x):
    return rng.random_sample(x.shape), rng.random_sample()


@case('module')
def module_aliases(rng, x):
    return rng.sample(3), rng.ranf(), rng.rand(1)


@case(*KINDS)
def uniform(rng, x):
    return (rng.uniform(-1, 1), rng.uniform(size=3), rng.uniform(x, x + 1),
            rng.uniform(np.min(x), 9, x.shape))


@case(*KINDS)
def normal(rng, x):
    return (rng.normal(), rng.normal(x, 2.0), rng.normal(size=(2,)),
            rng.normal(np.mean(x), np.max(x) + 1), rng.normal(scale=x[:, None], size=(4, 2)))


@case(*KINDS)
def standard_normal(rng, x):
    return rng.standard_normal(x.shape), rng.standard_normal(), rng.standard_normal(size=(2, 2))


@case('module', 'RandomState')
def randint(rng, x):
    return (rng.randint(0, 10, size=x.shape), rng.randint(5), rng.randint(np.int64(3), 10),
            rng.randint(x.astype(np.int64) + 1), rng.randint(5, dtype=np.int32),
            rng.randint(2, dtype=bool), rng.randint(5, dtype=np.int64), rng.randint(5, dtype='l'))


@case('Generator')
def integers(rng, x):
    return (rng.integers(0, 10, size=x.shape), rng.integers(5),
            rng.integers(x.astype(np.int64), 10), rng.integers(5, dtype=int),
            rng.integers(0, 3, size=2, dtype=np.uint8, endpoint=True),
            rng.integers(5, dtype=np.int64), rng.integers(5, dtype=np.dtype('int64')),
            rng.integers(2, dtype=bool))


@case(*KINDS)
def choice(rng, x):
    return (rng.choice(5), rng.choice(x), rng.choice(x, size=3, replace=False),
            rng.choice(4, size=2, p=x / np.sum(x)), rng.choice([1.0, 2.0]),
            rng.choice(len(x), 2))


@case(*KINDS)
def permutation(rng, x):
    return (rng.permutation(len(x)), rng.permutation(x), rng.permutation(5),
            rng.permutation(np.stack([x, x + 1])))


@case(*KINDS)
def binomial(rng, x):
    return (rng.binomial(10, 0.3), rng.binomial(10, x / 10),
            rng.binomial(x.astype(np.int64), 0.5, size=(2, 4)))


@case('Generator')
def mask(rng, x):
    return ((rng.random(x.shape) < 0.5) * x, rng.random(x.shape) < x / 4,
            np.where(rng.random(len(x)) < 0.3, x, 0.0))


@case('module', 'RandomState')
def mask_rand(rng, x):
    return (rng.rand(*x.shape) < 0.5) * x, rng.random_sample(len(x)) < x / 4


@case(*KINDS)
def exponential(rng, x):
    return rng.exponential(), rng.exponential(x + 1), rng.exponential(2.0, size=3)


@case(*KINDS)
def poisson(rng, x):
    return rng.poisson(3.0), rng.poisson(x), rng.poisson(size=2)


@case(*KINDS)
def beta(rng, x):
    return rng.beta(1.0, 2.0), rng.beta(x + 1, 2.0)


@case(*KINDS)
def gamma(rng, x):
    return rng.gamma(2.0), rng.gamma(x + 1, 2.0), rng.gamma(2.0, size=(3, 4))


@case(*KINDS)
def more_distributions(rng, x):
    return (rng.laplace(x), rng.logistic(), rng.lognormal(size=2), rng.chisquare(x + 1),
            rng.standard_t(3.0), rng.geometric(0.5), rng.weibull(x + 1),
            rng.standard_gamma(x + 1), rng.triangular(0, x, 5),
            rng.dirichlet([1.0, 2.0], size=2), rng.multinomial(5, [0.2, 0.8]),
            rng.multivariate_normal([0.0, 1.0], np.eye(2), size=3), rng.standard_exponential(3),
            rng.standard_cauchy(), rng.hypergeometric(5, 4, 3), rng.negative_binomial(3, x / 4))


@case('Generator')
def generator_dtypes(rng, x):
    return (rng.random(3, dtype=np.float32), rng.standard_normal(2, dtype=np.float32),
            rng.standard_exponential(dtype=np.float32), rng.choice(np.stack([x, x]), axis=1),
            rng.permuted(np.stack([x, x + 1]), axis=1))


def in_tensor_if(rng, x):
    if np.sum(x) > 7:
        y = rng.normal(x)
    else:
        y = x - rng.uniform()
    if x[0] > 100:
        y = y + rng.random(4)  # never taken: never drawn
    return y


def in_tensor_loops(rng, x):
    total = np.zeros(2)
    i = 0
    while i < np.sum(x > 1):  # a tensor condition: as many iterations as the data says
        total = total + rng.normal(size=2)
        i += 1
    for j in range(np.sum(x > 2)):  # a tensor trip count
        total = total * rng.uniform(1, 2)
    for row in np.stack([x, x]):  # a loop over a tensor's rows
        total = total + rng.poisson(row[:2])
    return total, i


def nested(rng, x):
    out = np.zeros(len(x))
    for i in range(len(x)):  # a graph loop (preallocate and fill)
        if x[i] > 1:
            out[i] = rng.normal(x[i])
        else:
            out[i] = rng.exponential()
        k = 0
        while k < i:
            k = k + rng.integers(1, 3) if hasattr(rng, 'integers') else k + rng.randint(1, 3)
    return out
