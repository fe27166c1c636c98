"""Cases of random draws: methods of RandomState and Generator, and numpy.random's functions
(methods of numpy's global RandomState). Each graph run draws as the eager code draws; the
harness rewinds every generator before each call, so all executions draw the same numbers.

The calls are `def`s, not lambdas: rt.function converts a def, whose draws it stages, and
refuses a generator used by code it does not convert (a lambda) at trace time.
"""
import numpy as np
from numpy_case import Case

LEGACY = np.random.RandomState(7)
RNG = np.random.default_rng(7)
P = np.array([0.2, 0.3, 0.5])
COV = np.array([[1.0, 0.3], [0.3, 2.0]])


def uniform(r):
    return r.uniform(-1.0, 2.0, size=(2, 3))


def randint(r):
    return r.randint(0, 10, size=5)


def standard_normal(r):
    return r.standard_normal((2, 2))


def normal(r):
    return r.normal(1.0, 0.5, size=4)


def permutation(r):
    return r.permutation(6)


def choice(r):
    return r.choice(5, 3)


def random(r):
    return r.random(3)


def rand(r):
    return r.rand(2, 2)


def randn(r):
    return r.randn(3)


def beta(r):
    return r.beta(2.0, 3.0, size=3)


def gamma(r):
    return r.gamma(2.0, 1.5, size=3)


def standard_gamma(r):
    return r.standard_gamma(2.0, size=3)


def binomial(r):
    return r.binomial(10, 0.3, size=4)


def poisson(r):
    return r.poisson(3.0, size=4)


def exponential(r):
    return r.exponential(2.0, size=3)


def standard_exponential(r):
    return r.standard_exponential(3)


def multinomial(r):
    return r.multinomial(10, P)


def multivariate_normal(r):
    return r.multivariate_normal(np.zeros(2), COV, size=3)


def chisquare(r):
    return r.chisquare(3.0, size=3)


def geometric(r):
    return r.geometric(0.3, size=3)


def power(r):
    return r.power(2.0, size=3)


def f(r):
    return r.f(3.0, 4.0, size=3)


def integers(r):
    return r.integers(0, 10, size=5)


def global_random(x):
    return np.random.random(3) + x


def global_rand(x):
    return np.random.rand(3) * x


def global_randn(x):
    return np.random.randn(3) - x


def global_permutation(x):
    return np.random.permutation(3) + x


NO_ONNX = "a model holds no generator, and ONNX's Random* operators do not draw numpy's numbers"


def _draws(prefix, generator, functions):
    return [Case(f'{prefix}.{function.__name__}', function, (generator,), onnx=NO_ONNX)
            for function in functions]


V = np.array([0.5, 1.5, -2.0])
CASES = (
    _draws('RandomState', LEGACY, [uniform, randint, standard_normal, normal, permutation, choice,
                                   random, rand, randn, beta, gamma, standard_gamma, binomial,
                                   poisson, exponential, standard_exponential, multinomial,
                                   multivariate_normal, chisquare, geometric, power, f])
    + _draws('Generator', RNG, [uniform, standard_normal, normal, permutation, choice, random,
                                beta, gamma, standard_gamma, binomial, poisson, exponential,
                                standard_exponential, multinomial, multivariate_normal,
                                chisquare, geometric, power, f, integers])
    + [Case(f'numpy.random.{function.__name__.removeprefix("global_")}', function, (V,), onnx=NO_ONNX)
       for function in (global_random, global_rand, global_randn, global_permutation)]
)
