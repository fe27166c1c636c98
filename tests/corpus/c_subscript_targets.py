"""Subscript targets: d[k] += 1, list slots in loops, slices, for-loop subscript targets, __setitem__ order."""


def word_counts(words):
    counts = {}
    for w in words:
        if w not in counts:
            counts[w] = 0
        counts[w] += 1
    return counts


def histogram(values, buckets):
    bins = [0] * buckets
    for v in values:
        bins[min(v // 10, buckets - 1)] += 1
    return bins


def rotate_in_place(items, k):
    k %= len(items)
    items[:] = items[-k:] + items[:-k]
    return items


def fill_slots(n):
    # A subscript as the loop target writes every element into the same slot.
    slot = [None, 'keep']
    history = []
    for slot[0] in range(n):
        history.append(tuple(slot))
    return slot, history


class Recorder(dict):
    def __setitem__(self, key, value):
        print('setitem', key, value)
        super().__setitem__(key, value)

    def __getitem__(self, key):
        print('getitem', key)
        return super().__getitem__(key)


def recorded_updates(keys):
    r = Recorder()
    for k in keys:
        r[k] = r.get(k, 0)
        r[k] += 10
    return dict(r)


def nested_grid(n):
    grid = [[0] * n for _ in range(n)]
    for i in range(n):
        grid[i][i] = 1
        grid[i][n - 1 - i] += 2
    return grid


def missing_key(d):
    d['present'] += 1
    d['absent'] += 1
    return d


def index_error(n):
    xs = list(range(3))
    xs[n] += 1
    return xs


CASES = [
    ('word_counts', ('the cat and the hat and the bat'.split(),), {}),
    ('histogram', ([1, 15, 27, 99, 3, 42], 4), {}),
    ('rotate_in_place', ([1, 2, 3, 4, 5], 2), {}),
    ('rotate_in_place', ([1], 7), {}),
    ('rotate_in_place', ([], 1), {}),
    ('fill_slots', (3,), {}),
    ('recorded_updates', (['a', 'b', 'a'],), {}),
    ('nested_grid', (3,), {}),
    ('missing_key', ({'present': 1},), {}),
    ('index_error', (2,), {}),
    ('index_error', (5,), {}),
]
