"""Side-effect order of and/or/not: which operands run, what value comes back, nesting."""


def probe(label, value):
    print('eval', label)
    return value


def and_chain(a, b, c):
    return probe('a', a) and probe('b', b) and probe('c', c)


def or_chain(a, b, c):
    return probe('a', a) or probe('b', b) or probe('c', c)


def mixed(a, b, c):
    # `and` binds tighter than `or`.
    return probe('a', a) or probe('b', b) and probe('c', c)


def negations(a, b):
    x = not probe('a', a)
    y = not (probe('a', a) and probe('b', b))
    z = not probe('a', a) or not probe('b', b)
    return x, y, z


def in_condition(a, b):
    if probe('a', a) and not probe('b', b):
        return 'first'
    elif probe('a', a) or probe('b', b):
        return 'second'
    return 'neither'


def defaults(config):
    # The `or` default idiom, including falsy values that get replaced.
    name = config.get('name') or 'anonymous'
    retries = config.get('retries') or 3
    verbose = config.get('verbose') and 'loud'
    return name, retries, verbose


def guard_then_use(items, index):
    # The right side would raise if the left did not protect it.
    return index < len(items) and items[index] > 0


def loop_condition(values):
    i = 0
    while i < len(values) and probe(f'v{i}', values[i]):
        i += 1
    return i


def and_or_values():
    return [0 and 1, 1 and 0, [] or {}, 'x' or 'y', None or 0 or '', 1 and 'a' or 'b',
            0 and 'a' or 'b', not [], not 'x']


def short_circuit_error(x):
    # Only raises when x is truthy.
    return x and 1 / 0


CASES = [
    ('and_chain', (1, 2, 3), {}),
    ('and_chain', (1, 0, 3), {}),
    ('and_chain', ('', 0, 3), {}),
    ('or_chain', (0, '', None), {}),
    ('or_chain', (0, 'b', None), {}),
    ('or_chain', ([1], 'b', None), {}),
    ('mixed', (0, 1, 2), {}),
    ('mixed', (0, 0, 2), {}),
    ('mixed', (5, 1, 2), {}),
    ('negations', (1, 0), {}),
    ('negations', (0, 1), {}),
    ('negations', (1, 1), {}),
    ('in_condition', (1, 0), {}),
    ('in_condition', (1, 1), {}),
    ('in_condition', (0, 0), {}),
    ('defaults', ({},), {}),
    ('defaults', ({'name': '', 'retries': 0, 'verbose': True},), {}),
    ('defaults', ({'name': 'bo', 'retries': 7, 'verbose': 0},), {}),
    ('guard_then_use', ([1, 2], 5), {}),
    ('guard_then_use', ([1, -2], 1), {}),
    ('loop_condition', ([3, 2, 0, 5],), {}),
    ('loop_condition', ([3, 2],), {}),
    ('and_or_values', (), {}),
    ('short_circuit_error', (0,), {}),
    ('short_circuit_error', (1,), {}),
]
