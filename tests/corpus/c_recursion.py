"""Recursion: direct, mutual, with accumulators, memoised, and recursive data structures."""
import functools


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def flatten(value, depth=0):
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            out.extend(flatten(item, depth + 1))
        return out
    return [(value, depth)]


def hanoi(n, source='A', target='C', spare='B'):
    if n == 0:
        return 0
    moves = hanoi(n - 1, source, spare, target)
    print(f'move disc {n} from {source} to {target}')
    return moves + 1 + hanoi(n - 1, spare, target, source)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def permutations(items):
    if len(items) <= 1:
        return [list(items)]
    result = []
    for i, head in enumerate(items):
        for tail in permutations(items[:i] + items[i + 1:]):
            result.append([head] + tail)
    return result


def power(base, exp):
    # Fast exponentiation by squaring, recursive.
    if exp == 0:
        return 1
    half = power(base, exp // 2)
    if exp % 2:
        return half * half * base
    return half * half


def countdown_error(n):
    if n < 0:
        raise ValueError(f'went below zero: {n}')
    return countdown_error(n - 1)


def fib_info():
    fib.cache_clear()
    fib(20)
    return fib(20), fib.cache_info().hits, fib.__name__, fib.__wrapped__.__qualname__


NUMERIC = ['factorial', 'power', 'ackermann', 'is_even']

CASES = [
    ('factorial', (10,), {}),
    ('factorial', (0,), {}),
    ('is_even', (10,), {}),
    ('is_odd', (7,), {}),
    ('is_even', (7,), {}),
    ('fib_info', (), {}),
    ('flatten', ([1, [2, (3, [4])], 5],), {}),
    ('hanoi', (3,), {}),
    ('ackermann', (2, 3), {}),
    ('permutations', ('abc',), {}),
    ('permutations', ([],), {}),
    ('power', (3, 13), {}),
    ('power', (2.5, 3), {}),
    ('countdown_error', (3,), {}),
]
