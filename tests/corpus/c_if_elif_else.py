"""if / elif / else chains: nested branches, missing else, branches returning or assigning."""


def grade(score):
    # Classic elif ladder; the last branch catches everything else.
    if score >= 90:
        letter = 'A'
    elif score >= 80:
        letter = 'B'
    elif score >= 70:
        letter = 'C'
    else:
        letter = 'F'
    return letter


def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


def describe_pair(a, b):
    """Nested ifs that build a message piece by piece."""
    parts = []
    if a == b:
        parts.append('equal')
    else:
        if a < b:
            parts.append('ascending')
            if b - a > 10:
                parts.append('far apart')
        else:
            parts.append('descending')
    if not parts:
        parts.append('nothing to say')
    return ', '.join(parts)


def shipping_cost(weight, express=False, country='NL'):
    cost = 5
    if weight > 20:
        cost += 10
        if express:
            cost *= 2
    elif weight > 5:
        cost += 4
    if country != 'NL':
        # Abroad: surcharge, but only for heavy or express parcels.
        if weight > 5 or express:
            cost += 7
        else:
            pass
    return cost


def bucket(values):
    # Branches inside a loop, each touching a different variable.
    small = medium = large = 0
    for v in values:
        if v < 10:
            small += 1
        elif v < 100:
            medium += 1
        else:
            large += v
    return small, medium, large


def only_if(flag):
    x = 'before'
    if flag:
        x = 'after'
    # No else: x keeps its old value on the false path.
    return x


def fizzbuzz(n):
    out = []
    for i in range(1, n + 1):
        if i % 15 == 0:
            out.append('FizzBuzz')
        elif i % 3 == 0:
            out.append('Fizz')
        elif i % 5 == 0:
            out.append('Buzz')
        else:
            out.append(str(i))
    return ' '.join(out)


NUMERIC = ['sign']

CASES = [
    ('grade', (95,), {}),
    ('grade', (85,), {}),
    ('grade', (70,), {}),
    ('grade', (3,), {}),
    ('sign', (4,), {}),
    ('sign', (-2.5,), {}),
    ('sign', (0,), {}),
    ('describe_pair', (3, 3), {}),
    ('describe_pair', (1, 30), {}),
    ('describe_pair', (1, 3), {}),
    ('describe_pair', (9, 3), {}),
    ('describe_pair', ('a', 'b'), {}),
    ('describe_pair', (1, 'b'), {}),
    ('shipping_cost', (25,), {'express': True}),
    ('shipping_cost', (25,), {}),
    ('shipping_cost', (10,), {'country': 'DE'}),
    ('shipping_cost', (1,), {'country': 'DE'}),
    ('shipping_cost', (1,), {'country': 'DE', 'express': True}),
    ('bucket', ([1, 50, 500, 5, 99, 100],), {}),
    ('bucket', ([],), {}),
    ('only_if', (True,), {}),
    ('only_if', (0,), {}),
    ('only_if', ([],), {}),
    ('fizzbuzz', (16,), {}),
]
