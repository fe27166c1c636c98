"""global statements: counters bumped inside loops and branches, globals read before and after."""

calls = 0
total = 0
history = []
LIMIT = 10


def record(value):
    global calls, total
    calls += 1
    if value > LIMIT:
        # Clamp, but remember that we did.
        history.append(('clamped', value))
        value = LIMIT
    total += value
    return total


def record_many(values):
    global calls
    for v in values:
        record(v)
        if v == 0:
            calls -= 1  # zeros do not count as calls
    return calls, total


def reset():
    global calls, total, history
    calls = total = 0
    history = []
    return 'reset'


def raise_limit(by):
    global LIMIT
    while LIMIT < 20:
        LIMIT += by
    return LIMIT


def snapshot():
    return {'calls': calls, 'total': total, 'history': list(history), 'limit': LIMIT}


def local_shadow():
    # No global statement here: `total` is a plain local that hides the module variable.
    total = 'local'
    for _ in range(2):
        total += '!'
    return total


def global_declared_in_branch(flag):
    global calls
    if flag:
        calls = 100
    else:
        calls = -100
    return calls


CASES = [
    ('record', (3,), {}),
    ('record', (30,), {}),
    ('record_many', ([1, 0, 12, 0, 5],), {}),
    ('snapshot', (), {}),
    ('local_shadow', (), {}),
    ('snapshot', (), {}),
    ('raise_limit', (3,), {}),
    ('record', (25,), {}),
    ('reset', (), {}),
    ('snapshot', (), {}),
    ('global_declared_in_branch', (True,), {}),
    ('global_declared_in_branch', (0,), {}),
    ('snapshot', (), {}),
]
