"""Attribute targets: self.count += 1 in loops, attributes as for-loop targets, augmented attributes."""


class Tally:
    """Counts things, keeping a few attributes in sync."""

    def __init__(self):
        self.count = 0
        self.last = None
        self.seen = []

    def feed(self, items):
        for self.last in items:
            if self.last is None:
                continue
            self.count += 1
            self.seen.append(self.last)
        return self.count

    def drain_to(self, limit):
        while self.count > limit:
            self.count -= 1
            self.seen.pop()
        return self.seen


class Verbose:
    """Prints every attribute write, so the order of stores is visible."""

    def __setattr__(self, name, value):
        print(f'set {name} = {value!r}')
        object.__setattr__(self, name, value)


def tally_run(items, limit):
    t = Tally()
    t.feed(items)
    kept = t.drain_to(limit)
    return t.count, t.last, kept


def verbose_stores(n):
    v = Verbose()
    v.total = 0
    for i in range(n):
        v.total += i
        if i % 2:
            v.odd = i
    v.a, v.b = v.total, n
    return vars(v)


class Node:
    def __init__(self, value, parent=None):
        self.value = value
        self.parent = parent
        self.depth = 0 if parent is None else parent.depth + 1


def chain_depths(values):
    node = None
    for v in values:
        node = Node(v, node)
        if node.depth == 2:
            node.value *= 10
    out = []
    while node is not None:
        out.append((node.value, node.depth))
        node = node.parent
    return out


def missing_attribute():
    t = Tally()
    t.count += 1
    t.missing += 1


CASES = [
    ('tally_run', ([1, None, 2, 3, None], 1), {}),
    ('tally_run', ([], 0), {}),
    ('verbose_stores', (4,), {}),
    ('chain_depths', ([1, 2, 3, 4],), {}),
    ('missing_attribute', (), {}),
]
