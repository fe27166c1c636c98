"""Tuple and starred targets: swaps, nested unpacking, starred for-targets, and unpacking errors."""


def swap_sort(a, b, c):
    # A tiny sorting network built from tuple swaps.
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a, b, c


def head_tail(items):
    first, *rest = items
    *init, last = items
    return first, rest, init, last


def middle(items):
    first, *mid, last = items
    return mid


def pairs_sum(pairs):
    total = 0
    for a, b in pairs:
        total += a * b
    return total


def nested_targets(records):
    out = []
    for name, (x, y), *tags in records:
        if tags:
            out.append(f'{name}@{x},{y}:{"/".join(tags)}')
        else:
            out.append(f'{name}@{x},{y}')
    return out


def fib_pairs(n):
    a, b = 0, 1
    seen = []
    while a < n:
        seen.append(a)
        a, b = b, a + b
    return seen


def chained_assignment():
    x = y = [1, 2]
    (p, q), r = x, 3
    x.append(r)
    return x is y, y, p, q


def unpack_mismatch(values):
    a, b = values
    return a + b


def starred_mismatch(values):
    a, b, *rest, c = values
    return rest


def enumerate_unpack(words):
    result = {}
    for index, (first_letter, *others) in enumerate(words):
        result[first_letter] = (index, len(others))
    return result


def unpack_in_comprehension(points):
    return [x + y for x, y in points if x != y]


CASES = [
    ('swap_sort', (3, 1, 2), {}),
    ('swap_sort', (1, 2, 3), {}),
    ('swap_sort', ('c', 'a', 'b'), {}),
    ('head_tail', ([1, 2, 3, 4],), {}),
    ('head_tail', ('x',), {}),
    ('head_tail', ([],), {}),
    ('middle', ((1, 2, 3, 4, 5),), {}),
    ('middle', ((1, 2),), {}),
    ('pairs_sum', ([(1, 2), (3, 4)],), {}),
    ('pairs_sum', ([(1, 2, 3)],), {}),
    ('nested_targets', ([('a', (1, 2)), ('b', (3, 4), 'red', 'big')],), {}),
    ('fib_pairs', (50,), {}),
    ('chained_assignment', (), {}),
    ('unpack_mismatch', ((1, 2, 3),), {}),
    ('unpack_mismatch', ((1,),), {}),
    ('unpack_mismatch', (5,), {}),
    ('starred_mismatch', ((1, 2),), {}),
    ('starred_mismatch', ((1, 2, 3, 4, 5),), {}),
    ('enumerate_unpack', (['apple', 'be', 'c'],), {}),
    ('enumerate_unpack', ([''],), {}),
    ('unpack_in_comprehension', ([(1, 1), (2, 5), (0, 3)],), {}),
]
