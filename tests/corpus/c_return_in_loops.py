"""return from inside loops: nested loops, while inside for, returns in else clauses and after."""


def locate(matrix, value):
    for i, row in enumerate(matrix):
        for j, x in enumerate(row):
            if x == value:
                return i, j
    return None


def first_over(values, threshold):
    i = 0
    while i < len(values):
        if values[i] > threshold:
            return values[i]
        i += 1
    # Falling off the end returns None implicitly.


def search_with_budget(haystacks, needle, budget):
    checked = 0
    for stack in haystacks:
        pos = 0
        while pos < len(stack):
            checked += 1
            if checked > budget:
                return 'budget exhausted after %d checks' % (checked - 1)
            if stack[pos] == needle:
                return f'found in {stack!r} at {pos}'
            pos += 1
    return 'not found'


def return_from_else(items):
    for x in items:
        if x is None:
            break
    else:
        return 'clean'
    return 'had a None'


def triple_nested(n):
    for a in range(1, n):
        for b in range(a, n):
            for c in range(b, n):
                if a * a + b * b == c * c:
                    print('triple', a, b, c)
                    return a + b + c
    print('no triple below', n)
    return -1


def count_until(limit):
    # A return inside a while True; the loop has no other exit.
    count = 0
    while True:
        count += 1
        if count >= limit:
            return count


def mixed_types(code):
    for ch in code:
        if ch == 'i':
            return 1
        elif ch == 'f':
            return 1.5
        elif ch == 's':
            return 'one'
        elif ch == 't':
            return (1,)
    return None


NUMERIC = ['count_until']

CASES = [
    ('locate', ([[1, 2], [3, 4]], 4), {}),
    ('locate', ([[1, 2], [3, 4]], 7), {}),
    ('first_over', ([1, 5, 10], 4), {}),
    ('first_over', ([1, 2], 4), {}),
    ('search_with_budget', (['abc', 'def', 'ghi'], 'h', 100), {}),
    ('search_with_budget', (['abc', 'def', 'ghi'], 'h', 4), {}),
    ('search_with_budget', (['ab'], 'z', 10), {}),
    ('return_from_else', ([1, 2],), {}),
    ('return_from_else', ([1, None],), {}),
    ('triple_nested', (15,), {}),
    ('triple_nested', (4,), {}),
    ('count_until', (5,), {}),
    ('mixed_types', ('xxs',), {}),
    ('mixed_types', ('f',), {}),
    ('mixed_types', ('ti',), {}),
    ('mixed_types', ('',), {}),
]
