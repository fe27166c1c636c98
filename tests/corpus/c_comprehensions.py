"""Comprehensions: list/dict/set/generator, nested, conditional, scoping, lazy evaluation order."""


def squares_of_evens(n):
    return [x * x for x in range(n) if x % 2 == 0]


def matrix_transpose(m):
    return [[row[i] for row in m] for i in range(len(m[0]))] if m else []


def flatten_filter(groups):
    return [item for group in groups if group for item in group if item is not None]


def invert(d):
    return {v: k for k, v in d.items()}


def letter_set(words):
    # Sorted so that the result does not depend on set order.
    return sorted({ch for w in words for ch in w if ch.isalpha()})


def lazy_generator(values):
    log = []

    def noisy(x):
        log.append(x)
        return x

    gen = (noisy(v) * 2 for v in values)
    log.append('created')
    first = next(gen)
    log.append('took first')
    rest = list(gen)
    return first, rest, log


def first_match(values, predicate_value):
    # next() with a default over a generator expression.
    return next((i for i, v in enumerate(values) if v == predicate_value), -1)


def comprehension_scope():
    x = 'outer'
    ys = [x for x in 'abc']
    # The comprehension variable does not leak.
    return x, ys


def conditional_values(values):
    return ['neg' if v < 0 else 'zero' if v == 0 else 'pos' for v in values]


def sum_of_generator(n):
    return sum(i * i for i in range(n)), max((i % 7 for i in range(n)), default=None)


def dict_of_lists(pairs):
    keys = {k for k, _ in pairs}
    return {k: [v for kk, v in pairs if kk == k] for k in sorted(keys)}


def error_inside(values):
    return [10 // v for v in values]


def nested_generators(n):
    return [list(g) for g in ((j for j in range(i)) for i in range(n))]


CASES = [
    ('squares_of_evens', (10,), {}),
    ('matrix_transpose', ([[1, 2, 3], [4, 5, 6]],), {}),
    ('matrix_transpose', ([],), {}),
    ('flatten_filter', ([[1, None, 2], [], None, [3]],), {}),
    ('invert', ({'a': 1, 'b': 2, 'c': 1},), {}),
    ('letter_set', (['hello', 'w0rld!'],), {}),
    ('lazy_generator', ([1, 2, 3],), {}),
    ('lazy_generator', ([],), {}),
    ('first_match', ([5, 6, 7], 7), {}),
    ('first_match', ([5, 6, 7], 8), {}),
    ('comprehension_scope', (), {}),
    ('conditional_values', ([-2, 0, 3],), {}),
    ('sum_of_generator', (10,), {}),
    ('sum_of_generator', (0,), {}),
    ('dict_of_lists', ([('b', 1), ('a', 2), ('b', 3)],), {}),
    ('error_inside', ([1, 2, 0, 4],), {}),
    ('nested_generators', (4,), {}),
]
