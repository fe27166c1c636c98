"""Generators (left unconverted) mixed with ordinary functions that drive them."""


def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return 'liftoff'


def take(gen, k):
    out = []
    for value in gen:
        if len(out) >= k:
            break
        out.append(value)
    return out


def chunked(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def delegating(n):
    result = yield from countdown(n)
    yield result


def running_average():
    total = count = 0
    average = None
    while True:
        value = yield average
        if value is None:
            break
        total += value
        count += 1
        average = total / count
    return average


def drive_average(values):
    gen = running_average()
    next(gen)
    seen = []
    for v in values:
        seen.append(gen.send(v))
    try:
        gen.send(None)
    except StopIteration as stop:
        seen.append(('final', stop.value))
    return seen


def countdown_with_result(n):
    gen = countdown(n)
    values = []
    while True:
        try:
            values.append(next(gen))
        except StopIteration as e:
            return values, e.value


def chunks_summary(items, size):
    return [sum(c) for c in chunked(items, size)]


def generator_state(n):
    gen = countdown(n)
    first = next(gen)
    # take() consumes one extra item before its break fires.
    return first, take(gen, 2), list(gen)


def make_squares(n):
    # A generator defined inside an ordinary function, closing over n.
    def squares():
        for i in range(n):
            yield i * i
    return list(squares()), squares.__qualname__


class Tree:
    def __init__(self, value, *children):
        self.value = value
        self.children = children

    def walk(self):
        yield self.value
        for child in self.children:
            yield from child.walk()

    def total(self):
        return sum(self.walk())


def tree_demo():
    t = Tree(1, Tree(2, Tree(4)), Tree(3))
    return list(t.walk()), t.total()


def generator_error():
    def bad():
        yield 1
        raise KeyError('inside generator')
    return [x for x in bad()]


CASES = [
    ('take', (countdown(5), 3), {}),
    ('countdown_with_result', (3,), {}),
    ('chunks_summary', ([1, 2, 3, 4, 5], 2), {}),
    ('chunks_summary', ([], 2), {}),
    ('drive_average', ([2, 4, 9],), {}),
    ('generator_state', (4,), {}),
    ('make_squares', (4,), {}),
    ('tree_demo', (), {}),
    ('generator_error', (), {}),
]
