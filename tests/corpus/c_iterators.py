"""Iterator protocol: custom __iter__/__next__, exactly how many items a loop with break consumes."""


class Source:
    """Hands out numbers and logs every fetch, so over-reading is visible."""

    def __init__(self, n):
        self.n = n
        self.i = 0
        self.fetched = []

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.n:
            self.fetched.append('stop')
            raise StopIteration
        self.i += 1
        self.fetched.append(self.i)
        return self.i


def consume_until(n, stop_at):
    src = Source(n)
    for x in src:
        if x == stop_at:
            break
    rest = list(src)
    return src.fetched, rest


def two_loops_one_iterator(n):
    # The second loop continues where the first stopped.
    src = Source(n)
    firsts = []
    for x in src:
        firsts.append(x)
        if len(firsts) == 2:
            break
    seconds = [x * 10 for x in src]
    return firsts, seconds, src.fetched


def zip_consumption(n):
    a, b = Source(n), Source(n + 2)
    pairs = list(zip(a, b))
    return pairs, a.fetched, b.fetched


class Countdown:
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        # A fresh iterator each time: the object can be looped over twice.
        return iter(range(self.start, 0, -1))


def iterate_twice(start):
    c = Countdown(start)
    first = [x for x in c]
    second = []
    for x in c:
        second.append(x)
    return first, second


class GetItemOnly:
    """Old-style iteration through __getitem__ until IndexError."""

    def __getitem__(self, index):
        if index >= 3:
            raise IndexError(index)
        return index * index


def old_style():
    out = []
    for value in GetItemOnly():
        out.append(value)
    return out, 4 in GetItemOnly(), 5 in GetItemOnly()


def iter_with_sentinel(values):
    it = iter(values)
    out = []
    for chunk in iter(lambda: next(it, 0), 0):
        out.append(chunk)
    return out


def not_iterable():
    for _ in 42:
        pass


def next_exhausted():
    it = iter([1])
    next(it)
    return next(it)


def for_else_consumption(n, target):
    src = Source(n)
    for x in src:
        if x == target:
            result = 'found'
            break
    else:
        result = 'missing'
    return result, src.fetched


CASES = [
    ('consume_until', (5, 2), {}),
    ('consume_until', (3, 9), {}),
    ('two_loops_one_iterator', (5,), {}),
    ('zip_consumption', (2,), {}),
    ('iterate_twice', (3,), {}),
    ('old_style', (), {}),
    ('iter_with_sentinel', ([3, 2, 1, 0, 5],), {}),
    ('not_iterable', (), {}),
    ('next_exhausted', (), {}),
    ('for_else_consumption', (4, 2), {}),
    ('for_else_consumption', (2, 7), {}),
]
