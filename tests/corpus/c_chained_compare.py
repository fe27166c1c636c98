"""Chained comparisons: the middle operand is evaluated once, chains stop early, mixed operators."""


def middle(value):
    print('middle evaluated')
    return value


def between(lo, x, hi):
    return lo <= middle(x) < hi


def in_if(lo, x, hi):
    if lo < middle(x) <= hi:
        return 'inside'
    return 'outside'


def long_chain(a, b, c, d):
    # The last comparisons are skipped as soon as one fails.
    return middle(a) < middle(b) < middle(c) < middle(d)


def mixed_operators(x, items):
    return 0 < x in items, x not in items != False, x is not None is not False  # noqa: E712


def sorted_triplets(values):
    return [(a, b, c) for a in values for b in values for c in values if a < b < c]


def while_chain(n):
    steps = 0
    while 0 < n < 100 != n:
        n = n * 2 if n % 3 else n - 1
        steps += 1
    return n, steps


class Loud:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        print(f'{self.v} < {other.v}')
        return self.v < other.v


def custom_chain(a, b, c):
    return Loud(a) < Loud(b) < Loud(c)


def non_bool_result():
    class Weird:
        def __eq__(self, other):
            return 'truthy string'
    w = Weird()
    # A chain of one comparison returns the raw result; two force a truth test.
    return (w == 1), (w == 1 == 1), (1 == w == 1)


def incomparable(a, b):
    return 1 < a < b


CASES = [
    ('between', (0, 5, 10), {}),
    ('between', (0, 10, 10), {}),
    ('between', (6, 5, 10), {}),
    ('in_if', (0, 3, 3), {}),
    ('in_if', (3, 3, 9), {}),
    ('long_chain', (1, 2, 3, 4), {}),
    ('long_chain', (1, 3, 2, 4), {}),
    ('long_chain', (5, 3, 2, 4), {}),
    ('mixed_operators', (2, [1, 2]), {}),
    ('mixed_operators', (0, [0]), {}),
    ('mixed_operators', (None, []), {}),
    ('sorted_triplets', ([3, 1, 4, 2],), {}),
    ('while_chain', (5,), {}),
    ('while_chain', (0,), {}),
    ('custom_chain', (1, 2, 3), {}),
    ('custom_chain', (2, 1, 3), {}),
    ('non_bool_result', (), {}),
    ('incomparable', (2, 'x'), {}),
    ('incomparable', (0, 'x'), {}),
]
