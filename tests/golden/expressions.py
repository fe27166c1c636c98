"""Expressions: boolean operators, comparisons, conditional expressions, calls and asserts."""
import functools


def clamp(x, lo, hi):
    return lo if x < lo else (hi if x > hi else x)


def in_range(x, lo=0, hi=10):
    return lo <= x < hi and not x == 5


def describe(x):
    kind = 'small' if x < 10 else 'large'
    sign = x > 0 and 'positive' or 'not positive'
    return f'{x}: {kind}, {sign}'


def apply(fn, *args, **kwargs):
    """Calls keep Python's argument order and errors."""
    result = fn(*args, **kwargs)
    partial = functools.partial(fn, *args)
    return result, partial(**kwargs)


def checked_ratio(a, b):
    assert b != 0, f'cannot divide {a} by zero'
    assert isinstance(a, (int, float))
    return a / b


def pick(flags, default=None):
    # lambdas and comprehensions stay where they are
    chosen = [name for name, on in flags.items() if on and name]
    key = lambda name: (len(name), name)
    return sorted(chosen, key=key) or default


def multiline(a, b,
              c):
    return (a and
            b or
            c)
